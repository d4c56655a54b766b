// Colours as the browser computes them.
import type { Locator } from '@playwright/test'

/** `#A8284F` → `rgb(168, 40, 79)`, the form getComputedStyle gives. */
export function hexToRgb(hex: string): string {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex)
  if (match === null) throw new Error(`not a #RRGGBB colour: ${hex}`)
  const [r, g, b] = match.slice(1).map((part) => Number.parseInt(part, 16))
  return `rgb(${r}, ${g}, ${b})`
}

/**
 * The elements in `scope` (itself included) whose computed background colour is `rgb`, each as
 * `tag.class…`: where a theme colour is used as a background.
 */
export async function elementsWithBackground(scope: Locator, rgb: string): Promise<string[]> {
  return scope.evaluate((root, colour) => {
    const elements = [root, ...Array.from(root.querySelectorAll('*'))]
    return elements
      .filter((element) => getComputedStyle(element).backgroundColor === colour)
      .map((element) =>
        [element.tagName.toLowerCase(), ...Array.from(element.classList).slice(0, 3)].join('.'),
      )
  }, rgb)
}
