// Issue #21 point 4 (ADR 0032): the invoice of an auto-renewed contract paid by card, as the
// policy holder meets it. A holder applies to K400004's product of 202701 (group collection) on a
// server at E2E_NOW; next year's product (202801) is paid by card in this test's copy of it, so
// the renewal job at the fix date (20271031) renews the contract at 220 (SPEC §4 "processed and
// requesting payment"). A second server goes on with the same database after the fix date, with
// the renewal and follow-up jobs on 1-second timers: the invoice mail arrives once (read from the
// dev outbox), its link opens the my-page's invoice screen through the sign-in, the holder pays by
// card with the puzzle and 3-D Secure on the sandbox's page, and comes back to see it paid (330).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { formatYen } from '@app/shared/format/display'
import { translator } from '@app/shared/messages/format'
import { invoiceMessages } from '@app/shared/messages/invoice.ja'
import { myPageCardMessages } from '@app/shared/messages/my-page-card.ja'
import { shellMessages } from '@app/shared/messages/shell.ja'
import type { Page } from '@playwright/test'
import type { Person } from '../support/application.ts'
import { projectEngine, SMOKE_TAG } from '../support/engines.ts'
import {
  COLLECTION_GROUP_DOCUMENT_PATH,
  COLLECTION_GROUP_NEXT_DOCUMENT_PATH,
} from '../support/fixtures.ts'
import { COLLECTION_GROUP, firstEntryRoster, readCredentials } from '../support/members.ts'
import { signInWithMailCode } from '../support/my-page.ts'
import { Inbox, outboxMessages } from '../support/outbox.ts'
import { authenticateThreeDSecure, sandboxTestCards } from '../support/payment.ts'
import { appliedPolicyHolder, type PolicyHolder } from '../support/policy-holders.ts'
import { startServer, type RunningServer } from '../support/server.ts'
import { expect, expectAccessible, test as e2eTest } from '../support/test.ts'

/** After the 202701 product's renewal fix date (20271031), in the cover of 202701. */
const AFTER_FIX_NOW = '2027-11-02T10:00:00+09:00'

/** t() over the invoice screen's texts, as the screen builds it (invoice-messages.ts). */
const invT = translator({ ...shellMessages, ...invoiceMessages, ...myPageCardMessages })

const person: Person = {
  nameKana: 'アオバ　ゴロウ',
  nameKanji: '青葉　五郎',
  birthDate: '19870203',
  sex: '1',
}

interface InvoiceWorld {
  server: RunningServer
  holder: PolicyHolder
}

const test = e2eTest.extend<{ holder: PolicyHolder }, { invoiceWorld: InvoiceWorld }>({
  invoiceWorld: [
    async ({ playwright }, use, workerInfo) => {
      const engine = projectEngine(workerInfo.project)
      const label = `invoice-${engine}-${workerInfo.workerIndex}`
      const folder = mkdtempSync(path.join(tmpdir(), `e2e-${label}-`))
      const { groupPfCode, groupPfCodeInceptionDateYm } = COLLECTION_GROUP
      // next year's product, paid by card (pymntMethod "1") in this test's copy
      const nextByCard = path.join(folder, 'collection-group-next-card.json')
      const next = JSON.parse(readFileSync(COLLECTION_GROUP_NEXT_DOCUMENT_PATH, 'utf8')) as {
        groupPfInfo: Record<string, unknown>
      }
      next.groupPfInfo.pymntMethod = '1'
      writeFileSync(nextByCard, JSON.stringify(next))
      const credentials = path.join(folder, 'credentials.csv')
      const applying = await startServer({
        label: `${label}-apply`,
        engine,
        demoData: 'off',
        seed: {
          documents: [COLLECTION_GROUP_DOCUMENT_PATH, nextByCard],
          rosters: [
            {
              groupPfCode,
              groupPfCodeInceptionDateYm,
              csv: firstEntryRoster(folder, groupPfCode, ['E2E-I-001']),
              out: credentials,
            },
          ],
        },
      })
      let server: RunningServer | undefined
      let isApplyingStopped = false
      try {
        const [member] = readCredentials(credentials, groupPfCode)
        if (member === undefined) throw new Error('the roster import issued no member')
        const request = await playwright.request.newContext({ baseURL: applying.baseURL })
        const holder = await appliedPolicyHolder(request, person, member).finally(() =>
          request.dispose(),
        )
        await applying.stop({ keepData: true })
        isApplyingStopped = true
        server = await startServer({
          label: `${label}-after-fix`,
          engine,
          now: AFTER_FIX_NOW,
          demoData: 'off',
          database: applying.database,
          settings: { RENEWAL_JOB_INTERVAL_SECONDS: '1', FOLLOW_UP_JOB_INTERVAL_SECONDS: '1' },
        })
        await use({ server, holder })
      } finally {
        await server?.stop()
        if (isApplyingStopped) applying.removeData()
        else await applying.stop()
        rmSync(folder, { recursive: true, force: true })
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ invoiceWorld }, use) => {
    await use(invoiceWorld.server.baseURL)
  },
  holder: async ({ invoiceWorld }, use) => {
    await use(invoiceWorld.holder)
  },
})
test.use({ actionTimeout: 15_000 })

/** The invoice screen: its title (h1), then axe on the page as it is. */
async function expectInvoiceScreen(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/app\/myp\/[^/]+\/[^/]+\/invoice(\?[^#]*)?$/)
  await expect(
    page.getByRole('heading', { level: 1, name: invT('screen.invoice.title') }),
  ).toBeVisible()
}

test(
  '自動更新されたカード払いのご契約にご請求が1通届き、マイページでカード（パズルと3Dセキュア）で支払うと支払済みになること',
  { tag: SMOKE_TAG },
  async ({ page, holder, request }) => {
    test.setTimeout(120_000)
    const inbox = new Inbox(request, holder.mailAddress)
    const mail = await inbox.next('followUpInvoice')
    expect(mail.subject).toMatch(/^【.+】保険料のご請求$/)
    const amount = Number(/・ご請求金額：([\d,]+)円/.exec(mail.textBody)?.[1]?.replace(/,/g, ''))
    expect(amount).toBeGreaterThan(0)
    const link = /https?:\/\/\S+\/invoice(?=\s)/.exec(mail.textBody)?.[0]
    expect(link, mail.textBody).toBeDefined()

    // the link, not signed in: the sign-in first, then the link again
    await page.goto(link ?? '')
    await expect(page).toHaveURL(/\/login(\?[^#]*)?$/)
    await signInWithMailCode(page, holder, inbox)
    await expect(page).toHaveURL(/\/home(\?[^#]*)?$/)
    await page.goto(link ?? '')
    await expectInvoiceScreen(page)
    await expect(page.getByText(invT('invoice.status.220'), { exact: true })).toBeVisible()
    await expect(page.getByText(formatYen(amount), { exact: true })).toBeVisible()
    await expectAccessible(page)

    // the card: number, expiry, security code, the puzzle, then 3-D Secure on the provider's page
    const card = page.getByRole('region', { name: invT('invoice.card.heading') })
    await card
      .getByLabel(invT('myPageCard.card.number'), { exact: true })
      .fill(sandboxTestCards.threeDSecure)
    await card.getByLabel(invT('myPageCard.card.expiryMonth'), { exact: true }).selectOption('12')
    const year = card.getByLabel(invT('myPageCard.card.expiryYear'), { exact: true })
    const years = await year
      .locator('option')
      .evaluateAll((options) =>
        options.map((option) => (option as HTMLOptionElement).value).filter(Boolean),
      )
    await year.selectOption(years[3] ?? '')
    await card.getByLabel(invT('myPageCard.card.securityCode'), { exact: true }).fill('123')
    await card.getByRole('checkbox', { name: invT('myPageCard.puzzle.label') }).check()
    await expect(card.getByText(invT('myPageCard.puzzle.solved'), { exact: true })).toBeVisible({
      timeout: 30_000,
    })
    await card.getByRole('button', { name: invT('invoice.card.submit') }).click()
    await authenticateThreeDSecure(page, amount)

    // back on the invoice screen: paid (330)
    await expectInvoiceScreen(page)
    await expect(page.getByText(invT('invoice.paid'), { exact: true })).toBeVisible()
    await expect(page.getByText(invT('invoice.status.330'), { exact: true })).toBeVisible()
    await expect(page.getByRole('region', { name: invT('invoice.card.heading') })).toHaveCount(0)
    await expectAccessible(page)

    // the jobs ran every second meanwhile: still one invoice mail
    const invoices = (await outboxMessages(request, holder.mailAddress)).filter(
      (message) => message.template === 'followUpInvoice',
    )
    expect(invoices).toHaveLength(1)
  },
)
