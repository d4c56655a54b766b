import { useMemo, useSyncExternalStore } from 'react'
import { useServices } from '../lib/services.tsx'
import { readSession, subscribeSession, type StoredSession } from '../lib/session.ts'

const noSession = (): undefined => undefined

/** The session stored in this tab, kept up to date as it is refreshed or cleared. */
export function useStoredSession(): StoredSession | undefined {
  const { storage } = useServices()
  const snapshot = useSyncExternalStore(
    subscribeSession,
    () => {
      const session = readSession(storage)
      return session === undefined ? undefined : JSON.stringify(session)
    },
    // A server-rendered page knows no session (it is in this tab's storage): it hydrates as
    // signed out, then shows the session at once (ADR 0036).
    noSession,
  )
  return useMemo(
    () => (snapshot === undefined ? undefined : (JSON.parse(snapshot) as StoredSession)),
    [snapshot],
  )
}
