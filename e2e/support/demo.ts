// The demo links as the server's own demo data makes them for the pinned business date, so the
// inception month in each URL follows the data instead of being copied here.
import { demoLinks } from '../../apps/server/src/demo/demo-groups.ts'
import { E2E_TODAY } from './server.ts'

export type DemoLink = ReturnType<typeof demoLinks>[number]

/** Demo groups A, B and C by their fixed codes (STACK of the e2e contract). */
export const DEMO_GROUP_CODES = { a: 'G100001', b: 'G200002', c: 'G300003' } as const

export function demoLink(groupPfCode: string): DemoLink {
  const link = demoLinks(E2E_TODAY).find((candidate) => candidate.groupPfCode === groupPfCode)
  if (!link) throw new Error(`no demo link for ${groupPfCode} on ${E2E_TODAY}`)
  return link
}

/** `/app/ent/{code}/{ym}/{branch}/{urlKey}/{screen}` for a demo link. */
export function entPath(link: DemoLink, screen: string): string {
  return `/app/ent/${link.groupPfCode}/${link.groupPfCodeInceptionDateYm}/${link.groupPfBranchNo}/${link.urlKey}/${screen}`
}
