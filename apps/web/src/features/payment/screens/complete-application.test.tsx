import type { GroupPfInfoResponse } from '@app/shared/api/group/endpoints'
import type { PaymentInfo } from '@app/shared/api/payment/payment'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { storeTestSession } from '@/test/access.ts'
import { entBase, groupResponse, link, refFreeField } from '@/test/fixtures.ts'
import { createTestServices, renderApp } from '@/test/render-app.tsx'
import { IDEMPOTENCY_KEY_STORAGE_KEY } from '../idempotency-key.ts'
import { testCompletion, testPaymentInfo, testVirtualAccount } from '../test-payment.ts'

/** A route change runs the guard and loads the screen: time for a busy machine. */
const ROUTE_WAIT = { timeout: 5000 }
const TITLE = 'お申し込みの完了'

// Loaded on demand by the routes; transformed once here rather than inside a test's waits.
beforeAll(async () => {
  await Promise.all([
    import('./complete-application.tsx'),
    import('./payment.tsx'),
    import('../payment-initialisation.ts'),
  ])
})

afterEach(() => {
  vi.unstubAllGlobals()
})

/** completeApplication reached through the flow (SPEC §2.5), signed in. */
async function openCompletion(
  paymentInfo: PaymentInfo,
  waitForTitle = true,
  group: GroupPfInfoResponse = groupResponse,
) {
  storeTestSession()
  const services = createTestServices({
    handlers: { '/paymentInfo/': () => paymentInfo, '/groupPfInfo/': () => group },
  })
  services.flow.handOff(`${entBase}/completeApplication`)
  const rendered = renderApp(`${entBase}/completeApplication`, services)
  if (waitForTitle) await screen.findByRole('heading', { level: 1, name: TITLE }, ROUTE_WAIT)
  return rendered
}

/** The description lists of the screen, in order. */
const descriptionLists = () => [...screen.getByRole('main').querySelectorAll('dl')]

/** term → definition of a description list. */
function entriesOf(list: HTMLElement): Record<string, string | null> {
  return Object.fromEntries(
    within(list)
      .getAllByRole('term')
      .map((term) => [term.textContent ?? '', term.nextElementSibling?.textContent ?? null]),
  )
}

describe('お申し込みの完了（completeApplication, SPEC §2.1, §2.5）', () => {
  it('加入者番号・マイページのID・お申込日・金額・状況と、送ったメールの宛先を示すこと', async () => {
    window.sessionStorage.setItem(IDEMPOTENCY_KEY_STORAGE_KEY, 'Kx9_stored-key-0123456789abcdefgh')
    await openCompletion(testPaymentInfo({ state: 'applied' }))

    expect(screen.getByText('お申し込みを受け付けました。ありがとうございました。')).toBeTruthy()
    expect(screen.getByText('団体名：さくら商事 団体総合保険')).toBeTruthy()
    const [details] = descriptionLists()
    expect(entriesOf(details!)).toEqual({
      加入者番号: '4820193756',
      マイページのID:
        'U00000001マイページへのログインに使います。パスワードは、お申し込みのときにご自身で設定したものです。',
      お申込日: '2026年11月20日',
      お支払い金額:
        '12,345円今回のお支払いは、初回（1か月分）の保険料です。2回目以降は、同じクレジットカードで毎月20日にお支払いいただきます。',
      お支払いの状況: 'お支払い済み（お申し込み完了）',
    })
    expect(
      screen.getByText('お申し込み完了のメールを taro@example.jp へお送りしました。'),
    ).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.queryByRole('heading', { level: 2, name: 'お振込先' })).toBeNull()
    // The payment is over: its idempotency key goes (in an effect, after the screen is shown).
    await waitFor(() =>
      expect(window.sessionStorage.getItem(IDEMPOTENCY_KEY_STORAGE_KEY)).toBeNull(),
    )
  })

  it('マイページへはログイン画面へのページごとの移動で、印刷ボタンは印刷を開くこと', async () => {
    const user = userEvent.setup()
    const print = vi.fn()
    vi.stubGlobal('print', print)
    await openCompletion(testPaymentInfo({ state: 'applied' }))

    const toMyPage = screen.getByRole('link', { name: 'マイページへ' })
    expect(toMyPage.getAttribute('href')).toBe(
      `/app/myp/${link.groupPfCode}/${link.urlKey}/login?groupPfCodeInceptionDateYm=${link.groupPfCodeInceptionDateYm}&groupPfBranchNo=${link.groupPfBranchNo}`,
    )
    await user.click(screen.getByRole('button', { name: 'この画面を印刷する' }))
    expect(print).toHaveBeenCalledTimes(1)
  })

  it('銀行振込ではお振込先のすべての項目を示し、メールを送れなかったときは代理店への問い合わせを案内すること', async () => {
    const completion = testCompletion({
      pymntMethod: '3',
      statusPattern: '220',
      isExistApplyCompMailError: true,
      virtualAccount: testVirtualAccount({ paidAmount: 10000, depositStatus: 'underpaid' }),
      payeeAccntInfo: '専用口座へお振り込みください。',
    })
    await openCompletion(
      testPaymentInfo({ state: 'applied', registration: { pymntMethod: '3' }, completion }),
    )

    const [details] = descriptionLists()
    expect(entriesOf(details!)['お支払いの状況']).toBe('お振り込みをお待ちしています')
    // issue #24 point 5 (ADR 0039): how the later monthly premiums are paid, truthfully
    expect(entriesOf(details!)['お支払い金額']).toBe(
      '12,345円今回のお支払いは、初回（1か月分）の保険料です。2回目以降は、毎月20日までにお振り込みいただきます。お振込先の口座は、そのつど期日の14日前ごろにメールでお知らせします。',
    )
    const account = screen.getByRole('region', { name: 'お振込先' })
    expect(entriesOf(account.querySelector('dl')!)).toEqual({
      金融機関: 'さくら銀行（金融機関コード 0009）',
      支店: 'ハナミズキ支店（支店コード 714）',
      口座番号: '普通 1234567',
      口座名義: 'サクラホケンサービス（カ',
      お振込金額: '12,345円',
      振込期日: '2026年11月27日',
      ご入金額: '10,000円',
      // issue #23 point 17: the shortfall in yen (12,345 − 10,000)
      ご入金の状況:
        'ご入金額が2,345円不足しています。不足分の2,345円を、同じ口座にお振り込みください。',
    })
    expect(
      within(account).getByText(
        '振込手数料はお客さまのご負担となります。振込名義はご契約者のお名前でお願いします。',
      ),
    ).toBeTruthy()
    expect(screen.getByRole('region', { name: 'お振込先のご案内' }).textContent).toContain(
      '専用口座へお振り込みください。',
    )

    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain(
      'お申し込み完了のメールを送信できませんでした。お申し込みは完了しています。メールの再送については、取扱代理店までお問い合わせください。',
    )
    expect(alert.textContent).toContain(refFreeField)
    expect(screen.queryByText(/へお送りしました。$/)).toBeNull()
  })

  it('団体扱では、お支払いの状況を団体を通じたお支払いとして示すこと', async () => {
    const completion = testCompletion({ pymntMethod: '4', statusPattern: '330' })
    await openCompletion(
      testPaymentInfo({ state: 'applied', registration: { pymntMethod: '4' }, completion }),
    )
    const [details] = descriptionLists()
    expect(entriesOf(details!)['お支払いの状況']).toBe('ご所属の団体を通じてお支払いいただきます')
  })

  it('マイページを使わない団体（SPEC §6 加入者ページ利用区分 "2"）では、マイページのIDもマイページへのボタンも出さないこと（issue #17 の14）', async () => {
    const noMyPage = {
      ...groupResponse,
      groupPfInfo: { ...groupResponse.groupPfInfo, policyHolderPageUseDiv: '2' as const },
    }
    await openCompletion(testPaymentInfo({ state: 'applied' }), true, noMyPage)
    const [details] = descriptionLists()
    expect(Object.keys(entriesOf(details!))).not.toContain('マイページのID')
    expect(entriesOf(details!)['加入者番号']).toBe('4820193756')
    expect(screen.queryByRole('link', { name: 'マイページへ' })).toBeNull()
    expect(screen.getByRole('button', { name: 'この画面を印刷する' })).toBeTruthy()
  })

  it('まだ申し込みが終わっていなければ、お支払いへ置き換えて移ること', async () => {
    const { router } = await openCompletion(testPaymentInfo({ state: 'open' }), false)

    expect(
      await screen.findByRole('heading', { level: 1, name: 'お支払い' }, ROUTE_WAIT),
    ).toBeTruthy()
    expect(router.state.location.pathname).toBe(`${entBase}/payment`)
    expect(router.state.historyAction).toBe('REPLACE')
    expect(screen.queryByRole('heading', { level: 1, name: TITLE })).toBeNull()
  })
})
