// The `test` and `expect` every spec uses: baseURL is the shared server started by global setup,
// and `expectAccessible(page)` runs axe on the page as it is now.
import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Page } from '@playwright/test'

export { expect }

function sharedBaseURL(): string {
  const url = process.env.E2E_BASE_URL
  if (!url) throw new Error('E2E_BASE_URL is not set: run the specs through playwright.config.ts')
  return url
}

export const test = base.extend({
  baseURL: async ({ baseURL }, use) => {
    await use(baseURL ?? sharedBaseURL())
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
