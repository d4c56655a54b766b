import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest'

// findBy… and waitFor give up after 3 s rather than 1 s: with every screen's tests running side
// by side on a 2-core machine, a screen's first lazy chunk can take longer than a second to
// transform. A test that passes still passes as fast as before.
configure({ asyncUtilTimeout: 3000 })

// STYLE.md §10: an unexpected console.error fails the test. A test that expects one takes it
// with `expectConsoleError()`.
let consoleErrors: unknown[][] = []
let expectedConsoleErrors = 0

export function expectConsoleError(count = 1): void {
  expectedConsoleErrors += count
}

beforeEach(() => {
  consoleErrors = []
  expectedConsoleErrors = 0
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args)
  })
})

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.useRealTimers()
  window.sessionStorage.clear()
  const unexpected = consoleErrors.slice(expectedConsoleErrors)
  if (unexpected.length > 0) {
    throw new Error(
      `unexpected console.error:\n${unexpected.map((args) => args.map(String).join(' ')).join('\n')}`,
    )
  }
})

// The files of a worker share one window (vite.config.ts `isolate: false`, ADR 0017): what a file
// stubbed for its tests goes with it.
afterAll(() => {
  vi.unstubAllGlobals()
  vi.unstubAllEnvs()
})

// The app loads its screens on demand. Without isolation a file that ends while one of those
// imports is still on its way would leave it pending for the next file of the worker, whose
// screen then never appears: every lazy module is loaded before the first test instead. (One that
// a file mocks to fail, as chunk-load.test.tsx does, fails here too, and again in its test.)
beforeAll(async () => {
  const { screens } = await import('../app/route-table.ts')
  await Promise.allSettled([
    ...screens.map((screen) => screen.load()),
    import('../features/payment/payment-initialisation.ts'),
    import('../features/my-page/home-initialisation.ts'),
    import('../features/entry/access-storage.ts'),
    import('../features/payment/puzzle-solver.ts'),
    import('../features/entry/components/recruitment-closed.tsx'),
  ])
})

// What a file stubbed for its tests goes with it: the next file of the worker shares the window.
afterAll(() => {
  vi.unstubAllGlobals()
  vi.unstubAllEnvs()
})
