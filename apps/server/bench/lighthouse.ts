import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { LaunchedChrome } from 'chrome-launcher'
import type { Flags, Result, RunnerResult } from 'lighthouse'
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

// Lighthouse on the pages PRODUCT.md budgets: "Lighthouse, mobile profile, pamphlet and entry
// screens: performance >= 95, accessibility 100".
//
//   budget:       demo group A's pamphlet (server-rendered, ADR 0008), judged on the median
//                 performance score of `budgetedRuns` runs and on accessibility = 100 in every run
//   information:  the first entry screen (termsOfService, the SPA) and the system terms page,
//                 printed, never a failure
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
// Exit 0 when the budgets pass, 1 otherwise.

const repoRoot = path.resolve(serverDir, '../..')
const webDistDir = path.join(repoRoot, 'apps/web/dist')
const reportDir = path.join(repoRoot, 'reports', 'lighthouse')
/** a run that ends in a Lighthouse runtime error or without a score is tried this many times */
const RUN_ATTEMPTS = 2

interface DemoLinkDetails {
  groupPfCode: string
  groupPfCodeInceptionDateYm: string
  groupPfBranchNo: string
  urlKey: string
}

interface PageTarget {
  /** file name of its report */
  name: string
  label: string
  path: string
  budgeted: boolean
  /** the page that must answer: undefined when the preflight answer is it, else the problem */
  checkPreflight: (status: number, contentType: string, body: string) => string | undefined
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

const score = (value: number | null | undefined): number | undefined =>
  value === null || value === undefined ? undefined : Math.round(value * 100)

function formatMetric(name: MetricName, value: number | undefined): string {
  if (value === undefined) return '-'
  if (name === 'CLS') return value.toFixed(3)
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

function demoLinkOf(server: StartedServer): DemoLinkDetails {
  const link = server.details.groupA as Partial<DemoLinkDetails> | undefined
  const fields = ['groupPfCode', 'groupPfCodeInceptionDateYm', 'groupPfBranchNo', 'urlKey'] as const
  if (link === undefined || fields.some((field) => typeof link[field] !== 'string')) {
    throw new Error('the product server did not report demo group A')
  }
  return link as DemoLinkDetails
}

const SPA_SHELL = '<div id="root">'

function htmlPage(status: number, contentType: string): string | undefined {
  if (status !== 200) return `HTTP ${status}`
  if (!contentType.startsWith('text/html')) return `content-type ${contentType}`
  return undefined
}

function targets(link: DemoLinkDetails): PageTarget[] {
  const product = `${link.groupPfCode}/${link.groupPfCodeInceptionDateYm}/${link.groupPfBranchNo}/${link.urlKey}`
  return [
    {
      name: 'pamphlet-demo-a',
      label: `pamphlet (demo A ${link.groupPfCode})`,
      path: `/app/pamphlet/${product}`,
      budgeted: true,
      checkPreflight: (status, contentType, body) =>
        htmlPage(status, contentType) ??
        (body.includes(SPA_SHELL)
          ? 'answered by the SPA shell, not the server-rendered page of ADR 0008'
          : undefined),
    },
    {
      name: 'terms-of-service-demo-a',
      label: 'termsOfService (demo A, SPA)',
      path: `/app/ent/${product}/termsOfService`,
      budgeted: false,
      checkPreflight: htmlPage,
    },
    {
      name: 'system-terms',
      label: 'systemTermsOfServiceAndPolicies (SPA)',
      path: '/app/systemTermsOfServiceAndPolicies',
      budgeted: false,
      checkPreflight: htmlPage,
    },
  ]
}

async function measurePage(baseUrl: string, target: PageTarget): Promise<PageResult> {
  const url = `${baseUrl}${target.path}`
  const problems: string[] = []
  const answer = await fetch(url, { signal: AbortSignal.timeout(10_000) })
  const preflight = target.checkPreflight(
    answer.status,
    answer.headers.get('content-type') ?? '',
    await answer.text(),
  )
  if (preflight !== undefined) problems.push(`preflight: ${preflight}`)

  const count = target.budgeted
    ? lighthouseSettings.budgetedRuns
    : lighthouseSettings.informationalRuns
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
 * Section 3 of `npm run bench`: starts the product server, runs Lighthouse on each page and
 * prints the scores; a failed budget (or a budgeted page that cannot be measured) is added to
 * `failures`.
 */
export async function benchmarkLighthouse(failures: string[]): Promise<void> {
  out('== 3. Lighthouse, mobile profile (simulated throttling), Debian Chromium ==')
  if (await ensureWebBuilt(repoRoot, webDistDir)) {
    out('apps/web/dist was missing: built it with npm run build -w @app/web -- --manifest')
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
  out(
    `budget (PRODUCT.md, ${lighthouseSettings.budgetedRuns} runs, median): performance >= ` +
      `${lighthouseBudgets.performance}, accessibility = ${lighthouseBudgets.accessibility}`,
  )

  const results: PageResult[] = []
  for (const target of targets(demoLinkOf(server))) {
    results.push(await measurePage(baseUrl, target))
  }

  fs.mkdirSync(reportDir, { recursive: true })
  for (const result of results) {
    if (result.median === undefined) continue
    fs.writeFileSync(path.join(reportDir, `${result.target.name}.html`), result.median.report)
  }

  out()
  const rows = results.map((result) => {
    const run = result.median
    const performance = run?.performance
    const accessibility = run?.accessibility
    const role = result.target.budgeted ? 'budget' : 'info'
    const performanceOk = performance !== undefined && performance >= lighthouseBudgets.performance
    const accessibilityOk =
      result.runs.length > 0 &&
      result.runs.every((each) => each.accessibility === lighthouseBudgets.accessibility)
    return [
      result.target.label,
      role,
      result.runs.map((each) => String(each.performance ?? '-')).join('/') || '-',
      String(performance ?? '-'),
      result.target.budgeted ? verdict(performanceOk) : '',
      String(accessibility ?? '-'),
      result.target.budgeted ? verdict(accessibilityOk) : '',
      ...metricAudits.map(([name]) => formatMetric(name, run?.metrics[name])),
    ]
  })
  out(
    table(
      [
        [
          'page',
          'role',
          'perf runs',
          'perf',
          `>=${lighthouseBudgets.performance}`,
          'a11y',
          `=${lighthouseBudgets.accessibility}`,
          ...metricAudits.map(([name]) => name),
        ],
        ...rows,
      ],
      [false, false, true, true, false, true, false, true, true, true, true, true],
    ).join('\n'),
  )
  out('(perf and the metrics: the median run; a11y: every run must score 100)')

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
    out(`${result.target.label}${result.target.budgeted ? '' : ' (informational)'}:`)
    for (const line of lines) out(`  ${line}`)
  }
  out()
  out(`reports (median run): ${path.relative(repoRoot, reportDir)}/<page>.html`)

  for (const result of results.filter((each) => each.target.budgeted)) {
    const label = `lighthouse: ${result.target.label}`
    const run = result.median
    failures.push(...result.problems.map((problem) => `${label}: ${problem}`))
    if (run?.performance === undefined) {
      failures.push(`${label}: no performance score`)
    } else if (run.performance < lighthouseBudgets.performance) {
      failures.push(
        `${label}: performance ${run.performance} < ${lighthouseBudgets.performance} (median of ${result.runs.length})`,
      )
    }
    const accessibilityScores = result.runs.map((each) => each.accessibility)
    if (
      accessibilityScores.length === 0 ||
      accessibilityScores.some((value) => value !== lighthouseBudgets.accessibility)
    ) {
      failures.push(
        `${label}: accessibility ${accessibilityScores.map((value) => value ?? '-').join('/') || '-'} ` +
          `(budget = ${lighthouseBudgets.accessibility} in every run)`,
      )
    }
  }
}

// ---- on its own: npx tsx apps/server/bench/lighthouse.ts -------------------------------------

const STANDALONE_TIMEOUT_MS = 300_000

async function main(): Promise<number> {
  out(`Lighthouse bench: Node ${process.version}, ${new Date().toISOString()}`)
  const failures: string[] = []
  try {
    await benchmarkLighthouse(failures)
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
