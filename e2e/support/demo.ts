// The demo links and documents as the server's own demo data makes them for the pinned business
// date, so the inception month in each URL and every text a test expects follow the data instead
// of being copied here.
import { buildDemoDocuments, demoLinks } from '../../apps/server/src/demo/demo-groups.ts'
import { E2E_TODAY } from './server.ts'

export type DemoLink = ReturnType<typeof demoLinks>[number]
export type DemoDocument = ReturnType<typeof buildDemoDocuments>[number]

/** Demo groups A, B, C and D by their fixed codes (README "デモ"). */
export const DEMO_GROUP_CODES = {
  a: 'G100001',
  b: 'G200002',
  c: 'G300003',
  d: 'G400004',
} as const

export function demoLink(groupPfCode: string): DemoLink {
  const link = demoLinks(E2E_TODAY).find((candidate) => candidate.groupPfCode === groupPfCode)
  if (!link) throw new Error(`no demo link for ${groupPfCode} on ${E2E_TODAY}`)
  return link
}

/** The import document of a demo group as the server loaded it (`buildDemoDocuments`). */
export function demoDocument(groupPfCode: string): DemoDocument {
  const document = buildDemoDocuments(E2E_TODAY).find(
    (candidate) => candidate.groupPfInfo.groupPfCode === groupPfCode,
  )
  if (!document) throw new Error(`no demo document for ${groupPfCode} on ${E2E_TODAY}`)
  return document
}

/** `/app/ent/{code}/{ym}/{branch}/{urlKey}/{screen}` for a demo link. */
export function entPath(link: DemoLink, screen: string): string {
  return `/app/ent/${link.groupPfCode}/${link.groupPfCodeInceptionDateYm}/${link.groupPfBranchNo}/${link.urlKey}/${screen}`
}

/** `/app/pamphlet/{code}/{ym}/{branch}/{urlKey}` for a demo link. */
export function pamphletPath(link: DemoLink): string {
  return `/app/pamphlet/${link.groupPfCode}/${link.groupPfCodeInceptionDateYm}/${link.groupPfBranchNo}/${link.urlKey}`
}
