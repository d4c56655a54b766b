import type { sessionInfoApi } from '@app/shared/api/access/endpoints'
import { sessionInfoRoute } from '@app/shared/api/access/session'
import {
  decideErrorScreen,
  type ErrorArea,
  type ErrorDisplayState,
} from '@app/shared/rules/error-screen'
import { pageNameOf } from '@app/shared/rules/navigation-block'
import { useEffect, useState, type MouseEvent } from 'react'
import { useLocation, useNavigate, useParams } from 'react-router'
import { ErrorScreenView } from './error-screen-view.tsx'
import { callEndpoint } from '@/lib/call-endpoint.ts'
import { env } from '@/lib/env.ts'
import { areaOfPath } from '@/lib/entry-params.ts'
import { fullPageLoad, useServices } from '@/lib/services.tsx'
import { useLoadedGroup } from '@/lib/use-loaded-group.ts'
import { useDocumentTitle } from '../use-document-title.ts'

function errorAreaOf(pathname: string): ErrorArea {
  const area = areaOfPath(pathname)
  return area === 'ent' || area === 'myp' ? area : 'other'
}

function nonEmpty(value: string | null | undefined): string | undefined {
  return value === null || value === undefined || value === '' ? undefined : value
}

/** Strips the /app prefix so the router can navigate to an href the shared rules built. */
function routerPathOf(href: string): string {
  return href.startsWith(`${env.basename}/`) ? href.slice(env.basename.length) : href
}

/**
 * The generic error screen (SPEC §2.9) for a failure state. Under /myp/ it asks whether the user
 * is signed in before it offers a button (home or login).
 */
export function FailureScreen({ state }: { state: ErrorDisplayState }) {
  const services = useServices()
  const { api, browser } = services
  const navigate = useNavigate()
  const { pathname, search } = useLocation()
  const params = useParams()
  const group = useLoadedGroup()
  const area = errorAreaOf(pathname)
  const [isSignedIn, setIsSignedIn] = useState<boolean | undefined>(
    area === 'myp' ? undefined : false,
  )

  useEffect(() => {
    if (area !== 'myp') return
    let isCurrent = true
    // SPEC §7.5: the current-user lookup; any failure means not signed in.
    callEndpoint<typeof sessionInfoApi>(api, sessionInfoRoute, {}).then(
      () => isCurrent && setIsSignedIn(true),
      () => isCurrent && setIsSignedIn(false),
    )
    return () => {
      isCurrent = false
    }
  }, [api, area])

  const query = new URLSearchParams(search)
  const model = decideErrorScreen(state, {
    area,
    isSignedIn: isSignedIn ?? false,
    isOnHome: area === 'myp' && pageNameOf(pathname) === 'home',
    groupPfCode: nonEmpty(params.groupPfCode),
    urlKey: nonEmpty(params.urlKey),
    groupPfCodeInceptionDateYm: nonEmpty(
      params.groupPfCodeInceptionDateYm ??
        query.get('groupPfCodeInceptionDateYm') ??
        group?.groupPfInfo.groupPfCodeInceptionDateYm,
    ),
    groupPfBranchNo: nonEmpty(
      params.groupPfBranchNo ??
        query.get('groupPfBranchNo') ??
        group?.groupPfInfoBranchNo.groupPfBranchNo,
    ),
  })
  // Until the lookup answers, the right button is not known: show none rather than a wrong one.
  const shownModel = isSignedIn === undefined ? { ...model, button: undefined } : model

  useDocumentTitle(model.title, group?.groupPfInfo.groupNameKanji)

  const shouldClose = model.closeWindowIfOpened
  useEffect(() => {
    // SPEC §2.9: a session error closes the window when another window opened it.
    if (shouldClose && browser.hasOpener()) browser.close()
  }, [shouldClose, browser])

  function handleButtonClick(event: MouseEvent<HTMLAnchorElement>): void {
    const button = shownModel.button
    if (button === undefined || event.button !== 0 || event.metaKey || event.ctrlKey) return
    event.preventDefault()
    if (button.fullPageLoad) fullPageLoad(services, button.href)
    else void navigate(routerPathOf(button.href))
  }

  return (
    <ErrorScreenView
      model={shownModel}
      contact={group?.groupPfInfoBranchNo.refFreeField}
      onButtonClick={handleButtonClick}
    />
  )
}
