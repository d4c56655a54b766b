import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from '@playwright/test'
import { e2eJsonReportPath } from './support/card-scan.ts'
import { CHROMIUM_PATH, chromiumArgs } from './support/chromium.ts'
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
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: CHROMIUM_PATH, args: [...chromiumArgs] },
  },
  // One project per engine (support/engines.ts): the whole suite on the first, the tests tagged
  // @smoke on the second. Global setup starts each engine's server before the workers, which
  // read its address here.
  projects: engineRuns().map((run) => ({
    name: projectName(run),
    metadata: { engine: run.engine },
    ...(run.scope === 'smoke' ? { grep: new RegExp(SMOKE_TAG) } : {}),
    use: { baseURL: process.env[baseUrlVariable(run.engine)] },
  })),
})
