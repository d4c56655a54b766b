import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

// One config for every workspace's unit and server tests; e2e runs under Playwright.
//
// Two kinds of test (ADR 0017):
// - unit (`shared`, `web`, `server`, `scripts`): no database; they answer the same on any engine
//   and run once (`npm run test:unit`).
// - `db`: the server's tests against a real database, named `*.db.test.ts`; they run on PGlite
//   and, with TEST_DATABASE_URL, on PostgreSQL (`npm run test:db`). createTestDatabase()
//   refuses to run outside this project (apps/server/test/helpers.ts), so a database test cannot
//   land in the unit run by mistake and run on one engine only.
//
// `isolate: false`: the files of a project share their worker's module cache (and, for `db`, the
// compiled PGlite module), which cut the suite from 296 s to about a third (ADR 0017). A test
// file must therefore leave nothing behind: no pending work after its last test, no mutated
// shared fixture.
const serverTests = ['src/**/*.test.ts', 'test/**/*.test.ts']
const databaseTestPattern = '**/*.db.test.ts'
// Three server processes on one PostgreSQL database (issue #19 point 5): PostgreSQL only, since
// PGlite is one process by design; `npm run test:processes`, in .ci/run's PostgreSQL section.
const processesTestPattern = '**/*.processes.test.ts'

export default defineConfig({
  test: {
    // Stated, because without isolation vitest 4 otherwise runs every file in one worker.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          isolate: false,
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: serverTests,
          exclude: [databaseTestPattern, processesTestPattern],
          environment: 'node',
          pool: 'forks',
          isolate: false,
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'db',
          root: './apps/server',
          include: serverTests.map((pattern) => pattern.replace(/\.test\.ts$/, '.db.test.ts')),
          environment: 'node',
          // PGlite runs on the main thread: each worker is a process of its own.
          pool: 'forks',
          isolate: false,
          globalSetup: ['./test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'processes',
          root: './apps/server',
          include: ['test/processes/**/*.processes.test.ts'],
          environment: 'node',
          pool: 'forks',
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
      './apps/web/vite.config.ts',
      './scripts/vitest.config.ts',
    ],
  },
})
