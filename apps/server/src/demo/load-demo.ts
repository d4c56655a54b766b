import type { FastifyBaseLogger } from 'fastify'
import { eq } from 'drizzle-orm'
import {
  appHref,
  enrolmentPath,
  myPageLoginHref,
  pamphletPath,
  systemTermsPath,
  toBusinessDate,
} from '@app/shared'
import type { Database } from '../db/client.ts'
import { groupLinks } from '../db/schema/index.ts'
import { countGroupProducts } from '../modules/group/group-repository.ts'
import { importGroupDocument } from '../modules/group/import-group.ts'
import {
  buildDemoDocuments,
  buildDemoNextYearDocuments,
  buildDemoPreviousYearDocuments,
  demoImage,
  demoLinks,
  type DemoLink,
} from './demo-groups.ts'
import { loadDemoRosters } from './demo-rosters.ts'

/**
 * Loads the demo groups and their rosters into an empty database, and refreshes them on later
 * starts: their recruitment windows are computed from today, so the demo always works (issue #2).
 * Returns the demo links, or an empty list when no demo is loaded.
 */
export async function loadDemoData(
  db: Database,
  options: { mode: 'auto' | 'on' | 'off'; now: Date; log: FastifyBaseLogger },
): Promise<DemoLink[]> {
  if (options.mode === 'off') return []
  const isEmpty = (await countGroupProducts(db)) === 0
  const hasDemo =
    (
      await db
        .select({ urlKey: groupLinks.urlKey })
        .from(groupLinks)
        .where(eq(groupLinks.isDemo, true))
        .limit(1)
    ).length > 0
  if (options.mode === 'auto' && !isEmpty && !hasDemo) return []
  const today = toBusinessDate(options.now)
  // group A's last year too (in force: its holder renews into this year, issue #9) and next year
  const documents = [
    ...buildDemoPreviousYearDocuments(today),
    ...buildDemoDocuments(today),
    ...buildDemoNextYearDocuments(today),
  ]
  for (const document of documents) {
    await importGroupDocument(db, document, {
      isDemo: true,
      readImage: (file) => demoImage(file)?.bytes,
    })
  }
  await loadDemoRosters(db, { now: options.now, today })
  const links = demoLinks(today)
  options.log.info({ groups: links.length, refreshed: !isEmpty }, 'demo data loaded')
  return links
}

export function formatDemoLinks(links: DemoLink[], baseUrl: string): string {
  const lines = ['', 'デモ団体 / demo groups:']
  for (const link of links) {
    lines.push(`  ${link.name}`)
    lines.push(
      `    加入申込 (enrolment): ${baseUrl}${appHref(enrolmentPath(link, 'termsOfService'))}`,
    )
    lines.push(`    パンフレット (pamphlet): ${baseUrl}${appHref(pamphletPath(link))}`)
    lines.push(`    マイページ (my-page):   ${baseUrl}${myPageLoginHref(link)}`)
  }
  lines.push(`  利用規約・各種ポリシー: ${baseUrl}${appHref(systemTermsPath)}`, '')
  return lines.join('\n')
}
