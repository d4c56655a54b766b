// The `test` and `expect` every spec uses: baseURL is the shared server started by global setup,
// the browser's clock is installed (real time unless a test pins it) so tests can move it, and
// on the page as it is now.
import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Page } from '@playwright/test'

export { expect }

function sharedBaseURL(): string {
  const url = process.env.E2E_BASE_URL
  if (!url) throw new Error('E2E_BASE_URL is not set: run the specs through playwright.config.ts')
  return url
}

export interface E2eOptions {
  /**
   * Where the browser's clock starts (it runs on from there): today's real time by default, days
   * away from the server's pinned APP_NOW — as a user's PC clock may be. The app counts the
   * session's and the entry ticket's ends from the seconds the server gives, on its own clock.
   */
  browserNow: string | undefined
}

export const test = base.extend<E2eOptions>({
  baseURL: async ({ baseURL }, use) => {
    await use(baseURL ?? sharedBaseURL())
  },
  browserNow: [undefined, { option: true }],
  // page.clock.install() replaces `window.performance` with a fake whose getEntriesByType() is
  // always empty, so the app (lib/flow-tracker.ts documentNavigationType) would take every reload
  // for a typed address and send it to termsOfService (ADR 0003), which a real browser never
  // does. This script runs before the clock's (both are the context's, in the order added): when
  // the clock puts its fake in place, the fake's getEntriesByType('navigation') answers with the
  // real entries; everything else the clock fakes stays fake.
  context: async ({ context }, use) => {
    await context.addInitScript(() => {
      const real = window.performance
      let current: Performance = real
      Object.defineProperty(window, 'performance', {
        configurable: true,
        enumerable: true,
        get: () => current,
        set: (value: Performance) => {
          if (value !== real && typeof value === 'object' && value !== null) {
            const fakeEntriesByType = value.getEntriesByType.bind(value)
            value.getEntriesByType = (type: string) =>
              type === 'navigation' ? real.getEntriesByType(type) : fakeEntriesByType(type)
          }
          current = value
        },
      })
    })
    await use(context)
  },
  page: async ({ page, browserNow }, use) => {
    await page.clock.install(browserNow === undefined ? {} : { time: browserNow })
    await use(page)
  },
})

/** Runs axe (every rule it has) on the current page and expects no violation. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze()
  const violations = results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }))
  expect(violations, `axe violations on ${page.url()}`).toEqual([])
}
