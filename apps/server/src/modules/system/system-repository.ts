import { and, desc, eq, gt, isNull } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { maintenanceWindows, systemSettings } from '../../db/schema/index.ts'

export async function readMaintenanceSwitch(db: Database): Promise<boolean> {
  const rows = await db
    .select({ maintenanceManual: systemSettings.maintenanceManual })
    .from(systemSettings)
    .where(eq(systemSettings.id, 1))
  return rows[0]?.maintenanceManual ?? false
}

/** The manual switch with its reason and when it was last switched. */
export async function readMaintenanceSwitchDetail(
  db: Database,
): Promise<{ on: boolean; reason: string | null; switchedAt: Date | null }> {
  const rows = await db
    .select({
      on: systemSettings.maintenanceManual,
      reason: systemSettings.maintenanceReason,
      switchedAt: systemSettings.maintenanceSwitchedAt,
    })
    .from(systemSettings)
    .where(eq(systemSettings.id, 1))
  return rows[0] ?? { on: false, reason: null, switchedAt: null }
}

export async function writeMaintenanceSwitch(
  db: Database,
  isOn: boolean,
  detail: { reason: string; at: Date } | undefined = undefined,
): Promise<void> {
  const reason = detail?.reason ?? null
  const switchedAt = detail?.at ?? new Date()
  await db
    .insert(systemSettings)
    .values({
      id: 1,
      maintenanceManual: isOn,
      maintenanceReason: reason,
      maintenanceSwitchedAt: switchedAt,
    })
    .onConflictDoUpdate({
      target: systemSettings.id,
      set: {
        maintenanceManual: isOn,
        maintenanceReason: reason,
        maintenanceSwitchedAt: switchedAt,
        updatedAt: new Date(),
      },
    })
}

export type MaintenanceWindowRow = typeof maintenanceWindows.$inferSelect

/** The scheduled windows not cancelled whose end is after `after`, for the gate's cache. */
export async function readOpenMaintenanceWindows(
  db: Database,
  after: Date,
): Promise<{ startsAt: Date; endsAt: Date }[]> {
  return db
    .select({ startsAt: maintenanceWindows.startsAt, endsAt: maintenanceWindows.endsAt })
    .from(maintenanceWindows)
    .where(and(isNull(maintenanceWindows.cancelledAt), gt(maintenanceWindows.endsAt, after)))
}

/** Windows whose end is after `after` (cancelled ones too), newest start first. */
export async function listMaintenanceWindows(
  db: Database,
  after: Date,
): Promise<MaintenanceWindowRow[]> {
  return db
    .select()
    .from(maintenanceWindows)
    .where(gt(maintenanceWindows.endsAt, after))
    .orderBy(desc(maintenanceWindows.startsAt))
    .limit(100)
}

export async function insertMaintenanceWindow(
  db: Database,
  window: {
    startsAt: Date
    endsAt: Date
    reason: string
    createdBy: string | null
    createdAt?: Date
  },
): Promise<MaintenanceWindowRow> {
  const rows = await db.insert(maintenanceWindows).values(window).returning()
  const row = rows[0]
  if (row === undefined) throw new Error('maintenance window not inserted')
  return row
}

/** Cancels a window not cancelled yet: the row, or undefined when none such. */
export async function cancelMaintenanceWindow(
  db: Database,
  windowId: string,
  at: Date,
): Promise<MaintenanceWindowRow | undefined> {
  const rows = await db
    .update(maintenanceWindows)
    .set({ cancelledAt: at })
    .where(and(eq(maintenanceWindows.id, windowId), isNull(maintenanceWindows.cancelledAt)))
    .returning()
  return rows[0]
}

export async function findMaintenanceWindow(
  db: Database,
  windowId: string,
): Promise<MaintenanceWindowRow | undefined> {
  const rows = await db.select().from(maintenanceWindows).where(eq(maintenanceWindows.id, windowId))
  return rows[0]
}
