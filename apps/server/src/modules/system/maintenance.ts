import type { FastifyInstance } from 'fastify'
import { errorCodes, isInMaintenance, type MaintenanceWindow } from '@app/shared'
import type { Clock } from '../../clock.ts'
import type { Database } from '../../db/client.ts'
import { errorBody } from '../../plugins/error-handler.ts'
import { readMaintenanceSwitch, readOpenMaintenanceWindows } from './system-repository.ts'

// Every process must see the manual switch and the scheduled one-off windows (issue #21 point 7),
// so they live in the database; a process re-reads them at most every few seconds rather than on
// every request. The daily window comes from the configuration (MAINTENANCE_WINDOW).
export const MAINTENANCE_CACHE_MS = 5_000

/** Why maintenance is on: the manual switch, the daily window, or a scheduled window. */
export type MaintenanceSource = 'manual' | 'daily' | 'scheduled'

interface Snapshot {
  manual: boolean
  windows: { startsAt: Date; endsAt: Date }[]
}

export interface MaintenanceStateOptions {
  /** the cache's clock (milliseconds, monotonic enough); tests move it past the cache's age */
  cacheClock?: () => number
}

export class MaintenanceState {
  readonly #db: Database
  readonly #window: MaintenanceWindow | undefined
  readonly #cacheClock: () => number
  #reading: Promise<Snapshot> | undefined
  #readAt = 0

  constructor(
    db: Database,
    window: MaintenanceWindow | undefined,
    options: MaintenanceStateOptions = {},
  ) {
    this.#db = db
    this.#window = window
    this.#cacheClock = options.cacheClock ?? Date.now
  }

  /** The daily window of the configuration (undefined: none). */
  get dailyWindow(): MaintenanceWindow | undefined {
    return this.#window
  }

  async isActive(now: Date): Promise<boolean> {
    return (await this.source(now)) !== undefined
  }

  /** Why maintenance is on at `now`, or undefined when it is not. */
  async source(now: Date): Promise<MaintenanceSource | undefined> {
    const snapshot = await this.#snapshot(now)
    if (snapshot.manual) return 'manual'
    if (isInMaintenance(now, { window: this.#window, manual: false })) return 'daily'
    const time = now.getTime()
    const scheduled = snapshot.windows.some(
      (window) => window.startsAt.getTime() <= time && time < window.endsAt.getTime(),
    )
    return scheduled ? 'scheduled' : undefined
  }

  /** Forgets the cached reading: the next request reads again (this process's own changes). */
  invalidate(): void {
    this.#reading = undefined
  }

  /** The switch and windows as last read; when stale, one read serves every waiting request. */
  #snapshot(now: Date): Promise<Snapshot> {
    const nowMs = this.#cacheClock()
    if (this.#reading === undefined || nowMs - this.#readAt >= MAINTENANCE_CACHE_MS) {
      this.#readAt = nowMs
      // Windows over a day before `now` are of no use; the margin covers a clock moved back.
      const after = new Date(now.getTime() - 24 * 60 * 60 * 1000)
      this.#reading = Promise.all([
        readMaintenanceSwitch(this.#db),
        readOpenMaintenanceWindows(this.#db, after),
      ]).then(
        ([manual, windows]) => ({ manual, windows }),
        (error: unknown) => {
          this.#reading = undefined
          throw error
        },
      )
    }
    return this.#reading
  }
}

/** The console's API: staff keep working during maintenance (issue #21 point 7). */
const ADMIN_API_PREFIX = '/api/admin/'

/**
 * During maintenance every applicant and holder API call answers 503 (PRODUCT.md); the SPA
 * still loads to say so. The back office's /api/admin/ stays open, so the staff can switch
 * maintenance off and work through it.
 */
export function registerMaintenanceGate(
  app: FastifyInstance,
  state: MaintenanceState,
  clock: Clock,
): void {
  app.addHook('onRequest', async (request, reply) => {
    const { url } = request
    if (!url.startsWith('/api/') || url.startsWith('/api/docs')) return
    if (url.startsWith(ADMIN_API_PREFIX)) return
    if (await state.isActive(clock.now())) {
      return reply
        .status(503)
        .header('retry-after', '600')
        .header('cache-control', 'no-store')
        .send(errorBody(errorCodes.maintenance))
    }
  })
}
