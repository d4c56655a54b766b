// Group documents the main server imports before it starts (global-setup.ts), read from the same
// JSON files, so a test's link follows the file instead of being copied here.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { repoRoot } from './server.ts'

/** The fields of an import document (docs/group-import.md) the tests use. */
interface FixtureDocument {
  groupPfInfo: {
    groupPfCode: string
    groupPfCodeInceptionDateYm: string
    groupNameKanji: string
    themeColor: string
    announcementArray: { date: string; title: string; bodyHtml: string }[]
  }
  linkArray: { groupPfBranchNo: string; urlKey?: string }[]
}

/** The XSS group X900009: announcements carrying an onerror image, a script and a javascript: link. */
export const XSS_GROUP_DOCUMENT_PATH = path.join(repoRoot, 'e2e', 'fixtures', 'xss-group.json')

/** Every document global setup imports, in order. */
export const importedDocumentPaths: readonly string[] = [XSS_GROUP_DOCUMENT_PATH]

export function readFixtureDocument(file: string): FixtureDocument {
  return JSON.parse(readFileSync(file, 'utf8')) as FixtureDocument
}

/** `/app/pamphlet/{code}/{ym}/{branch}/{urlKey}` of a fixture document's first link. */
export function fixturePamphletPath(document: FixtureDocument): string {
  const [link] = document.linkArray
  if (link?.urlKey === undefined) throw new Error('the fixture document has no fixed urlKey')
  const { groupPfCode, groupPfCodeInceptionDateYm } = document.groupPfInfo
  return `/app/pamphlet/${groupPfCode}/${groupPfCodeInceptionDateYm}/${link.groupPfBranchNo}/${link.urlKey}`
}
