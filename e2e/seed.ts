// The browser suite's seed, in one process (ADR 0017): the operators' own commands, import-group
// for each document and then import-roster for each roster (docs/group-import.md,
// docs/roster-import.md), run in turn over one connection to the database the environment names
// (DATA_DIR or DATABASE_URL, as the server would open it). Before, each was a process of its
// own, and each paid for Node, tsx and the database's start.
//
//   node --import tsx e2e/seed.ts <plan.json>
//
// plan.json: { "documents": ["/abs/doc.json", …], "rosters": [["--group", "G…", …, "/abs/x.csv"], …],
//              "staff": [{ "args": ["add", …], "outputFile": "/abs/out.txt" }] }
// Exits 1 with the command's own report when one of them does not exit 0; nothing later runs.
import { readFileSync, writeFileSync } from 'node:fs'
import { main as importGroup } from '../apps/server/src/cli/import-group.ts'
import { main as importRoster } from '../apps/server/src/cli/import-roster.ts'
import { main as staff } from '../apps/server/src/cli/staff.ts'
import { processOutput, runCli } from '../apps/server/src/cli/run-cli.ts'
import { openDatabase } from '../apps/server/src/db/client.ts'
import { loadConfig, type Config } from '../apps/server/src/env.ts'

export interface SeedPlan {
  /** group documents, absolute paths, imported in this order */
  documents: string[]
  /** the arguments of each import-roster run, after the documents */
  rosters: string[][]
  /**
   * `npm run staff` runs after the rosters (issue #20): the first administrator of the console;
   * what the command prints (its one-time enrolment link) is written to `outputFile`
   */
  staff?: { args: string[]; outputFile: string }[]
}

async function seed(args: string[], { config }: { config: Config }): Promise<number> {
  const [planFile] = args
  if (planFile === undefined) {
    processOutput.stderr('Usage: node --import tsx e2e/seed.ts <plan.json>\n')
    return 2
  }
  const plan = JSON.parse(readFileSync(planFile, 'utf8')) as SeedPlan
  const database = await openDatabase(config)
  try {
    const runs = [
      ...plan.documents.map((document) => () => importGroup([document], { config, database })),
      ...plan.rosters.map((roster) => () => importRoster(roster, { config, database })),
      ...(plan.staff ?? []).map(({ args: staffArgs, outputFile }) => async () => {
        let printed = ''
        const output = {
          stdout: (text: string) => {
            printed += text
          },
          stderr: processOutput.stderr,
        }
        const code = await staff(staffArgs, { config, database, output })
        writeFileSync(outputFile, printed)
        return code
      }),
    ]
    for (const run of runs) {
      const code = await run()
      if (code !== 0) return code
    }
    return 0
  } finally {
    await database.close()
  }
}

runCli(import.meta.filename, () => ({ config: loadConfig() }), seed)
