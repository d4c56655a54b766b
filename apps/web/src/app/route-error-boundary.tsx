import { useRouteError } from 'react-router'
import { useEffect } from 'react'
import { useCurrentLayout } from './route-handle.ts'
import { FailureScreen } from '../components/error-screen/failure-screen.tsx'
import { NotFoundScreen } from '../components/error-screen/not-found-screen.tsx'
import { PageShell } from '../components/layout/page-shell.tsx'
import { displayStateOf, isExpectedFailure, isNotFound } from '../lib/failure.ts'
import { useLoadedGroup } from '../lib/use-loaded-group.ts'

/**
 * Every route's error boundary: the 404 page for validity checks, else the generic error
 * screen (SPEC §2.9), inside the layout of the page that failed.
 */
export function RouteErrorBoundary() {
  const error = useRouteError()
  const layout = useCurrentLayout()
  const group = useLoadedGroup()

  useEffect(() => {
    if (!isExpectedFailure(error)) console.error(error)
  }, [error])

  return (
    <PageShell
      layout={layout}
      groupName={group?.groupPfInfo.groupNameKanji}
      themeColor={group?.groupPfInfo.themeColor}
    >
      {isNotFound(error) ? <NotFoundScreen /> : <FailureScreen state={displayStateOf(error)} />}
    </PageShell>
  )
}

/** The 404 page as a route of its own (unmatched addresses, SPEC §8.1). */
export function NotFoundPage() {
  const layout = useCurrentLayout()
  const group = useLoadedGroup()
  return (
    <PageShell
      layout={layout}
      groupName={group?.groupPfInfo.groupNameKanji}
      themeColor={group?.groupPfInfo.themeColor}
    >
      <NotFoundScreen />
    </PageShell>
  )
}
