import { readJson, writeJson, type KeyValueStorage } from './browser-storage.ts'

// SPEC §2.5 "direct access": arriving at a page without coming through the flow. A page counts
// as reached through the flow when the navigation came from inside the app (a router navigation
// in this tab), or when the document load is a reload (or back/forward) of a page this tab has
// already reached, or when the app itself handed the load over (a full page load it started,
// e.g. after a build update). ADR 0003.

export const REACHED_PAGES_KEY = 'reachedPages'
export const FLOW_HANDOFF_KEY = 'flowHandoff'
const REACHED_PAGES_LIMIT = 200
/** How long a hand-off stays valid unless the app says otherwise: a page load takes seconds. */
export const HANDOFF_VALID_MS = 30_000

interface Handoff {
  path: string
  at: number
  /** how long after `at` the load still counts as handed over */
  validForMs: number
}

export type DocumentNavigationType = 'navigate' | 'reload' | 'back_forward'

export interface ReachInput {
  /** true while the router is still on the document's first navigation */
  isInitialLoad: boolean
  navigationType: DocumentNavigationType
  /** path of the page, including the /app prefix */
  pathname: string
  reachedPaths: readonly string[]
  /** a full page load the app started itself, if one is pending */
  handoff: Handoff | undefined
  now: number
}

export function isReachedThroughFlow(input: ReachInput): boolean {
  if (!input.isInitialLoad) return true
  if (
    input.handoff !== undefined &&
    input.handoff.path === input.pathname &&
    input.now - input.handoff.at >= 0 &&
    input.now - input.handoff.at <= input.handoff.validForMs
  ) {
    return true
  }
  const isReturn = input.navigationType === 'reload' || input.navigationType === 'back_forward'
  return isReturn && input.reachedPaths.includes(input.pathname)
}

export interface FlowTracker {
  isInitialLoad(): boolean
  /** Called once the router has finished the document's first navigation. */
  markInitialised(): void
  isReached(pathname: string): boolean
  recordReached(pathname: string): void
  /**
   * Before a full page load started by the app: the target counts as reached when it loads
   * within `validForMs` (longer where the load waits for a person, e.g. a 3-D Secure page).
   */
  handOff(pathname: string, validForMs?: number): void
}

export interface FlowTrackerOptions {
  storage: KeyValueStorage | undefined
  navigationType?: () => DocumentNavigationType
  now?: () => number
}

export function documentNavigationType(): DocumentNavigationType {
  const entry = globalThis.performance?.getEntriesByType?.('navigation')[0] as
    PerformanceNavigationTiming | undefined
  const type = entry?.type
  return type === 'reload' || type === 'back_forward' ? type : 'navigate'
}

function readStringArray(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : []
}

function readHandoff(value: unknown): Handoff | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const { path, at, validForMs } = value as { path?: unknown; at?: unknown; validForMs?: unknown }
  if (typeof path !== 'string' || typeof at !== 'number') return undefined
  return {
    path,
    at,
    validForMs: typeof validForMs === 'number' ? validForMs : HANDOFF_VALID_MS,
  }
}

export function createFlowTracker(options: FlowTrackerOptions): FlowTracker {
  const { storage } = options
  const navigationType = options.navigationType ?? documentNavigationType
  const now = options.now ?? Date.now
  let initialLoad = true

  return {
    isInitialLoad: () => initialLoad,
    markInitialised() {
      if (!initialLoad) return
      initialLoad = false
      storage?.removeItem(FLOW_HANDOFF_KEY)
    },
    isReached(pathname) {
      return isReachedThroughFlow({
        isInitialLoad: initialLoad,
        navigationType: navigationType(),
        pathname,
        reachedPaths: readStringArray(readJson(storage, REACHED_PAGES_KEY)),
        handoff: readHandoff(readJson(storage, FLOW_HANDOFF_KEY)),
        now: now(),
      })
    },
    recordReached(pathname) {
      const reached = readStringArray(readJson(storage, REACHED_PAGES_KEY)).filter(
        (path) => path !== pathname,
      )
      reached.push(pathname)
      writeJson(storage, REACHED_PAGES_KEY, reached.slice(-REACHED_PAGES_LIMIT))
    },
    handOff(pathname, validForMs = HANDOFF_VALID_MS) {
      writeJson(storage, FLOW_HANDOFF_KEY, { path: pathname, at: now(), validForMs })
    },
  }
}
