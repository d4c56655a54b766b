import type { ReactNode } from 'react'
import { Outlet, useNavigation } from 'react-router'
import { useCurrentLayout } from './route-handle.ts'
import { SessionTimer, SignOutButton } from './session-controls.tsx'
import { PageShell } from '../components/layout/page-shell.tsx'
import { LoadingStatus, useIsLoadingShown } from '../components/loading-indicator.tsx'
import { useLoadedGroup } from '../lib/use-loaded-group.ts'

/** The page shell in the matched screen's layout (SPEC §2.4) and the loaded group's colours. */
export function GroupPageShell({ children }: { children: ReactNode }) {
  const layout = useCurrentLayout()
  const group = useLoadedGroup()
  return (
    <PageShell
      layout={layout}
      groupName={group?.groupPfInfo.groupNameKanji}
      themeColor={group?.groupPfInfo.themeColor}
      headerAction={<SignOutButton />}
    >
      {children}
    </PageShell>
  )
}

/**
 * The matched screen. While the router loads the next one (its module and its guards' data, such
 * as payment's amount or my-page home's contracts), the screen being left stays as it is, busy,
 * as a page does in the browser until the next has arrived; once that has taken
 * LOADING_DELAY_MS, the loading indicator floats at the bottom of the window, clear of the header
 * and the heading (issue #23 point 10).
 */
export function ScreenOutlet() {
  const isNavigating = useNavigation().state !== 'idle'
  const isIndicatorShown = useIsLoadingShown(isNavigating)
  return (
    <>
      {isNavigating && (
        <div className="pointer-events-none fixed inset-x-0 bottom-6 z-40 flex justify-center px-4">
          <LoadingStatus isShown={isIndicatorShown} look="floating" />
        </div>
      )}
      <div aria-busy={isNavigating}>
        <Outlet />
      </div>
    </>
  )
}

/**
 * The layout of an area, around whichever screen matched. The session timer lives here, so the
 * session error at the idle timeout is shown by the area's error boundary in the same layout.
 */
export function AreaLayout() {
  return (
    <GroupPageShell>
      <ScreenOutlet />
      <SessionTimer />
    </GroupPageShell>
  )
}
