import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { systemSettings } from '../../db/schema/index.ts'

export async function readMaintenanceSwitch(db: Database): Promise<boolean> {
  const rows = await db
    .select({ maintenanceManual: systemSettings.maintenanceManual })
    .from(systemSettings)
    .where(eq(systemSettings.id, 1))
  return rows[0]?.maintenanceManual ?? false
}

export async function writeMaintenanceSwitch(db: Database, isOn: boolean): Promise<void> {
  await db
    .insert(systemSettings)
    .values({ id: 1, maintenanceManual: isOn })
    .onConflictDoUpdate({
      target: systemSettings.id,
      set: { maintenanceManual: isOn, updatedAt: new Date() },
    })
}
