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
  #cached: { isOn: boolean; readAt: number } | undefined

  constructor(db: Database, window: MaintenanceWindow | undefined) {
    this.#db = db
    this.#window = window
  }

  async isActive(now: Date): Promise<boolean> {
    const nowMs = Date.now()
    if (this.#cached === undefined || nowMs - this.#cached.readAt >= SWITCH_CACHE_MS) {
      this.#cached = { isOn: await readMaintenanceSwitch(this.#db), readAt: nowMs }
    }
    return isInMaintenance(now, { window: this.#window, manual: this.#cached.isOn })
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
