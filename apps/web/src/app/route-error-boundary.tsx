import { useRouteError } from 'react-router'
import { useEffect } from 'react'
import { GroupPageShell } from './area-layout.tsx'
import { FailureScreen } from '../components/error-screen/failure-screen.tsx'
import { NotFoundScreen } from '../components/error-screen/not-found-screen.tsx'
import { displayStateOf, isExpectedFailure, isNotFound } from '../lib/failure.ts'

/**
 * Every route's error boundary: the 404 page for validity checks, else the generic error
 * screen (SPEC §2.9), inside the layout of the page that failed.
 */
export function RouteErrorBoundary() {
  const error = useRouteError()

  useEffect(() => {
    if (!isExpectedFailure(error)) console.error(error)
  }, [error])

  return (
    <GroupPageShell>
      {isNotFound(error) ? <NotFoundScreen /> : <FailureScreen state={displayStateOf(error)} />}
    </GroupPageShell>
  )
}

/** The 404 page as a route of its own (unmatched addresses, SPEC §8.1). */
export function NotFoundPage() {
  return (
    <GroupPageShell>
      <NotFoundScreen />
    </GroupPageShell>
  )
}
