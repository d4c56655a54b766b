import type { FastifyRateLimitStore } from '@fastify/rate-limit'
import type { Database } from '../../db/client.ts'
import { addRateLimitHits, deleteRateLimitHitsOfPrefixBefore } from './security-repository.ts'

// The API's flood guard per client address (@fastify/rate-limit, app.ts) counted in the database,
// so that every process of one installation enforces one limit (issue #19 point 5): with the
// library's in-memory store, three processes behind a load balancer let an address through three
// times the limit.
//
// DECISION (cost): asking the database on every API request adds a round trip to each. Instead a
// process leases a small part of an address's allowance at a time: one atomic upsert adds `lease`
// hits to the address's counter of the window and grants what of them is still under the limit;
// the process then lets that many requests through from memory. So:
// - never more than the limit per address and window across all processes (only hits counted in
//   the database are ever let through);
// - a client may be refused a little early, by at most (processes - 1) x (lease - 1) requests,
//   when another process still holds an unused part of its allowance;
// - one query per `lease` requests of an address, and none once its window is spent: this
//   process remembers that until the window ends, so a flood costs the database nothing more.
// The lease is a sixtieth of the limit (10 of the default 600), 1 at limits up to 119 (exact),
// and at most 100.
//
// Windows are fixed and aligned to the machine's clock (Date.now(), not the application clock:
// APP_NOW may pin that, and a pinned window would never end), the same fixed windows as the
// secret checks' limits (rate-limit.ts); the library's own store starts a window at an address's
// first request instead.

const BUCKET_PREFIX = 'flood'
const LEASE_DIVISOR = 60
const LEASE_MAX = 100
/** addresses remembered per window before the oldest leases are forgotten (memory bound) */
const MAX_REMEMBERED = 50_000
const SWEEP_AFTER_MS = 86_400_000

export function floodGuardLease(max: number): number {
  return Math.max(1, Math.min(LEASE_MAX, Math.floor(max / LEASE_DIVISOR)))
}

interface Allowance {
  /** requests this process may still let through in the window */
  left: number
  /** the address's count in the database at the last lease (all processes, leased hits) */
  counted: number
  /** the window is spent: refuse without asking the database */
  spent: boolean
  /** the lease being taken, which requests arriving meanwhile wait for */
  leasing: Promise<void> | undefined
}

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1]

export interface FloodGuardStoreOptions {
  db: Database
  /** the machine's time in milliseconds; a test may move it */
  nowMs?: () => number
}

class DatabaseFloodGuardStore implements FastifyRateLimitStore {
  readonly #options: FloodGuardStoreOptions
  readonly #scope: string
  #children = 0
  #windowStart = 0
  #allowances = new Map<string, Allowance>()

  constructor(options: FloodGuardStoreOptions, scope: string) {
    this.#options = options
    this.#scope = scope
  }

  incr(key: string, callback: IncrCallback, timeWindow: number, max: number): void {
    this.#take(key, timeWindow, max).then(
      (result) => callback(null, result),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    )
  }

  /**
   * A route with a rate limit of its own: counters of their own. Every process registers the
   * same routes in the same order (one buildApp), so the n-th child is the same route in each.
   */
  child(): FastifyRateLimitStore {
    this.#children += 1
    return new DatabaseFloodGuardStore(this.#options, `${this.#scope}.${this.#children}`)
  }

  async #take(
    key: string,
    timeWindow: number,
    max: number,
  ): Promise<{ current: number; ttl: number }> {
    const nowMs = (this.#options.nowMs ?? Date.now)()
    const windowStart = Math.floor(nowMs / timeWindow) * timeWindow
    if (windowStart !== this.#windowStart || this.#allowances.size > MAX_REMEMBERED) {
      this.#windowStart = windowStart
      this.#allowances = new Map()
    }
    const ttl = windowStart + timeWindow - nowMs
    const allowances = this.#allowances
    let allowance = allowances.get(key)
    if (allowance === undefined) {
      allowance = { left: 0, counted: 0, spent: false, leasing: undefined }
      allowances.set(key, allowance)
    }
    while (allowance.left === 0 && !allowance.spent) {
      allowance.leasing ??= this.#lease(allowance, key, new Date(windowStart), max).finally(() => {
        if (allowance !== undefined) allowance.leasing = undefined
      })
      await allowance.leasing
    }
    if (allowance.left === 0) return { current: max + 1, ttl }
    allowance.left -= 1
    // What the library shows as used: the database's count less what this process still holds.
    return { current: Math.min(max, allowance.counted - allowance.left), ttl }
  }

  async #lease(allowance: Allowance, key: string, windowStart: Date, max: number): Promise<void> {
    const lease = floodGuardLease(max)
    const bucket = `${BUCKET_PREFIX}${this.#scope}|${key}`
    const counted = await addRateLimitHits(this.#options.db, bucket, windowStart, lease)
    const granted = Math.max(0, Math.min(lease, max - (counted - lease)))
    allowance.counted = Math.min(counted, max)
    allowance.left += granted
    // The counter is at the limit: what is left here is the last of the window's allowance.
    if (counted >= max) allowance.spent = true
    // Old windows are swept now and then by whoever counts (as rate-limit.ts does); no job needed.
    if (counted === lease && Math.random() < 0.05) {
      await deleteRateLimitHitsOfPrefixBefore(
        this.#options.db,
        BUCKET_PREFIX,
        new Date(windowStart.getTime() - SWEEP_AFTER_MS),
      )
    }
  }
}

/** The store class for @fastify/rate-limit's `store` option, on this database. */
export function floodGuardStore(options: FloodGuardStoreOptions): new () => FastifyRateLimitStore {
  return class extends DatabaseFloodGuardStore {
    constructor() {
      super(options, '')
    }
  }
}
