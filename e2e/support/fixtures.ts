// Group documents the main server imports before it starts (global-setup.ts), read from the same
// JSON files, so a test's link follows the file instead of being copied here.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { demoDocument, demoLink, type DemoDocument, type DemoLink } from './demo.ts'
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

/**
 * The group-collection group K400004 (pymntMethod "4" 団体扱, payeeAccntDisplayDiv "2"), inside
 * its all-at-once window at E2E_NOW: one plan, one item of the policy holder, no insured items,
 * notices or documents, so its flow is short. Its members: support/members.ts.
 */
export const COLLECTION_GROUP_DOCUMENT_PATH = path.join(
  repoRoot,
  'e2e',
  'fixtures',
  'collection-group.json',
)

/** Every document global setup imports, in order. */
export const importedDocumentPaths: readonly string[] = [
  XSS_GROUP_DOCUMENT_PATH,
  COLLECTION_GROUP_DOCUMENT_PATH,
]

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

/** The fixture groups whose members apply (a roster of their own, support/members.ts). */
const applyingFixtures: readonly string[] = [COLLECTION_GROUP_DOCUMENT_PATH]

/**
 * A fixture document as the whole import document (the same format as the demo documents, which
 * the import CLI checked when global setup imported it).
 */
function fixtureGroupDocument(groupPfCode: string): DemoDocument | undefined {
  for (const file of applyingFixtures) {
    const document = JSON.parse(readFileSync(file, 'utf8')) as DemoDocument
    if (document.groupPfInfo.groupPfCode === groupPfCode) return document
  }
  return undefined
}

/** The link of a fixture document, in the shape of a demo link. */
function linkOfDocument(document: DemoDocument): DemoLink {
  const [link] = document.linkArray
  if (link?.urlKey === undefined) throw new Error('the fixture document has no fixed urlKey')
  return {
    groupPfCode: document.groupPfInfo.groupPfCode,
    groupPfCodeInceptionDateYm: document.groupPfInfo.groupPfCodeInceptionDateYm,
    groupPfBranchNo: link.groupPfBranchNo,
    urlKey: link.urlKey,
    name: document.groupPfInfo.groupNameKanji,
  }
}

/** The import document of a group a test applies to: a fixture group or a demo group. */
export function groupDocument(groupPfCode: string): DemoDocument {
  return fixtureGroupDocument(groupPfCode) ?? demoDocument(groupPfCode)
}

/** The link (code, month, branch, urlKey, name) of a fixture group or a demo group. */
export function groupLink(groupPfCode: string): DemoLink {
  const document = fixtureGroupDocument(groupPfCode)
  return document === undefined ? demoLink(groupPfCode) : linkOfDocument(document)
}
