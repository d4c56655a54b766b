import type { ScheduledMaintenance } from '@app/shared/api/admin/notice-endpoints'
import { AdminError, adminErrorCodes } from '@app/shared/api/admin/errors'
import type { Clock } from '../../clock.ts'
import type { Database } from '../../db/client.ts'
import { appendAuditEntry } from '../audit/audit-records.ts'
import { staffActor, type StaffPrincipal } from '../staff/staff-scope.ts'
import type { MaintenanceSource, MaintenanceState } from './maintenance.ts'
import {
  cancelMaintenanceWindow,
  findMaintenanceWindow,
  insertMaintenanceWindow,
  listMaintenanceWindows,
  readMaintenanceSwitchDetail,
  writeMaintenanceSwitch,
  type MaintenanceWindowRow,
} from './system-repository.ts'

// Maintenance from the console (issue #21 point 7, ADR 0034): the manual switch with a reason
// and one-off windows (e.g. the year end), both in the database so every process honours them
// within MAINTENANCE_CACHE_MS. Each change is audited in the transaction that makes it.

const DAY_MS = 24 * 60 * 60 * 1000
/** How far back the console lists windows already over or cancelled. */
const LISTED_PAST_DAYS = 30

function minuteText(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`
}

function windowView(row: MaintenanceWindowRow): ScheduledMaintenance {
  return {
    windowId: row.id,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
  }
}

export class MaintenanceService {
  readonly #db: Database
  readonly #clock: Clock
  readonly #state: MaintenanceState

  constructor(options: { db: Database; clock: Clock; state: MaintenanceState }) {
    this.#db = options.db
    this.#clock = options.clock
    this.#state = options.state
  }

  async status(): Promise<{ active: boolean; source: MaintenanceSource | null }> {
    const source = await this.#state.source(this.#clock.now())
    return { active: source !== undefined, source: source ?? null }
  }

  async settings() {
    const now = this.#clock.now()
    const [status, manual, windows] = await Promise.all([
      this.status(),
      readMaintenanceSwitchDetail(this.#db),
      listMaintenanceWindows(this.#db, new Date(now.getTime() - LISTED_PAST_DAYS * DAY_MS)),
    ])
    const daily = this.#state.dailyWindow
    return {
      ...status,
      manual: {
        on: manual.on,
        reason: manual.reason,
        switchedAt: manual.switchedAt?.toISOString() ?? null,
      },
      dailyWindow:
        daily === undefined
          ? null
          : `${minuteText(daily.startMinute)}-${minuteText(daily.endMinute)}`,
      windows: windows.map(windowView),
    }
  }

  async switchManual(who: StaffPrincipal, on: boolean, reason: string): Promise<{ on: boolean }> {
    const at = this.#clock.now()
    await this.#db.transaction(async (txn) => {
      const tx = txn as unknown as Database
      await writeMaintenanceSwitch(tx, on, { reason, at })
      await appendAuditEntry(tx, {
        ...staffActor(who),
        action: 'maintenance.switched',
        recordKind: 'maintenance',
        recordId: 'manual',
        reason,
        details: { on },
      })
    })
    this.#state.invalidate()
    return { on }
  }

  async schedule(
    who: StaffPrincipal,
    input: { startsAt: string; endsAt: string; reason: string },
  ): Promise<ScheduledMaintenance> {
    const startsAt = new Date(input.startsAt)
    const endsAt = new Date(input.endsAt)
    const now = this.#clock.now()
    if (endsAt.getTime() <= now.getTime()) {
      throw new AdminError(adminErrorCodes.adminStateConflict, {
        message: 'the window is already over',
      })
    }
    const row = await this.#db.transaction(async (txn) => {
      const tx = txn as unknown as Database
      const inserted = await insertMaintenanceWindow(tx, {
        startsAt,
        endsAt,
        reason: input.reason,
        createdBy: who.staffId,
        createdAt: now,
      })
      await appendAuditEntry(tx, {
        ...staffActor(who),
        action: 'maintenance.scheduled',
        recordKind: 'maintenanceWindow',
        recordId: inserted.id,
        reason: input.reason,
        details: { startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() },
      })
      return inserted
    })
    this.#state.invalidate()
    return windowView(row)
  }

  async cancel(who: StaffPrincipal, windowId: string): Promise<ScheduledMaintenance> {
    const row = await this.#db.transaction(async (txn) => {
      const tx = txn as unknown as Database
      const cancelled = await cancelMaintenanceWindow(tx, windowId, this.#clock.now())
      if (cancelled === undefined) {
        const existing = await findMaintenanceWindow(tx, windowId)
        throw existing === undefined
          ? new AdminError(adminErrorCodes.adminRecordNotFound, { message: 'no such window' })
          : new AdminError(adminErrorCodes.adminStateConflict, { message: 'already cancelled' })
      }
      await appendAuditEntry(tx, {
        ...staffActor(who),
        action: 'maintenance.cancelled',
        recordKind: 'maintenanceWindow',
        recordId: cancelled.id,
      })
      return cancelled
    })
    this.#state.invalidate()
    return windowView(row)
  }
}
