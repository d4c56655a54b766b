import { t } from '@app/shared/messages/shell'
import { createElement } from 'react'
import { useLoaderData } from 'react-router'
import { useCurrentScreen } from './route-handle.ts'
import { useDocumentTitle } from '../components/use-document-title.ts'
import type { ScreenLoaderData } from '../lib/screen-module.ts'
import { useLoadedGroup } from '../lib/use-loaded-group.ts'

/** Renders the screen module the route's loader fetched, and sets the document title. */
export function ScreenHost() {
  const { Screen } = useLoaderData<ScreenLoaderData>()
  const screen = useCurrentScreen()
  const group = useLoadedGroup()
  useDocumentTitle(
    screen === undefined ? t('app.name') : t(screen.titleKey),
    group?.groupPfInfo.groupNameKanji,
  )
  return createElement(Screen)
}
