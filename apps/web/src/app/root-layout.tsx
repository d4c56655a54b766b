import {
  isNavigationBlocked,
  pageNameOf,
  type NavigationAction,
} from '@app/shared/rules/navigation-block'
import { useCallback, useEffect } from 'react'
import {
  Outlet,
  ScrollRestoration,
  useBlocker,
  useLocation,
  type BlockerFunction,
} from 'react-router'
import { env } from '../lib/env.ts'
import { pushPageView } from '../lib/tag-manager.ts'

function toNavigationAction(action: string): NavigationAction {
  return action === 'PUSH' || action === 'REPLACE' ? action : 'POP'
}

/** SPEC §2.7: the shared rule decides; React Router's blocker carries it out. */
export const shouldBlockNavigation: BlockerFunction = ({
  currentLocation,
  nextLocation,
  historyAction,
}) =>
  isNavigationBlocked({
    fromPage: pageNameOf(currentLocation.pathname),
    toPage: pageNameOf(nextLocation.pathname),
    action: toNavigationAction(String(historyAction)),
  })

function useNavigationBlock(): void {
  const blocker = useBlocker(useCallback<BlockerFunction>(shouldBlockNavigation, []))
  useEffect(() => {
    // Cancel: the router has already put the address back (for POP: history.go the other way),
    // so the user stays on the page.
    if (blocker.state === 'blocked') blocker.reset()
  }, [blocker])
}

/** SPEC §7.7: a page view per navigation, after the screen has set its title. */
function usePageViews(): void {
  const { pathname, search } = useLocation()
  useEffect(() => {
    if (env.gtmId === undefined) return
    pushPageView(window, { path: `${env.basename}${pathname}${search}`, title: document.title })
  }, [pathname, search])
}

export function RootLayout() {
  useNavigationBlock()
  usePageViews()
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  )
}
