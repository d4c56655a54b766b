import { useEffect, type ReactNode } from 'react'
import { createApiClient } from '../lib/api-client.ts'
import { sessionStorageOrUndefined } from '../lib/browser-storage.ts'
import { env } from '../lib/env.ts'
import { createFlowTracker } from '../lib/flow-tracker.ts'
import { createGroupStore, type GroupData } from '../lib/group-store.ts'
import { browserWindow, ServicesContext, type Services } from '../lib/services.tsx'
import { browserPrefetchEnvironment } from './prefetch.ts'

/** `groups`: those a server-rendered page carried (app/server-rendered.ts), already loaded. */
export function createBrowserServices(
  win: Window,
  groups: Readonly<Record<string, GroupData>> = {},
): Services {
  const storage = sessionStorageOrUndefined()
  const api = createApiClient({ baseUrl: env.apiBaseUrl, storage, isDev: env.isDev })
  return {
    api,
    groupStore: createGroupStore(api, groups),
    flow: createFlowTracker({ storage }),
    browser: browserWindow(win),
    storage,
    now: () => Date.now(),
    prefetch: browserPrefetchEnvironment(),
  }
}

/**
 * `onCommit` runs once React has committed the page (after every child's effects): main.tsx lets
 * a server-rendered page take input then. An effect here rather than a component beside the app,
 * which would change every useId below it and so the ids in the server's markup (ADR 0036).
 */
export function AppProviders({
  services,
  onCommit,
  children,
}: {
  services: Services
  onCommit?: () => void
  children: ReactNode
}) {
  useEffect(() => onCommit?.(), [onCommit])
  return <ServicesContext value={services}>{children}</ServicesContext>
}
