// A monthly contract's world for the browser tests of issue #24 (ADR 0038 card, ADR 0039
// transfer): this test's copy of K400004's document paid 年12回 by the given method, one member
// applied over the real API by the spec's own `apply`, the schedule read from the stopped
// server's database (e2e/instalments-of.ts: the instalments' ids, which no screen shows), and
// servers on the same database at later clocks with the instalment job on a 1-second timer.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { execFile } from 'node:child_process'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import type { APIRequestContext, Locator, Page, PlaywrightWorkerArgs } from '@playwright/test'
import type { WorkerInfo } from '@playwright/test'
import { projectEngine } from './engines.ts'
import { COLLECTION_GROUP_DOCUMENT_PATH } from './fixtures.ts'
import {
  COLLECTION_GROUP,
  firstEntryRoster,
  readCredentials,
  type FirstEntryMember,
} from './members.ts'
import { linkNamed, myPagePath, mypT, signInWithMailCode } from './my-page.ts'
import type { Inbox } from './outbox.ts'
import type { PolicyHolder } from './policy-holders.ts'
import { repoRoot, startServer, tsxCommand, type RunningServer } from './server.ts'
import { expect } from './test.ts'

export interface ScheduledInstalment {
  id: string
  seq: number
  /** YYYYMM */
  coversMonth: string
  /** YYYYMMDD */
  dueDate: string
  amount: number
}

export interface MonthlyWorld {
  holder: PolicyHolder
  groupPfCodeInceptionDateYm: string
  applicationId: string
  instalments: ScheduledInstalment[]
  /** starts a server on the applied database at the business date's 10:00 (the one before stops) */
  serverOn: (businessDate: string) => Promise<RunningServer>
}

const run = promisify(execFile)

/** e2e/instalments-of.ts on the stopped server's database. */
async function readSchedule(
  stopped: RunningServer,
  policyHolderNo: string,
): Promise<{ applicationId: string; instalments: ScheduledInstalment[] }> {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test' }
  for (const name of ['DATA_DIR', 'DATABASE_URL', 'FORCE_COLOR', 'INIT_CWD']) delete env[name]
  if (stopped.database.kind === 'pglite') env.DATA_DIR = stopped.database.dataDir
  else env.DATABASE_URL = stopped.database.databaseUrl
  const { command, args } = tsxCommand(path.join('e2e', 'instalments-of.ts'))
  try {
    const { stdout } = await run(command, [...args, '--policy-holder-no', policyHolderNo], {
      cwd: repoRoot,
      env,
      timeout: 60_000,
    })
    return JSON.parse(stdout) as { applicationId: string; instalments: ScheduledInstalment[] }
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string }
    throw new Error(`e2e/instalments-of.ts failed:\n${failed.stdout ?? ''}${failed.stderr ?? ''}`)
  }
}

/** YYYYMMDD → that day, 10:00 in Japan (APP_NOW). */
function tenOClock(businessDate: string): string {
  const [year, month, day] = [
    businessDate.slice(0, 4),
    businessDate.slice(4, 6),
    businessDate.slice(6, 8),
  ]
  return `${year}-${month}-${day}T10:00:00+09:00`
}

export interface MonthlyWorldOptions {
  /** names the servers and the temporary folder */
  label: string
  /** SPEC §3.3 pymntMethod of this copy: "1" card, "3" transfer */
  pymntMethod: '1' | '3'
  /** SPEC §3.3 closingDay of this copy */
  closingDay: number
  /** the one member of the roster */
  memberCode: string
  /** the servers' own settings (the sandbox's keys) */
  settings: Record<string, string>
  /** applies the member over the API on the first server */
  apply: (request: APIRequestContext, member: FirstEntryMember) => Promise<PolicyHolder>
}

/** The worker fixture's body: builds the world, hands it to the tests, and takes it down. */
export async function withMonthlyWorld(
  playwright: PlaywrightWorkerArgs['playwright'],
  workerInfo: WorkerInfo,
  options: MonthlyWorldOptions,
  use: (world: MonthlyWorld) => Promise<void>,
): Promise<void> {
  const engine = projectEngine(workerInfo.project)
  const label = `${options.label}-${engine}-${workerInfo.workerIndex}`
  const folder = mkdtempSync(path.join(tmpdir(), `e2e-${label}-`))
  const { groupPfCode, groupPfCodeInceptionDateYm } = COLLECTION_GROUP
  const monthly = path.join(folder, 'collection-group-monthly.json')
  const document = JSON.parse(readFileSync(COLLECTION_GROUP_DOCUMENT_PATH, 'utf8')) as {
    groupPfInfo: Record<string, unknown>
  }
  document.groupPfInfo.pymntMethod = options.pymntMethod
  document.groupPfInfo.pymntCount = 12
  document.groupPfInfo.closingDay = options.closingDay
  writeFileSync(monthly, JSON.stringify(document))
  const credentials = path.join(folder, 'credentials.csv')
  const applying = await startServer({
    label: `${label}-apply`,
    engine,
    demoData: 'off',
    settings: options.settings,
    seed: {
      documents: [monthly],
      rosters: [
        {
          groupPfCode,
          groupPfCodeInceptionDateYm,
          csv: firstEntryRoster(folder, groupPfCode, [options.memberCode]),
          out: credentials,
        },
      ],
    },
  })
  let current: RunningServer | undefined
  let isApplyingStopped = false
  try {
    const [member] = readCredentials(credentials, groupPfCode)
    if (member === undefined) throw new Error('the roster import issued no member')
    const request = await playwright.request.newContext({ baseURL: applying.baseURL })
    const holder = await options.apply(request, member).finally(() => request.dispose())
    await applying.stop({ keepData: true })
    isApplyingStopped = true
    const schedule = await readSchedule(applying, holder.policyHolderNo)
    const serverOn = async (businessDate: string): Promise<RunningServer> => {
      await current?.stop()
      current = undefined
      current = await startServer({
        label: `${label}-${businessDate}`,
        engine,
        now: tenOClock(businessDate),
        demoData: 'off',
        database: applying.database,
        settings: { ...options.settings, INSTALMENT_JOB_INTERVAL_SECONDS: '1' },
      })
      return current
    }
    await use({ holder, groupPfCodeInceptionDateYm, ...schedule, serverOn })
  } finally {
    await current?.stop()
    if (isApplyingStopped) applying.removeData()
    else await applying.stop()
    rmSync(folder, { recursive: true, force: true })
  }
}

/** The my-page's contract screen of the monthly contract, signed in with the mailed code. */
export async function openContract(
  page: Page,
  server: RunningServer,
  world: MonthlyWorld,
  inbox: Inbox,
): Promise<void> {
  await inbox.skipAll()
  await page.goto(`${server.baseURL}${myPagePath('login')}`)
  await signInWithMailCode(page, world.holder, inbox)
  await expect(page).toHaveURL(/\/home(\?[^#]*)?$/)
  // a typed address of a my-page screen goes to login (SPEC §2.5): from home, as the holder goes
  await linkNamed(page, mypT('myp.home.contract.check')).click()
  await expect(page).toHaveURL(
    new RegExp(
      `/checkContractInfo\\?groupPfCodeInceptionDateYm=${world.groupPfCodeInceptionDateYm}$`,
    ),
  )
  await expect(
    page.getByRole('heading', { level: 1, name: mypT('screen.checkContractInfo.title') }),
  ).toBeVisible()
}

/** The row of an instalment in 「各回のお支払い状況」. */
export function instalmentRow(page: Page, seq: number): Locator {
  return page
    .getByRole('table', { name: mypT('myp.premiumPayments.caption') })
    .locator('tbody tr')
    .nth(seq - 1)
}

/** An instalment's row: its number, its status attribute and its status text. */
export async function expectRow(
  page: Page,
  seq: number,
  status: 'paid' | 'due' | 'invoiced' | 'failed',
  statusText: string,
): Promise<void> {
  const row = instalmentRow(page, seq)
  await expect(row.locator('th, td').first()).toHaveText(String(seq))
  await expect(row).toHaveAttribute('data-status', status)
  await expect(row.locator('td').last()).toHaveText(statusText)
}
