import { and, eq } from 'drizzle-orm'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import type { EntryLink } from '@app/shared'
import type { PaymentOutcome } from '@app/shared/api/payment/payment'
import { readTestImage } from '../../../test/factories.ts'
import type { Database } from '../../db/client.ts'
import { applications } from '../../db/schema/index.ts'
import { importGroupDocument } from '../group/import-group.ts'
import {
  applicantAtPayment,
  newIdempotencyKey,
  paymentDocument,
  registrationOf,
} from '../payment/payment-test-support.ts'

// Test data for the renewal suites (imported by tests only): a group-collection product of
// 2026-12 (auto-renewing, fix date 2027-11-01) with next year's product of 2027-12 beside it
// (recruiting from 2026-11-01 until 2027-10-31, 100 yen more on each unit), and policy holders
// who applied to this year's product through the real flow at testNow (2026-11-20), whose cover
// begins on 2026-12-01.

export const CURRENT = '202612'
export const NEXT = '202712'
export const FIX_DATE = '20271101'
/** This year's cover begins on 2026-12-01 (the product's inception): the renewal opens then. */
export const COVER_START = '20261201'
/** A day in this year's cover, before the fix date: renewals are taken (issue #23 point 19). */
export const IN_COVER = '20270601'

/** A text item on the policy holder not carried over (preRenewCopyFlg "2"). */
const notCarried = {
  itemCode: 'holderMemo',
  itemName: '連絡メモ',
  supportText: '',
  inputType: 'text',
  itemClass: '010',
  category: '010',
  relatedUnitNo: [],
  displayOrder: 30,
  applicationDispDisplayFlg: '1',
  preRenewCopyFlg: '2',
  authItemCd: null,
  ruleArray: [],
  choiceArray: [],
  blockingAnswerArray: [],
} as const

/**
 * Two notice matters not shown on the application (SPEC §4 "Pre-renewal copy"): one flagged for
 * copying, whose answer carries into the renewal, and one that does not.
 */
const hiddenNotices = [
  {
    ...notCarried,
    itemCode: 'priorClaims',
    itemName: '前年度の請求',
    preRenewCopyFlg: '1' as const,
  },
  { ...notCarried, itemCode: 'priorNote', itemName: '前年度の備考', preRenewCopyFlg: '2' as const },
].map((item) => ({
  ...item,
  itemClass: '030' as const,
  category: '020' as const,
  applicationDispDisplayFlg: '2' as const,
  displayOrder: 90,
  relatedUnitNo: [],
  ruleArray: [],
  choiceArray: [],
  blockingAnswerArray: [],
}))

/** Last year's answers to the hidden notice matters, as the contract holds them. */
export const hiddenNoticeAnswers = { priorClaims: 'なし', priorNote: '電話で確認済み' }

/**
 * This year's product and next year's, of a group of its own; next year paid by
 * `nextPymntMethod` (group collection unless given: card or transfer renews at 220).
 */
export async function importRenewalProducts(
  db: Database,
  options: { nextPymntMethod?: '1' | '3' | '4' } = {},
): Promise<{ link: EntryLink; nextLink: EntryLink }> {
  const { document, link } = paymentDocument({ pymntMethod: '4' })
  document.itemDefinitionArray.push({
    ...notCarried,
    relatedUnitNo: [],
    ruleArray: [],
    choiceArray: [],
    blockingAnswerArray: [],
  })
  document.itemDefinitionArray.push(...hiddenNotices)
  await importGroupDocument(db, document, { readImage: readTestImage })
  const next = structuredClone(document)
  Object.assign(next.groupPfInfo, {
    groupPfCodeInceptionDateYm: NEXT,
    groupInceptionDate: '20271201',
    groupExpiryDate: '20281130',
    renewalFixDate: '20281101',
    atOnceRecruitStartDate: '20261101',
    atOnceRecruitEndDate: '20271031',
    pymntMethod: options.nextPymntMethod ?? document.groupPfInfo.pymntMethod,
  })
  next.groupPfInfo.unitInfoArray = next.groupPfInfo.unitInfoArray.map((unit) => ({
    ...unit,
    unitPremium: unit.unitPremium + 100,
  }))
  await importGroupDocument(db, next, { readImage: readTestImage })
  return { link, nextLink: { ...link, groupPfCodeInceptionDateYm: NEXT } }
}

export interface AppliedHolder {
  accountId: string
  userId: string
  mailAddress: string
  policyHolderNo: string
  contractId: string
}

/**
 * A holder who applied to `link` by group collection (SPEC §4 330), with a policy holder answer
 * that does not carry over added to the contract (as an older form would have asked it), and
 * answers to the hidden notice matters (as the core system would have filled them in).
 */
export async function appliedHolder(
  app: FastifyInstance,
  link: EntryLink,
  mailAddress: string,
): Promise<AppliedHolder> {
  const { who, view } = await applicantAtPayment(app, link, { mailAddress })
  const response = await app.inject({
    method: 'POST',
    url: '/api/paymentInfo/',
    headers: { ...who.headers, 'idempotency-key': newIdempotencyKey() },
    payload: { registration: registrationOf(view) },
  })
  const outcome = response.json<PaymentOutcome>()
  if (outcome.result !== 'completed') throw new Error(`not applied: ${response.body}`)
  const [row] = await app.db
    .select({ id: applications.id, applyInfo: applications.applyInfo })
    .from(applications)
    .where(and(eq(applications.accountId, who.accountId), eq(applications.status, 'applied')))
  if (row?.applyInfo == null) throw new Error('no applied application')
  const { applyInfo } = row
  await app.db
    .update(applications)
    .set({
      applyInfo: {
        ...applyInfo,
        policyHolderInfo: {
          ...applyInfo.policyHolderInfo,
          itemAnswers: { ...applyInfo.policyHolderInfo.itemAnswers, holderMemo: '平日のみ' },
        },
        noticeMatterInfo: {
          answers: { ...applyInfo.noticeMatterInfo.answers, ...hiddenNoticeAnswers },
        },
      },
    })
    .where(eq(applications.id, row.id))
  return {
    accountId: who.accountId,
    userId: who.userId,
    mailAddress,
    policyHolderNo: outcome.completion.groupPfPolicyHolderNo,
    contractId: row.id,
  }
}

/** A my-page session of the account, opened at the app's `now`. */
export async function myPageHeadersOf(
  app: FastifyInstance,
  accountId: string,
): Promise<{ authorization: string }> {
  const session = await app.sessions.open(accountId, app.db, 'myPage')
  return { authorization: `Bearer ${session.sessionToken}` }
}

export function bodyOf(response: LightMyRequestResponse): Record<string, unknown> {
  return response.json<Record<string, unknown>>()
}
