// The `test` and `expect` every spec uses: baseURL is the server of the test's engine that global
// setup started (support/engines.ts); the browser's clock is installed (real time unless a test
// pins it) so tests can move it; expectAccessible runs axe once per screen state of the run.
import { createHash } from 'node:crypto'
import { closeSync, openSync } from 'node:fs'
import path from 'node:path'
import axe from 'axe-core'
import { test as base, expect, type Page } from '@playwright/test'
import { baseUrlVariable, currentEngine } from './engines.ts'
import { runSubfolder } from './run-dir.ts'

export { expect }

/** The address of the running test's engine's server (global-setup.ts). */
function engineBaseURL(): string {
  const variable = baseUrlVariable(currentEngine())
  const url = process.env[variable]
  if (!url) throw new Error(`${variable} is not set: run the specs through playwright.config.ts`)
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
    await use(baseURL ?? engineBaseURL())
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

/**
 * What axe's rules can tell apart on the page, without the data in it: every element with its
 * attributes (styles, classes, roles, states and types as they are; references such as id, for
 * and aria-describedby only as present; texts such as href, alt and aria-label only as empty or
 * not), whether it has text of its own, and the text of <style> elements. Two pages with the same
 * fingerprint are the same screen state for axe: the same screen holding other data.
 */
function screenStateFingerprint(): string {
  const references = new Set([
    'id',
    'for',
    'headers',
    'aria-describedby',
    'aria-labelledby',
    'aria-controls',
    'aria-owns',
    'aria-activedescendant',
    'aria-errormessage',
    'list',
    'form',
  ])
  const contents = new Set([
    'value',
    'href',
    'src',
    'srcset',
    'alt',
    'title',
    'aria-label',
    'aria-valuetext',
    'aria-valuenow',
    'name',
    'action',
    'datetime',
    'download',
    'content',
  ])
  const lines: string[] = []
  const visit = (element: Element, depth: number): void => {
    const attributes = [...element.attributes].map(({ name, value }) => {
      if (references.has(name)) return name
      if (contents.has(name)) return `${name}${value === '' ? '=' : '+'}`
      return `${name}=${value}`
    })
    const hasText = [...element.childNodes].some(
      (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
    )
    const text =
      element.tagName === 'STYLE' ? ` ${element.textContent ?? ''}` : hasText ? ' #text' : ''
    lines.push(`${depth} ${element.tagName} ${attributes.sort().join(' ')}${text}`)
    if (element.shadowRoot !== null) {
      for (const child of element.shadowRoot.children) visit(child, depth + 1)
    }
    for (const child of element.children) visit(child, depth + 1)
  }
  visit(document.documentElement, 0)
  return lines.join('\n')
}

/**
 * Claims a screen state for this run: true for the first test to reach it (across workers and
 * engines: a file created with O_EXCL in the run's folder), false for every later one.
 */
function claimScreenState(fingerprint: string): boolean {
  const key = createHash('sha256').update(fingerprint).digest('hex')
  try {
    closeSync(openSync(path.join(runSubfolder('axe-states'), key), 'wx'))
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  }
}

/** The violations of axe's rules on the page, in a form a failing test prints readably. */
interface Violation {
  rule: string
  impact: string | null | undefined
  help: string
  targets: string[]
}

/**
 * axe-core (every rule it has) on the page's document. axe is put into the document once and
 * stays for its in-app moves; only violations are worked out in full (resultTypes). The app's
 * screens have no frames, so the document is the whole page.
 */
async function axeViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source)
  return page.evaluate(async () => {
    const results = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      resultTypes: ['violations'],
    })
    return results.violations.map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }))
  })
}

/**
 * Runs axe (every rule it has) on the current page and expects no violation, once per screen
 * state of the run (ADR 0017): a page whose fingerprint an earlier check had (the same screen
 * with other data, or reached again on another pass) is not checked again.
 */
export async function expectAccessible(page: Page): Promise<void> {
  const fingerprint = await page.evaluate(screenStateFingerprint)
  if (!claimScreenState(fingerprint)) return
  expect(await axeViolations(page), `axe violations on ${page.url()}`).toEqual([])
}
