import { SESSION_IDLE_MINUTES } from '@app/shared/api/access/session'
import { currentConsentVersions } from '@app/shared/documents'
import { recordConsents } from '../features/entry/consent.ts'
import { linkKey } from '../lib/group-store.ts'
import { storeSession, type SessionPurpose, type StoredSession } from '../lib/session.ts'
import { link } from './fixtures.ts'

// The applicant-access state a test starts from (issue #5): the termsOfService consent, and a
// session opened by the verification mail's link.

export const testSessionToken = 'session.token.0001'

/**
 * A session of the fixture link's group, ending SESSION_IDLE_MINUTES after `now`: by default the
 * one the verification mail's link opens; with purpose 'myPage' the my-page sign-in's.
 */
export function storeTestSession(
  now: number = Date.now(),
  purpose?: SessionPurpose,
): StoredSession {
  const session: StoredSession = {
    sessionToken: testSessionToken,
    expiresAt: new Date(now + SESSION_IDLE_MINUTES * 60_000).toISOString(),
    userId: 'U00000001',
    groupPfCode: link.groupPfCode,
    link: purpose === 'myPage' ? null : { ...link },
    ...(purpose === undefined ? {} : { purpose }),
  }
  storeSession(window.sessionStorage, session)
  return session
}

/** A my-page session of the fixture link's group (the sign-in with its second step). */
export function storeMyPageSession(now: number = Date.now()): StoredSession {
  return storeTestSession(now, 'myPage')
}

/** The termsOfService consent, as the consent form records it. */
export function giveTermsOfUseConsent(now: number = Date.now()): void {
  recordConsents(
    window.sessionStorage,
    linkKey('ent', link),
    [{ documentId: 'terms-of-use', version: currentConsentVersions['terms-of-use'] }],
    now,
  )
}
