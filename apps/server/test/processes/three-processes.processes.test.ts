import fs from 'node:fs'
import os from 'node:os'
import path_ from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  applicationViewSchema,
  capyStatusRoute,
  confirmVerificationApi,
  currentConsentVersions,
  documentVersions,
  type EntryLink,
  entryTicketSchema,
  executePaymentCreditRoute,
  paymentInfoRoute,
  policyDocumentIds,
  saveStepApis,
  sendVerificationMailApi,
  uploadUrlRoute,
  verifyByIdApi,
} from '@app/shared'
import { myPageInfoApi, start2FAApi, verifyLoginCodeApi } from '@app/shared/api/my-page/endpoints'
import {
  paymentInfoSchema,
  paymentOutcomeSchema,
  puzzleChallengeSchema,
} from '@app/shared/api/payment/payment'
import { IDEMPOTENCY_KEY_HEADER } from '@app/shared/api/payment/routes'
import { applyInfoRoute } from '@app/shared/api/application/current-route'
import { groupPfInfoRoute } from '@app/shared/api/group/routes'
import { openDatabase } from '../../src/db/client.ts'
import { renewals, rosterMembers } from '../../src/db/schema/index.ts'
import { apiUrl } from '../../src/lib/api-url.ts'
import type { GroupDocument } from '../../src/modules/group/group-document.ts'
import { importGroupDocument } from '../../src/modules/group/import-group.ts'
import {
  newIdempotencyKey,
  paymentDocument,
  paymentStepBodies,
  solvePuzzle,
} from '../../src/modules/payment/payment-test-support.ts'
import { hashPassword } from '../../src/modules/security/password.ts'
import { sandboxTestCards } from '../../src/sandbox/test-cards.ts'
import { readTestImage, testLogoSvg } from '../factories.ts'
import {
  counterSum,
  metricsOf,
  RoundRobin,
  runCli,
  runCliOutput,
  type ServerProcess,
  startTrio,
  type Trio,
} from './three-processes.ts'

// Issue #19 point 5, "several processes, one truth": three processes on one PostgreSQL database,
// one object store and one mail relay; every request of the journey goes to the next process in
// turn. Runs only against PostgreSQL (PGlite is one process by design): `npm run
// test:processes` with TEST_DATABASE_URL, as .ci/run does in its PostgreSQL section.

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

/** How long a process caches a group product (GROUP_CACHE_SECONDS of the trio). */
const GROUP_CACHE_SECONDS = 1
/** The manual maintenance switch is re-read at most every 5 s (system/maintenance.ts). */
const SWITCH_SECONDS = 5
/** the flood guard's limit per address and minute in this trio: lease 1, so exact */
const FLOOD_LIMIT = 100
const PASSWORD = 'Three-Proc-2026!'
/** the journey's client address (TRUST_PROXY=1: the test stands for the load balancer) */
const JOURNEY_ADDRESS = { 'x-forwarded-for': '198.51.100.20' }

/** The `count`-th mail to `address` (waits up to 15 s for the mail job of any process). */
async function mailTo(trio: Trio, address: string, count: number): Promise<{ text: string }> {
  const deadline = Date.now() + 15_000
  const received = () => trio.smtp.messages.filter((mail) => mail.envelopeTo.includes(address))
  while (received().length < count && Date.now() < deadline) await sleep(100)
  const mail = received()[count - 1]
  if (mail === undefined) throw new Error(`mail ${count} to the applicant did not arrive`)
  return { text: mail.text ?? '' }
}

/** A required document up to the object store: the URL from one process, the bytes to the next. */
async function uploadDocument(rr: RoundRobin, headers: Record<string, string>): Promise<unknown> {
  const bytes = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n', 'latin1')
  const issued = await rr.send('POST', apiUrl(uploadUrlRoute), {
    headers,
    body: { slot: 1, fileName: '診断書.pdf', size: bytes.length },
  })
  expect(issued.status, JSON.stringify(issued.body)).toBe(200)
  const { uploadUrl } = z.object({ uploadUrl: z.string() }).parse(issued.body)
  const stored = await rr.sendBytes('PUT', uploadUrl, bytes)
  expect(stored.status, JSON.stringify(stored.body)).toBe(200)
  // the answer is the application with the file, at its new version
  return stored.body
}

describe('3つのプロセスで1つの真実（issue #19 point 5）', () => {
  let trio: Trio
  const journey = { client: undefined as RoundRobin | undefined }
  /** the card journey's product, changed again by the group cache's check */
  const cardProduct: { document?: GroupDocument; link?: EntryLink } = {}

  beforeAll(async () => {
    trio = await startTrio(adminUrl, {
      // the payment product's recruitment window (2026-11) is open on this pinned day, whenever CI runs
      APP_NOW: '2026-11-20T10:00:00+09:00',
      GROUP_CACHE_SECONDS: String(GROUP_CACHE_SECONDS),
      MAIL_POLL_SECONDS: '0.2',
      RATE_LIMIT_MAX: String(FLOOD_LIMIT),
      TRUST_PROXY: '1',
      RETENTION_JOB_INTERVAL_SECONDS: '1',
    })
    journey.client = new RoundRobin(trio.processes, JOURNEY_ADDRESS)
  }, 120_000)
  afterAll(async () => {
    await trio?.stop()
  }, 60_000)

  function client(): RoundRobin {
    if (journey.client === undefined) throw new Error('the trio did not start')
    return journey.client
  }

  it('本人確認・確認メール・リンク・申込画面を、リクエストごとに別のプロセスで進められること', async () => {
    const demoLine = trio.processes[0]?.output.find((line) => line.includes('/app/ent/G100001/'))
    const inceptionYm = /\/app\/ent\/G100001\/(\d{6})\/00001\//.exec(demoLine ?? '')?.[1]
    expect(inceptionYm).toMatch(/^\d{6}$/)
    const link = {
      groupPfCode: 'G100001',
      groupPfCodeInceptionDateYm: inceptionYm ?? '',
      groupPfBranchNo: '00001',
      urlKey: 'Kx7pR2mQ9a',
    }
    const rr = client()

    const verified = await rr.send('POST', apiUrl(verifyByIdApi), {
      body: {
        ...link,
        firstEntryId: 'DEMOA00001',
        firstEntryPassword: 'DemoPassA001',
        consents: [{ documentId: 'terms-of-use', version: currentConsentVersions['terms-of-use'] }],
      },
    })
    expect(verified.status).toBe(200)
    const ticket = entryTicketSchema.parse(verified.body)

    const mailAddress = 'three-processes@example.jp'
    const mailed = await rr.send('POST', apiUrl(sendVerificationMailApi), {
      body: {
        entryToken: ticket.entryToken,
        policyHolderEmailAddress: mailAddress,
        password: PASSWORD,
        passwordConfirmation: PASSWORD,
      },
    })
    expect(mailed.status).toBe(200)

    // the delivery job of whichever process claims it sends the mail, once
    const deadline = Date.now() + 15_000
    while (trio.smtp.messages.length === 0 && Date.now() < deadline) await sleep(100)
    await sleep(1_000)
    const received = trio.smtp.messages.filter((mail) => mail.envelopeTo.includes(mailAddress))
    expect(received).toHaveLength(1)
    const mailLink = /https?:\/\/\S+#token=\S+/.exec(received[0]?.text ?? '')?.[0] ?? ''
    const token = new URLSearchParams(new URL(mailLink).hash.slice(1)).get('token') ?? ''
    expect(token).not.toBe('')

    const confirmed = await rr.send('POST', apiUrl(confirmVerificationApi), {
      body: { token, password: PASSWORD },
    })
    expect(confirmed.status).toBe(200)
    const session = confirmVerificationApi.response.parse(confirmed.body)
    const headers = { authorization: `Bearer ${session.sessionToken}` }

    // the session made by one process is good on each of the three
    for (let index = 0; index < 3; index += 1) {
      const view = await rr.send('GET', apiUrl(applyInfoRoute), { headers })
      expect(view.status).toBe(200)
      const parsed = z.object({ progress: z.object({ nextStep: z.string() }) }).parse(view.body)
      expect(parsed.progress.nextStep).toBe('entryTerms')
    }

    // every process served part of the journey; the split as each process counted it
    const served = await Promise.all(
      trio.processes.map(async (server) =>
        counterSum(await metricsOf(server), 'http_requests_total', {}),
      ),
    )
    console.info(`journey requests sent per process: ${rr.sent.join(' / ')}`)
    console.info(`requests answered per process (/metrics): ${served.join(' / ')}`)
    for (const [index, sent] of rr.sent.entries()) {
      expect(sent).toBeGreaterThanOrEqual(2)
      expect(served[index] ?? 0).toBeGreaterThanOrEqual(sent)
    }
    // the mail was sent by one process's job: one delivery counted across the three
    const deliveries = await Promise.all(
      trio.processes.map(async (server) =>
        counterSum(await metricsOf(server), 'mail_deliveries_total', { outcome: 'sent' }),
      ),
    )
    console.info(`mail sent per process (/metrics): ${deliveries.join(' / ')}`)
    expect(deliveries.reduce((sum, count) => sum + count, 0)).toBe(trio.smtp.messages.length)
  }, 90_000)

  it('カード払いの商品で、手順・書類・カード決済・完了メール・マイページまで、リクエストごとに別のプロセスで進めること', async () => {
    // a product of the test's own with one required document, paid by card, and its member
    const { document, link } = paymentDocument({ pymntMethod: '1', window: 'atOnce' })
    Object.assign(document.groupPfInfo, { requiredDocsType1: '2' })
    cardProduct.document = document
    cardProduct.link = link
    const database = await openDatabase({ databaseUrl: trio.databaseUrl, dataDir: '-' })
    try {
      await importGroupDocument(database.db, document, { readImage: readTestImage })
      await database.db.insert(rosterMembers).values({
        groupPfCode: link.groupPfCode,
        groupPfCodeInceptionDateYm: link.groupPfCodeInceptionDateYm,
        memberCode: 'PROC-0001',
        firstEntryId: 'PROC000001',
        passwordHash: await hashPassword('ProcPass2026'),
      })
    } finally {
      await database.close()
    }
    const rr = new RoundRobin(trio.processes, { 'x-forwarded-for': '198.51.100.30' })
    const expectOk = (answer: { status: number; body: unknown }, what: string) =>
      expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBe(200)

    const verified = await rr.send('POST', apiUrl(verifyByIdApi), {
      body: {
        ...link,
        firstEntryId: 'PROC000001',
        firstEntryPassword: 'ProcPass2026',
        consents: [{ documentId: 'terms-of-use', version: currentConsentVersions['terms-of-use'] }],
      },
    })
    expectOk(verified, 'verifyById')
    const mailAddress = 'card-journey@example.jp'
    const sent = await rr.send('POST', apiUrl(sendVerificationMailApi), {
      body: {
        entryToken: entryTicketSchema.parse(verified.body).entryToken,
        policyHolderEmailAddress: mailAddress,
        password: PASSWORD,
        passwordConfirmation: PASSWORD,
      },
    })
    expectOk(sent, 'sendVerificationMail')
    const linkMail = await mailTo(trio, mailAddress, 1)
    const token = new URLSearchParams(
      new URL(/https?:\/\/\S+#token=\S+/.exec(linkMail.text)?.[0] ?? 'x:').hash.slice(1),
    ).get('token')
    const confirmed = await rr.send('POST', apiUrl(confirmVerificationApi), {
      body: { token, password: PASSWORD },
    })
    expectOk(confirmed, 'confirmVerification')
    const session = confirmVerificationApi.response.parse(confirmed.body)
    const headers = { authorization: `Bearer ${session.sessionToken}` }

    // every step, each saved through the next process; the document goes up before its step
    let view = applicationViewSchema.parse(
      (await rr.send('GET', apiUrl(applyInfoRoute), { headers })).body,
    )
    const saved: string[] = []
    for (let guard = 0; view.progress.nextStep !== 'payment' && guard < 15; guard += 1) {
      const step = view.progress.nextStep
      if (step === 'noticeMattersDoc') {
        view = applicationViewSchema.parse(await uploadDocument(rr, headers))
      }
      const body = step === 'noticeMattersDoc' ? {} : paymentStepBodies[step]
      if (body === undefined) throw new Error(`no body for step ${step}`)
      const answer = await rr.send('PUT', apiUrl(saveStepApis[step]), {
        headers,
        body: { ...body, version: view.version },
      })
      expectOk(answer, step)
      view = applicationViewSchema.parse(answer.body)
      saved.push(step)
    }
    expect(saved).toContain('noticeMattersDoc')
    expect(view.progress.nextStep).toBe('payment')

    // the card payment: the puzzle from one process, the token from the sandbox on another, the
    // execution on a third
    const payment = paymentInfoSchema.parse(
      (await rr.send('GET', apiUrl(paymentInfoRoute), { headers })).body,
    )
    const challenge = puzzleChallengeSchema.parse(
      (await rr.send('GET', apiUrl(capyStatusRoute), { headers })).body,
    )
    const puzzle = await solvePuzzle(challenge)
    const tokenPath = new URL(payment.card?.tokenUrl ?? '', 'http://localhost').pathname
    const cardToken = await rr.send('POST', tokenPath, {
      body: {
        publishableKey: payment.card?.publishableKey,
        cardNumber: sandboxTestCards.frictionless,
        expiryMonth: '12',
        expiryYear: '2030',
        securityCode: '123',
      },
    })
    expect(cardToken.status).toBe(201)
    const paid = await rr.send('POST', apiUrl(executePaymentCreditRoute), {
      headers: { ...headers, [IDEMPOTENCY_KEY_HEADER]: newIdempotencyKey() },
      body: {
        registration: payment.registration,
        cardToken: z.object({ token: z.string() }).parse(cardToken.body).token,
        puzzle,
      },
    })
    expectOk(paid, 'executePaymentCredit')
    const outcome = paymentOutcomeSchema.parse(paid.body)
    if (outcome.result !== 'completed') throw new Error(`not completed: ${JSON.stringify(outcome)}`)
    expect(outcome.completion.statusPattern).toBe('330')

    // the completion mail, once; then the my-page sign-in with the code it mails, across processes
    const completionMail = await mailTo(trio, mailAddress, 2)
    expect(completionMail.text).toContain(outcome.completion.groupPfPolicyHolderNo)
    const myPageLink = { groupPfCode: link.groupPfCode, urlKey: link.urlKey }
    const started = await rr.send('POST', apiUrl(start2FAApi), {
      body: {
        ...myPageLink,
        userId: outcome.completion.userId,
        password: PASSWORD,
        consents: policyDocumentIds.map((documentId) => ({
          documentId,
          version: documentVersions[documentId],
        })),
      },
    })
    expectOk(started, 'start2FA')
    const attempt = start2FAApi.response.parse(started.body)
    const codeMail = await mailTo(trio, mailAddress, 3)
    const code = /認証コード：(\d{6})/.exec(codeMail.text)?.[1]
    const signedIn = await rr.send('POST', apiUrl(verifyLoginCodeApi), {
      body: { attemptToken: attempt.attemptToken, code },
    })
    expectOk(signedIn, 'sessionInfo')
    const holder = {
      authorization: `Bearer ${verifyLoginCodeApi.response.parse(signedIn.body).sessionToken}`,
    }
    for (let index = 0; index < 3; index += 1) {
      const home = await rr.send(
        'GET',
        `${apiUrl(myPageInfoApi)}?${new URLSearchParams(myPageLink).toString()}`,
        {
          headers: holder,
        },
      )
      expectOk(home, 'policyHolderInfo')
      expect(JSON.stringify(home.body)).toContain(outcome.completion.groupPfPolicyHolderNo)
    }
    console.info(`card journey requests sent per process: ${rr.sent.join(' / ')}`)
    for (const count of rr.sent) expect(count).toBeGreaterThanOrEqual(8)
    // each mail exactly once, whichever process's job sent it
    expect(trio.smtp.messages.filter((mail) => mail.envelopeTo.includes(mailAddress))).toHaveLength(
      3,
    )
  }, 120_000)

  it(`団体の取り込みは他のプロセスにも GROUP_CACHE_SECONDS（${GROUP_CACHE_SECONDS} 秒）のうちに伝わること`, async () => {
    const { document, link } = cardProduct
    if (document === undefined || link === undefined)
      throw new Error('the card journey did not run')
    const path = `${apiUrl(groupPfInfoRoute)}?${new URLSearchParams({
      urlKey: link.urlKey,
      groupPfCode: link.groupPfCode,
      groupPfCodeInceptionDateYm: link.groupPfCodeInceptionDateYm,
      groupPfBranchNo: link.groupPfBranchNo,
    }).toString()}`
    const nameOn = async (server: ServerProcess) => {
      const response = await fetch(`${server.baseUrl}${path}`, {
        headers: { 'x-forwarded-for': '198.51.100.88' },
      })
      const body = z.object({ groupPfInfo: z.object({ groupNameKanji: z.string() }) })
      return body.parse(await response.json()).groupPfInfo.groupNameKanji
    }
    // every process has the product cached
    const before = await Promise.all(trio.processes.map(nameOn))
    expect(new Set(before)).toEqual(new Set([document.groupPfInfo.groupNameKanji]))

    // the operator re-imports it with a new name, through the CLI, on the shared database
    const renamed = `${document.groupPfInfo.groupNameKanji}（名称変更）`
    const dir = fs.mkdtempSync(path_.join(os.tmpdir(), 'three-processes-import-'))
    try {
      fs.writeFileSync(path_.join(dir, 'logo.svg'), testLogoSvg)
      const file = path_.join(dir, 'group.json')
      const changed = {
        ...document,
        groupPfInfo: { ...document.groupPfInfo, groupNameKanji: renamed },
      }
      fs.writeFileSync(file, JSON.stringify(changed))
      expect(await runCli(trio, 'src/cli/import-group.ts', [file])).toBe(0)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
    const importedAt = Date.now()
    const seenAfter = await Promise.all(
      trio.processes.map(async (server) => {
        while (Date.now() - importedAt < (GROUP_CACHE_SECONDS + 2) * 1000) {
          if ((await nameOn(server)) === renamed) return Date.now() - importedAt
          await sleep(100)
        }
        return Number.POSITIVE_INFINITY
      }),
    )
    console.info(`group import seen by each process after (ms): ${seenAfter.join(' / ')}`)
    for (const after of seenAfter)
      expect(after).toBeLessThanOrEqual((GROUP_CACHE_SECONDS + 1) * 1000)
  }, 30_000)

  it('保存期間の処理は3つのプロセスのタイマーで動いても1回だけ実行されること', async () => {
    // every process has a 1 s timer; the clock is pinned, so the one claim blocks every other run
    await sleep(3_500)
    const runs = await Promise.all(
      trio.processes.map(async (server) =>
        counterSum(await metricsOf(server), 'job_runs_total', { job: 'retention', outcome: 'ok' }),
      ),
    )
    console.info(`retention runs per process (/metrics): ${runs.join(' / ')}`)
    expect(runs.reduce((sum, count) => sum + count, 0)).toBe(1)
  }, 30_000)

  it('更新の処理を3つ同時に動かしても、契約はそれぞれ1回だけ更新されること', async () => {
    // demo member SKR-0006's last-year contract of group A renews at this year's at-once end
    // (20 days after the pinned day): three runs at once, on the day after
    const runs = await Promise.all(
      [0, 1, 2].map(() =>
        runCliOutput(trio, 'src/cli/run-renewals.ts', { APP_NOW: '2026-12-11T10:00:00+09:00' }),
      ),
    )
    const renewed = runs.map((run) => {
      expect(run.code, run.stdout).toBe(0)
      return Number(/renewed (\d+)/.exec(run.stdout)?.[1] ?? Number.NaN)
    })
    console.info(`contracts renewed per concurrent run: ${renewed.join(' / ')}`)
    const database = await openDatabase({ databaseUrl: trio.databaseUrl, dataDir: '-' })
    try {
      const rows = await database.db
        .select({ preApplicationId: renewals.preApplicationId })
        .from(renewals)
        .where(eq(renewals.state, 'renewed'))
      expect(rows.length).toBeGreaterThanOrEqual(1)
      expect(renewed.reduce((sum, count) => sum + count, 0)).toBe(rows.length)
    } finally {
      await database.close()
    }
    const again = await runCliOutput(trio, 'src/cli/run-renewals.ts', {
      APP_NOW: '2026-12-11T10:00:00+09:00',
    })
    expect(again.stdout).toContain('renewed 0')
  }, 60_000)

  it('流量制限はアドレスごとに3つのプロセス合わせて1つの上限であること', async () => {
    const intoMinute = Date.now() % 60_000
    if (intoMinute > 45_000) await sleep(60_000 - intoMinute + 50)
    const flood = new RoundRobin(trio.processes, { 'x-forwarded-for': '203.0.113.50' })
    const path = `${apiUrl(groupPfInfoRoute)}?groupPfCode=G1&urlKey=abcdefghij`
    const statuses = new Map<number, number>()
    for (let index = 0; index < FLOOD_LIMIT; index += 1) {
      const { status } = await flood.send('GET', path)
      statuses.set(status, (statuses.get(status) ?? 0) + 1)
    }
    expect(Object.fromEntries(statuses)).toEqual({ 404: FLOOD_LIMIT })
    for (let index = 0; index < 3; index += 1) {
      expect((await flood.send('GET', path)).status).toBe(429)
    }
    console.info(
      `flood guard: ${FLOOD_LIMIT} let through over ${flood.sent.join(' / ')}, then 429 on each`,
    )
  }, 60_000)

  it(`メンテナンスの切り替えは他のプロセスにも ${SWITCH_SECONDS} 秒以内に伝わること`, async () => {
    const path = `${apiUrl(groupPfInfoRoute)}?groupPfCode=G1&urlKey=abcdefghij`
    const probe = new RoundRobin(trio.processes, { 'x-forwarded-for': '198.51.100.77' })
    expect(await runCli(trio, 'src/cli/maintenance.ts', ['on'])).toBe(0)
    const switchedAt = Date.now()
    const seenAfter: number[] = []
    for (const server of trio.processes) {
      let status = 0
      while (status !== 503 && Date.now() - switchedAt < (SWITCH_SECONDS + 1) * 1000) {
        status = (
          await fetch(`${server.baseUrl}${path}`, {
            headers: { 'x-forwarded-for': '198.51.100.77' },
          })
        ).status
        if (status !== 503) await sleep(100)
      }
      expect(status).toBe(503)
      seenAfter.push(Date.now() - switchedAt)
    }
    console.info(`maintenance seen by each process after (ms): ${seenAfter.join(' / ')}`)
    expect(await runCli(trio, 'src/cli/maintenance.ts', ['off'])).toBe(0)
    await sleep((SWITCH_SECONDS + 0.5) * 1000)
    for (let index = 0; index < 3; index += 1) {
      expect((await probe.send('GET', path)).status).toBe(404)
    }
  }, 60_000)
})
