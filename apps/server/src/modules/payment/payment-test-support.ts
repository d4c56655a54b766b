import { randomBytes } from 'node:crypto'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { solveChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import {
  currentConsentVersions,
  type ApplicationStep,
  type ApplicationView,
  type EntryLink,
  type PolicyHolderInput,
} from '@app/shared'
import type {
  PaymentOutcome,
  PaymentRegistration,
  PuzzleChallenge,
  PuzzleSolution,
  VirtualAccount,
} from '@app/shared/api/payment/payment'
import { groupDocument, readTestImage } from '../../../test/factories.ts'
import type { Database } from '../../db/client.ts'
import { signInApplicant, type SignedInApplicant } from '../application/application-test-support.ts'
import type { GroupDocument } from '../group/group-document.ts'
import { importGroupDocument } from '../group/import-group.ts'
import { SANDBOX_PREFIX } from './provider-settings.ts'
import { sandboxTestCards } from '../../sandbox/test-cards.ts'

// Test data for the payment suites (imported by tests only): products paid by card ("1"),
// virtual account ("3") or group collection ("4"), with the payee account displayed or not, in
// the all-at-once or the mid-term window at testNow (2026-11-20); applicants walked through
// every step to payment over the real routes; a puzzle solver; card tokens from the sandbox.

export type PaymentWindow = 'atOnce' | 'halfway'

export interface PaymentProductOptions {
  pymntMethod: '1' | '3' | '4'
  /** the group's payee account display flag: "1" supplies payeeAccntInfo */
  payeeAccntDisplayDiv?: '1' | '2'
  /** the window testNow falls in: atOnce → recruitFormat "1", halfway → "2" */
  window?: PaymentWindow
  /** 付加費用 (yen), added to what is due (issue #17 point 13) */
  additionalCost?: number
}

let productCounter = 0

/**
 * A product of its own (code T07xxxx): plan 1 (1,200 yen) and option 2 (150 yen), a notice
 * matter on plan 1, no insured items and no documents, so the flow is short. Both windows end
 * on 2026-11-30: from 2026-12-01 (JST) the deadline has passed.
 */
export function paymentDocument(options: PaymentProductOptions): {
  document: GroupDocument
  link: EntryLink
} {
  productCounter += 1
  const suffix = `${process.pid % 100}${productCounter}`.padStart(5, '0').slice(-5)
  const link: EntryLink = {
    groupPfCode: `T07${suffix}`,
    groupPfCodeInceptionDateYm: '202612',
    groupPfBranchNo: '00001',
    urlKey: `Pay${suffix}Key`.slice(0, 10).padEnd(10, 'X'),
  }
  const document = groupDocument({ groupPfCode: link.groupPfCode, urlKey: link.urlKey })
  const isHalfway = options.window === 'halfway'
  Object.assign(document.groupPfInfo, {
    groupNameKanji: 'みどり商事健康保険組合',
    pymntMethod: options.pymntMethod,
    payeeAccntDisplayDiv: options.payeeAccntDisplayDiv ?? '2',
    payeeAccntInfo:
      options.payeeAccntDisplayDiv === '1'
        ? 'みどり銀行 本店営業部 普通 7654321 ミドリショウジ'
        : null,
    requiredDocsType1: '1',
    requiredDocsType2: '1',
    requiredDocsType3: '1',
    atOnceRecruitStartDate: isHalfway ? '20261001' : '20261101',
    atOnceRecruitEndDate: isHalfway ? '20261031' : '20261130',
    halfwayRecruitStartDate: isHalfway ? '20261101' : null,
    halfwayRecruitEndDate: isHalfway ? '20261130' : null,
    halfwayPymntInceptionDate: isHalfway ? '20261201' : null,
    additionalCost: options.additionalCost ?? 0,
  })
  return { document, link }
}

export async function importPaymentProduct(
  db: Database,
  options: PaymentProductOptions,
): Promise<EntryLink> {
  const { document, link } = paymentDocument(options)
  await importGroupDocument(db, document, { readImage: readTestImage })
  return link
}

const consent = (documentId: keyof typeof currentConsentVersions) => ({
  documentId,
  version: currentConsentVersions[documentId],
})

export const testPolicyHolderInfo: PolicyHolderInput = {
  policyHolderNameKana: 'ミドリ　ハナコ',
  policyHolderNameKanji: '緑　花子',
  policyHolderBirthDate: '19850415',
  policyHolderSex: '2',
  policyHolderZipCd: '1000001',
  policyHolderAddressKanji: '東京都千代田区千代田１－１',
  policyHolderAddressKana: 'トウキョウト　チヨダク　チヨダ　１－１',
  homeTelNo: '',
  mobileTelNo: '090-1234-5678',
  faxNo: '',
  otherInsuranceFlg: '2',
  otherInsuranceCompanyName: '',
  otherInsuranceType: '',
  otherInsuranceExpiryDate: '',
  otherInsurancePymntLimit: '',
  itemAnswers: { employeeNo: 'E1234' },
}

/** The body of each step of the payment products' flow (the version is added on sending). */
export const paymentStepBodies: Partial<Record<ApplicationStep, Record<string, unknown>>> = {
  entryTerms: { consentArray: [consent('entry-terms'), consent('privacy-policy')] },
  selectPolicyHolderDiv: { policyHolderDiv: '1' },
  selectCategory: { planUnitNo: 1 },
  selectType: { contractType: '2', optionUnitNoArray: ['2'] },
  inputPolicyHolderInfo: { policyHolderInfo: testPolicyHolderInfo },
  noticeMatters: { answers: { hospitalised: '2' } },
  checkPolicyHolderInfo: {},
  pamphletImportantNotes: { consentArray: [consent('important-notes')] },
}

/** The amount due after walkToPayment: plan 1 and option 2. */
export const TEST_PREMIUM = 1350

async function currentView(app: FastifyInstance, who: SignedInApplicant): Promise<ApplicationView> {
  const response = await app.inject({ method: 'GET', url: '/api/applyInfo/', headers: who.headers })
  if (response.statusCode !== 200) throw new Error(`applyInfo: ${response.body}`)
  return response.json<ApplicationView>()
}

/** Saves every step with the standard bodies until payment is the next step (or `last` is saved). */
export async function walkToPayment(
  app: FastifyInstance,
  who: SignedInApplicant,
  last?: ApplicationStep,
): Promise<ApplicationView> {
  let view = await currentView(app, who)
  for (let guard = 0; guard < 20; guard += 1) {
    const step = view.progress.nextStep
    if (step === 'payment') return view
    const body = paymentStepBodies[step]
    if (body === undefined) throw new Error(`no test body for step ${step}`)
    const response = await app.inject({
      method: 'PUT',
      url: `/api/applyInfo/${step}`,
      headers: who.headers,
      payload: { ...body, version: view.version },
    })
    if (response.statusCode !== 200) throw new Error(`${step}: ${response.body}`)
    view = response.json<ApplicationView>()
    if (step === last) return view
  }
  throw new Error('the flow did not reach payment')
}

/** A fresh applicant of the product, signed in, walked to payment. */
export async function applicantAtPayment(
  app: FastifyInstance,
  link: EntryLink,
  options: { mailAddress?: string } = {},
): Promise<{ who: SignedInApplicant; view: ApplicationView }> {
  const who = await signInApplicant(app, {
    link,
    mailAddress: options.mailAddress ?? 'midori@example.jp',
    authItems: [randomDigitsForTest(7), '19850415', 'ミドリハナコ'],
  })
  const view = await walkToPayment(app, who)
  return { who, view }
}

function randomDigitsForTest(length: number): string {
  return Array.from(randomBytes(length), (byte) => String(byte % 10)).join('')
}

/** The §7.4 registration the browser sends back, as the server shows it. */
export function registrationOf(view: ApplicationView): PaymentRegistration {
  const basic = view.applyInfo.basicInfo
  return {
    urlKey: view.applyInfo.urlKey,
    groupPfCode: basic.groupPfCode,
    groupPfCodeInceptionDateYm: basic.groupPfCodeInceptionDateYm,
    groupPfBranchNo: basic.groupPfBranchNo,
    groupPfPolicyHolderNo: basic.groupPfPolicyHolderNo,
    statusPattern: basic.statusPattern,
    pymntMethod: basic.pymntMethod,
    payeeAccntDisplayDiv: basic.payeeAccntDisplayDiv,
    payeeAccntInfo: basic.payeeAccntInfo,
  }
}

/** A fresh Idempotency-Key, as the browser makes one per payment. */
export function newIdempotencyKey(): string {
  return `idem_${randomBytes(12).toString('hex')}`
}

/** Solves a puzzle as the browser's widget does (node:crypto here: the same answer, faster). */
export async function solvePuzzle(challenge: PuzzleChallenge): Promise<PuzzleSolution> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 10_000 })
  if (solution === null) throw new Error('the puzzle was not solved')
  return { challenge, solution }
}

/** GET /capyStatus/ and solve it. */
export async function solvedPuzzle(
  app: FastifyInstance,
  who: SignedInApplicant,
): Promise<PuzzleSolution> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/capyStatus/',
    headers: who.headers,
  })
  if (response.statusCode !== 200) throw new Error(`capyStatus: ${response.body}`)
  return solvePuzzle(response.json<PuzzleChallenge>())
}

/** A card token from the sandbox's token endpoint, as the browser gets one. */
export async function cardToken(app: FastifyInstance, cardNumber: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: `${SANDBOX_PREFIX}/v1/tokens`,
    remoteAddress: `10.7.${randomBytes(1)[0] ?? 0}.${randomBytes(1)[0] ?? 0}`,
    payload: {
      publishableKey: app.paymentSettings.publishableKey,
      cardNumber,
      expiryMonth: '12',
      expiryYear: '2030',
      securityCode: '123',
    },
  })
  if (response.statusCode !== 201) throw new Error(`token: ${response.body}`)
  return response.json<{ token: string }>().token
}

/** A call to the sandbox's server API with the secret key (charges per order, a payment). */
export function sandboxCall(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  path: string,
  payload?: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: `${SANDBOX_PREFIX}${path}`,
    headers: { authorization: `Bearer ${app.paymentSettings.secretKey}` },
    ...(payload === undefined ? {} : { payload }),
  })
}

/**
 * An applicant of `link` who paid by transfer: the provider issued the application's own account
 * at the app's clock, and the application completed with it (for a monthly product, with the
 * transfer schedule, ADR 0039). The signed-in applicant and the account.
 */
export async function applicantPaidByTransfer(
  app: FastifyInstance,
  link: EntryLink,
  mailAddress: string,
): Promise<{ who: SignedInApplicant; account: VirtualAccount }> {
  const { who, view } = await applicantAtPayment(app, link, { mailAddress })
  const response = await app.inject({
    method: 'POST',
    url: '/api/executePaymentVAccount/',
    headers: { ...who.headers, 'idempotency-key': newIdempotencyKey() },
    payload: { registration: registrationOf(view) },
  })
  const outcome = response.json<PaymentOutcome>()
  if (outcome.result !== 'completed' || outcome.completion.virtualAccount === null) {
    throw new Error(`no account: ${response.body}`)
  }
  return { who, account: outcome.completion.virtualAccount }
}

/**
 * An applicant of `link` who has paid by card (frictionless) and so, for a monthly product, has a
 * stored card and a schedule (issue #24): the signed-in applicant.
 */
export async function applicantPaidByCard(
  app: FastifyInstance,
  link: EntryLink,
  mailAddress: string,
): Promise<SignedInApplicant> {
  const atPayment = await applicantAtPayment(app, link, { mailAddress })
  const response = await app.inject({
    method: 'POST',
    url: '/api/executePaymentCredit/',
    headers: { ...atPayment.who.headers, 'idempotency-key': newIdempotencyKey() },
    payload: {
      registration: registrationOf(atPayment.view),
      cardToken: await cardToken(app, sandboxTestCards.frictionless),
      puzzle: await solvedPuzzle(app, atPayment.who),
    },
  })
  if (response.json<{ result?: string }>().result !== 'completed') {
    throw new Error(`not completed: ${response.body}`)
  }
  return atPayment.who
}
