import type { GroupData } from '../lib/group-store.ts'

// What a server-rendered landing page (issue #22, ADR 0036) carries for the browser beside its
// markup: the groups its first paint used, so the app hydrates without asking for them again.
// A non-executing JSON element: the page's CSP (`script-src 'self'`) needs no exception.

export const SERVER_RENDERED_DATA_ID = 'server-rendered-data'

export interface ServerRenderedData {
  /** the address rendered, with the /app prefix and the query */
  href: string
  /** loaded groups by their link key (group-store.ts linkKey) */
  groups: Record<string, GroupData>
}

/** The data element's markup; `<` is escaped so no text in the data can close the element. */
export function serverRenderedDataElement(data: ServerRenderedData): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c')
  return `<script type="application/json" id="${SERVER_RENDERED_DATA_ID}">${json}</script>`
}

/** The data of a server-rendered page, or undefined for the plain app page (or unreadable data). */
export function readServerRenderedData(doc: Document): ServerRenderedData | undefined {
  const text = doc.getElementById(SERVER_RENDERED_DATA_ID)?.textContent
  if (text === undefined || text === null || text === '') return undefined
  try {
    const data = JSON.parse(text) as Partial<ServerRenderedData>
    if (typeof data.href !== 'string' || typeof data.groups !== 'object' || data.groups === null) {
      return undefined
    }
    return { href: data.href, groups: data.groups }
  } catch {
    return undefined
  }
}
