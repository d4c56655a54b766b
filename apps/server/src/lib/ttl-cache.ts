/** A small in-process cache with expiry and a size cap (oldest entry evicted first). */
export class TtlCache<V> {
  readonly #entries = new Map<string, { value: V; expiresAt: number }>()
  readonly #maxEntries: number

  constructor(maxEntries: number) {
    this.#maxEntries = maxEntries
  }

  get(key: string, now: number): V | undefined {
    const entry = this.#entries.get(key)
    if (entry === undefined) return undefined
    if (entry.expiresAt <= now) {
      this.#entries.delete(key)
      return undefined
    }
    return entry.value
  }

  set(key: string, value: V, ttlMs: number, now: number): void {
    if (ttlMs <= 0) return
    this.#entries.delete(key)
    if (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next()
      if (oldest.done !== true) this.#entries.delete(oldest.value)
    }
    this.#entries.set(key, { value, expiresAt: now + ttlMs })
  }

  clear(): void {
    this.#entries.clear()
  }
}
