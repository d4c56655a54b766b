import type { PaymentInfo } from '@app/shared/api/payment/payment'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api-client.ts'
import { FLOW_HANDOFF_KEY } from '@/lib/flow-tracker.ts'
import { storeTestSession } from '@/test/access.ts'
import { entBase } from '@/test/fixtures.ts'
import { jsonResponse, mockFetch, type RecordedRequest } from '@/test/http.ts'
import { expectConsoleError } from '@/test/setup.ts'
import { createTestServices, renderApp, type GetHandler } from '@/test/render-app.tsx'
import { testApplication } from '@/test/application.ts'
import { IDEMPOTENCY_KEY_STORAGE_KEY } from '../idempotency-key.ts'
import {
  CARD_TOKEN,
  easyChallenge,
  PUBLISHABLE_KEY,
  testCompletion,
  testPaymentInfo,
  testRegistration,
  TOKEN_URL,
} from '../test-payment.ts'

/** A route change runs the guard and loads the screen: time for a busy machine. */
const ROUTE_WAIT = { timeout: 5000 }
const TITLE = 'お支払い'
const CARD_NUMBER = '5555555555554444'
const SECURITY_CODE = '987'
const KEY_FORMAT = /^[A-Za-z0-9_-]{32}$/
const STORED_KEY = 'Kx9_stored-key-0123456789abcdefgh'
const REDIRECT_URL = 'https://pay.example.test/3ds/challenge/ch_0001'

type Routes = Record<string, (request: { count: number }) => Response | Promise<Response>>

/**
 * The payment screen reached through the flow (SPEC §2.5), signed in. GET /paymentInfo/ answers
 * `paymentInfo()`; POSTs (ours and the provider's token endpoint) go to `routes` by
 * "METHOD path", the path below /api or the full address; global fetch is the same recorder.
 */
async function openPayment({
  paymentInfo,
  routes = {},
  search = '',
  handlers = {},
  waitForTitle = true,
}: {
  paymentInfo: GetHandler
  routes?: Routes
  search?: string
  handlers?: Record<string, GetHandler>
  waitForTitle?: boolean
}) {
  storeTestSession()
  const counts = new Map<string, number>()
  const http = mockFetch((method, path) => {
    const route = `${method} ${path}`
    const count = (counts.get(route) ?? 0) + 1
    counts.set(route, count)
    // A pending answer is a promise; mockFetch awaits what it is given.
    return (routes[route]?.({ count }) ??
      jsonResponse(500, { errorCode: 'E9999', route })) as Response
  })
  vi.stubGlobal('fetch', http.fetch)
  const services = createTestServices({
    handlers: {
      '/paymentInfo/': paymentInfo,
      '/capyStatus/': () => easyChallenge(),
      ...handlers,
    },
    fetch: http.fetch,
  })
  services.flow.handOff(`${entBase}/payment`)
  const rendered = renderApp(`${entBase}/payment${search}`, services)
  if (waitForTitle) await screen.findByRole('heading', { level: 1, name: TITLE }, ROUTE_WAIT)
  return { ...rendered, requests: http.requests }
}

/** The payment's answers: the info is open until an execution completes it. */
function paymentState(initial: PaymentInfo = testPaymentInfo()) {
  let info = initial
  return {
    paymentInfo: () => info,
    complete: (completion = testCompletion({ pymntMethod: initial.registration.pymntMethod })) => {
      info = { ...info, state: 'applied', completion }
      return jsonResponse(200, { result: 'completed', completion })
    },
  }
}

const cardNumberBox = () => screen.getByRole<HTMLInputElement>('textbox', { name: /^カード番号/ })
const monthBox = () => screen.getByRole<HTMLSelectElement>('combobox', { name: '有効期限 月' })
const yearBox = () => screen.getByRole<HTMLSelectElement>('combobox', { name: '有効期限 年' })
const securityCodeBox = () =>
  screen.getByRole<HTMLInputElement>('textbox', { name: /^セキュリティコード/ })
const puzzleGroup = () => screen.getByRole('group', { name: 'ロボットによる操作でないことの確認' })
const puzzleBox = () =>
  within(puzzleGroup()).getByRole<HTMLInputElement>('checkbox', {
    name: '私はロボットではありません',
  })
const payButton = () => screen.getByRole('button', { name: 'このカードで支払う' })
const expiryYear = String(new Date().getFullYear() + 3)

/** The text of each element the element's aria-describedby names. */
function describedTexts(element: HTMLElement): string[] {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? []
  return ids.map((id) => document.getElementById(id)?.textContent ?? `(missing #${id})`)
}

async function fillCard(user: UserEvent, cardNumber = CARD_NUMBER) {
  await user.type(cardNumberBox(), cardNumber)
  await user.selectOptions(monthBox(), '12')
  await user.selectOptions(yearBox(), expiryYear)
  await user.type(securityCodeBox(), SECURITY_CODE)
}

async function solvePuzzle(user: UserEvent) {
  await user.click(puzzleBox())
  await waitFor(
    () => expect(within(puzzleGroup()).getByRole('status').textContent).toBe('確認しました。'),
    { timeout: 5000 },
  )
}

const apiRequests = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.url.startsWith('/api/'))

/** PRODUCT.md "Money": no card data in any request to our API (address, headers or body). */
function expectNoCardData(requests: RecordedRequest[]) {
  for (const request of apiRequests(requests)) {
    const sent = JSON.stringify({
      url: request.url,
      headers: [...request.headers.entries()],
      body: request.body,
    })
    expect(sent).not.toContain(CARD_NUMBER)
    expect(sent).not.toMatch(/cardNumber|securityCode|expiryMonth|expiryYear/)
  }
}

const alertText = () => screen.getByRole('alert').textContent

// The screens, their guard and the solver are loaded on demand; transformed once here, so a busy
// machine's first transform does not count against the waits of a test.
beforeAll(async () => {
  await Promise.all([
    import('./payment.tsx'),
    import('./complete-application.tsx'),
    import('../payment-initialisation.ts'),
    import('../puzzle-solver.ts'),
  ])
})

beforeEach(() => {
  // The API client logs each POST outside production (SPEC §7.3); not wanted in the test output.
  vi.spyOn(console, 'debug').mockImplementation(() => undefined)
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('お支払い（payment, SPEC §2.1, §2.5）', () => {
  it('お支払い金額・お支払い方法・振込先のご案内と、確認画面へ戻るリンクを示すこと', async () => {
    await openPayment({
      paymentInfo: () =>
        testPaymentInfo({
          invoiceAmount: 1234567,
          registration: {
            payeeAccntDisplayDiv: '1',
            payeeAccntInfo: 'さくら銀行 本店\n普通 7654321',
          },
        }),
    })

    const terms = screen.getAllByRole('term').map((term) => term.textContent)
    const definitions = screen.getAllByRole('definition').map((entry) => entry.textContent)
    expect(terms).toEqual(['お支払い金額', 'お支払い方法'])
    expect(definitions).toEqual([
      '1,234,567円今回のお支払いは、初回（1か月分）の保険料です。2回目以降は、同じクレジットカードで毎月20日にお支払いいただきます。',
      'クレジットカード',
    ])
    const payee = screen.getByRole('region', { name: 'お振込先のご案内' })
    expect(
      within(payee).getByText('さくら銀行 本店\n普通 7654321', { normalizer: (text) => text }),
    ).toBeTruthy()
    expect(screen.getByText('団体名：さくら商事 団体総合保険')).toBeTruthy()
    expect(
      screen.getByRole('link', { name: 'お申し込み内容の確認へ戻る' }).getAttribute('href'),
    ).toBe(`${entBase}/checkPolicyHolderInfo`)
  })

  it('振込先の表示区分が "1" でなければ振込先のご案内を出さないこと', async () => {
    await openPayment({
      paymentInfo: () =>
        testPaymentInfo({ registration: { payeeAccntDisplayDiv: '2', payeeAccntInfo: '口座' } }),
    })
    expect(screen.queryByRole('region', { name: 'お振込先のご案内' })).toBeNull()
  })

  it('申込済みなら完了画面へ、まだ終わっていない手順があればその手順へ置き換えて移ること', async () => {
    const applied = await openPayment({
      paymentInfo: () => testPaymentInfo({ state: 'applied' }),
      waitForTitle: false,
    })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'お申し込みの完了' }, ROUTE_WAIT),
    ).toBeTruthy()
    expect(applied.router.state.location.pathname).toBe(`${entBase}/completeApplication`)
    expect(applied.router.state.historyAction).toBe('REPLACE')
    applied.unmount()

    // 409 APFD0001: a step before payment is not done; the application says which.
    const early = await openPayment({
      paymentInfo: () => {
        throw new ApiError(409, { errorCode: 'APFD0001' })
      },
      handlers: {
        '/applyInfo/': () => testApplication(['entryTerms', 'selectPolicyHolderDiv']),
        '/mainCoverageTypes/': () => ({ planArray: [] }),
      },
      waitForTitle: false,
    })
    // The step's screen is on before the test ends: nothing of it is left loading afterwards.
    expect(
      await screen.findByRole('heading', { level: 1, name: '加入区分の選択' }, ROUTE_WAIT),
    ).toBeTruthy()
    expect(early.router.state.location.pathname).toBe(`${entBase}/selectCategory`)
  })
})

describe('クレジットカード（SPEC §5.2, §5.3, §8.4）', () => {
  it('カードの入力欄は数字のキーボードと自動入力の指定を持ち、有効期限の年は今年から15年分であること', async () => {
    await openPayment({ paymentInfo: () => testPaymentInfo() })

    expect(cardNumberBox().getAttribute('inputmode')).toBe('numeric')
    expect(cardNumberBox().getAttribute('autocomplete')).toBe('cc-number')
    expect(describedTexts(cardNumberBox())).toEqual([
      'ハイフンや空白を入れずに、14〜16桁の半角数字で入力してください。',
    ])
    expect(securityCodeBox().getAttribute('inputmode')).toBe('numeric')
    expect(securityCodeBox().getAttribute('autocomplete')).toBe('cc-csc')
    expect(monthBox().getAttribute('autocomplete')).toBe('cc-exp-month')
    expect(yearBox().getAttribute('autocomplete')).toBe('cc-exp-year')
    expect(screen.getByRole('group', { name: '有効期限 ※必須' })).toBeTruthy()
    const years = [...yearBox().options].map((option) => option.value)
    const thisYear = new Date().getFullYear()
    expect(years).toHaveLength(16)
    expect(years[0]).toBe('')
    expect(years[1]).toBe(String(thisYear))
    expect(years.at(-1)).toBe(String(thisYear + 14))
    expect([...monthBox().options].map((option) => option.value).slice(1)).toEqual([
      '01',
      '02',
      '03',
      '04',
      '05',
      '06',
      '07',
      '08',
      '09',
      '10',
      '11',
      '12',
    ])
    expect(screen.getByText(/「このカードで支払う」を押すと、カード会社の本人認証/)).toBeTruthy()
  })

  it('入力欄を離れたときに必須・カード番号・セキュリティコードのチェックをし、メッセージを欄に結び付けること', async () => {
    const user = userEvent.setup()
    await openPayment({ paymentInfo: () => testPaymentInfo() })

    await user.click(cardNumberBox())
    await user.tab()
    await waitFor(() =>
      expect(describedTexts(cardNumberBox()).at(-1)).toBe('カード番号を入力してください。'),
    )
    expect(cardNumberBox().getAttribute('aria-invalid')).toBe('true')

    await user.type(cardNumberBox(), '4111-1111')
    await user.tab()
    await waitFor(() =>
      expect(describedTexts(cardNumberBox()).at(-1)).toBe(
        'カード番号の形式に誤りがあります。ハイフンやスペースを入れずに、半角数字14〜16桁で入力してください。',
      ),
    )

    // The month is chosen: the year is not reported before it has been visited.
    await user.selectOptions(monthBox(), '04')
    await user.type(securityCodeBox(), '12')
    await user.tab()
    await waitFor(() =>
      expect(describedTexts(securityCodeBox()).at(-1)).toBe(
        'セキュリティコードの形式に誤りがあります。半角数字3桁または4桁で入力してください。',
      ),
    )
    expect(yearBox().getAttribute('aria-invalid')).toBe('false')

    // An edit of a field with a message checks it again (SPEC §5.3 on change).
    await user.clear(cardNumberBox())
    await user.type(cardNumberBox(), CARD_NUMBER)
    await waitFor(() => expect(cardNumberBox().getAttribute('aria-invalid')).toBe('false'))
  })

  it('未入力のまま支払うと、必須のメッセージをエラーサマリーに並べてフォーカスを移し、何も送らないこと', async () => {
    const user = userEvent.setup()
    const { requests } = await openPayment({ paymentInfo: () => testPaymentInfo() })

    await user.click(payButton())

    const summary = await screen.findByRole('region', { name: '入力内容を確認してください' })
    await waitFor(() => expect(document.activeElement).toBe(summary))
    expect(
      within(summary)
        .getAllByRole('link')
        .map((entry) => entry.textContent),
    ).toEqual([
      'カード番号：カード番号を入力してください。',
      '有効期限（月）：有効期限を選択してください。',
      '有効期限（年）：有効期限を選択してください。',
      'セキュリティコード：セキュリティコードを入力してください。',
    ])
    expect(describedTexts(monthBox())).toEqual(['有効期限を選択してください。'])
    expect(requests).toEqual([])
  })

  it('パズルが済んでいなければ APFK0008 のメッセージを出し、カード情報を送らないこと', async () => {
    const user = userEvent.setup()
    const { requests } = await openPayment({ paymentInfo: () => testPaymentInfo() })
    await fillCard(user)

    await user.click(payButton())

    await waitFor(() =>
      expect(alertText()).toBe(
        '「私はロボットではありません」にチェックを入れ、確認が終わってからお進みください。',
      ),
    )
    expect(document.activeElement).toBe(screen.getByRole('alert'))
    expect(requests).toEqual([])
    expect(cardNumberBox().value).toBe(CARD_NUMBER)
  })

  it('カード情報はトークンの発行先だけへ送り、API にはトークン・パズル・冪等キーを送って完了画面へ移ること', async () => {
    const user = userEvent.setup()
    const state = paymentState()
    let answerExecution: (response: Response) => void = () => undefined
    const { requests, router } = await openPayment({
      paymentInfo: state.paymentInfo,
      routes: {
        [`POST ${TOKEN_URL}`]: () => jsonResponse(200, { token: CARD_TOKEN }),
        'POST /executePaymentCredit/': () =>
          new Promise<Response>((resolve) => {
            answerExecution = resolve
          }),
      },
    })
    await fillCard(user)
    await solvePuzzle(user)

    await user.click(payButton())

    // While the payment is on its way: the button is disabled and the wait is announced.
    await waitFor(() => expect(payButton()).toHaveProperty('disabled', true))
    expect(
      screen
        .getByText('お支払いの処理をしています。画面を閉じずに、しばらくお待ちください。')
        .getAttribute('role'),
    ).toBe('status')
    // The card data has left the form as soon as it was sent.
    expect(cardNumberBox().value).toBe('')
    expect(securityCodeBox().value).toBe('')
    expect(monthBox().value).toBe('')
    await user.click(payButton())
    answerExecution(state.complete())

    expect(
      await screen.findByRole('heading', { level: 1, name: 'お申し込みの完了' }, ROUTE_WAIT),
    ).toBeTruthy()
    expect(router.state.location.pathname).toBe(`${entBase}/completeApplication`)
    expect(router.state.historyAction).toBe('REPLACE')

    const [tokenRequest, execution, ...rest] = requests
    expect(rest).toEqual([])
    expect(tokenRequest?.url).toBe(TOKEN_URL)
    expect(tokenRequest?.method).toBe('POST')
    expect(tokenRequest?.body).toEqual({
      publishableKey: PUBLISHABLE_KEY,
      cardNumber: CARD_NUMBER,
      expiryMonth: '12',
      expiryYear,
      securityCode: SECURITY_CODE,
    })
    expect(tokenRequest?.headers.get('Content-Type')).toBe('application/json')
    expect(tokenRequest?.headers.get('Authorization')).toBeNull()

    expect(execution?.url).toBe('/api/executePaymentCredit/')
    expect(execution?.headers.get('Authorization')).toBe('Bearer session.token.0001')
    expect(execution?.headers.get('Idempotency-Key')).toMatch(KEY_FORMAT)
    const body = execution?.body as { registration: unknown; cardToken: string; puzzle: unknown }
    expect(Object.keys(body)).toEqual(['registration', 'cardToken', 'puzzle'])
    expect(body.registration).toEqual(testRegistration())
    expect(body.cardToken).toBe(CARD_TOKEN)
    expect(body.puzzle).toMatchObject({
      challenge: { parameters: { algorithm: 'SHA-256' } },
      solution: { counter: expect.any(Number), derivedKey: expect.stringMatching(/^[0-9a-f]+$/) },
    })
    expectNoCardData(requests)
    // The payment is over: the next one in this tab gets a new key.
    expect(window.sessionStorage.getItem(IDEMPOTENCY_KEY_STORAGE_KEY)).toBeNull()
  })

  it('トークンの発行が invalid_number で断られたら APFK0002 を出し、API へは何も送らないこと', async () => {
    const user = userEvent.setup()
    const { requests } = await openPayment({
      paymentInfo: () => testPaymentInfo(),
      routes: {
        [`POST ${TOKEN_URL}`]: () => jsonResponse(400, { error: { code: 'invalid_number' } }),
      },
    })
    await fillCard(user, '4242424242424241')
    await solvePuzzle(user)

    await user.click(payButton())

    await waitFor(() =>
      expect(alertText()).toBe(
        'このカード番号はお取り扱いできないか、誤りがあります。カード番号をご確認ください。',
      ),
    )
    expect(document.activeElement).toBe(screen.getByRole('alert'))
    expect(apiRequests(requests)).toEqual([])
    expect(cardNumberBox().value).toBe('')
    expect(cardNumberBox().getAttribute('aria-invalid')).toBe('false')
    // The puzzle was not used: it stays solved.
    expect(puzzleBox().checked).toBe(true)
    expect(payButton()).toHaveProperty('disabled', false)
  })

  it('3-D Secure の結果なら、冪等キーを残して決済代行会社の画面へページごと移ること', async () => {
    const user = userEvent.setup()
    const { services } = await openPayment({
      paymentInfo: () => testPaymentInfo(),
      routes: {
        [`POST ${TOKEN_URL}`]: () => jsonResponse(200, { token: CARD_TOKEN }),
        'POST /executePaymentCredit/': () =>
          jsonResponse(200, { result: 'threeDSecure', redirectUrl: REDIRECT_URL }),
      },
    })
    await fillCard(user)
    await solvePuzzle(user)

    await user.click(payButton())

    await waitFor(() => expect(services.browser.assign).toHaveBeenCalledWith(REDIRECT_URL))
    expect(window.sessionStorage.getItem(IDEMPOTENCY_KEY_STORAGE_KEY)).toMatch(KEY_FORMAT)
    // The way back to payment counts as reached through the flow (SPEC §2.5).
    expect(JSON.parse(window.sessionStorage.getItem(FLOW_HANDOFF_KEY) ?? '{}')).toMatchObject({
      path: `${entBase}/payment`,
    })
    expect(payButton()).toHaveProperty('disabled', true)
  })

  it.each([
    [
      'APFK0003',
      402,
      'カードでの決済ができませんでした。カード会社にお問い合わせいただくか、別のカードをお使いください。',
    ],
    [
      'ESOE0011',
      502,
      '決済代行会社でシステムエラーが発生しました（エラーコード：ESOE0011）。時間をおいて、もう一度お試しください。',
    ],
  ])(
    '%s で断られたら画面にメッセージを出し、パズルを戻して冪等キーを捨てること',
    async (errorCode, status, message) => {
      const user = userEvent.setup()
      const { requests, router } = await openPayment({
        paymentInfo: () => testPaymentInfo(),
        routes: {
          [`POST ${TOKEN_URL}`]: () => jsonResponse(200, { token: CARD_TOKEN }),
          'POST /executePaymentCredit/': () => jsonResponse(status, { errorCode }),
        },
      })
      await fillCard(user)
      await solvePuzzle(user)

      await user.click(payButton())

      await waitFor(() => expect(alertText()).toBe(message))
      expect(screen.getByRole('alert').getAttribute('data-error-code')).toBe(errorCode)
      expect(document.activeElement).toBe(screen.getByRole('alert'))
      expect(router.state.location.pathname).toBe(`${entBase}/payment`)
      expect(puzzleBox().checked).toBe(false)
      expect(window.sessionStorage.getItem(IDEMPOTENCY_KEY_STORAGE_KEY)).toBeNull()
      expect(payButton()).toHaveProperty('disabled', false)
      expectNoCardData(requests)

      // The next try is a new payment: a new key.
      const firstKey = requests.at(-1)?.headers.get('Idempotency-Key')
      await fillCard(user)
      await solvePuzzle(user)
      await user.click(payButton())
      await waitFor(() => expect(apiRequests(requests)).toHaveLength(2))
      expect(requests.at(-1)?.headers.get('Idempotency-Key')).toMatch(KEY_FORMAT)
      expect(requests.at(-1)?.headers.get('Idempotency-Key')).not.toBe(firstKey)
    },
  )

  it('42C… の失敗はエラー画面に出すこと（SPEC §8.2, §8.3）', async () => {
    expectConsoleError(2)
    const user = userEvent.setup()
    await openPayment({
      paymentInfo: () => testPaymentInfo(),
      routes: {
        [`POST ${TOKEN_URL}`]: () => jsonResponse(200, { token: CARD_TOKEN }),
        'POST /executePaymentCredit/': () => jsonResponse(402, { errorCode: '42C120000' }),
      },
    })
    await fillCard(user)
    await solvePuzzle(user)

    await user.click(payButton())

    expect(
      await screen.findByRole('heading', { level: 1, name: 'エラー' }, ROUTE_WAIT),
    ).toBeTruthy()
    expect(
      screen.getByText('お支払いの処理に失敗しました。時間をおいて、もう一度お試しください。'),
    ).toBeTruthy()
    expect(screen.getByText('（エラーコード：42C120000）')).toBeTruthy()
    expect(window.sessionStorage.getItem(IDEMPOTENCY_KEY_STORAGE_KEY)).toBeNull()
  })

  it('応答がなかったときはエラー画面に出し、やり直しで同じ冪等キーを使えるよう残すこと', async () => {
    expectConsoleError(2)
    const user = userEvent.setup()
    await openPayment({
      paymentInfo: () => testPaymentInfo(),
      routes: {
        [`POST ${TOKEN_URL}`]: () => jsonResponse(200, { token: CARD_TOKEN }),
        'POST /executePaymentCredit/': () => {
          throw new TypeError('Failed to fetch')
        },
      },
    })
    await fillCard(user)
    await solvePuzzle(user)

    await user.click(payButton())

    expect(await screen.findByText('（エラーコード：XPFF0001）', {}, ROUTE_WAIT)).toBeTruthy()
    expect(window.sessionStorage.getItem(IDEMPOTENCY_KEY_STORAGE_KEY)).toMatch(KEY_FORMAT)
  })
})

describe('3-D Secure からの戻り', () => {
  it.each([
    ['?threeDSecure=return', 'open'],
    ['', 'threeDSecure'],
  ] as const)(
    'payment%s（状態 %s）では保存した冪等キーで支払いを終え、完了画面へ移ること',
    async (search, paymentState) => {
      window.sessionStorage.setItem(IDEMPOTENCY_KEY_STORAGE_KEY, STORED_KEY)
      let info = testPaymentInfo({ state: paymentState })
      const { requests, router } = await openPayment({
        search,
        paymentInfo: () => info,
        routes: {
          'POST /executePaymentCredit/threeDSecure/': () => {
            const completion = testCompletion()
            info = testPaymentInfo({ state: 'applied', completion })
            return jsonResponse(200, { result: 'completed', completion })
          },
        },
      })

      expect(
        screen.getByText('本人認証の結果を確認しています。しばらくお待ちください。'),
      ).toBeTruthy()
      expect(
        await screen.findByRole('heading', { level: 1, name: 'お申し込みの完了' }, ROUTE_WAIT),
      ).toBeTruthy()
      expect(router.state.location.pathname).toBe(`${entBase}/completeApplication`)
      expect(requests).toHaveLength(1)
      expect(requests[0]?.url).toBe('/api/executePaymentCredit/threeDSecure/')
      expect(requests[0]?.headers.get('Idempotency-Key')).toBe(STORED_KEY)
      expect(requests[0]?.body).toEqual({ registration: testRegistration() })
      expect(window.sessionStorage.getItem(IDEMPOTENCY_KEY_STORAGE_KEY)).toBeNull()
    },
  )

  it('本人認証が完了しなければ（APFK0012）カードの入力に戻ってメッセージを出し、キーを捨てること', async () => {
    window.sessionStorage.setItem(IDEMPOTENCY_KEY_STORAGE_KEY, STORED_KEY)
    await openPayment({
      search: '?threeDSecure=return',
      paymentInfo: () => testPaymentInfo({ state: 'threeDSecure' }),
      routes: {
        'POST /executePaymentCredit/threeDSecure/': () =>
          jsonResponse(402, { errorCode: 'APFK0012' }),
      },
    })

    await screen.findByRole('textbox', { name: /^カード番号/ }, ROUTE_WAIT)
    expect(alertText()).toBe(
      'カード会社の本人認証（3Dセキュア）が完了しませんでした。もう一度お試しいただくか、別のカードをお使いください。',
    )
    expect(window.sessionStorage.getItem(IDEMPOTENCY_KEY_STORAGE_KEY)).toBeNull()
  })

  it('保存した冪等キーがなければ、戻りの処理をせずにカードの入力を示すこと', async () => {
    const { requests } = await openPayment({
      search: '?threeDSecure=return',
      paymentInfo: () => testPaymentInfo(),
    })
    expect(cardNumberBox()).toBeTruthy()
    expect(requests).toEqual([])
  })
})

describe('銀行振込（バーチャル口座）と団体扱', () => {
  it.each([
    ['3', '振込口座を発行して申し込む', '/executePaymentVAccount/'],
    ['4', 'この内容で申し込む', '/paymentInfo/'],
  ] as const)(
    'pymntMethod %s は「%s」で %s へ冪等キーと登録内容を送り、完了画面へ移ること',
    async (pymntMethod, button, path) => {
      const user = userEvent.setup()
      const state = paymentState(testPaymentInfo({ registration: { pymntMethod } }))
      const { requests, router } = await openPayment({
        paymentInfo: state.paymentInfo,
        routes: { [`POST ${path}`]: () => state.complete() },
      })
      expect(screen.queryByRole('textbox')).toBeNull()
      expect(screen.queryByRole('checkbox')).toBeNull()

      await user.click(screen.getByRole('button', { name: button }))

      expect(
        await screen.findByRole('heading', { level: 1, name: 'お申し込みの完了' }, ROUTE_WAIT),
      ).toBeTruthy()
      expect(router.state.location.pathname).toBe(`${entBase}/completeApplication`)
      expect(requests).toHaveLength(1)
      expect(requests[0]?.url).toBe(`/api${path}`)
      expect(requests[0]?.headers.get('Idempotency-Key')).toMatch(KEY_FORMAT)
      expect(requests[0]?.body).toEqual({ registration: testRegistration({ pymntMethod }) })
    },
  )

  it('振込の案内文と、団体扱の案内文を示すこと', async () => {
    const virtual = await openPayment({
      paymentInfo: () => testPaymentInfo({ registration: { pymntMethod: '3' } }),
    })
    expect(screen.getByText(/専用の振込口座（バーチャル口座）を発行します/)).toBeTruthy()
    expect(
      screen.getByRole('heading', { level: 2, name: '銀行振込（専用の振込口座）' }),
    ).toBeTruthy()
    virtual.unmount()

    await openPayment({
      paymentInfo: () => testPaymentInfo({ registration: { pymntMethod: '4' } }),
    })
    expect(
      screen.getByText(/ご所属の団体を通じてお支払いいただきます（給与からの控除など）/),
    ).toBeTruthy()
  })
})
