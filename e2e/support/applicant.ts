// A signed-in applicant for the tests of the screens after verification (issue #5: entryTerms and
// later, and the renewal pages, need a session of the link's group). The member is signed in
// through the API as the screens would do it — verifyUser → the verification mail → its link —
// and the session is put into the page's sessionStorage exactly as the app stores it
// (apps/web/src/lib/session.ts), before the page's first script runs. The journey through the
// screens themselves is tests/applicant-access.spec.ts.
import { expect, type APIRequestContext, type APIResponse, type Page } from '@playwright/test'
import {
  confirmVerificationApi,
  currentConsentVersions,
  sendVerificationMailApi,
  verifyByIdApi,
  verifyByItemApi,
  type ConfirmVerificationResponse,
  type EntryLink,
  type EntryTicket,
} from '@app/shared'
import {
  SESSION_INFO_KEY,
  SESSION_TOKEN_KEY,
  type StoredSession,
  type StoredSessionInfo,
} from '../../apps/web/src/lib/session.ts'
import type { DemoLink } from './demo.ts'
import { groupLink } from './fixtures.ts'
import { claimMember, type Member } from './members.ts'
import { theOnlyMailTo, uniqueMailAddress, verificationLinkOf } from './outbox.ts'

/** The my-page password the test applicants choose (SPEC §5.2 password: its five conditions). */
export const APPLICANT_PASSWORD = 'E2e-Pass-2026!'

/** 利用規約 agreed to on termsOfService, as verifyUser sends it (ADR 0009). */
const termsOfUseConsent = {
  documentId: 'terms-of-use',
  version: currentConsentVersions['terms-of-use'],
} as const

export function entryLinkOf(link: DemoLink): EntryLink {
  const { groupPfCode, groupPfCodeInceptionDateYm, groupPfBranchNo, urlKey } = link
  return { groupPfCode, groupPfCodeInceptionDateYm, groupPfBranchNo, urlKey }
}

async function json<T>(response: APIResponse, what: string): Promise<T> {
  expect(response.status(), `${what}: ${await response.text()}`).toBe(200)
  return (await response.json()) as T
}

/** The answers of a member on verifyUser, by the group's authenticationType. */
function verifyRequest(member: Member): { path: string; answers: Record<string, unknown> } {
  if (member.kind === 'firstEntry') {
    return {
      path: verifyByIdApi.path,
      answers: { firstEntryId: member.firstEntryId, firstEntryPassword: member.initialPassword },
    }
  }
  return {
    path: verifyByItemApi.path,
    answers: {
      authItems: {
        MDR_MEMBER_NO: member.memberNo,
        MDR_BIRTH_DATE: member.birthDate,
        MDR_NAME_KANA: member.nameKana,
      },
    },
  }
}

export interface SignedInApplicant {
  member: Member
  mailAddress: string
  /** expiresAt is the server's time; the page counts expiresInSeconds on its own clock */
  session: StoredSession & { expiresInSeconds: number }
}

export interface MailedApplicant {
  member: Member
  mailAddress: string
  /** the verification link in the mail: `http://…/app/ent/{link}/verifyUser#token=…` */
  mailLink: string
}

/**
 * verifyUser (POST /api/policyHolderInfoById/ or …ByItem/) and the verification mail
 * (POST /api/mainMail/, the password APPLICANT_PASSWORD) through the API, to an address of its
 * own: the mail's link, read from the outbox.
 */
export async function mailVerificationLink(
  request: APIRequestContext,
  member: Member,
): Promise<MailedApplicant> {
  const link = entryLinkOf(groupLink(member.groupPfCode))
  const { path, answers } = verifyRequest(member)
  const ticket = await json<EntryTicket>(
    await request.post(`/api${path}`, {
      data: { ...link, ...answers, consents: [termsOfUseConsent] },
    }),
    `verifyUser as ${member.memberCode}`,
  )
  const mailAddress = uniqueMailAddress(member.memberCode)
  await json(
    await request.post(`/api${sendVerificationMailApi.path}`, {
      data: {
        entryToken: ticket.entryToken,
        policyHolderEmailAddress: mailAddress,
        password: APPLICANT_PASSWORD,
        passwordConfirmation: APPLICANT_PASSWORD,
      },
    }),
    `the verification mail of ${member.memberCode}`,
  )
  const mailLink = verificationLinkOf(await theOnlyMailTo(request, mailAddress))
  return { member, mailAddress, mailLink }
}

/**
 * Signs `member` in through the API: verifyUser, the mail and its link (mailVerificationLink),
 * then the link's page (POST /api/policyHolderInfoByMail/). Returns the session as the app
 * stores it.
 */
export async function signInByApi(
  request: APIRequestContext,
  member: Member,
): Promise<SignedInApplicant> {
  const { mailAddress, mailLink } = await mailVerificationLink(request, member)
  const token = new URLSearchParams(new URL(mailLink).hash.slice(1)).get('token') ?? ''
  const answer = await json<ConfirmVerificationResponse>(
    await request.post(`/api${confirmVerificationApi.path}`, {
      data: { token, password: APPLICANT_PASSWORD },
    }),
    `the verification link of ${member.memberCode}`,
  )
  const session = {
    sessionToken: answer.sessionToken,
    expiresAt: answer.expiresAt,
    expiresInSeconds: answer.expiresInSeconds,
    userId: answer.userId,
    groupPfCode: answer.link.groupPfCode,
    link: answer.link,
  }
  return { member, mailAddress, session }
}

/**
 * Makes `page` hold `session` as if the applicant had signed in in this tab: the token and the
 * session info in sessionStorage under the app's keys, written before the app's first script on
 * the first document of the server's origin (so a later sign-out in the test stays signed out).
 */
export async function storeSessionInPage(
  page: Page,
  session: SignedInApplicant['session'],
): Promise<void> {
  const { sessionToken, expiresInSeconds, ...info } = session
  const stored: StoredSessionInfo = info
  await page.addInitScript(
    ({ keys, token, infoJson, seconds }) => {
      const marker = 'e2e.sessionStored'
      try {
        if (window.location.protocol !== 'http:' || sessionStorage.getItem(marker) !== null) return
        // as the app stores it: the end on this browser's clock (lib/session.ts localExpiry)
        const expiresAt = new Date(Date.now() + seconds * 1000).toISOString()
        sessionStorage.setItem(keys.token, token)
        sessionStorage.setItem(keys.info, JSON.stringify({ ...JSON.parse(infoJson), expiresAt }))
        sessionStorage.setItem(marker, '1')
      } catch {
        // about:blank and the like have no sessionStorage of the origin
      }
    },
    {
      keys: { token: SESSION_TOKEN_KEY, info: SESSION_INFO_KEY },
      token: sessionToken,
      infoJson: JSON.stringify(stored),
      seconds: expiresInSeconds,
    },
  )
}

/**
 * A member of the group of its own (support/members.ts), signed in through the API, the session
 * stored in `page`: what a test of a screen after verification starts from.
 */
export async function signInApplicant(
  page: Page,
  request: APIRequestContext,
  kind: Member['kind'] = 'firstEntry',
): Promise<SignedInApplicant> {
  const member = kind === 'firstEntry' ? claimMember('firstEntry') : claimMember('threeItems')
  const applicant = await signInByApi(request, member)
  await storeSessionInPage(page, applicant.session)
  return applicant
}
