// Full-page screenshots of the pamphlet of demo groups A (inside its all-at-once window) and C
// (outside both windows) at 375 px (a phone) and 1280 px (a laptop), for a person to look at.
//
// usage: npx tsx scripts/screenshots.ts <output folder> [--base-url URL] [--today YYYYMMDD]
//
// Without --base-url it starts its own server as the browser tests do (fresh embedded database,
// demo data, clock pinned to 2026-11-20 10:00 JST; the web app built first if apps/web/dist is
// missing) and stops it afterwards. With --base-url it uses a running server: the demo links
// then follow that server's business date, given with --today (default: today in Japan).
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from '@playwright/test'
import { toBusinessDate } from '@app/shared'
import { ensureWebBuilt } from '../apps/server/bench/bundle-size.ts'
import { demoLinks, type DemoLink } from '../apps/server/src/demo/demo-groups.ts'
import { CHROMIUM_PATH, chromiumArgs } from '../e2e/support/chromium.ts'
import { E2E_TODAY, repoRoot, startServer, type RunningServer } from '../e2e/support/server.ts'

const usage =
  'usage: npx tsx scripts/screenshots.ts <output folder> [--base-url URL] [--today YYYYMMDD]'

const GROUPS = ['G100001', 'G300003'] as const
const WIDTHS = [375, 1280] as const
/** the viewport's height before the full page is captured */
const VIEWPORT_HEIGHT = 800

function pamphletPath(link: DemoLink): string {
  return `/app/pamphlet/${link.groupPfCode}/${link.groupPfCodeInceptionDateYm}/${link.groupPfBranchNo}/${link.urlKey}`
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      'base-url': { type: 'string' },
      today: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  })
  const [folder] = positionals
  if (values.help || folder === undefined || positionals.length > 1) {
    process.stderr.write(`${usage}\n`)
    return values.help ? 0 : 2
  }
  const outputDir = path.resolve(process.env.INIT_CWD ?? process.cwd(), folder)
  fs.mkdirSync(outputDir, { recursive: true })

  let server: RunningServer | undefined
  let baseUrl = values['base-url']?.replace(/\/+$/, '')
  let today = values.today ?? toBusinessDate(new Date())
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...chromiumArgs] })
  try {
    if (baseUrl === undefined) {
      if (await ensureWebBuilt(repoRoot, path.join(repoRoot, 'apps/web/dist'))) {
        process.stdout.write('apps/web/dist was missing: built it\n')
      }
      server = await startServer({ label: 'screenshots', engine: 'pglite', demoData: 'on' })
      baseUrl = server.baseURL
      today = E2E_TODAY
    }
    const links = demoLinks(today)
    const written: string[] = []
    for (const groupPfCode of GROUPS) {
      const link = links.find((candidate) => candidate.groupPfCode === groupPfCode)
      if (link === undefined) throw new Error(`no demo link for ${groupPfCode}`)
      for (const width of WIDTHS) {
        const context = await browser.newContext({
          viewport: { width, height: VIEWPORT_HEIGHT },
          locale: 'ja-JP',
          timezoneId: 'Asia/Tokyo',
        })
        try {
          const page = await context.newPage()
          const url = `${baseUrl}${pamphletPath(link)}`
          const response = await page.goto(url, { waitUntil: 'load' })
          if (response?.status() !== 200) {
            throw new Error(`GET ${url}: HTTP ${response?.status() ?? '(no answer)'}`)
          }
          const file = path.join(outputDir, `pamphlet-${groupPfCode}-${width}.png`)
          await page.screenshot({ path: file, fullPage: true })
          written.push(file)
        } finally {
          await context.close()
        }
      }
    }
    for (const file of written) process.stdout.write(`${file}\n`)
    return 0
  } finally {
    await browser.close()
    await server?.stop()
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    )
    process.exit(1)
  },
)
