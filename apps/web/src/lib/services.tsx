import { createContext, use } from 'react'
import type { ApiClient } from './api-client.ts'
import type { KeyValueStorage } from './browser-storage.ts'
import type { FlowTracker } from './flow-tracker.ts'
import type { GroupStore } from './group-store.ts'

/** The parts of `window` the shell drives, so tests can watch them. */
export interface BrowserWindow {
  currentHref(): string
  assign(href: string): void
  reload(): void
  /** true when another window opened this one (SPEC §2.9) */
  hasOpener(): boolean
  close(): void
  /** Drops the #fragment from the address bar, keeping the history entry and its state. */
  removeFragment(): void
}

/** SPEC §7.7: how the next screens' chunks are fetched in idle time (app/prefetch.ts). */
export interface PrefetchEnvironment {
  /** runs `task` when the browser is idle (requestIdleCallback, or a short timer) */
  whenIdle: (task: () => void) => void
  /** the user asked to save data (navigator.connection.saveData) */
  saveData: boolean
}

/** Everything the shell's routes and components need from outside React. */
export interface Services {
  api: ApiClient
  groupStore: GroupStore
  flow: FlowTracker
  browser: BrowserWindow
  storage: KeyValueStorage | undefined
  now: () => number
  /** SPEC §7.7: the next screens' chunks are fetched in idle time (absent: never, e.g. tests) */
  prefetch?: PrefetchEnvironment
}

export const ServicesContext = createContext<Services | null>(null)

export function useServices(): Services {
  const services = use(ServicesContext)
  if (services === null) throw new Error('ServicesContext is missing')
  return services
}

export function browserWindow(win: Window): BrowserWindow {
  return {
    currentHref: () => `${win.location.pathname}${win.location.search}${win.location.hash}`,
    assign: (href) => win.location.assign(href),
    reload: () => win.location.reload(),
    hasOpener: () => win.opener != null,
    close: () => win.close(),
    removeFragment: () =>
      win.history.replaceState(
        win.history.state,
        '',
        `${win.location.pathname}${win.location.search}`,
      ),
  }
}

/**
 * A full page load started by the app (build update, chunk reload, error-screen button). The
 * target counts as reached through the flow (ADR 0003), so its direct-access guard lets it in.
 */
export function fullPageLoad(services: Pick<Services, 'flow' | 'browser'>, href: string): void {
  const pathname = href.split(/[?#]/, 1)[0] ?? href
  services.flow.handOff(pathname)
  if (href === services.browser.currentHref()) services.browser.reload()
  else services.browser.assign(href)
}
