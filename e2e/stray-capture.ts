// A card payment captured for an application another payment had completed (APFA2026, ADR 0031
// "doubleCapture"), kept as the product keeps it, for tests/back-office-money.spec.ts. The product
// makes such an attempt only when two payments race (card-payment.ts, payment-completion.ts), which
// no browser can time, so this writes it with the payment module's own repository functions into
// the database of a stopped server (the embedded database admits one process at a time), the way
// apps/server/src/modules/payment/money-desk.db.test.ts does: the application is the one that
// holds the attempt of `--paid-with` (the Idempotency-Key of the payment that completed it), the
// capture `--payment` is a payment the sandbox provider captured.
//   node --import tsx e2e/stray-capture.ts --paid-with <key> --payment <pay_…> --amount <yen> --at <ISO>
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { parseCliArgs, processOutput, runCli } from '../apps/server/src/cli/run-cli.ts'
import { openDatabase } from '../apps/server/src/db/client.ts'
import { paymentAttempts } from '../apps/server/src/db/schema/payment.ts'
import { loadConfig, type Config } from '../apps/server/src/env.ts'
import { CAPTURED_NOT_COMPLETED } from '../apps/server/src/modules/payment/money-repository.ts'
import {
  finishAttempt,
  insertAttempt,
} from '../apps/server/src/modules/payment/payment-repository.ts'

async function strayCapture(args: string[], { config }: { config: Config }): Promise<number> {
  const usage =
    'Usage: e2e/stray-capture.ts --paid-with <key> --payment <id> --amount <yen> --at <ISO>'
  const parsed = parseCliArgs(
    {
      args,
      options: {
        'paid-with': { type: 'string' },
        payment: { type: 'string' },
        amount: { type: 'string' },
        at: { type: 'string' },
      },
    },
    usage,
    processOutput,
  )
  if (parsed === undefined) return 2
  const { values } = parsed
  const paidWith = values['paid-with']
  const paymentId = values.payment
  const amount = Number(values.amount)
  const at = new Date(values.at ?? '')
  if (!paidWith || !paymentId || !Number.isInteger(amount) || Number.isNaN(at.getTime())) {
    processOutput.stderr(`${usage}\n`)
    return 2
  }
  const database = await openDatabase(config)
  try {
    const [paid] = await database.db
      .select({ applicationId: paymentAttempts.applicationId })
      .from(paymentAttempts)
      .where(eq(paymentAttempts.idempotencyKey, paidWith))
    if (paid === undefined) {
      processOutput.stderr(`no payment attempt with the key ${paidWith}\n`)
      return 1
    }
    const attempt = await insertAttempt(database.db, {
      applicationId: paid.applicationId,
      kind: 'card',
      idempotencyKey: `e2e_${randomBytes(12).toString('hex')}`,
      amount,
      now: at,
      busySince: at,
    })
    if (attempt === 'busy' || attempt === 'repeat') {
      processOutput.stderr(`the attempt was not inserted (${attempt})\n`)
      return 1
    }
    const finished = await finishAttempt(database.db, attempt.id, {
      status: 'failed',
      errorCode: CAPTURED_NOT_COMPLETED,
      providerReference: paymentId,
      now: at,
    })
    if (!finished) {
      processOutput.stderr('the attempt was not finished\n')
      return 1
    }
    processOutput.stdout(`${attempt.id}\n`)
    return 0
  } finally {
    await database.close()
  }
}

runCli(import.meta.filename, () => ({ config: loadConfig() }), strayCapture)
