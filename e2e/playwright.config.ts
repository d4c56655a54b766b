import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from '@playwright/test'
import { e2eJsonReportPath } from './support/card-scan.ts'
import { CHROMIUM_PATH, chromiumArgs } from './support/chromium.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
const repoRoot = path.resolve(here, '..')

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
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
    // Set by global setup before the workers start; the fixtures in support/test.ts read it too.
    baseURL: process.env.E2E_BASE_URL,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        browserName: 'chromium',
        viewport: { width: 1280, height: 800 },
        launchOptions: { executablePath: CHROMIUM_PATH, args: [...chromiumArgs] },
      },
    },
  ],
})
