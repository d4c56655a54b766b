import type { ItemDefinition } from '@app/shared/api/group/item-definition'
import { testItem } from './application.ts'
import type { ContractInfo, ContractSummary, MyPageInfo } from '@app/shared/api/my-page/endpoints'
import { act, screen } from '@testing-library/react'
import { linkKey } from '../lib/group-store.ts'
import { MY_PAGE_STATE_KEY } from '../lib/my-page-steps.ts'
import { storeMyPageSession } from './access.ts'
import { link, mypBase } from './fixtures.ts'
import { jsonResponse, mockFetch } from './http.ts'
import { createTestServices, renderApp, type GetHandler } from './render-app.tsx'
import type { HeldAttempt, MyPageState } from '../features/my-page/my-page-state.ts'

// What the my-page screens' tests start from (issue #8): the link, a sign-in or change in
// progress (my-page-state.ts), a my-page session, the API's answers.

export const mypRouterBase = mypBase.replace(/^\/app/, '')
export const myPageLink = { groupPfCode: link.groupPfCode, urlKey: link.urlKey } as const
export const ATTEMPT_TOKEN = 'attempt_token_0000000000000001'
export const NEW_ATTEMPT_TOKEN = 'attempt_token_0000000000000002'
export const SESSION_TOKEN = 'session.token.my-page'
export const USER_ID = 'AB12CD34EF'
export const PASSWORD = 'Abcdef12#$'
export const NEW_PASSWORD = 'Newpass34%&'

export type Respond = (method: string, path: string) => Response

/** An attempt the server opened, as the server answers it (30 minutes). */
export function attemptAnswer(attemptToken = ATTEMPT_TOKEN) {
  return {
    attemptToken,
    expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    expiresInSeconds: 30 * 60,
  }
}

/** A code sent, as the server answers it (10 minutes). */
export function codeSent(channel: 'mail' | 'sms' | 'voice', maskedDestination: string) {
  return {
    channel,
    maskedDestination,
    codeExpiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
    codeExpiresInSeconds: 600,
  }
}

/** The answer of POST /sessionInfo/: a my-page session. */
export function sessionAnswer() {
  return {
    sessionToken: SESSION_TOKEN,
    expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    expiresInSeconds: 30 * 60,
    userId: USER_ID,
    groupPfCode: link.groupPfCode,
  }
}

/** An attempt as the steps keep it. */
export function heldAttempt(
  codeSentTo: HeldAttempt['codeSent'] = { channel: 'mail', maskedDestination: 't***@example.jp' },
  attemptToken = ATTEMPT_TOKEN,
): HeldAttempt {
  return {
    attemptToken,
    expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    codeSent: codeSentTo,
  }
}

/** The link's steps in progress, as the screens keep them in sessionStorage. */
export function storeMyPageSteps(steps: Omit<MyPageState, 'link'>): void {
  window.sessionStorage.setItem(
    MY_PAGE_STATE_KEY,
    JSON.stringify({ ...steps, link: linkKey('myp', myPageLink) }),
  )
}

export function readMyPageSteps(): MyPageState {
  return JSON.parse(window.sessionStorage.getItem(MY_PAGE_STATE_KEY) ?? '{}') as MyPageState
}

export function contractSummary(overrides: Partial<ContractSummary> = {}): ContractSummary {
  return {
    coveragePeriod: {
      groupPfCodeInceptionDateYm: '202604',
      inceptionDate: '20260401',
      expiryDate: '20270331',
    },
    groupPfName: 'さくら商事 団体総合保険',
    groupPfPolicyHolderNo: 'P000123',
    statusPattern: '330',
    pymntMethod: '1',
    pymntCount: 12,
    totalPremium: 12500,
    applicationDate: '20260315',
    renewal: null,
    actions: { certificate: true, renewal: false, autoRenewCheck: false, stopAutoRenewal: false },
    ...overrides,
  }
}

export function myPageInfo(overrides: Partial<MyPageInfo> = {}): MyPageInfo {
  return {
    userId: USER_ID,
    policyHolderName: '山田 太郎',
    mailAddress: 'taro@example.jp',
    authTypeForLogin: 'mail',
    maskedPhoneNumber: null,
    telephoneAuthOffered: true,
    contracts: [contractSummary()],
    ...overrides,
  }
}

export function contractInfo(): ContractInfo {
  return {
    summary: contractSummary(),
    policyHolderInfo: {
      policyHolderDiv: '1',
      policyHolderInceptionDate: '20260401',
      policyHolderInceptionTime: '0000',
      policyHolderExpiryDate: '20270331',
      policyHolderExpiryTime: '1600',
      policyHolderNameKana: 'ヤマダ タロウ',
      policyHolderNameKanji: '山田 太郎',
      policyHolderBirthDate: '19800115',
      policyHolderSex: '1',
      policyHolderZipCd: '1000001',
      policyHolderAddressKanji: '東京都千代田区千代田1-1',
      policyHolderAddressKana: 'トウキョウト チヨダク チヨダ',
      homeTelNo: '0312345678',
      mobileTelNo: '',
      faxNo: '',
      otherInsuranceFlg: '2',
      otherInsuranceCompanyName: '',
      otherInsuranceType: '',
      otherInsuranceExpiryDate: '',
      otherInsurancePymntLimit: '',
      itemAnswers: { EMPLOYEE_NO: 'E12345' },
    },
    insrdInfoArray: [
      {
        insrdId: '00000000-0000-4000-8000-000000000001',
        unit: 1,
        insrdNameKana: 'ヤマダ タロウ',
        insrdNameKanji: '山田 太郎',
        insrdBirthDate: '19800115',
        insrdSex: '1',
        itemAnswers: { RELATIONSHIP: '1', OCCUPATION: '1' },
      },
      {
        insrdId: '00000000-0000-4000-8000-000000000002',
        unit: 1,
        insrdNameKana: 'ヤマダ ハナコ',
        insrdNameKanji: '山田 花子',
        insrdBirthDate: '19820220',
        insrdSex: '2',
        itemAnswers: { RELATIONSHIP: '2', OCCUPATION: '2' },
      },
    ],
    cvrgeInfo: {
      totalPremium: 12500,
      initTotalPremium: 12500,
      unitArray: [
        { unit: 1, unitTypeCd: 'A', unitPremium: 10000 },
        { unit: 2, unitTypeCd: 'B', unitPremium: 2500 },
      ],
      planUnitNo: 1,
      contractType: '2',
    },
    unitNames: { '1': '基本プラン', '2': '携行品オプション' },
    itemDefinitionArray: contractItems,
    premiumPayments: null,
  }
}

/** The group's items of the contract year: one of the policy holder's, two of each insured. */
const contractItems: ItemDefinition[] = [
  testItem({
    itemCode: 'EMPLOYEE_NO',
    itemName: '社員番号',
    category: '010',
    inputType: 'text',
  }),
  testItem({
    itemCode: 'RELATIONSHIP',
    itemName: '続柄',
    category: '020',
    inputType: 'select',
    displayOrder: 10,
    choiceArray: [
      { code: '1', label: '本人' },
      { code: '2', label: '配偶者' },
    ],
  }),
  testItem({
    itemCode: 'OCCUPATION',
    itemName: '職業',
    category: '020',
    inputType: 'select',
    displayOrder: 20,
    choiceArray: [
      { code: '1', label: '会社員' },
      { code: '2', label: '主婦・主夫' },
    ],
  }),
]

/** No answer is expected: the test fails on a call it did not plan for. */
const unexpected: Respond = (method, path) => {
  throw new Error(`unexpected ${method} ${path}`)
}

/**
 * A my-page screen reached in the app (SPEC §2.5: through the flow), from login of the fixture
 * link. `signedIn` stores a my-page session first; `steps` the steps in progress.
 */
export async function openMyPage(
  page: string,
  options: {
    respond?: Respond
    handlers?: Record<string, GetHandler>
    signedIn?: boolean
    steps?: Omit<MyPageState, 'link'>
    search?: string
  } = {},
) {
  if (options.signedIn === true) storeMyPageSession()
  if (options.steps !== undefined) storeMyPageSteps(options.steps)
  const { fetch, requests } = mockFetch(options.respond ?? unexpected)
  const services = createTestServices({
    handlers: {
      '/policyHolderInfo/': () => myPageInfo(),
      '/policyHolderInfo/contract/': () => contractInfo(),
      ...options.handlers,
    },
    fetch,
  })
  const rendered = renderApp(`${mypBase}/login`, services)
  await screen.findByRole('heading', { level: 1, name: 'ログイン' })
  if (page !== 'login') {
    await act(() => rendered.router.navigate(`${mypRouterBase}/${page}${options.search ?? ''}`))
  }
  return { ...rendered, requests, services }
}

/** The path of a my-page page of the fixture link, as the router shows it. */
export const mypPath = (page: string) => `${mypBase}/${page}`

export { jsonResponse }
