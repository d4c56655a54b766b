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
    /** SPEC §3.3 payments a year (12: the premiums are monthly) */
    pymntCount: number
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

/**
 * K400004's next product year (202801, renewalFlg "1"), beside this year's (issue #9, SPEC §4
 * year switch): the same branch and link (urlKey), its all-at-once window open at E2E_NOW, two
 * plans (基本プラン at a new premium, 充実プラン), the items of this year again (所属部署 carried
 * over, preRenewCopyFlg "1"; 社員番号 not, "2"; the notice matter flagged "1" but never carried
 * over, SPEC §4). This year's product has a renewalFixDate after E2E_NOW, so its contracts can be
 * renewed or their auto-renewal stopped (tests/renewal.spec.ts). Imported after this year's: the
 * members' roster and every other test stay on this year's product.
 */
export const COLLECTION_GROUP_NEXT_DOCUMENT_PATH = path.join(
  repoRoot,
  'e2e',
  'fixtures',
  'collection-group-next.json',
)

/** Every document global setup imports, in order. */
export const importedDocumentPaths: readonly string[] = [
  XSS_GROUP_DOCUMENT_PATH,
  COLLECTION_GROUP_DOCUMENT_PATH,
  COLLECTION_GROUP_NEXT_DOCUMENT_PATH,
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

/**
 * The fixture groups whose members apply (a roster of their own, support/members.ts), this year's
 * product first: a group's link is its first document's; next year's is found by its month.
 */
const applyingFixtures: readonly string[] = [
  COLLECTION_GROUP_DOCUMENT_PATH,
  COLLECTION_GROUP_NEXT_DOCUMENT_PATH,
]

/** A fixture document read as the whole import document (the demo documents' format). */
export function readGroupDocument(file: string): DemoDocument {
  return JSON.parse(readFileSync(file, 'utf8')) as DemoDocument
}

/**
 * A fixture document as the whole import document (the same format as the demo documents, which
 * the import CLI checked when global setup imported it).
 */
function fixtureGroupDocument(groupPfCode: string, ym?: string): DemoDocument | undefined {
  for (const file of applyingFixtures) {
    const document = readGroupDocument(file)
    const { groupPfInfo } = document
    if (groupPfInfo.groupPfCode !== groupPfCode) continue
    if (ym === undefined || groupPfInfo.groupPfCodeInceptionDateYm === ym) return document
  }
  return undefined
}

/** The link of a fixture document, in the shape of a demo link. */
export function linkOfDocument(document: DemoDocument): DemoLink {
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

/**
 * The import document of a group a test applies to: a fixture group or a demo group; with `ym`,
 * that product year's (a fixture group's next year), else its first.
 */
export function groupDocument(groupPfCode: string, ym?: string): DemoDocument {
  return fixtureGroupDocument(groupPfCode, ym) ?? demoDocument(groupPfCode)
}

/** The link (code, month, branch, urlKey, name) of a fixture group or a demo group. */
export function groupLink(groupPfCode: string): DemoLink {
  const document = fixtureGroupDocument(groupPfCode)
  return document === undefined ? demoLink(groupPfCode) : linkOfDocument(document)
}
