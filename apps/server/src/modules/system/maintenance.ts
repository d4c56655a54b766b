import type { FastifyInstance } from 'fastify'
import { errorCodes, isInMaintenance, type MaintenanceWindow } from '@app/shared'
import type { Clock } from '../../clock.ts'
import type { Database } from '../../db/client.ts'
import { errorBody } from '../../plugins/error-handler.ts'
import { readMaintenanceSwitch } from './system-repository.ts'

// Every process must see the manual switch, so it lives in the database; a process re-reads it
// at most every few seconds rather than on every request.
const SWITCH_CACHE_MS = 5_000

export class MaintenanceState {
  readonly #db: Database
  readonly #window: MaintenanceWindow | undefined
  #reading: Promise<boolean> | undefined
  #readAt = 0

  constructor(db: Database, window: MaintenanceWindow | undefined) {
    this.#db = db
    this.#window = window
  }

  async isActive(now: Date): Promise<boolean> {
    return isInMaintenance(now, { window: this.#window, manual: await this.#manualSwitch() })
  }

  /** The switch as last read; when stale, one read serves every request waiting for it. */
  #manualSwitch(): Promise<boolean> {
    const nowMs = Date.now()
    if (this.#reading === undefined || nowMs - this.#readAt >= SWITCH_CACHE_MS) {
      this.#readAt = nowMs
      this.#reading = readMaintenanceSwitch(this.#db).catch((error: unknown) => {
        this.#reading = undefined
        throw error
      })
    }
    return this.#reading
  }
}

/** During maintenance every API call answers 503 (PRODUCT.md); the SPA still loads to say so. */
export function registerMaintenanceGate(
  app: FastifyInstance,
  state: MaintenanceState,
  clock: Clock,
): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/docs')) return
    if (await state.isActive(clock.now())) {
      return reply
        .status(503)
        .header('retry-after', '600')
        .header('cache-control', 'no-store')
        .send(errorBody(errorCodes.maintenance))
    }
  })
}
