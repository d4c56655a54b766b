import type pg from 'pg'

/**
 * Waits until no session is connected to `database`: `pool.end()` can resolve while its last
 * sockets are still closing, and a database in use can be neither dropped cleanly nor copied.
 */
export async function waitUntilUnused(admin: pg.Client, database: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const { rows } = await admin.query<{ count: string }>(
      'select count(*) from pg_stat_activity where datname = $1',
      [database],
    )
    if (rows[0]?.count === '0') return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
