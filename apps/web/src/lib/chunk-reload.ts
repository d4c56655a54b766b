import { readJson, writeJson, type KeyValueStorage } from './browser-storage.ts'

// SPEC §4: a chunk-load failure (a screen's lazy module cannot be fetched, typically because a
// new build replaced the old files) reloads the page, at most once per path within 10 seconds;
// a second failure in that window shows the error screen instead of reloading forever.

export const CHUNK_RELOAD_KEY = 'chunkReloads'
export const CHUNK_RELOAD_WINDOW_MS = 10_000

export type ChunkReloadRecords = Readonly<Record<string, number>>

export function decideChunkReload(input: {
  records: ChunkReloadRecords
  path: string
  now: number
  windowMs?: number
}): { action: 'reload' | 'showError'; records: ChunkReloadRecords } {
  const windowMs = input.windowMs ?? CHUNK_RELOAD_WINDOW_MS
  const isRecent = (at: number): boolean => input.now - at >= 0 && input.now - at < windowMs
  const last = input.records[input.path]
  if (last !== undefined && isRecent(last)) {
    return { action: 'showError', records: input.records }
  }
  const kept = Object.fromEntries(Object.entries(input.records).filter(([, at]) => isRecent(at)))
  return { action: 'reload', records: { ...kept, [input.path]: input.now } }
}

/** The screen's module could not be loaded and a reload was already tried. */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('a screen module failed to load', { cause })
    this.name = 'ChunkLoadError'
  }
}

function readRecords(storage: KeyValueStorage | undefined): ChunkReloadRecords {
  const value = readJson(storage, CHUNK_RELOAD_KEY)
  if (typeof value !== 'object' || value === null) return {}
  return Object.fromEntries(
    Object.entries(value).filter(
      (entry): entry is [string, number] => typeof entry[1] === 'number',
    ),
  )
}

/**
 * Awaits a screen module. On failure, either reloads (a full page load of the target page: the
 * returned promise then stays pending) or throws ChunkLoadError.
 */
export async function awaitScreenModule<T>(
  modulePromise: Promise<T>,
  options: {
    /** the target page's path, including the /app prefix */
    path: string
    storage: KeyValueStorage | undefined
    now: () => number
    reload: () => void
  },
): Promise<T> {
  try {
    return await modulePromise
  } catch (cause) {
    const decision = decideChunkReload({
      records: readRecords(options.storage),
      path: options.path,
      now: options.now(),
    })
    if (decision.action === 'showError') throw new ChunkLoadError(cause)
    writeJson(options.storage, CHUNK_RELOAD_KEY, decision.records)
    options.reload()
    return new Promise<T>(() => {})
  }
}
