import { existsSync } from 'node:fs'
import path from 'node:path'
import { applicationSteps } from '@app/shared/rules/application-steps'
import { t } from '@app/shared/messages/t'
import { describe, expect, it } from 'vitest'
import { notFoundHelperSegments, screens } from './route-table.ts'

/** apps/web: the build manifest's modules are named from here */
const webRoot = path.resolve(import.meta.dirname, '../..')

// SPEC §2.1-2.3, copied from the spec's lists.
const specEnrolmentSegments = [
  'applyLinkGuide',
  'autoRenewCheck',
  'autoRenewStopCheck',
  'autoRenewStopComplete',
  'checkPolicyHolderInfo',
  'completeApplication',
  'entryTerms',
  'inputPolicyHolderInfo',
  'noticeMatters',
  'noticeMattersDoc',
  'pamphletImportantNotes',
  'payment',
  'registerInsuredInfo',
  'registerInsuredInfo/:unitNo',
  'registerMaintenanceManager',
  'renewalProcedure',
  'selectCategory',
  'selectPolicyHolderDiv',
  'selectType',
  'sendVerificationMail',
  'termsOfService',
  'verifyUser',
]
const specMyPageSegments = [
  'checkContractInfo',
  'home',
  'idReNotification',
  'idReNotificationComplete',
  'login',
  'loginCode',
  'logout',
  'mailChange',
  'mailChangeCode',
  'mailChangeComplete',
  'passwordReset',
  'passwordResetCode',
  'passwordResetComplete',
  'phoneNumberRegistrationComplete',
  'startRegisterTelephoneAuth',
  'telephoneAuthSelect',
  'verifyTelephoneAuth',
]
// Beyond SPEC §2: the invoice of an auto-renewed contract (issue #21 point 4, ADR 0032) and the
// card change of a monthly contract (issue #24 point 4, ADR 0038).
const addedMyPageSegments = ['invoice', 'changeCard']
const specHelperSegments = [
  'registerInsuredInfo/interaction/Interaction',
  'registerInsuredInfo/model/FormElements',
  'registerInsuredInfo/model/InsuredInfo',
  'registerInsuredInfo/model/InsuredInfoForEdit',
  'registerInsuredInfo/model/InsuredInfoList',
]
// SPEC §2.5: pages without the direct-access block.
const openPages = [
  'ent/termsOfService',
  'ent/verifyUser',
  'myp/login',
  'myp/mailChangeCode',
  'myp/passwordResetCode',
  'myp/idReNotification',
  // opened from the invoice mail and on the way back from 3-D Secure (ADR 0032)
  'myp/invoice',
  // on the way back from 3-D Secure (ADR 0038)
  'myp/changeCard',
  'pamphlet/',
  'system/',
]

const segmentsOf = (area: string) =>
  screens.filter((screen) => screen.area === area).map((screen) => screen.segment)

describe('ルート表（SPEC §2）', () => {
  it('申込の22画面をすべて登録していること', () => {
    expect(segmentsOf('ent').sort()).toEqual([...specEnrolmentSegments].sort())
  })

  it('マイページの17画面と請求の画面をすべて登録していること', () => {
    expect(segmentsOf('myp').sort()).toEqual([...specMyPageSegments, ...addedMyPageSegments].sort())
  })

  it('パンフレットとシステム利用規約を登録していること', () => {
    expect(segmentsOf('pamphlet')).toEqual([''])
    expect(segmentsOf('system')).toEqual([''])
  })

  it('registerInsuredInfo の補助ルートは 404 のルートとして登録していること', () => {
    expect([...notFoundHelperSegments]).toEqual(specHelperSegments)
  })

  it('直接アクセスを防がないのは決められた画面だけであること', () => {
    const open = screens
      .filter((screen) => !screen.guard.blockDirectAccess)
      .map((screen) => `${screen.area}/${screen.segment}`)
    expect(open.sort()).toEqual([...openPages].sort())
  })

  it('初期化ガードは payment、completeApplication、マイページのホームにあること', () => {
    const initialised = screens
      .filter((screen) => screen.guard.initialisation !== undefined)
      .map((screen) => [screen.page, screen.guard.initialisation])
    expect(initialised).toEqual([
      ['completeApplication', 'completeApplication'],
      ['payment', 'payment'],
      ['home', 'myPageHome'],
    ])
  })

  it('本人確認の後の申込の画面と更新の画面はセッションを、確認メールの送信は受付票を求めること', () => {
    const required = (requirement: string) =>
      screens
        .filter((screen) => screen.guard.requires === requirement)
        .map((screen) => `${screen.area}/${screen.segment}`)
    const notSignedIn = ['applyLinkGuide', 'sendVerificationMail', 'termsOfService', 'verifyUser']
    expect(required('session').sort()).toEqual(
      specEnrolmentSegments
        .filter((segment) => !notSignedIn.includes(segment))
        .map((segment) => `ent/${segment}`)
        .sort(),
    )
    expect(required('entryTicket')).toEqual(['ent/sendVerificationMail'])
    // The guards that need a session or a ticket sit behind the direct-access block, but for
    // mailChangeCode: open by SPEC §2.5, and still a signed-in holder's change; the invoice: opened
    // from its mail, by a signed-in holder (ADR 0032); the card change: back from 3-D Secure.
    expect(
      screens
        .filter((screen) => screen.guard.requires && !screen.guard.blockDirectAccess)
        .map((screen) => `${screen.area}/${screen.segment}`)
        .sort(),
    ).toEqual(['myp/changeCard', 'myp/invoice', 'myp/mailChangeCode'])
  })

  it('マイページのログイン後の画面はマイページのセッションを、電話番号の画面は登録の流れのときだけ求めること（issue #8）', () => {
    const required = (requirement: string) =>
      screens
        .filter((screen) => screen.guard.requires === requirement)
        .map((screen) => screen.segment)
        .sort()
    expect(required('myPageSession')).toEqual([
      'changeCard',
      'checkContractInfo',
      'home',
      'invoice',
      'mailChange',
      'mailChangeCode',
      'mailChangeComplete',
      'phoneNumberRegistrationComplete',
      'startRegisterTelephoneAuth',
    ])
    expect(required('myPageTelephone')).toEqual(['telephoneAuthSelect', 'verifyTelephoneAuth'])
  })

  it('パンフレットはパンフレットのレイアウト、ホームは上余白なしのレイアウトであること', () => {
    const layoutOf = (page: string) => screens.find((screen) => screen.page === page)?.layout
    expect(layoutOf('pamphlet')).toBe('pamphlet')
    expect(layoutOf('home')).toBe('common-encryption-with-margin-top-none')
    expect(layoutOf('termsOfService')).toBe('common')
  })

  // Issue #23 point 21: the 「このページの通信は暗号化されています。」 bar was missing on three steps.
  it('お申し込みの手順と支払い・完了の画面は、どれも暗号化の表示のあるレイアウトであること', () => {
    const inFlow = [...applicationSteps, 'payment', 'completeApplication']
    const layouts = screens
      .filter((screen) => screen.area === 'ent' && inFlow.includes(screen.page))
      .map((screen) => [screen.page, screen.layout])
    expect(layouts.map(([page]) => page)).toEqual(expect.arrayContaining(inFlow))
    for (const [page, layout] of layouts) {
      expect([page, layout]).toEqual([page, 'common-encryption'])
    }
  })

  it.each([
    ['termsOfService', '利用規約'],
    ['verifyUser', '本人確認'],
    ['login', 'ログイン'],
    ['home', 'ホーム'],
    ['pamphlet', 'パンフレット'],
    ['systemTermsOfServiceAndPolicies', '利用規約・各種ポリシー'],
  ])('%s の題名は「%s」であること', (page, title) => {
    const screen = screens.find((candidate) => candidate.page === page)
    expect(screen && t(screen.titleKey)).toBe(title)
  })

  it('どの画面も日本語の題名を持ち、題名は重ならないこと', () => {
    const titles = screens.map((screen) => t(screen.titleKey))
    expect(titles.every((title) => /[\u3040-\u30ff\u4e00-\u9fff]/.test(title))).toBe(true)
    expect(new Set(titles).size).toBe(titles.length)
  })

  it('どの画面のモジュールも画面コンポーネントを既定の export にしていること', async () => {
    const modules = await Promise.all(screens.map((screen) => screen.load()))
    expect(modules.every((module) => typeof module.default === 'function')).toBe(true)
  })
})

describe('server-rendered landing pages (issue #22, ADR 0036)', () => {
  it('are termsOfService, the my-page login and the system terms page, each naming its own module', () => {
    const rendered = screens.filter((screen) => screen.serverRendered !== undefined)
    expect(rendered.map((screen) => `${screen.area}/${screen.page}`)).toEqual([
      'ent/termsOfService',
      'myp/login',
      'system/systemTermsOfServiceAndPolicies',
    ])
    for (const screen of rendered) {
      const module = screen.serverRendered?.module ?? ''
      expect(existsSync(path.join(webRoot, module)), module).toBe(true)
      // the manifest key is the module that `load` imports
      expect(String(screen.load)).toContain(path.basename(module))
      // open pages only: nothing the server cannot see (a session, the flow) decides them
      expect(screen.guard).toEqual({ blockDirectAccess: false })
    }
  })
})
