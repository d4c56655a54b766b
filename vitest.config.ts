import { defineConfig } from 'vitest/config'

// One run covers every workspace's unit and server tests; e2e runs under Playwright.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          // PGlite runs on the main thread: keep server suites in separate forks.
          pool: 'forks',
          globalSetup: ['./test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './apps/web/vite.config.ts',
      './scripts/vitest.config.ts',
    ],
  },
})
