import { describe, it, expect } from 'vitest'
import {
  classifyFailure,
  decideErrorScreen,
  type ErrorDisplayState,
  type ErrorScreenContext,
  type ErrorScreenModel,
} from './error-screen.ts'
import { myPageLoginHref } from '../format/page-urls.ts'

const link = {
  groupPfCode: 'G1',
  urlKey: 'abcdEFGH12',
  groupPfCodeInceptionDateYm: '202601',
  groupPfBranchNo: '00001',
}
const ent: ErrorScreenContext = { area: 'ent', isSignedIn: false, isOnHome: false, ...link }
const mypSignedIn: ErrorScreenContext = { area: 'myp', isSignedIn: true, isOnHome: false, ...link }
const mypOnHome: ErrorScreenContext = { area: 'myp', isSignedIn: true, isOnHome: true, ...link }
const mypSignedOut: ErrorScreenContext = {
  area: 'myp',
  isSignedIn: false,
  isOnHome: false,
  ...link,
}
const other: ErrorScreenContext = { area: 'other', isSignedIn: false, isOnHome: false, ...link }

const loginHref =
  '/app/myp/G1/abcdEFGH12/login?groupPfCodeInceptionDateYm=202601&groupPfBranchNo=00001'
const backToLogin = { label: 'ログイン画面へ戻る', href: loginHref, fullPageLoad: true }
const backToHome = {
  label: 'ホームへ戻る',
  href: '/app/myp/G1/abcdEFGH12/home',
  fullPageLoad: false,
}

const defaultText = {
  title: 'エラー',
  description: 'システムエラーが発生しました。時間をおいて、もう一度お試しください。',
}

describe('失敗の分類（SPEC §4 "Error display states"）', () => {
  it.each<[number | undefined, unknown, ErrorDisplayState]>([
    [503, { errorCode: 'APFS0001' }, { kind: 'maintenance' }],
    [503, undefined, { kind: 'maintenance' }],
    [401, { errorCode: 'APFA2008' }, { kind: 'unauthorized' }],
    [401, undefined, { kind: 'unauthorized' }],
    [403, { errorCode: 'APFA2001' }, { kind: 'coded', errorCode: 'APFA2001' }],
    [400, { errorCode: 'APFV0001', issues: [] }, { kind: 'coded', errorCode: 'APFV0001' }],
    [200, { errorCode: 'E9999' }, { kind: 'coded', errorCode: 'E9999' }],
    [undefined, { errorCode: 'E9999' }, { kind: 'coded', errorCode: 'E9999' }],
    [500, { errorCode: '' }, { kind: 'unknown' }],
    [500, { errorCode: 9999 }, { kind: 'unknown' }],
    [500, { message: 'oops' }, { kind: 'unknown' }],
    [500, 'Internal Server Error', { kind: 'unknown' }],
    [502, null, { kind: 'unknown' }],
    [undefined, undefined, { kind: 'unknown' }],
  ])('ステータス %s・本文 %o は %o になること', (status, body, expected) => {
    expect(classifyFailure(status, body)).toEqual(expected)
  })
})

describe('マイページのログイン画面のURL（SPEC §2.9）', () => {
  it.each([
    [link, loginHref],
    [{ groupPfCode: 'G1', urlKey: 'abcdEFGH12' }, '/app/myp/G1/abcdEFGH12/login'],
    [
      { groupPfCode: 'G1', urlKey: 'abcdEFGH12', groupPfCodeInceptionDateYm: '202601' },
      '/app/myp/G1/abcdEFGH12/login',
    ],
    [
      { groupPfCode: 'G1', urlKey: 'abcdEFGH12', groupPfBranchNo: '00001' },
      '/app/myp/G1/abcdEFGH12/login',
    ],
    [{ ...link, groupPfBranchNo: '' }, '/app/myp/G1/abcdEFGH12/login'],
  ])(
    '%o のログイン画面が %s であること（始期年月と枝番は両方わかるときだけ付ける）',
    (p, expected) => {
      expect(myPageLoginHref(p)).toBe(expected)
    },
  )
})

describe('エラー画面の内容（SPEC §2.9, §8.3）', () => {
  it.each<[string, ErrorDisplayState, ErrorScreenContext, ErrorScreenModel]>([
    [
      'メンテナンスはコード行・ボタン・お問い合わせ先を出さないこと',
      { kind: 'maintenance' },
      mypSignedIn,
      {
        title: 'メンテナンス中',
        description:
          'ただいまシステムメンテナンスのため、サービスを停止しています。メンテナンスは毎日4:00〜6:00に行うほか、年末年始などにも行うことがあります。時間をおいて、もう一度アクセスしてください。',
        errorCode: undefined,
        codeLine: undefined,
        image: 'maintenance',
        showContact: false,
        button: undefined,
        closeWindowIfOpened: false,
      },
    ],
    [
      'メンテナンスのコードもメンテナンス画面にすること',
      { kind: 'coded', errorCode: 'APFS0001' },
      ent,
      {
        title: 'メンテナンス中',
        description:
          'ただいまシステムメンテナンスのため、サービスを停止しています。メンテナンスは毎日4:00〜6:00に行うほか、年末年始などにも行うことがあります。時間をおいて、もう一度アクセスしてください。',
        errorCode: undefined,
        codeLine: undefined,
        image: 'maintenance',
        showContact: false,
        button: undefined,
        closeWindowIfOpened: false,
      },
    ],
    [
      'サーバー初期化の失敗はシステムエラーとし、E9999 を出してボタンを出さないこと',
      { kind: 'initialisationFailed' },
      ent,
      {
        title: 'エラー',
        description:
          'システムエラーが発生しました。時間をおいて、もう一度お試しください。解決しない場合は、取扱代理店までお問い合わせください。',
        errorCode: 'E9999',
        codeLine: '（エラーコード：E9999）',
        image: 'error',
        showContact: true,
        button: undefined,
        closeWindowIfOpened: false,
      },
    ],
    [
      '未認証は E0003 とし、コード行・ボタン・お問い合わせ先を出さず、開いたウィンドウを閉じること',
      { kind: 'unauthorized' },
      mypSignedIn,
      {
        title: 'エラー',
        description:
          '認証の有効期限が切れたか、認証に複数回失敗しました。お手数ですが、もう一度お手続きしてください。',
        errorCode: 'E0003',
        codeLine: undefined,
        image: 'error',
        showContact: false,
        button: undefined,
        closeWindowIfOpened: true,
      },
    ],
    [
      '不明なエラーは XPFF0001 の既定の文言とし、申込ではログイン画面へ戻ること',
      { kind: 'unknown' },
      ent,
      {
        ...defaultText,
        errorCode: 'XPFF0001',
        codeLine: '（エラーコード：XPFF0001）',
        image: 'error',
        showContact: true,
        button: backToLogin,
        closeWindowIfOpened: false,
      },
    ],
    [
      '認証エラー APFA2008 はお問い合わせ先を出さず、マイページのホーム以外ではホームへ戻ること',
      { kind: 'coded', errorCode: 'APFA2008' },
      mypSignedIn,
      {
        title: 'エラー',
        description:
          '認証の有効期限が切れたか、認証に複数回失敗しました。お手数ですが、もう一度お手続きしてください。',
        errorCode: 'APFA2008',
        codeLine: '（エラーコード：APFA2008）',
        image: 'error',
        showContact: false,
        button: backToHome,
        closeWindowIfOpened: false,
      },
    ],
    [
      '申込期限切れ APFA2001 はコード行とボタンを出さないこと',
      { kind: 'coded', errorCode: 'APFA2001' },
      ent,
      {
        title: 'エラー',
        description:
          '申込期限を過ぎているため、お申し込みを受け付けることができません。ご不明な点は、取扱代理店までお問い合わせください。',
        errorCode: 'APFA2001',
        codeLine: undefined,
        image: 'error',
        showContact: true,
        button: undefined,
        closeWindowIfOpened: false,
      },
    ],
    [
      '決済失敗 42C… はコード行とボタンを出すこと',
      { kind: 'coded', errorCode: '42C000123' },
      mypOnHome,
      {
        title: 'エラー',
        description: 'お支払いの処理に失敗しました。時間をおいて、もう一度お試しください。',
        errorCode: '42C000123',
        codeLine: '（エラーコード：42C000123）',
        image: 'error',
        showContact: true,
        button: backToLogin,
        closeWindowIfOpened: false,
      },
    ],
  ])('%s', (_label, state, context, expected) => {
    expect(decideErrorScreen(state, context)).toEqual(expected)
  })

  it('コード付きの E0003 でも開いたウィンドウを閉じること（SPEC §2.9 session-expired）', () => {
    const model = decideErrorScreen({ kind: 'coded', errorCode: 'E0003' }, ent)
    expect(model.closeWindowIfOpened).toBe(true)
    expect(model.codeLine).toBeUndefined()
    expect(model.button).toBeUndefined()
  })
})

describe('エラー画面のボタン（SPEC §2.9）', () => {
  it.each<[string, ErrorScreenContext, ErrorScreenModel['button']]>([
    ['申込ではログイン画面へ戻ること', ent, backToLogin],
    ['マイページでログイン済み・ホーム以外ではホームへ戻ること', mypSignedIn, backToHome],
    ['マイページでログイン済み・ホームではログイン画面へ戻ること', mypOnHome, backToLogin],
    ['マイページで未ログインならログイン画面へ戻ること', mypSignedOut, backToLogin],
    ['それ以外の画面ではボタンを出さないこと', other, undefined],
    [
      '団体PFコードがわからなければボタンを出さないこと',
      { ...ent, groupPfCode: undefined },
      undefined,
    ],
    [
      'URLキーがわからなければボタンを出さないこと',
      { ...mypSignedIn, urlKey: undefined },
      undefined,
    ],
    ['団体PFコードが空ならボタンを出さないこと', { ...mypSignedOut, groupPfCode: '' }, undefined],
    [
      '始期年月がわからなければクエリなしでログイン画面へ戻ること',
      { ...ent, groupPfCodeInceptionDateYm: undefined },
      { ...backToLogin, href: '/app/myp/G1/abcdEFGH12/login' },
    ],
    [
      '枝番がわからなければクエリなしでログイン画面へ戻ること',
      { ...mypSignedOut, groupPfBranchNo: undefined },
      { ...backToLogin, href: '/app/myp/G1/abcdEFGH12/login' },
    ],
  ])('%s', (_label, context, expected) => {
    expect(decideErrorScreen({ kind: 'coded', errorCode: 'APFA2016' }, context).button).toEqual(
      expected,
    )
  })

  it.each([
    ['APFA2001'],
    ['APFA2002'],
    ['APFA2004'],
    ['APFA2012'],
    ['APFA2013'],
    ['APFA2026'],
    ['APFA2029'],
    ['APFA2031'],
    ['GA1000002'],
    ['M01531011'],
    ['E0003'],
    ['E9999'],
    ['E01170001'],
    ['E0999'],
    ['100'],
    ['902'],
    ['XYZ'],
    // an invalid or unknown link: no login screen to go back to (issue #23 point 18)
    ['APFF0001'],
    ['APFA1001'],
    ['APFA1002'],
    ['APFA1003'],
  ])(
    'コード %s ではボタンを出さないこと（SPEC §2.9 決まった一覧・E で始まる・3文字）',
    (errorCode) => {
      expect(decideErrorScreen({ kind: 'coded', errorCode }, ent).button).toBeUndefined()
    },
  )

  it.each([
    ['APFA2007'],
    ['APFA2008'],
    ['APFA2016'],
    ['ESOE0000'],
    ['ESOE0047'],
    ['ESOE9999'],
    ['42G440000'],
    ['42C000001'],
    ['TW000004'],
    ['XPFF0001'],
    ['APFV0001'],
    ['1000'],
  ])('コード %s ではボタンを出すこと（SPEC §2.9 ESOE は E の規則の例外）', (errorCode) => {
    expect(decideErrorScreen({ kind: 'coded', errorCode }, ent).button).toEqual(backToLogin)
  })
})

describe('エラー画面のコード行とお問い合わせ先（SPEC §2.9）', () => {
  it.each([
    ['E0003', undefined],
    ['APFA2001', undefined],
    ['APFA2007', undefined],
    ['APFA2031', undefined],
    ['APFF0001', '（エラーコード：APFF0001）'],
    ['ESOE0011', '（エラーコード：ESOE0011）'],
    ['100', '（エラーコード：100）'],
  ])('コード %s のコード行が %s であること', (errorCode, expected) => {
    expect(decideErrorScreen({ kind: 'coded', errorCode }, ent).codeLine).toBe(expected)
  })

  it.each([
    ['E0003', false],
    ['APFA2008', false],
    ['APFA2031', true],
    ['E9999', true],
    ['APFF0001', true],
    ['ZZZZ0000', true],
  ])(
    'コード %s のお問い合わせ先の表示が %s であること（2つの認証エラーでは出さない）',
    (errorCode, expected) => {
      expect(decideErrorScreen({ kind: 'coded', errorCode }, ent).showContact).toBe(expected)
    },
  )

  it.each([
    ['APFF0001', '指定されたページは存在しません。URLに誤りがないかご確認ください。'],
    ['APFA1003', '指定されたページは存在しません。URLに誤りがないかご確認ください。'],
    [
      'APFA2002',
      'このお手続きは、Webでは進めることができません。お手数ですが、取扱代理店までお問い合わせください。',
    ],
    [
      'APFA2007',
      '本人確認用URLの有効期限（1時間）が切れています。お手数ですが、もう一度最初からお手続きしてください。',
    ],
    [
      'APFA2012',
      '申込期限を過ぎたため、お申し込みを完了できませんでした。お支払いの登録は取り消しました。ご不明な点は、取扱代理店までお問い合わせください。',
    ],
    [
      'APFA2016',
      'システムエラーが発生したため、お手続きは完了していません。お支払いの登録は取り消しました。お手数ですが、時間をおいて、もう一度お手続きしてください。',
    ],
    [
      'APFA2026',
      'システムエラーが発生したため、お手続きは完了していません。お手数ですが、お手続きを担当する取扱代理店までお問い合わせください。',
    ],
    [
      'APFA2031',
      '自動更新停止のお手続き期限を過ぎているため、Webではお手続きできません。取扱代理店までお問い合わせください。取扱代理店の連絡先は、ページ下部の「お問い合わせ先」をご覧ください。',
    ],
    [
      'ESOE0000',
      'システムエラーが発生しました。時間をおいて、もう一度お試しください。解決しない場合は、取扱代理店までお問い合わせください。',
    ],
    [
      'E0999',
      'このお手続きは、Webでは進めることができません。お手数ですが、取扱代理店までお問い合わせください。',
    ],
    ['ZZZZ0000', defaultText.description],
  ])('コード %s の説明が SPEC §8.3 の文言グループのものであること', (errorCode, description) => {
    const model = decideErrorScreen({ kind: 'coded', errorCode }, ent)
    expect(model.title).toBe('エラー')
    expect(model.description).toBe(description)
    expect(model.image).toBe('error')
    expect(model.errorCode).toBe(errorCode)
  })
})
