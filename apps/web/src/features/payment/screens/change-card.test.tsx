import type { CardChangeView } from '@app/shared/api/my-page/card-change'
import type { ShownCard } from '@app/shared/api/my-page/endpoints'
import { paymentMessages } from '@app/shared/messages/payment.ja'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { jsonResponse, mockFetch, type RecordedRequest } from '@/test/http.ts'
import { myPageLink, mypPath, openMyPage } from '@/test/my-page.ts'
import { CARD_TOKEN, easyChallenge, PUBLISHABLE_KEY, TOKEN_URL } from '../test-payment.ts'

// お支払いカードの変更 (issue #24 point 4, ADR 0038): the screen's reads go through the app's API
// (GET /cardChange/, /cardChange/puzzle/); its executions, which carry the Idempotency-Key, and
// the provider's token endpoint use the global fetch, stubbed here.

const YM = '202604'
const CONTRACT = { ...myPageLink, groupPfCodeInceptionDateYm: YM }
const KEY_STORAGE = 'cardChange.idempotencyKey'
const STORED_KEY = 'Kx9_stored-key-0123456789abcdefgh'
const CARD_NUMBER = '4111111111111111'
const REDIRECT_URL = 'https://pay.example.test/3ds/challenge/ch_0001'
const OLD_CARD: ShownCard = {
  brand: 'mastercard',
  last4: '4444',
  expiryMonth: '12',
  expiryYear: '2030',
}
const NEW_CARD: ShownCard = { brand: 'visa', last4: '1111', expiryMonth: '12', expiryYear: '2031' }
const CHANGED =
  'お支払いカードを変更しました。次回からの保険料は新しいカードでお支払いいただきます。'

function cardView(card: ShownCard = OLD_CARD): CardChangeView {
  return {
    groupPfPolicyHolderNo: '4820193756',
    card,
    state: 'open',
    provider: { tokenUrl: TOKEN_URL, publishableKey: PUBLISHABLE_KEY },
  }
}

type Routes = Record<string, () => Response>

/**
 * The card change screen of the fixture link's 202604 contract, signed in. GET /cardChange/
 * answers `views` in turn (the last again); the global fetch answers `routes` by "METHOD path"
 * (below /api, or the provider's full address) and records every request.
 */
async function openChangeCard({
  views = [cardView()],
  routes = {},
  search = '',
}: { views?: CardChangeView[]; routes?: Routes; search?: string } = {}) {
  const http = mockFetch((method, path) => {
    const answer = routes[`${method} ${path}`]
    return answer?.() ?? jsonResponse(500, { errorCode: 'E9999', route: `${method} ${path}` })
  })
  vi.stubGlobal('fetch', http.fetch)
  let read = 0
  const opened = await openMyPage('changeCard', {
    signedIn: true,
    search: `?groupPfCodeInceptionDateYm=${YM}${search}`,
    handlers: {
      '/cardChange/': () => views[Math.min(read++, views.length - 1)],
      '/cardChange/puzzle/': () => easyChallenge(),
    },
  })
  await screen.findByRole('heading', { level: 1, name: 'お支払いカードの変更' })
  return { ...opened, requests: http.requests }
}

const currentCard = () => screen.findByTestId('current-card')
const submitButton = () => screen.getByRole('button', { name: 'このカードに変更する' })

async function fillCard(user: UserEvent) {
  await user.type(screen.getByLabelText('カード番号'), CARD_NUMBER)
  await user.selectOptions(screen.getByLabelText('有効期限（月）'), '12')
  await user.selectOptions(
    screen.getByLabelText('有効期限（年）'),
    String(new Date().getFullYear() + 3),
  )
  await user.type(screen.getByLabelText('セキュリティコード'), '123')
}

async function solvePuzzle(user: UserEvent) {
  await user.click(screen.getByRole('checkbox', { name: 'ロボットではないことの確認' }))
  await screen.findByText('確認できました。', {}, { timeout: 5000 })
}

/** The card, to the provider; the token back. */
const tokenRoute = { [`POST ${TOKEN_URL}`]: () => jsonResponse(201, { token: CARD_TOKEN }) }

const apiRequests = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.url.startsWith('/api/'))

beforeAll(async () => {
  await Promise.all([import('./change-card.tsx'), import('../puzzle-solver.ts')])
})

beforeEach(() => {
  // The API client logs each POST outside production (SPEC §7.3); not wanted in the test output.
  vi.spyOn(console, 'debug').mockImplementation(() => undefined)
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('お支払いカードの変更（issue #24 point 4）', () => {
  it('GET /cardChange/ のご契約の、いまのお支払いカードと加入者番号を示すこと', async () => {
    const { services } = await openChangeCard()

    expect((await currentCard()).textContent).toBe('Mastercard 末尾 4444（有効期限 12/2030）')
    expect(screen.getByText('4820193756')).toBeTruthy()
    expect(services.getCalls).toContainEqual({ path: '/cardChange/', query: CONTRACT })
    expect(screen.getByRole('link', { name: 'ご契約内容へ戻る' }).getAttribute('href')).toBe(
      `${mypPath('checkContractInfo')}?groupPfCodeInceptionDateYm=${YM}`,
    )
  })

  it('入力がないまま送ると、各項目とロボットではないことの確認の必須を示し、何も送らないこと', async () => {
    const user = userEvent.setup()
    const { requests } = await openChangeCard()
    await currentCard()

    await user.click(submitButton())

    const alert = await screen.findByRole('alert')
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'カード番号を入力してください。',
      '有効期限（月）を入力してください。',
      '有効期限（年）を入力してください。',
      'セキュリティコードを入力してください。',
      'ロボットではないことの確認を行ってください。',
    ])
    expect(requests).toEqual([])
  })

  it('カード会社に断られたら（402 APFK0003）その文言を示し、フォームを残すこと', async () => {
    const user = userEvent.setup()
    const { requests } = await openChangeCard({
      routes: {
        ...tokenRoute,
        'POST /cardChange/': () => jsonResponse(402, { errorCode: 'APFK0003' }),
      },
    })
    await currentCard()
    await fillCard(user)
    await solvePuzzle(user)

    await user.click(submitButton())

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe(`${paymentMessages['error.APFK0003']}（APFK0003）`)
    // the form stays, emptied of the card sent, with a new puzzle to solve
    expect(submitButton()).toBeTruthy()
    expect(screen.getByLabelText<HTMLInputElement>('カード番号').value).toBe('')
    expect(
      screen.getByRole<HTMLInputElement>('checkbox', { name: 'ロボットではないことの確認' })
        .checked,
    ).toBe(false)
    expect(screen.queryByText(CHANGED)).toBeNull()
    expect((await currentCard()).textContent).toBe('Mastercard 末尾 4444（有効期限 12/2030）')
    expect(window.sessionStorage.getItem(KEY_STORAGE)).toBeNull()
    expect(apiRequests(requests).map((request) => request.url)).toEqual(['/api/cardChange/'])
  })

  it('変更できたら（changed）そのことを示し、カードを読み直すこと。カード番号はAPIに送らないこと', async () => {
    const user = userEvent.setup()
    const { requests, services } = await openChangeCard({
      views: [cardView(), cardView(NEW_CARD)],
      routes: {
        ...tokenRoute,
        'POST /cardChange/': () => jsonResponse(200, { result: 'changed', card: NEW_CARD }),
      },
    })
    await currentCard()
    await fillCard(user)
    await solvePuzzle(user)

    await user.click(submitButton())

    const status = await screen.findByText(CHANGED)
    expect(status.closest('[role="status"]')).toBeTruthy()
    await waitFor(async () =>
      expect((await currentCard()).textContent).toBe('Visa 末尾 1111（有効期限 12/2031）'),
    )
    expect(services.getCalls.filter((call) => call.path === '/cardChange/')).toHaveLength(2)

    const [token] = requests.filter((request) => request.url === TOKEN_URL)
    expect(token?.body).toMatchObject({ publishableKey: PUBLISHABLE_KEY, cardNumber: CARD_NUMBER })
    const posted = apiRequests(requests)
    expect(posted.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST /api/cardChange/',
    ])
    const [change] = posted
    expect(change?.body).toMatchObject({ ...CONTRACT, cardToken: CARD_TOKEN })
    expect(change?.headers.get('idempotency-key')).toMatch(/^[A-Za-z0-9_-]{16,64}$/)
    expect(JSON.stringify(change?.body)).not.toContain(CARD_NUMBER)
    expect(window.sessionStorage.getItem(KEY_STORAGE)).toBeNull()
  })

  it('3Dセキュアが要るときはカード会社の画面へ移り、冪等キーをこのタブに残すこと', async () => {
    const user = userEvent.setup()
    const { requests, services } = await openChangeCard({
      routes: {
        ...tokenRoute,
        'POST /cardChange/': () =>
          jsonResponse(200, { result: 'threeDSecure', redirectUrl: REDIRECT_URL }),
      },
    })
    await currentCard()
    await fillCard(user)
    await solvePuzzle(user)

    await user.click(submitButton())

    await waitFor(() => expect(services.browser.assign).toHaveBeenCalledWith(REDIRECT_URL))
    const [change] = apiRequests(requests)
    expect(window.sessionStorage.getItem(KEY_STORAGE)).toBe(change?.headers.get('idempotency-key'))
  })

  it('3Dセキュアから戻ると（&threeDSecure=return）、残した冪等キーで /cardChange/threeDSecure/ に送って結果を示すこと', async () => {
    window.sessionStorage.setItem(KEY_STORAGE, STORED_KEY)
    const { requests, router } = await openChangeCard({
      search: '&threeDSecure=return',
      views: [cardView(NEW_CARD)],
      routes: {
        'POST /cardChange/threeDSecure/': () =>
          jsonResponse(200, { result: 'changed', card: NEW_CARD }),
      },
    })

    expect(await screen.findByText(CHANGED)).toBeTruthy()
    expect((await currentCard()).textContent).toBe('Visa 末尾 1111（有効期限 12/2031）')
    const posted = apiRequests(requests)
    expect(posted.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST /api/cardChange/threeDSecure/',
    ])
    expect(posted[0]?.headers.get('idempotency-key')).toBe(STORED_KEY)
    expect(posted[0]?.body).toEqual(CONTRACT)
    expect(window.sessionStorage.getItem(KEY_STORAGE)).toBeNull()
    // the return's mark leaves the address
    await waitFor(() =>
      expect(router.state.location.search).toBe(`?groupPfCodeInceptionDateYm=${YM}`),
    )
  })
})
