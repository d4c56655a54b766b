// The monthly schedule of one contract as the product wrote it (table `instalments`, ADR 0038),
// for tests/monthly-premiums.spec.ts: the application's id (the orderId of its card payments at
// the provider) and each instalment's id (the charge job's orderId `inst-<id>`), which no screen
// or API shows. Read from the database of a stopped server (the embedded database admits one
// process at a time); prints JSON.
//   node --import tsx e2e/instalments-of.ts --policy-holder-no <加入者番号>
import { asc, eq } from 'drizzle-orm'
import { parseCliArgs, processOutput, runCli } from '../apps/server/src/cli/run-cli.ts'
import { openDatabase } from '../apps/server/src/db/client.ts'
import { applications } from '../apps/server/src/db/schema/applications.ts'
import { instalments } from '../apps/server/src/db/schema/payment.ts'
import { loadConfig, type Config } from '../apps/server/src/env.ts'

async function instalmentsOf(args: string[], { config }: { config: Config }): Promise<number> {
  const usage = 'Usage: e2e/instalments-of.ts --policy-holder-no <number>'
  const parsed = parseCliArgs(
    { args, options: { 'policy-holder-no': { type: 'string' } } },
    usage,
    processOutput,
  )
  if (parsed === undefined) return 2
  const policyHolderNo = parsed.values['policy-holder-no']
  if (!policyHolderNo) {
    processOutput.stderr(`${usage}\n`)
    return 2
  }
  const database = await openDatabase(config)
  try {
    const found = await database.db
      .select({ id: applications.id })
      .from(applications)
      .where(eq(applications.groupPfPolicyHolderNo, policyHolderNo))
    const [application] = found
    if (application === undefined || found.length !== 1) {
      processOutput.stderr(`${found.length} applications with 加入者番号 ${policyHolderNo}\n`)
      return 1
    }
    const rows = await database.db
      .select({
        id: instalments.id,
        seq: instalments.seq,
        coversMonth: instalments.coversMonth,
        dueDate: instalments.dueDate,
        amount: instalments.amount,
      })
      .from(instalments)
      .where(eq(instalments.applicationId, application.id))
      .orderBy(asc(instalments.seq))
    processOutput.stdout(
      `${JSON.stringify({ applicationId: application.id, instalments: rows })}\n`,
    )
    return 0
  } finally {
    await database.close()
  }
}

runCli(import.meta.filename, () => ({ config: loadConfig() }), instalmentsOf)
