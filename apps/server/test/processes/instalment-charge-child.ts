import { openPostgresDatabase } from '../../src/db/client.ts'
import {
  runInstalmentCharges,
  type StoredCardCharger,
} from '../../src/modules/payment/instalment-charges.ts'
import {
  ProviderUnavailableError,
  type StoredCardChargeResult,
} from '../../src/modules/payment/provider.ts'

// One run of the monthly charge job in a process of its own (instalments.processes.test.ts):
// `node --import tsx instalment-charge-child.ts <databaseUrl> <providerUrl> <now ISO>`. It prints
// the run's result as one JSON line and exits; the test may kill it with SIGKILL midway.

const [databaseUrl, providerUrl, nowIso] = process.argv.slice(2)
if (databaseUrl === undefined || providerUrl === undefined || nowIso === undefined) {
  throw new Error('usage: instalment-charge-child.ts <databaseUrl> <providerUrl> <now>')
}

/** The test's provider stand-in over HTTP: POST /charges, the key in Idempotency-Key. */
const provider: StoredCardCharger = {
  async chargeStoredCard(idempotencyKey, request) {
    try {
      const response = await fetch(`${providerUrl}/charges`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
        body: JSON.stringify(request),
        signal: AbortSignal.timeout(10_000),
      })
      return (await response.json()) as StoredCardChargeResult
    } catch (error) {
      throw new ProviderUnavailableError('no answer', { cause: error })
    }
  },
}

const handle = await openPostgresDatabase(databaseUrl, { max: 2 })
const now = new Date(nowIso)
try {
  const result = await runInstalmentCharges({
    db: handle.db,
    clock: { now: () => now },
    provider,
    publicBaseUrl: () => 'https://hoken.example.jp',
  })
  process.stdout.write(`${JSON.stringify(result)}\n`)
} finally {
  await handle.close()
}
