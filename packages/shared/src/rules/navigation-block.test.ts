import { describe, it, expect } from 'vitest'
import { isNavigationBlocked, pageNameOf, type NavigationAction } from './navigation-block.ts'

describe('戻るの取り消し（SPEC §2.7）', () => {
  it.each<[string | undefined, string | undefined, NavigationAction, boolean]>([
    ['completeApplication', 'payment', 'POP', true],
    ['completeApplication', undefined, 'POP', true],
    ['completeApplication', 'login', 'POP', false],
    ['completeApplication', 'payment', 'PUSH', false],
    ['completeApplication', 'payment', 'REPLACE', false],
    ['autoRenewStopComplete', 'autoRenewStopCheck', 'POP', true],
    ['autoRenewStopComplete', 'login', 'POP', true],
    ['autoRenewStopComplete', 'home', 'POP', true],
    ['autoRenewStopComplete', 'login', 'PUSH', false],
    ['idReNotificationComplete', 'idReNotification', 'POP', true],
    ['idReNotificationComplete', 'login', 'POP', false],
    ['passwordResetComplete', 'passwordResetCode', 'POP', true],
    ['passwordResetComplete', 'login', 'POP', false],
    ['mailChangeComplete', 'mailChangeCode', 'POP', true],
    ['mailChangeComplete', 'login', 'POP', true],
    ['mailChangeComplete', 'home', 'POP', false],
    ['payment', 'checkPolicyHolderInfo', 'POP', false],
    ['home', 'login', 'POP', false],
    [undefined, 'home', 'POP', false],
  ])('%s から %s への %s を取り消すかが %s であること', (fromPage, toPage, action, expected) => {
    expect(isNavigationBlocked({ fromPage, toPage, action })).toBe(expected)
  })
})

describe('重要事項説明への遷移（SPEC §2.7 pamphletImportantNotes）', () => {
  it.each<[string | undefined, NavigationAction, boolean]>([
    ['checkPolicyHolderInfo', 'PUSH', false],
    ['checkPolicyHolderInfo', 'POP', false],
    ['checkPolicyHolderInfo', 'REPLACE', false],
    ['inputPolicyHolderInfo', 'PUSH', true],
    ['noticeMatters', 'POP', true],
    ['pamphletImportantNotes', 'REPLACE', true],
    [undefined, 'PUSH', true],
    ['completeApplication', 'POP', true],
  ])('%s から %s で進むのを取り消すかが %s であること', (fromPage, action, expected) => {
    expect(isNavigationBlocked({ fromPage, toPage: 'pamphletImportantNotes', action })).toBe(
      expected,
    )
  })
})

describe('パスの画面名（SPEC §2.1〜2.3）', () => {
  it.each([
    ['/app/ent/G1/202601/00001/abcdEFGH12/selectType', 'selectType'],
    ['/ent/G1/202601/00001/abcdEFGH12/selectType', 'selectType'],
    ['/app/ent/G1/202601/00001/abcdEFGH12/registerInsuredInfo/3', 'registerInsuredInfo'],
    [
      '/app/ent/G1/202601/00001/abcdEFGH12/registerInsuredInfo/interaction/Interaction',
      'registerInsuredInfo',
    ],
    ['/app/ent/G1/202601/00001/abcdEFGH12/completeApplication/', 'completeApplication'],
    ['/app/ent/G1/202601/00001/abcdEFGH12/payment?x=1#top', 'payment'],
    ['/app/ent/G1/202601/00001/abcdEFGH12', undefined],
    ['/app/myp/G1/abcdEFGH12/home', 'home'],
    ['/myp/G1/abcdEFGH12/mailChangeComplete', 'mailChangeComplete'],
    ['/app/myp/G1/abcdEFGH12', undefined],
    ['/app/pamphlet/G1/202601/00001/abcdEFGH12', 'pamphlet'],
    ['/pamphlet/G1/202601/00001/abcdEFGH12', 'pamphlet'],
    ['/app/systemTermsOfServiceAndPolicies', 'systemTermsOfServiceAndPolicies'],
    ['/systemTermsOfServiceAndPolicies', 'systemTermsOfServiceAndPolicies'],
    ['/app', undefined],
    ['/', undefined],
    ['', undefined],
    ['/app/unknown/page', undefined],
    ['/application/ent/G1/202601/00001/abcdEFGH12/selectType', undefined],
  ])('「%s」の画面名が %s であること', (pathname, expected) => {
    expect(pageNameOf(pathname)).toBe(expected)
  })
})
