import { cleanup, configure } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'

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
