// Keyboard-only journeys: where Tab moves focus, told in words when it does not arrive.
import { expect, type Locator, type Page } from '@playwright/test'

/** The focused element, e.g. `a[href="#main"]「本文へ移動」`, or `(body)`. */
export async function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement
    if (element === null || element === document.body) return '(body)'
    const tag = element.tagName.toLowerCase()
    const href = element.getAttribute('href')
    const type = element.getAttribute('type')
    const attributes = `${href === null ? '' : `[href="${href}"]`}${type === null ? '' : `[type="${type}"]`}`
    const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40)
    return `${tag}${attributes}「${text}」`
  })
}

/**
 * Presses Tab until `target` has focus and returns where focus went on the way (the target
 * last); throws, naming that path, when it is not reached within `maxPresses`.
 */
export async function tabUntil(page: Page, target: Locator, maxPresses = 60): Promise<string[]> {
  await expect(target, 'the element Tab should reach').toBeAttached()
  const path: string[] = []
  for (let press = 0; press < maxPresses; press += 1) {
    await page.keyboard.press('Tab')
    path.push(await describeFocus(page))
    if (await target.evaluate((element) => element === document.activeElement)) return path
  }
  throw new Error(`not focused after ${maxPresses} presses of Tab; focus went: ${path.join(' → ')}`)
}
