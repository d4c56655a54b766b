import fs from 'node:fs'
import path from 'node:path'

const LINK_TAG = /<link\b[^>]*>/gi
const STYLESHEET_REL = /\brel\s*=\s*["']?stylesheet["']?/i
const HREF = /\bhref\s*=\s*["']([^"']+)["']/i
const ASSET_PATH = /^\/app\/assets\/[\w.-]+\.css$/

/**
 * The web build's stylesheet (`/app/assets/index-….css`), read from its index.html once at
 * start: the pamphlet's only stylesheet, so it shares the SPA's classes and cache (ADR 0008).
 * Undefined when the web app is not built; the page is then served unstyled.
 */
export function findStylesheetHref(webDistDir: string): string | undefined {
  let indexHtml: string
  try {
    indexHtml = fs.readFileSync(path.join(webDistDir, 'index.html'), 'utf8')
  } catch {
    return undefined
  }
  for (const tag of indexHtml.match(LINK_TAG) ?? []) {
    if (!STYLESHEET_REL.test(tag)) continue
    const href = HREF.exec(tag)?.[1]
    if (href !== undefined && ASSET_PATH.test(href)) return href
  }
  return undefined
}
