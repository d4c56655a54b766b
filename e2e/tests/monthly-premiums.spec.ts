// Issue #24 "Done when" (ADR 0038): monthly card premiums and the holder's card change, as the
// holder and the provider see them. A member of this test's copy of K400004's document paid by
// card 年12回 (pymntMethod "1", pymntCount 12, closingDay 25) applies over the real API on a
// server at E2E_NOW (the puzzle solved, a frictionless card tokenised at the sandbox, as the
// payment screen does; tests/application-journey.spec.ts walks that screen): the sandbox keeps the
// card and the product writes the schedule. The instalments' ids, the charge job's orderIds
// (`inst-<id>`), which no screen shows, are read from the stopped server's database
// (e2e/instalments-of.ts). Then servers on the same database at later clocks, the charge job on a
// 1-second timer:
// - month 2's charge date: month 2 is charged; the stored card is then set to decline (the
//   sandbox's test control);
// - month 3's charge date: month 3 is refused, the holder gets the instalmentDeclined mail and
//   the my-page's table says when it is tried again; the holder changes the card in the my-page
//   (the puzzle, 3-D Secure with 4111111111111111) and the refused month 3 is charged at once;
// - month 4's charge date: month 4 is charged, to the new card (the old one is declined, and
//   deleted at the provider).
// Months 2, 3 and 4 are each captured once at the sandbox (month 3 after one refusal).
import { randomBytes } from 'node:crypto'
import { capyStatusRoute, executePaymentCreditRoute, formatYyyymmdd } from '@app/shared'
import type { PaymentOutcome, PuzzleChallenge } from '@app/shared/api/payment/payment'
import { IDEMPOTENCY_KEY_HEADER } from '@app/shared/api/payment/routes'
import { cardBrandName } from '@app/shared/format/card-brand'
import { formatJapaneseDate } from '@app/shared/format/display'
import { translator } from '@app/shared/messages/format'
import { myPageCardMessages } from '@app/shared/messages/my-page-card.ja'
import { shellMessages } from '@app/shared/messages/shell.ja'
import { addDays } from '@app/shared/time/business-date'
import type { APIRequestContext, APIResponse } from '@playwright/test'
import { solveChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import type { Person } from '../support/application.ts'
import type { FirstEntryMember } from '../support/members.ts'
import {
  expectRow,
  openContract,
  withMonthlyWorld,
  type MonthlyWorld,
} from '../support/monthly-world.ts'
import { mypT } from '../support/my-page.ts'
import { Inbox } from '../support/outbox.ts'
import { authenticateThreeDSecure, sandboxTestCards } from '../support/payment.ts'
import { applicantAtPayment, policyHolderOf, type PolicyHolder } from '../support/policy-holders.ts'
import type { RunningServer } from '../support/server.ts'
import { expect, expectAccessible, test as e2eTest } from '../support/test.ts'

/** t() over the card change screen's texts, as the screen builds it (invoice-messages.ts). */
const cardT = translator({ ...shellMessages, ...myPageCardMessages })

/** The sandbox's keys for this spec's servers: the test calls the provider as the product does. */
const SANDBOX_KEYS = {
  PAYMENT_SECRET_KEY: `sk_sandbox_e2e_monthly_${randomBytes(8).toString('hex')}`,
  PAYMENT_PUBLISHABLE_KEY: `pk_sandbox_e2e_monthly_${randomBytes(8).toString('hex')}`,
} as const
const SANDBOX = '/sandbox-pay'

const person: Person = {
  nameKana: 'ツキバライ　ハルコ',
  nameKanji: '月払　春子',
  birthDate: '19880412',
  sex: '2',
}

interface SandboxPayment {
  id: string
  status: string
  amount: number
  orderId: string
  storedCard?: { id: string; brand: string; last4: string }
  error?: { code: string }
}

async function json<T>(response: APIResponse, what: string, status = 200): Promise<T> {
  expect(response.status(), `${what}: ${await response.text()}`).toBe(status)
  return (await response.json()) as T
}

const secretHeaders = { authorization: `Bearer ${SANDBOX_KEYS.PAYMENT_SECRET_KEY}` }

/** The sandbox's payments of an order, in the order they were made. */
async function paymentsOf(
  request: APIRequestContext,
  server: RunningServer,
  orderId: string,
): Promise<SandboxPayment[]> {
  const answer = await json<{ data: SandboxPayment[] }>(
    await request.get(`${server.baseURL}${SANDBOX}/v1/payments`, {
      params: { orderId },
      headers: secretHeaders,
    }),
    `the sandbox's payments of ${orderId}`,
  )
  return answer.data
}

const captured = (payments: readonly SandboxPayment[]) =>
  payments.filter((payment) => payment.status === 'captured')

/**
 * Applies over the API as the payment screen does: the puzzle (GET /capyStatus/, solved), the
 * frictionless card to the provider's token endpoint, then POST /executePaymentCredit/.
 */
async function appliedByCard(
  request: APIRequestContext,
  member: FirstEntryMember,
): Promise<PolicyHolder> {
  const { mailAddress, headers, payment } = await applicantAtPayment(request, person, member)
  if (payment.card === null) throw new Error('the copy of K400004 is not paid by card')
  const challenge = await json<PuzzleChallenge>(
    await request.get(`/api${capyStatusRoute.path}`, { headers }),
    'GET capyStatus',
  )
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 10_000 })
  if (solution === null) throw new Error('the puzzle was not solved')
  const { token } = await json<{ token: string }>(
    await request.post(payment.card.tokenUrl, {
      data: {
        publishableKey: payment.card.publishableKey,
        cardNumber: sandboxTestCards.frictionless,
        expiryMonth: '12',
        expiryYear: '2030',
        securityCode: '123',
      },
    }),
    'a card token',
    201,
  )
  const outcome = await json<PaymentOutcome>(
    await request.post(`/api${executePaymentCreditRoute.path}`, {
      headers: { ...headers, [IDEMPOTENCY_KEY_HEADER]: `e2e_${randomBytes(12).toString('hex')}` },
      data: {
        registration: payment.registration,
        cardToken: token,
        puzzle: { challenge, solution },
      },
    }),
    'POST executePaymentCredit',
  )
  if (outcome.result !== 'completed') {
    throw new Error(`${member.memberCode} was not applied: ${JSON.stringify(outcome)}`)
  }
  return policyHolderOf(member, person, mailAddress, outcome.completion)
}

const test = e2eTest.extend<{ world: MonthlyWorld }, { monthlyWorld: MonthlyWorld }>({
  monthlyWorld: [
    async ({ playwright }, use, workerInfo) => {
      // K400004 paid by card in this test's copy: 年12回 (pymntCount 12) with closingDay 25
      await withMonthlyWorld(
        playwright,
        workerInfo,
        {
          label: 'monthly',
          pymntMethod: '1',
          closingDay: 25,
          memberCode: 'E2E-MP-001',
          settings: SANDBOX_KEYS,
          apply: appliedByCard,
        },
        use,
      )
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  world: async ({ monthlyWorld }, use) => {
    await use(monthlyWorld)
  },
})
test.use({ actionTimeout: 15_000 })

test('月払のカード払いで2か月目が1回だけ引き落とされ、断られた3か月目はメールで知らされ、マイページでカードを変更すると新しいカードで3か月目と4か月目が1回ずつ引き落とされること', async ({
  page,
  world,
  playwright,
}) => {
  test.setTimeout(180_000)
  const [, month2, month3, month4] = world.instalments
  if (!month2 || !month3 || !month4) throw new Error('no monthly schedule was written')
  expect(world.instalments).toHaveLength(12)
  expect(world.instalments.map((instalment) => instalment.coversMonth).slice(0, 4)).toEqual([
    '202701',
    '202702',
    '202703',
    '202704',
  ])
  // charged in advance on the closing day (25) of the month before
  expect([month2.dueDate, month3.dueDate, month4.dueDate]).toEqual([
    '20270125',
    '20270225',
    '20270325',
  ])
  const request = await playwright.request.newContext()
  const contexts: APIRequestContext[] = [request]
  /** the holder's mail in the outbox of the server running now */
  const inboxOf = async (server: RunningServer): Promise<Inbox> => {
    const context = await playwright.request.newContext({ baseURL: server.baseURL })
    contexts.push(context)
    return new Inbox(context, world.holder.mailAddress)
  }
  try {
    // the application's card payment kept the card at the provider
    let server = await world.serverOn(month2.dueDate)
    const [applicationPayment] = await paymentsOf(request, server, world.applicationId)
    const oldCard = applicationPayment?.storedCard
    expect(applicationPayment?.status).toBe('captured')
    expect(oldCard?.last4).toBe('4444')

    await test.step('2か月目の引き落とし日：2か月目が1回引き落とされること', async () => {
      await expect
        .poll(async () => captured(await paymentsOf(request, server, `inst-${month2.id}`)).length)
        .toBe(1)
      // the card declines from now on (the sandbox's stand-in for the issuer)
      await json(
        await request.post(
          `${server.baseURL}${SANDBOX}/v1/stored-cards/${oldCard?.id}/next-outcome`,
          {
            headers: secretHeaders,
            data: { outcome: 'declined' },
          },
        ),
        'next-outcome declined',
      )
      expect(await paymentsOf(request, server, `inst-${month3.id}`)).toEqual([])
    })

    await test.step('3か月目の引き落とし日：断られ、メールと再度のお手続き日が示されること', async () => {
      server = await world.serverOn(month3.dueDate)
      const inbox = await inboxOf(server)
      const declined = await inbox.next('instalmentDeclined')
      const retryDate = addDays(month3.dueDate, 3)
      expect(declined.textBody).toContain('2027年3月分')
      expect(declined.textBody).toContain(world.holder.policyHolderNo)
      expect(declined.textBody).toContain(`・次回のお支払い手続き：${formatYyyymmdd(retryDate)}`)
      const refused = await paymentsOf(request, server, `inst-${month3.id}`)
      expect(refused.map((payment) => [payment.status, payment.error?.code])).toEqual([
        ['failed', 'card_declined'],
      ])

      await openContract(page, server, world, inbox)
      await expectRow(page, 2, 'paid', mypT('myp.premiumPayments.status.paid'))
      await expectRow(
        page,
        3,
        'due',
        mypT('myp.premiumPayments.status.retry', { date: formatJapaneseDate(retryDate) }),
      )
      await expectRow(page, 4, 'due', mypT('myp.premiumPayments.status.due'))
      await expectAccessible(page)
    })

    await test.step('マイページでカードを変更すると、断られた3か月目が新しいカードで引き落とされること', async () => {
      await page
        .getByRole('link', { name: mypT('myp.premiumPayments.changeCard'), exact: true })
        .click()
      await expect(page).toHaveURL(/\/changeCard\?groupPfCodeInceptionDateYm=\d{6}$/)
      await expect(
        page.getByRole('heading', { level: 1, name: cardT('screen.changeCard.title') }),
      ).toBeVisible()
      await expect(page.getByTestId('current-card')).toHaveText(
        cardT('cardChange.cardValue', {
          brand: cardBrandName('mastercard'),
          last4: '4444',
          month: '12',
          year: '2030',
        }),
      )
      await expectAccessible(page)

      await page
        .getByLabel(cardT('myPageCard.card.number'), { exact: true })
        .fill(sandboxTestCards.threeDSecure)
      await page
        .getByLabel(cardT('myPageCard.card.expiryMonth'), { exact: true })
        .selectOption('12')
      const year = page.getByLabel(cardT('myPageCard.card.expiryYear'), { exact: true })
      const years = await year
        .locator('option')
        .evaluateAll((options) =>
          options.map((option) => (option as HTMLOptionElement).value).filter(Boolean),
        )
      const expiryYear = years[3] ?? ''
      await year.selectOption(expiryYear)
      await page.getByLabel(cardT('myPageCard.card.securityCode'), { exact: true }).fill('123')
      await page.getByRole('checkbox', { name: cardT('myPageCard.puzzle.label') }).check()
      await expect(page.getByText(cardT('myPageCard.puzzle.solved'), { exact: true })).toBeVisible({
        timeout: 30_000,
      })
      await page.getByRole('button', { name: cardT('cardChange.submit') }).click()
      // a card check: nothing is taken
      await authenticateThreeDSecure(page, 0)

      await expect(page).toHaveURL(/\/changeCard\?groupPfCodeInceptionDateYm=\d{6}$/)
      await expect(
        page.getByRole('status').filter({ hasText: cardT('cardChange.changed') }),
      ).toBeVisible()
      await expect(page.getByTestId('current-card')).toHaveText(
        cardT('cardChange.cardValue', {
          brand: cardBrandName('visa'),
          last4: '1111',
          month: '12',
          year: expiryYear,
        }),
      )
      await expectAccessible(page)

      // the refused month 3 is tried again at once, on the new card
      await expect
        .poll(async () => captured(await paymentsOf(request, server, `inst-${month3.id}`)).length)
        .toBe(1)
      await page.getByRole('link', { name: cardT('cardChange.toContract'), exact: true }).click()
      await expectRow(page, 3, 'paid', mypT('myp.premiumPayments.status.paid'))
      await expect(
        page.getByText(
          mypT('myp.premiumPayments.cardValue', {
            brand: cardBrandName('visa'),
            last4: '1111',
            month: '12',
            year: expiryYear,
          }),
          { exact: true },
        ),
      ).toBeVisible()
    })

    await test.step('4か月目の引き落とし日：新しいカードで引き落とされ、各月1回ずつであること', async () => {
      server = await world.serverOn(month4.dueDate)
      await expect
        .poll(async () => captured(await paymentsOf(request, server, `inst-${month4.id}`)).length)
        .toBe(1)
      // the new card is the one the card check kept; the old one is deleted at the provider
      const ofApplication = await paymentsOf(request, server, world.applicationId)
      expect(
        ofApplication.map((payment) => [payment.amount, payment.storedCard?.last4 ?? null]),
      ).toEqual([
        [world.holder.totalPremium, null],
        [0, '1111'],
      ])
      // each month taken once: 2 and 4 at the first try, 3 after one refusal (sorted: the
      // sandbox lists by creation time, which the pinned clock makes the same for both of 3)
      for (const [instalment, statuses] of [
        [month2, ['captured']],
        [month3, ['captured', 'failed']],
        [month4, ['captured']],
      ] as const) {
        const payments = await paymentsOf(request, server, `inst-${instalment.id}`)
        expect(payments.map((payment) => payment.status).sort(), `month ${instalment.seq}`).toEqual(
          statuses,
        )
        expect(captured(payments).map((payment) => payment.amount)).toEqual([instalment.amount])
      }

      const inbox = await inboxOf(server)
      await openContract(page, server, world, inbox)
      for (const seq of [2, 3, 4])
        await expectRow(page, seq, 'paid', mypT('myp.premiumPayments.status.paid'))
      await expectRow(page, 5, 'due', mypT('myp.premiumPayments.status.due'))
    })
  } finally {
    for (const context of contexts) await context.dispose()
  }
})
