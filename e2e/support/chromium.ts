import { existsSync } from 'node:fs'

// Debian's Chromium: never a downloaded browser. The network is closed, so nothing that phones home.
export const CHROMIUM_PATH = '/usr/bin/chromium'

/**
 * Debian's chromium-headless-shell: the same Chromium build without the browser's own interface
 * (the headless mode Playwright uses by default). The browser suite runs on it when it is
 * installed: about a third less time and CPU than the full browser's headless mode, which draws
 * its tab strip and loads Debian's extensions (ADR 0017). `.ci/run` installs it.
 */
export const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell'

/** The browser the Playwright suite drives: the headless shell if installed, else Chromium. */
export function e2eBrowserPath(): string {
  return existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH
}

export const chromiumArgs: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
