import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { LaunchedChrome } from 'chrome-launcher'
import type { Flags, Result, RunnerResult } from 'lighthouse'
import { appHref, enrolmentPath, myPageLoginHref, pamphletPath, systemTermsPath } from '@app/shared'
import { ensureWebBuilt } from './bundle-size.ts'
import {
  cleanUp,
  makeTempDir,
  serverDir,
  startServer,
  trackStop,
  type StartedServer,
} from './processes.ts'
import { out, table, verdict } from './report-format.ts'
import { lighthouseBudgets, lighthouseServerEnv, lighthouseSettings } from './settings.ts'

// Lighthouse on the landing screens (PRODUCT.md "Budgets", issue #22 point 2): for each demo
// group the product server reports (A, B, C, D), its pamphlet (server-rendered, ADR 0008), its
// first entry screen (termsOfService) and its my-page login, and the system terms page once.
// Every page is budgeted (settings.ts lighthouseBudgets) and measured `lighthouseSettings.runs`
// times; its median run by performance score judges performance >= 95, LCP <= 2.0 s,
// TBT <= 200 ms and CLS = 0 (Lighthouse's numericValue, exactly 0); accessibility must be 100 in
// every run. A group's page is left out only when the group has no such page (the server answers
// it 404): printed, with the reason.
//
// Lighthouse 12.8 runs here with its default configuration: the mobile profile (formFactor
// mobile, Moto G Power screen emulation) and simulated throttling (slow 4G: 150 ms RTT,
// 1.6 Mbit/s; CPU ×4), so the score is computed from the observed load by Lighthouse's simulator
// rather than by slowing the machine down. Each run gets a fresh Debian Chromium
// (chrome-launcher, its own temporary profile). The product server runs in its own process
// (product-server.ts --production: NODE_ENV=production, maintenance window off, a fresh PGlite
// with the demo data, the built web app in apps/web/dist, built first if missing), so Lighthouse
// and the server do not share an event loop.
//
// The HTML report of every measured page is written to reports/lighthouse/.
//
// usage: npx tsx apps/server/bench/lighthouse.ts     (also section 3 of `npm run bench`)
//        npx tsx apps/server/bench/lighthouse.ts --only terms-of-service-demo-a
//          measures only the pages whose name contains the text (a comparison; never a pass)
// Exit 0 when the budgets pass, 1 otherwise.

const repoRoot = path.resolve(serverDir, '../..')
const webDistDir = path.join(repoRoot, 'apps/web/dist')
const reportDir = path.join(repoRoot, 'reports', 'lighthouse')
/** a run that ends in a Lighthouse runtime error or without a score is tried this many times */
const RUN_ATTEMPTS = 2
/** the section on its own is stopped after this (13 pages × 3 runs: 8.3 minutes measured) */
const STANDALONE_TIMEOUT_MS = 30 * 60_000

interface DemoLinkDetails {
  /** A, B, C, D: the order the product server reports them in */
  letter: string
  groupPfCode: string
  groupPfCodeInceptionDateYm: string
  groupPfBranchNo: string
  urlKey: string
}

/** What the preflight request found: the page, no such page (left out), or a problem. */
type Preflight =
  { kind: 'page' } | { kind: 'absent'; why: string } | { kind: 'problem'; why: string }

interface PageTarget {
  /** file name of its report */
  name: string
  label: string
  path: string
  checkPreflight: (status: number, contentType: string, body: string) => Preflight
}

const metricAudits = [
  ['FCP', 'first-contentful-paint'],
  ['LCP', 'largest-contentful-paint'],
  ['TBT', 'total-blocking-time'],
  ['CLS', 'cumulative-layout-shift'],
  ['SI', 'speed-index'],
] as const
type MetricName = (typeof metricAudits)[number][0]

interface RunSummary {
  /** score × 100; undefined when Lighthouse could not compute it */
  performance: number | undefined
  accessibility: number | undefined
  metrics: Record<MetricName, number | undefined>
  finalUrl: string
  /** requests that failed or answered >= 400 (url and status) */
  failedRequests: string[]
  accessibilityProblems: string[]
  opportunities: string[]
  warnings: string[]
  runtimeError: string | undefined
  report: string
}

interface PageResult {
  target: PageTarget
  runs: RunSummary[]
  /** the run whose performance score is the median */
  median: RunSummary | undefined
  problems: string[]
}

interface BudgetCheck {
  /** column head: the budget */
  budget: string
  /** the measured figure, as printed */
  figure: string
  ok: boolean
}

const score = (value: number | null | undefined): number | undefined =>
  value === null || value === undefined ? undefined : Math.round(value * 100)

function formatMetric(name: MetricName, value: number | undefined): string {
  if (value === undefined) return '-'
  // anything but an exact 0 fails the budget, so a tiny shift must not print as 0.000
  if (name === 'CLS') return value === 0 ? '0' : String(Number(value.toPrecision(2)))
  if (name === 'TBT') return `${Math.round(value)} ms`
  return `${(value / 1000).toFixed(2)} s`
}

/** The parts of a Lighthouse result this report prints. */
function summarize(lhr: Result, report: string): RunSummary {
  const audit = (id: string) => lhr.audits[id]
  const metrics = Object.fromEntries(
    metricAudits.map(([name, id]) => [name, audit(id)?.numericValue ?? undefined]),
  ) as Record<MetricName, number | undefined>

  const requestItems =
    (audit('network-requests')?.details as { items?: Record<string, unknown>[] } | undefined)
      ?.items ?? []
  const failedRequests = requestItems.flatMap((item) => {
    const status = typeof item.statusCode === 'number' ? item.statusCode : -1
    const finished = item.finished !== false
    return status >= 400 || status <= 0 || !finished
      ? [`${String(item.url)} (${status > 0 ? `HTTP ${status}` : 'failed'})`]
      : []
  })

  const accessibilityProblems = (lhr.categories.accessibility?.auditRefs ?? []).flatMap((ref) => {
    const result = audit(ref.id)
    if (ref.weight === 0 || result === undefined || result.score === null || result.score >= 1) {
      return []
    }
    const items =
      (result.details as { items?: { node?: { selector?: string } }[] } | undefined)?.items ?? []
    const selectors = items.flatMap((item) =>
      item.node?.selector === undefined ? [] : [item.node.selector],
    )
    const where = selectors.length > 0 ? `: ${selectors.slice(0, 5).join(', ')}` : ''
    return [`${ref.id} (${result.title})${where}`]
  })

  const opportunities = Object.values(lhr.audits).flatMap((result) => {
    const details = result.details as { type?: string; overallSavingsMs?: number } | undefined
    const savings = details?.overallSavingsMs ?? 0
    return details?.type === 'opportunity' && savings >= 50
      ? [`${result.id}: ${result.title} (about ${Math.round(savings)} ms)`]
      : []
  })

  return {
    performance: score(lhr.categories.performance?.score),
    accessibility: score(lhr.categories.accessibility?.score),
    metrics,
    finalUrl: lhr.finalDisplayedUrl,
    failedRequests,
    accessibilityProblems,
    opportunities,
    warnings: lhr.runWarnings.map(String),
    runtimeError:
      lhr.runtimeError === undefined
        ? undefined
        : `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`,
    report,
  }
}

/** One Lighthouse run in a fresh Chromium, stopped after runTimeoutMs. */
async function runOnce(url: string): Promise<RunSummary> {
  const [{ launch }, { default: lighthouse }] = await Promise.all([
    import('chrome-launcher'),
    import('lighthouse'),
  ])
  const chrome: LaunchedChrome = await launch({
    chromePath: lighthouseSettings.chromiumPath,
    chromeFlags: [...lighthouseSettings.chromiumFlags],
    handleSIGINT: false,
    logLevel: 'silent',
  })
  const untrack = trackStop(() => chrome.kill())
  let timer: NodeJS.Timeout | undefined
  try {
    const flags: Flags = {
      port: chrome.port,
      output: 'html',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      maxWaitForLoad: lighthouseSettings.maxWaitForLoadMs,
    }
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no result within ${lighthouseSettings.runTimeoutMs / 1000} s`)),
        lighthouseSettings.runTimeoutMs,
      )
    })
    const result: RunnerResult | undefined = await Promise.race([lighthouse(url, flags), timeout])
    if (result === undefined) throw new Error('Lighthouse returned no result')
    const report = Array.isArray(result.report) ? (result.report[0] ?? '') : result.report
    return summarize(result.lhr, report)
  } finally {
    clearTimeout(timer)
    chrome.kill()
    untrack()
  }
}

function demoLinksOf(server: StartedServer): DemoLinkDetails[] {
  const groups = server.details.groups
  const fields = ['groupPfCode', 'groupPfCodeInceptionDateYm', 'groupPfBranchNo', 'urlKey'] as const
  if (!Array.isArray(groups) || groups.length === 0) {
    throw new Error('the product server did not report its demo groups')
  }
  return groups.map((group: Partial<Record<(typeof fields)[number], unknown>>, index) => {
    if (fields.some((field) => typeof group[field] !== 'string')) {
      throw new Error(`the product server reported demo group ${index + 1} without its link`)
    }
    return {
      ...(group as Omit<DemoLinkDetails, 'letter'>),
      letter: String.fromCharCode('A'.charCodeAt(0) + index),
    }
  })
}

const SPA_SHELL = '<div id="root">'

function htmlPage(status: number, contentType: string): Preflight {
  if (status !== 200) return { kind: 'problem', why: `HTTP ${status}` }
  if (!contentType.startsWith('text/html')) {
    return { kind: 'problem', why: `content-type ${contentType}` }
  }
  return { kind: 'page' }
}

/** The server-rendered pamphlet (ADR 0008); 404 is the group without one. */
function pamphletPage(status: number, contentType: string, body: string): Preflight {
  if (status === 404) return { kind: 'absent', why: 'the server answers its pamphlet 404' }
  const page = htmlPage(status, contentType)
  if (page.kind !== 'page') return page
  return body.includes(SPA_SHELL)
    ? {
        kind: 'problem',
        why: 'answered by the SPA shell, not the server-rendered page of ADR 0008',
      }
    : page
}

/** A landing page the server renders (ADR 0036): its data element shows that it was. */
function serverRenderedPage(status: number, contentType: string, body: string): Preflight {
  const page = htmlPage(status, contentType)
  if (page.kind !== 'page') return page
  return body.includes('id="server-rendered-data"')
    ? page
    : {
        kind: 'problem',
        why: 'answered by the plain app page, not rendered by the server (ADR 0036)',
      }
}

function targets(links: DemoLinkDetails[]): PageTarget[] {
  const pages = links.flatMap((link): PageTarget[] => {
    const group = `demo ${link.letter} ${link.groupPfCode}`
    const slug = `demo-${link.letter.toLowerCase()}`
    return [
      {
        name: `pamphlet-${slug}`,
        label: `pamphlet (${group})`,
        path: appHref(pamphletPath(link)),
        checkPreflight: pamphletPage,
      },
      {
        name: `terms-of-service-${slug}`,
        label: `termsOfService (${group})`,
        path: appHref(enrolmentPath(link, 'termsOfService')),
        checkPreflight: serverRenderedPage,
      },
      {
        name: `my-page-login-${slug}`,
        label: `my-page login (${group})`,
        path: myPageLoginHref(link),
        checkPreflight: serverRenderedPage,
      },
    ]
  })
  return [
    ...pages,
    {
      name: 'system-terms',
      label: 'systemTermsOfServiceAndPolicies',
      path: appHref(systemTermsPath),
      checkPreflight: serverRenderedPage,
    },
  ]
}

/** The page's preflight answer: whether it is there to measure. */
async function preflightOf(baseUrl: string, target: PageTarget): Promise<Preflight> {
  const answer = await fetch(`${baseUrl}${target.path}`, { signal: AbortSignal.timeout(10_000) })
  return target.checkPreflight(
    answer.status,
    answer.headers.get('content-type') ?? '',
    await answer.text(),
  )
}

async function measurePage(
  baseUrl: string,
  target: PageTarget,
  preflight: Preflight,
): Promise<PageResult> {
  const url = `${baseUrl}${target.path}`
  const problems: string[] = []
  if (preflight.kind === 'problem') problems.push(`preflight: ${preflight.why}`)

  const count = lighthouseSettings.runs
  const runs: RunSummary[] = []
  for (let index = 0; index < count; index += 1) {
    process.stdout.write(`  ${target.label}: run ${index + 1}/${count} ...`)
    // Lighthouse's own trace hiccups (NO_NAVSTART, NO_FCP…) say "run Lighthouse again": one retry.
    for (let attempt = 1; attempt <= RUN_ATTEMPTS; attempt += 1) {
      try {
        const run = await runOnce(url)
        const isUsable = run.runtimeError === undefined && run.performance !== undefined
        if (!isUsable && attempt < RUN_ATTEMPTS) {
          process.stdout.write(` (${run.runtimeError ?? 'no performance score'}: again)`)
          continue
        }
        runs.push(run)
        out(
          ` performance ${run.performance ?? '-'}, accessibility ${run.accessibility ?? '-'}` +
            `${run.runtimeError === undefined ? '' : ` (${run.runtimeError})`}`,
        )
        break
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        if (attempt < RUN_ATTEMPTS) {
          process.stdout.write(` (${message}: again)`)
          continue
        }
        out(` ERROR ${message}`)
        problems.push(`run ${index + 1}: ${message}`)
      }
    }
  }
  const measured = runs
    .filter((run) => run.performance !== undefined)
    .sort((a, b) => (a.performance ?? 0) - (b.performance ?? 0))
  const median = measured[Math.floor((measured.length - 1) / 2)] ?? runs[0]
  for (const run of runs) {
    if (run.runtimeError !== undefined) problems.push(`Lighthouse: ${run.runtimeError}`)
    for (const request of run.failedRequests) problems.push(`failed request ${request}`)
  }
  return { target, runs, median, problems: [...new Set(problems)] }
}

/**
 * Each budget of a page, judged on its median run (accessibility: on every run). A page without a
 * usable run fails every budget.
 */
function budgetChecks(result: PageResult): BudgetCheck[] {
  const { performance, accessibility, lcpMs, tbtMs, cls } = lighthouseBudgets
  const run = result.median
  const metric = (name: MetricName) => run?.metrics[name]
  const atMost = (value: number | undefined, limit: number) => value !== undefined && value <= limit
  const lcp = metric('LCP')
  const tbt = metric('TBT')
  const shift = metric('CLS')
  const accessibilityScores = result.runs.map((each) => each.accessibility)
  return [
    {
      budget: `perf>=${performance}`,
      figure: String(run?.performance ?? '-'),
      ok: run?.performance !== undefined && run.performance >= performance,
    },
    {
      budget: `LCP<=${(lcpMs / 1000).toFixed(1)}s`,
      figure: formatMetric('LCP', lcp),
      ok: atMost(lcp, lcpMs),
    },
    { budget: `TBT<=${tbtMs}ms`, figure: formatMetric('TBT', tbt), ok: atMost(tbt, tbtMs) },
    { budget: `CLS=${cls}`, figure: formatMetric('CLS', shift), ok: atMost(shift, cls) },
    {
      budget: `a11y=${accessibility}`,
      figure: accessibilityScores.map((value) => value ?? '-').join('/') || '-',
      ok:
        accessibilityScores.length > 0 &&
        accessibilityScores.every((value) => value === accessibility),
    },
  ]
}

/**
 * Section 3 of `npm run bench`: starts the product server, runs Lighthouse on each landing
 * screen and prints the scores; every failed budget (or a page that cannot be measured) is added
 * to `failures` with the page and the figure.
 */
export async function benchmarkLighthouse(
  failures: string[],
  options: { only?: string } = {},
): Promise<void> {
  out('== 3. Lighthouse, mobile profile (simulated throttling), Debian Chromium ==')
  const sectionStarted = Date.now()
  if (await ensureWebBuilt(repoRoot, webDistDir)) {
    out('apps/web/dist or dist-ssr was missing: built them with npm run build -w @app/web')
  }
  const builtAt = fs.statSync(path.join(webDistDir, 'index.html')).mtime.toISOString()
  const started = Date.now()
  const server = await startServer({
    name: 'product server (production settings)',
    script: 'product-server.ts',
    args: [makeTempDir('bench-lighthouse-pglite-'), new Date().toISOString(), '--production'],
  })
  const baseUrl = `http://127.0.0.1:${server.port}`
  const env = Object.entries(lighthouseServerEnv)
    .map(([key, value]) => `${key}=${value}`)
    .join(' ')
  out(
    `product server: buildApp on a fresh PGlite with the demo data, pid ${server.child.pid}, ` +
      `${baseUrl}, ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  )
  out(`  env ${env}; clock ${String(server.details.now)}`)
  out(`  web app: ${path.relative(repoRoot, webDistDir)} (index.html of ${builtAt})`)
  const { performance, lcpMs, tbtMs, cls, accessibility } = lighthouseBudgets
  out(
    `budgets (PRODUCT.md, issue #22 point 2; ${lighthouseSettings.runs} runs a page): on the ` +
      `median run by performance score, performance >= ${performance}, LCP <= ${lcpMs} ms, ` +
      `TBT <= ${tbtMs} ms, CLS = ${cls}; accessibility = ${accessibility} in every run`,
  )

  const links = demoLinksOf(server)
  out(`demo groups: ${links.map((link) => `${link.letter} ${link.groupPfCode}`).join(', ')}`)
  const results: PageResult[] = []
  const absent: string[] = []
  const chosen = targets(links).filter(
    (target) => options.only === undefined || target.name.includes(options.only),
  )
  if (chosen.length === 0) throw new Error(`no landing page's name contains ${options.only}`)
  if (options.only !== undefined) {
    out(`only the pages whose name contains "${options.only}": not the whole budget`)
    failures.push(`lighthouse: --only ${options.only} measures part of the pages`)
  }
  for (const target of chosen) {
    const preflight = await preflightOf(baseUrl, target)
    if (preflight.kind === 'absent') {
      absent.push(`${target.label}: left out, ${preflight.why} (${target.path})`)
      out(`  ${target.label}: left out, ${preflight.why}`)
      continue
    }
    results.push(await measurePage(baseUrl, target, preflight))
  }

  fs.mkdirSync(reportDir, { recursive: true })
  for (const result of results) {
    if (result.median === undefined) continue
    fs.writeFileSync(path.join(reportDir, `${result.target.name}.html`), result.median.report)
  }

  out()
  const checked = results.map((result) => ({ result, checks: budgetChecks(result) }))
  const heads = checked[0]?.checks.map((check) => check.budget) ?? []
  const rows = checked.map(({ result, checks }) => [
    result.target.label,
    result.runs.map((each) => String(each.performance ?? '-')).join('/') || '-',
    ...checks.flatMap((check) => [check.figure, verdict(check.ok)]),
    formatMetric('FCP', result.median?.metrics.FCP),
    formatMetric('SI', result.median?.metrics.SI),
  ])
  out(
    table(
      [
        [
          'page',
          'perf runs',
          ...heads.flatMap((head) => [head.replace(/[<>=].*$/, ''), head]),
          'FCP',
          'SI',
        ],
        ...rows,
      ],
      [false, true, ...heads.flatMap(() => [true, false]), true, true],
    ).join('\n'),
  )
  out(
    '(perf, LCP, TBT, CLS, FCP, SI: the median run by performance score; a11y: every run, ' +
      'each must score 100)',
  )
  for (const line of absent) out(line)

  for (const result of results) {
    const run = result.median
    const lines = [
      ...result.problems.map((problem) => `ERROR ${problem}`),
      ...(run?.accessibilityProblems ?? []).map((problem) => `accessibility: ${problem}`),
      ...(run?.opportunities ?? []).map((opportunity) => `opportunity: ${opportunity}`),
      ...(run?.warnings ?? []).map((warning) => `warning: ${warning}`),
    ]
    if (run !== undefined && run.finalUrl !== `${baseUrl}${result.target.path}`) {
      lines.unshift(`final URL: ${run.finalUrl}`)
    }
    if (lines.length === 0) continue
    out()
    out(`${result.target.label}:`)
    for (const line of lines) out(`  ${line}`)
  }
  out()
  out(`reports (median run): ${path.relative(repoRoot, reportDir)}/<page>.html`)
  const pass = checked.filter(({ checks }) => checks.every((check) => check.ok)).length
  out(
    `${pass} of ${checked.length} pages within every budget; section wall time ` +
      `${((Date.now() - sectionStarted) / 60_000).toFixed(1)} min`,
  )

  for (const { result, checks } of checked) {
    const label = `lighthouse: ${result.target.label}`
    failures.push(...result.problems.map((problem) => `${label}: ${problem}`))
    for (const check of checks.filter((each) => !each.ok)) {
      const basis = check.budget.startsWith('a11y')
        ? 'every run'
        : `median of ${result.runs.length} runs`
      failures.push(
        `${label}: ${check.budget.replace(/[<>=].*$/, '')} ${check.figure}, budget ` +
          `${check.budget} (${basis})`,
      )
    }
  }
}

// ---- on its own: npx tsx apps/server/bench/lighthouse.ts -------------------------------------

async function main(): Promise<number> {
  out(`Lighthouse bench: Node ${process.version}, ${new Date().toISOString()}`)
  const failures: string[] = []
  try {
    const onlyAt = process.argv.indexOf('--only')
    const only = onlyAt === -1 ? undefined : process.argv[onlyAt + 1]
    await benchmarkLighthouse(failures, { only })
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error)
    out(`ERROR ${message}`)
    failures.push(`lighthouse: ${message.split('\n')[0] ?? ''}`)
  } finally {
    await cleanUp()
  }
  out()
  if (failures.length === 0) {
    out('RESULT: every Lighthouse budget PASSES')
    return 0
  }
  out(`RESULT: FAIL (${failures.length})`)
  for (const failure of failures) out(`  - ${failure}`)
  return 1
}

const isMain =
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)

if (isMain) {
  const hardStop = setTimeout(() => {
    process.stderr.write(`lighthouse: still running after ${STANDALONE_TIMEOUT_MS / 1000} s\n`)
    void cleanUp().finally(() => process.exit(1))
  }, STANDALONE_TIMEOUT_MS)
  hardStop.unref()
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      process.stderr.write(`\nlighthouse: ${signal}: stopping the server and Chromium\n`)
      void cleanUp().finally(() => process.exit(130))
    })
  }
  void main().then((code) => process.exit(code))
}
