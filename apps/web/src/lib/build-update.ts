// SPEC §4 "Build updates", §7.7: a periodic check for a newer build; once one is deployed, the
// next router navigation becomes a full page load, so the tab never mixes two builds' chunks.

export const BUILD_CHECK_INTERVAL_MS = 10_000

/** `/app/build-meta.json?t=<now>`: the timestamp defeats caches that ignore no-store. */
export function buildMetaUrl(basename: string, now: number): string {
  return `${basename}/build-meta.json?t=${now}`
}

export function parseBuildMeta(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const { buildId } = value as { buildId?: unknown }
  return typeof buildId === 'string' && buildId !== '' ? buildId : undefined
}

/** A newer build is deployed when the server names a build id other than the running one. */
export function isNewBuild(currentBuildId: string, latestBuildId: string | undefined): boolean {
  return latestBuildId !== undefined && latestBuildId !== currentBuildId
}

export type NavigationLoad = { kind: 'router' } | { kind: 'fullPageLoad'; href: string }

/**
 * How to carry out a router navigation that is starting: in the router, or (after a new build
 * was seen) as a full page load to the same target.
 */
export function decideNavigationLoad(input: {
  isUpdateAvailable: boolean
  targetHref: string
}): NavigationLoad {
  return input.isUpdateAvailable
    ? { kind: 'fullPageLoad', href: input.targetHref }
    : { kind: 'router' }
}

export interface BuildUpdateCheckOptions {
  currentBuildId: string
  /** The latest build id from the server; undefined when it cannot be read. */
  fetchLatestBuildId: () => Promise<string | undefined>
  onNewBuild: () => void
  intervalMs?: number
}

/** Polls until a new build is seen, then calls onNewBuild once. Returns a stop function. */
export function startBuildUpdateCheck(options: BuildUpdateCheckOptions): () => void {
  let isChecking = false
  let isStopped = false
  const timer = setInterval(() => {
    if (isChecking || isStopped) return
    isChecking = true
    options
      .fetchLatestBuildId()
      .then((latest) => {
        if (!isStopped && isNewBuild(options.currentBuildId, latest)) {
          stop()
          options.onNewBuild()
        }
      })
      .catch(() => {
        // offline or the server is restarting: try again at the next tick
      })
      .finally(() => {
        isChecking = false
      })
  }, options.intervalMs ?? BUILD_CHECK_INTERVAL_MS)

  function stop(): void {
    isStopped = true
    clearInterval(timer)
  }
  return stop
}

/** Reads dist/build-meta.json, bypassing the HTTP cache (SPEC §7.7). */
export async function fetchLatestBuildId(basename: string): Promise<string | undefined> {
  const response = await fetch(buildMetaUrl(basename, Date.now()), { cache: 'no-store' })
  if (!response.ok) return undefined
  try {
    return parseBuildMeta(await response.json())
  } catch {
    return undefined // the index.html fallback answered: no build meta there
  }
}
