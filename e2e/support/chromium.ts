// Debian's chromium: never a downloaded browser. The network is closed, so nothing that phones home.
export const CHROMIUM_PATH = '/usr/bin/chromium'

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
