import { openDatabase } from '../db/client.ts'
import { loadConfig } from '../env.ts'
import {
  readMaintenanceSwitch,
  writeMaintenanceSwitch,
} from '../modules/system/system-repository.ts'

// npm run maintenance -w @app/server -- on|off|status
// The manual maintenance switch (PRODUCT.md); every server process sees it within 5 seconds.

async function run(argument: string | undefined): Promise<number> {
  if (argument !== 'on' && argument !== 'off' && argument !== 'status') {
    process.stderr.write('Usage: npm run maintenance -w @app/server -- on|off|status\n')
    return 2
  }
  const database = await openDatabase(loadConfig())
  try {
    if (argument !== 'status') await writeMaintenanceSwitch(database.db, argument === 'on')
    const isOn = await readMaintenanceSwitch(database.db)
    process.stdout.write(`maintenance switch: ${isOn ? 'on' : 'off'}\n`)
    return 0
  } finally {
    await database.close()
  }
}

run(process.argv[2]).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  },
)
