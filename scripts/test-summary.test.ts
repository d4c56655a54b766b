import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { countReport, main, parseArgument, summaryLine } from './test-summary.mjs'

const dir = mkdtempSync(path.join(tmpdir(), 'test-summary-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Writes `content` (JSON unless a string) to a fresh file and returns its path. */
function report(name: string, content: unknown): string {
  const file = path.join(dir, name)
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content))
  return file
}

interface FileResult {
  name: string
  status?: 'passed' | 'failed'
  message?: string
  tests: string[]
}

/** A vitest JSON report with one file per entry of `files`. */
function vitestReport(files: FileResult[]) {
  return {
    numTotalTests: 0,
    testResults: files.map(({ name, status = 'passed', message = '', tests }) => ({
      name,
      status,
      message,
      assertionResults: tests.map((testStatus, index) => ({
        title: `case ${index}`,
        status: testStatus,
      })),
    })),
  }
}

/** A Playwright JSON report with the given stats and top-level errors. */
function playwrightReport(stats: Record<string, number>, errors: Array<{ message: string }> = []) {
  return {
    config: {},
    suites: [],
    errors,
    stats: { startTime: '2026-11-20T01:00:00.000Z', duration: 1, ...stats },
  }
}

describe('テスト結果の集計', () => {
  it('vitest の成功・失敗・スキップ・todo を数えること', () => {
    const file = report(
      'vitest.json',
      vitestReport([
        { name: 'a.test.ts', tests: ['passed', 'passed', 'skipped'] },
        { name: 'b.test.ts', status: 'failed', tests: ['passed', 'failed', 'todo', 'pending'] },
      ]),
    )
    expect(countReport(file)).toEqual({ passed: 3, failed: 1, skipped: 3, notes: [] })
  })

  it('読み込みに失敗したテストファイルを1件の失敗と数えること', () => {
    const file = report(
      'vitest-broken.json',
      vitestReport([
        { name: 'ok.test.ts', tests: ['passed'] },
        {
          name: 'broken.test.ts',
          status: 'failed',
          message: 'Cannot find module ./x\n    at y',
          tests: [],
        },
      ]),
    )
    expect(countReport(file)).toEqual({
      passed: 1,
      failed: 1,
      skipped: 0,
      notes: ['test file failed outside its tests: broken.test.ts Cannot find module ./x'],
    })
  })

  it('Playwright の flaky を成功、unexpected を失敗、skipped をスキップと数えること', () => {
    const file = report(
      'pw.json',
      playwrightReport({ expected: 7, unexpected: 2, flaky: 1, skipped: 3 }),
    )
    expect(countReport(file)).toEqual({ passed: 8, failed: 2, skipped: 3, notes: [] })
  })

  it('Playwright のプロジェクト（データベースのエンジン）が2つ以上なら、その内訳を添えること', () => {
    const test = (projectName: string, status: string) => ({ projectName, status })
    const file = report('pw-projects.json', {
      ...playwrightReport({ expected: 3, unexpected: 1, flaky: 1, skipped: 0 }),
      suites: [
        {
          specs: [{ tests: [test('postgres', 'expected'), test('pglite-smoke', 'expected')] }],
          suites: [
            {
              specs: [
                { tests: [test('postgres', 'unexpected'), test('pglite-smoke', 'flaky')] },
                { tests: [test('postgres', 'expected')] },
              ],
            },
          ],
        },
      ],
    })
    expect(countReport(file)).toEqual({
      passed: 4,
      failed: 1,
      skipped: 0,
      notes: ['by project: postgres 2 passed, 1 failed; pglite-smoke 2 passed, 0 failed'],
    })
  })

  it('Playwright のテスト外のエラー（global setup など）を1件ずつ失敗と数えること', () => {
    const file = report(
      'pw-setup.json',
      playwrightReport({ expected: 0, unexpected: 0, flaky: 0, skipped: 9 }, [
        { message: 'Error: GET /readyz did not answer 200\n--- server output ---' },
      ]),
    )
    expect(countReport(file)).toEqual({
      passed: 0,
      failed: 1,
      skipped: 9,
      notes: ['error outside a test: Error: GET /readyz did not answer 200'],
    })
  })

  it.each([
    [
      '存在しないレポート',
      path.join(dir, 'missing.json'),
      'report missing: the runner did not finish',
    ],
    [
      'JSON でないレポート',
      report('garbage.json', '{"testResults": ['),
      'report is not valid JSON',
    ],
    [
      '形式の違うレポート',
      report('other.json', { hello: 1 }),
      'not a vitest or Playwright JSON report',
    ],
  ])('%sを1件の失敗と数えること', (_title, file, note) => {
    expect(countReport(file)).toEqual({ passed: 0, failed: 1, skipped: 0, notes: [note] })
  })

  it('失敗のないレポートでも実行コマンドが0以外で終わったら1件の失敗と数えること', () => {
    const file = report('vitest-ok.json', vitestReport([{ name: 'a.test.ts', tests: ['passed'] }]))
    expect(countReport(file, 1)).toEqual({
      passed: 1,
      failed: 1,
      skipped: 0,
      notes: ['runner exited 1 with no failing test in its report'],
    })
    expect(countReport(file, 0)).toEqual({ passed: 1, failed: 0, skipped: 0, notes: [] })
  })

  it('失敗を含むレポートでは終了コードの分を重ねて数えないこと', () => {
    const file = report('pw-failed.json', playwrightReport({ expected: 1, unexpected: 2 }))
    expect(countReport(file, 1)).toEqual({ passed: 1, failed: 2, skipped: 0, notes: [] })
  })

  it.each([
    ['reports/pglite/unit.json=1', { path: 'reports/pglite/unit.json', exitCode: 1 }],
    ['reports/e2e.json', { path: 'reports/e2e.json', exitCode: 0 }],
    ['a=b.json=0', { path: 'a=b.json', exitCode: 0 }],
  ])('引数「%s」を読み取ること', (arg, expected) => {
    expect(parseArgument(arg)).toEqual(expected)
  })

  it.each([
    [{ passed: 12, failed: 0, skipped: 0 }, '12 passed, 0 failed'],
    [{ passed: 3, failed: 2, skipped: 1 }, '3 passed, 2 failed, 1 skipped'],
  ])('集計 %o を「%s」と表示すること', (total, expected) => {
    expect(summaryLine(total)).toBe(expected)
  })

  it('すべてのレポートを合計し、最後の行に集計を出して失敗があれば1で終わること', () => {
    const unit = report(
      'sum-unit.json',
      vitestReport([{ name: 'a.test.ts', tests: ['passed', 'failed'] }]),
    )
    const e2e = report('sum-e2e.json', playwrightReport({ expected: 4, flaky: 1 }))
    const lines: string[] = []
    const code = main([`${unit}=1`, `${e2e}=0`], (line) => lines.push(line))
    expect(code).toBe(1)
    expect(lines).toEqual([
      `  ${unit}: 1 passed, 1 failed`,
      `  ${e2e}: 5 passed, 0 failed`,
      '6 passed, 1 failed',
    ])
  })

  it('すべて成功なら0で終わること', () => {
    const e2e = report('all-ok.json', playwrightReport({ expected: 2 }))
    const lines: string[] = []
    expect(main([e2e], (line) => lines.push(line))).toBe(0)
    expect(lines.at(-1)).toBe('2 passed, 0 failed')
  })

  it('レポートが1つも渡されなければ失敗とすること', () => {
    const lines: string[] = []
    expect(main([], (line) => lines.push(line))).toBe(1)
    expect(lines).toEqual(['test-summary: no report given', '0 passed, 1 failed'])
  })
})
