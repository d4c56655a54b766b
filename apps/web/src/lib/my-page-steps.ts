import { readJson, type KeyValueStorage } from './browser-storage.ts'

// Where the my-page keeps its steps in progress (features/my-page/my-page-state.ts): the shell
// reads one thing of them, before any my-page code has loaded — whether the telephone pages are
// registering a phone (SPEC §3.6 flowType), which needs a my-page session (app/guards.ts) — and
// forgets them at sign-out (lib/session.ts).

/** sessionStorage key of the my-page's steps in progress (JSON, one link's at a time). */
export const MY_PAGE_STATE_KEY = 'myPageState'

/** Whether the link's telephone pages are registering a phone (flowType telephoneRegister). */
export function isRegisteringPhone(storage: KeyValueStorage | undefined, link: string): boolean {
  const value = readJson(storage, MY_PAGE_STATE_KEY)
  if (typeof value !== 'object' || value === null) return false
  const { link: stateLink, flowType } = value as { link?: unknown; flowType?: unknown }
  return stateLink === link && flowType === 'telephoneRegister'
}
