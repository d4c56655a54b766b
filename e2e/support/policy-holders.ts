// Policy holders for the my-page tests (issue #8): each test that signs in or changes an account
// gets one of its own, never a demo account shared with other tests (the tests run in two
// workers against one server, and with the pinned clock a lockout or a mail limit never passes).
// A policy holder is made as a real applicant becomes one: a member of the group-collection
// fixture group K400004 (e2e/fixtures/collection-group.json, 団体扱, so nothing is paid online)
// verified through the API with the verification mail's link, choosing APPLICANT_PASSWORD for
// my-page (support/applicant.ts), then its application saved step by step over the application's
// API (PUT /api/applyInfo/{step}, as the screens send it: 所属部署, 社員番号 and the notice matter
// answered) and applied with the payment registration (POST /api/paymentInfo/, SPEC §7.4):
// status 330, a 加入者番号, and the my-page ID.
// The browser journey through these screens is tests/payment-collection.spec.ts.
import { randomBytes } from 'node:crypto'
import {
  applyInfoRoute,
  saveStepRoute,
  currentConsentVersions,
  paymentInfoRoute,
  type ApplicationStep,
  type ApplicationView,
  type PolicyHolderInput,
} from '@app/shared'
import type { Completion, PaymentInfo, PaymentOutcome } from '@app/shared/api/payment/payment'
import { IDEMPOTENCY_KEY_HEADER } from '@app/shared/api/payment/routes'
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test'
import { APPLICANT_PASSWORD, signInByApi, type SignedInApplicant } from './applicant.ts'
import type { Person } from './application.ts'
import { claimMember, COLLECTION_GROUP, type FirstEntryMember } from './members.ts'

export interface PolicyHolder {
  member: FirstEntryMember
  /** the my-page ID (ADR 0010) */
  userId: string
  /** the my-page password the applicant chose on sendVerificationMail */
  password: string
  /** the verified mail address, registered with the account */
  mailAddress: string
  person: Person
  /** 加入者番号, given at completion */
  policyHolderNo: string
  /** yen: the premium total of the application (the plan alone) */
  totalPremium: number
  /** YYYYMMDD: the server's pinned day */
  applicationDate: string
}

/**
 * The group's own items of the policy holder, answered as the form would: 所属部署 (carried over
 * to next year's product, preRenewCopyFlg "1") and 社員番号 (not, "2"); tests/renewal.spec.ts
 * finds the first pre-filled on renewal and the second empty.
 */
export const HOLDER_ITEM_ANSWERS = {
  AOB_DEPARTMENT: '製造部第一工場',
  AOB_EMPLOYEE_NO: 'E0012345',
} as const

/** The group's notice matter (告知事項), answered 「いいえ」 (2): not blocking. */
export const HOLDER_NOTICE_ANSWERS = { AOB_NOTICE_ABSENCE: '2' } as const

/** The address and phone every policy holder gives (the same zip code as the form's lookup). */
export const HOLDER_CONTACT = {
  policyHolderZipCd: '1000001',
  policyHolderAddressKanji: '東京都千代田区千代田１－１',
  policyHolderAddressKana: 'トウキョウトチヨダクチヨダ１－１',
  mobileTelNo: '090-1234-5678',
} as const

const consent = (documentId: keyof typeof currentConsentVersions) => ({
  documentId,
  version: currentConsentVersions[documentId],
})

function policyHolderInput(person: Person): PolicyHolderInput {
  return {
    policyHolderNameKana: person.nameKana,
    policyHolderNameKanji: person.nameKanji,
    policyHolderBirthDate: person.birthDate,
    policyHolderSex: person.sex,
    policyHolderZipCd: HOLDER_CONTACT.policyHolderZipCd,
    policyHolderAddressKanji: HOLDER_CONTACT.policyHolderAddressKanji,
    policyHolderAddressKana: HOLDER_CONTACT.policyHolderAddressKana,
    homeTelNo: '',
    mobileTelNo: HOLDER_CONTACT.mobileTelNo,
    faxNo: '',
    otherInsuranceFlg: '2',
    otherInsuranceCompanyName: '',
    otherInsuranceType: '',
    otherInsuranceExpiryDate: '',
    otherInsurancePymntLimit: '',
    itemAnswers: { ...HOLDER_ITEM_ANSWERS },
  }
}

/**
 * The body of each step of K400004's flow (the version is added on sending): 個人, plan 1 alone
 * (本人のみ), the holder's fields, the notice matter answered, the important notes agreed to.
 */
function stepBodies(person: Person): Partial<Record<ApplicationStep, Record<string, unknown>>> {
  return {
    entryTerms: { consentArray: [consent('entry-terms'), consent('privacy-policy')] },
    selectPolicyHolderDiv: { policyHolderDiv: '1' },
    selectCategory: { planUnitNo: 1 },
    selectType: { contractType: '1', optionUnitNoArray: [] },
    inputPolicyHolderInfo: { policyHolderInfo: policyHolderInput(person) },
    noticeMatters: { answers: { ...HOLDER_NOTICE_ANSWERS } },
    checkPolicyHolderInfo: {},
    pamphletImportantNotes: { consentArray: [consent('important-notes')] },
  }
}

async function json<T>(response: APIResponse, what: string): Promise<T> {
  expect(response.status(), `${what}: ${await response.text()}`).toBe(200)
  return (await response.json()) as T
}

/**
 * A member of a group with K400004's flow (K400004 itself, or a copy of its document paying
 * another way on a server of the test's own) verified through the API and its application saved
 * step by step up to payment: the session's headers and what GET /paymentInfo/ answered.
 */
export async function applicantAtPayment(
  request: APIRequestContext,
  person: Person,
  member: FirstEntryMember,
): Promise<{
  mailAddress: string
  session: SignedInApplicant['session']
  headers: Record<string, string>
  payment: PaymentInfo
}> {
  const { mailAddress, session } = await signInByApi(request, member)
  const headers = { authorization: `Bearer ${session.sessionToken}` }
  const what = (call: string) => `${call} as ${member.memberCode}`

  let view = await json<ApplicationView>(
    await request.get(`/api${applyInfoRoute.path}`, { headers }),
    what('GET applyInfo'),
  )
  const bodies = stepBodies(person)
  for (let saved = 0; view.progress.nextStep !== 'payment'; saved += 1) {
    const step = view.progress.nextStep
    const body = bodies[step]
    if (body === undefined || saved > Object.keys(bodies).length) {
      throw new Error(`K400004's flow asks for ${step}, which support/policy-holders.ts has not`)
    }
    view = await json<ApplicationView>(
      await request.put(`/api${saveStepRoute(step).path}`, {
        headers,
        data: { ...body, version: view.version },
      }),
      what(`PUT applyInfo/${step}`),
    )
  }

  const payment = await json<PaymentInfo>(
    await request.get(`/api${paymentInfoRoute.path}`, { headers }),
    what('GET paymentInfo'),
  )
  return { mailAddress, session, headers, payment }
}

/**
 * A member of K400004 of this test's own (or the one given, of a server of the test's own),
 * applied through the real API as described above: a policy holder with one contract (330) who
 * can sign in to my-page with `userId` and `password`.
 */
export async function appliedPolicyHolder(
  request: APIRequestContext,
  person: Person,
  member: FirstEntryMember = claimMember('firstEntry', COLLECTION_GROUP.groupPfCode),
): Promise<PolicyHolder> {
  const { mailAddress, session, headers, payment } = await applicantAtPayment(
    request,
    person,
    member,
  )
  const what = (call: string) => `${call} as ${member.memberCode}`
  const outcome = await json<PaymentOutcome>(
    await request.post(`/api${paymentInfoRoute.path}`, {
      headers: { ...headers, [IDEMPOTENCY_KEY_HEADER]: `e2e_${randomBytes(12).toString('hex')}` },
      data: { registration: payment.registration },
    }),
    what('POST paymentInfo'),
  )
  if (outcome.result !== 'completed') {
    throw new Error(`${member.memberCode} was not applied: ${JSON.stringify(outcome)}`)
  }
  const { completion } = outcome
  expect(completion.statusPattern, 'group collection: applied and paid (SPEC §4)').toBe('330')
  expect(completion.userId).toBe(session.userId)
  return policyHolderOf(member, person, mailAddress, completion)
}

/** The policy holder an applied application made, from its completion. */
export function policyHolderOf(
  member: FirstEntryMember,
  person: Person,
  mailAddress: string,
  completion: Completion,
): PolicyHolder {
  return {
    member,
    userId: completion.userId,
    password: APPLICANT_PASSWORD,
    mailAddress,
    person,
    policyHolderNo: completion.groupPfPolicyHolderNo,
    totalPremium: completion.invoiceAmount,
    applicationDate: completion.applicationDate,
  }
}
