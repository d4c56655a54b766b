#!/usr/bin/env node
// Sums the test results of every JSON report it is given and prints one line,
// `N passed, N failed` (then `, N skipped` when some were skipped), which .ci/run prints last.
//
// Usage: node scripts/test-summary.mjs REPORT[=EXIT_CODE] ...
//
// REPORT is a vitest JSON report (`--reporter=json`) or a Playwright JSON report (`json`
// reporter). `=EXIT_CODE` is the exit status of the command that wrote it: a runner that exited
// non-zero although its report shows no failing test (an unhandled error, a crash after the
// report) counts as one failure, and so does a report that is missing or unreadable (the runner
// never got as far as writing it). A test file that failed to load counts as one failure; so does
// each Playwright error outside a test (global setup, a spec that does not compile).
// Flaky-but-passed Playwright tests count as passed; skipped and todo tests as skipped.
// Every line goes to stdout, the summary last. Exits 0 when nothing failed, 1 otherwise.

import { readFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'

/** @typedef {{ passed: number, failed: number, skipped: number, notes: string[] }} Tally */

/** @returns {Tally} */
function emptyTally() {
  return { passed: 0, failed: 0, skipped: 0, notes: [] }
}

/**
 * @param {Record<string, unknown>} report a parsed vitest JSON report
 * @returns {Tally}
 */
function countVitest(report) {
  const tally = emptyTally()
  const files = /** @type {Array<Record<string, unknown>>} */ (report.testResults ?? [])
  for (const file of files) {
    const assertions = /** @type {Array<{ status?: string }>} */ (file.assertionResults ?? [])
    let failedHere = 0
    for (const assertion of assertions) {
      if (assertion.status === 'passed') tally.passed += 1
      else if (assertion.status === 'failed') {
        tally.failed += 1
        failedHere += 1
      } else tally.skipped += 1
    }
    // A file that fails to import or whose hooks throw reports no failing test of its own.
    if (file.status === 'failed' && failedHere === 0) {
      tally.failed += 1
      const message = typeof file.message === 'string' ? file.message.split('\n')[0] : ''
      tally.notes.push(`test file failed outside its tests: ${String(file.name)} ${message}`)
    }
  }
  return tally
}

/**
 * The tests of a Playwright report by project (one project per database engine, ADR 0017), from
 * each test's final status.
 * @param {Record<string, unknown>} report a parsed Playwright JSON report
 * @returns {Map<string, { passed: number, failed: number, skipped: number }>}
 */
export function projectCounts(report) {
  /** @type {Map<string, { passed: number, failed: number, skipped: number }>} */
  const counts = new Map()
  /**
   * @typedef {{ projectName?: string, status?: string }} PlaywrightTest
   * @typedef {{ specs?: Array<{ tests?: PlaywrightTest[] }>, suites?: PlaywrightSuite[] }} PlaywrightSuite
   */
  /** @param {PlaywrightSuite} suite */
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const name = String(test.projectName ?? '')
        const entry = counts.get(name) ?? { passed: 0, failed: 0, skipped: 0 }
        if (test.status === 'expected' || test.status === 'flaky') entry.passed += 1
        else if (test.status === 'skipped') entry.skipped += 1
        else entry.failed += 1
        counts.set(name, entry)
      }
    }
    for (const child of suite.suites ?? []) visit(child)
  }
  for (const suite of /** @type {PlaywrightSuite[]} */ (report.suites ?? [])) visit(suite)
  return counts
}

/**
 * @param {Record<string, unknown>} report a parsed Playwright JSON report
 * @returns {Tally}
 */
function countPlaywright(report) {
  const tally = emptyTally()
  const stats = /** @type {Record<string, number>} */ (report.stats)
  tally.passed = (stats.expected ?? 0) + (stats.flaky ?? 0)
  tally.failed = stats.unexpected ?? 0
  tally.skipped = stats.skipped ?? 0
  const projects = projectCounts(report)
  if (projects.size > 1) {
    tally.notes.push(
      `by project: ${[...projects].map(([name, counts]) => `${name} ${summaryLine(counts)}`).join('; ')}`,
    )
  }
  const errors = /** @type {Array<{ message?: string }>} */ (report.errors ?? [])
  for (const error of errors) {
    tally.failed += 1
    tally.notes.push(`error outside a test: ${(error.message ?? '').split('\n')[0]}`)
  }
  return tally
}

/**
 * Counts one report file.
 * @param {string} path
 * @param {number} exitCode the exit status of the runner that wrote it (0 when not given)
 * @returns {Tally}
 */
export function countReport(path, exitCode = 0) {
  let text
  try {
    text = readFileSync(path, 'utf8')
  } catch {
    const tally = emptyTally()
    tally.failed = 1
    tally.notes.push('report missing: the runner did not finish')
    return tally
  }
  /** @type {unknown} */
  let parsed
  try {
    parsed = JSON.parse(text)
  } catch {
    const tally = emptyTally()
    tally.failed = 1
    tally.notes.push('report is not valid JSON')
    return tally
  }
  const report = /** @type {Record<string, unknown>} */ (
    parsed !== null && typeof parsed === 'object' ? parsed : {}
  )
  let tally
  if (Array.isArray(report.testResults)) {
    tally = countVitest(report)
  } else if (report.stats && typeof report.stats === 'object' && Array.isArray(report.suites)) {
    tally = countPlaywright(report)
  } else {
    tally = emptyTally()
    tally.failed = 1
    tally.notes.push('not a vitest or Playwright JSON report')
    return tally
  }
  if (exitCode !== 0 && tally.failed === 0) {
    tally.failed = 1
    tally.notes.push(`runner exited ${exitCode} with no failing test in its report`)
  }
  if (exitCode === 0 && tally.passed + tally.failed === 0) {
    tally.notes.push('no test ran')
  }
  return tally
}

/**
 * Parses `path` or `path=exitCode`.
 * @param {string} arg
 * @returns {{ path: string, exitCode: number }}
 */
export function parseArgument(arg) {
  const match = /^(.*)=(\d+)$/.exec(arg)
  if (match?.[1] && match[2] !== undefined) return { path: match[1], exitCode: Number(match[2]) }
  return { path: arg, exitCode: 0 }
}

/**
 * @param {{ passed: number, failed: number, skipped: number }} total
 * @returns {string}
 */
export function summaryLine(total) {
  const line = `${total.passed} passed, ${total.failed} failed`
  return total.skipped > 0 ? `${line}, ${total.skipped} skipped` : line
}

/**
 * @param {string[]} args command-line arguments
 * @param {(line: string) => void} out where each line goes, the summary last
 * @returns {number} the exit code
 */
export function main(args, out) {
  const reports = args.filter((arg) => !arg.startsWith('--'))
  const total = { passed: 0, failed: 0, skipped: 0 }
  if (reports.length === 0) {
    out('test-summary: no report given')
    total.failed = 1
  }
  for (const arg of reports) {
    const { path, exitCode } = parseArgument(arg)
    const tally = countReport(path, exitCode)
    total.passed += tally.passed
    total.failed += tally.failed
    total.skipped += tally.skipped
    out(`  ${path}: ${summaryLine(tally)}`)
    for (const note of tally.notes) out(`    ${note}`)
  }
  out(summaryLine(total))
  return total.failed === 0 ? 0 : 1
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2), (line) => process.stdout.write(`${line}\n`))
}
