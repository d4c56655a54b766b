import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from '@playwright/test'
import { e2eJsonReportPath } from './support/card-scan.ts'
import { chromiumArgs, e2eBrowserPath } from './support/chromium.ts'
import { baseUrlVariable, engineRuns, projectName, SMOKE_TAG } from './support/engines.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
const repoRoot = path.resolve(here, '..')

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  // Measured on 2 cores (ADR 0017): the browser, the server and axe keep both busy with 2.
  workers: 2,
  retries: 0,
  forbidOnly: true,
  fullyParallel: false,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  outputDir: path.join(repoRoot, 'test-results', 'e2e'),
  reporter: [
    ['list'],
    // reports/e2e.json (E2E_JSON_REPORT overrides); global teardown writes card-scan.json beside it
    ['json', { outputFile: e2eJsonReportPath() }],
  ],
  use: {
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    // Tracing records every action's page snapshot in every test: a quarter of the suite's time
    // (ADR 0017). E2E_TRACE=1 keeps a trace of each failing test for debugging.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: e2eBrowserPath(), args: [...chromiumArgs] },
  },
  // One project per engine (support/engines.ts): the whole suite on one, the tests tagged @smoke
  // on the other. Global setup starts each engine's server before the workers, which read its
  // address here. The smoke project comes first: its few long journeys start early and the run
  // ends on the whole suite's short tests instead of on them (ADR 0017).
  projects: [...engineRuns()].reverse().map((run) => ({
    name: projectName(run),
    metadata: { engine: run.engine },
    ...(run.scope === 'smoke' ? { grep: new RegExp(SMOKE_TAG) } : {}),
    use: { baseURL: process.env[baseUrlVariable(run.engine)] },
  })),
})
