import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { solveChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import pg from 'pg'
import { safeParse, type $ZodType } from 'zod/v4/core'
import {
  addInsuredApi,
  addressApi,
  mainCoverageTypesApi,
  specifiedCoverageTypesApi,
  applyInfoApi,
  confirmInsuredApi,
  confirmVerificationApi,
  currentConsentVersions,
  groupPfInfoApi,
  saveStepApis,
  sendVerificationMailApi,
  uploadUrlApi,
  verificationLinkStatusApi,
  verifyByIdApi,
  type ApplicationStep,
  type ApplicationView,
  type EntryLink,
} from '@app/shared'
import {
  capyStatusApi,
  executePaymentCreditApi,
  executePaymentCreditReturnApi,
  paymentInfoApi,
  type PaymentRegistration,
} from '@app/shared/api/payment/payment'
import { IDEMPOTENCY_KEY_HEADER } from '@app/shared/api/payment/routes'
import {
  backendCpuDelta,
  processCpuMicros,
  createBenchDatabase,
  DEFAULT_ADMIN_URL,
  messageOf,
  shownUrl,
  type BenchDatabase,
} from './bench-database.ts'
import { announceReady, runChild } from './child-protocol.ts'
import { ensureWebBuilt } from './bundle-size.ts'
import { cleanUp, serverDir, startServer, stopChild, type StartedServer } from './processes.ts'
import { out, table, verdict } from './report-format.ts'
import { peakBudgets, peakServerEnv, peakSettings } from './settings.ts'

// issue #22 point 3: the recruitment peak. A mail goes out to a group's members and they arrive
// within half a minute, each walking the whole enrolment through the public API as the browser
// does, with 2–5 s of think time between two screens:
//
//   the pamphlet (GET groupPfInfo) → verifyUser by first-entry ID (argon2id) → the verification
//   mail (POST mainMail, the my-page password chosen) → the mail read from the outbox (the dev
//   route the e2e tests read, GET /dev/outbox/messages.json) → the link opened (its status, then
//   the password: argon2id again) → the application, every step of demo group A's flow saved as
//   the screens save it, with a document uploaded on noticeMattersDoc (the signed upload URL, the
//   file's bytes) → the payment screen (GET paymentInfo) → the puzzle (GET capyStatus, solved here
//   by the client with altcha-lib, as the browser's widget solves it) → the card token from the
//   sandbox provider and the card payment → the provider's 3-D Secure page (GET), its password
//   (POST, 303 back to the app) → the payment finished (POST …/threeDSecure/): completed, 330.
//
// Each applicant is a member of its own in group A's roster (G100001: first-entry ID, card
// payment, an optional document slot), written by the roster import (importRoster, the CLI's code
// path) in a fresh PostgreSQL database before the server opens it. The product server runs in a
// child process (product-server.ts --peak, every plugin) behind "one proxy hop": each applicant
// sends an X-Forwarded-For address of its own, so every per-address limit stays at its default.
//
// Per step (each API call of the journey) the section prints the count, p50/p95/p99 and the
// errors (a status the browser would not expect, an answer that fails the endpoint's response
// schema, no answer); the product server's CPU (its /proc stat, as cores busy) and peak resident
// memory (VmHWM), PostgreSQL's backends' CPU, and this process's own CPU and event-loop delay (the
// load generator: its latencies are only as good as its loop is free). The capacity curve climbs
// N = 50, 100, 200, 400 and stops at the first N where a step's p95 passes 300 ms or an error
// appears. The budget (issue #22 point 4) is judged at N = 200: no error, every step's p95 at
// most 300 ms, the server's peak RSS at most 512 MB.
//
// Each level has a database and a server of its own (bench_peak_<pid>_n<N>_<random>, dropped at
// the end): a level never starts with the previous one's applications in its tables.
//
// usage: npx tsx apps/server/bench/peak.ts [--n 200] [--cpu-prof]   (--n: one level; default:
//        the curve; --cpu-prof: a V8 CPU profile of each level's product server)
//        BENCH_DATABASE_URL: the admin connection (default postgres://postgres@127.0.0.1:5432/postgres)
//
// This file is also the data preparation child: `node --import tsx bench/peak.ts --prepare
// <ISO instant> <members>` with DATABASE_URL in its environment.

const PEAK_GROUP = 'G100001'
/** every bench member's initial password (its argon2id hash is computed once) */
const FIRST_ENTRY_PASSWORD = 'Peak2Pass9x'
/** the my-page password each applicant chooses on the verification mail's step */
const MY_PAGE_PASSWORD = 'Peak-Pass-2026!'
const API = '/api'
const FIRST_ENTRY_ID_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'

const memberCodeOf = (index: number) => `PEAK-${String(index + 1).padStart(5, '0')}`

/** PK + 8 characters of the first-entry alphabet: unique per index, never a demo member's ID. */
function firstEntryIdOf(index: number): string {
  let rest = index
  let text = ''
  for (let position = 0; position < 8; position += 1) {
    text = (FIRST_ENTRY_ID_ALPHABET[rest % FIRST_ENTRY_ID_ALPHABET.length] ?? 'A') + text
    rest = Math.floor(rest / FIRST_ENTRY_ID_ALPHABET.length)
  }
  return `PK${text}`
}

// ---- the preparation child ---------------------------------------------------------------------

/** The demo data, then `count` members of group A through the roster import. */
async function prepareData(
  databaseUrl: string,
  instant: string,
  count: number,
): Promise<Record<string, unknown>> {
  const [
    { openPostgresDatabase },
    { loadDemoData },
    { importRoster, formatRosterIssue },
    { formatCsv },
    { hashPassword },
    pino,
  ] = await Promise.all([
    import('../src/db/client.ts'),
    import('../src/demo/load-demo.ts'),
    import('../src/modules/roster/import-roster.ts'),
    import('../src/modules/roster/csv.ts'),
    import('../src/modules/security/password.ts'),
    import('pino'),
  ])
  const database = await openPostgresDatabase(databaseUrl, { max: 2 })
  try {
    const links = await loadDemoData(database.db, {
      mode: 'on',
      now: new Date(Date.parse(instant)),
      log: pino.default({ level: 'silent' }),
    })
    const link = links.find((candidate) => candidate.groupPfCode === PEAK_GROUP)
    if (link === undefined) throw new Error(`the demo data has no group ${PEAK_GROUP}`)
    // One hash for every member: the import's own issuer would hash each new password (argon2id,
    // ~30 ms of CPU each), which would only make the preparation slower, not the run different.
    const passwordHash = await hashPassword(FIRST_ENTRY_PASSWORD)
    const memberCodes = Array.from({ length: count }, (_, index) => memberCodeOf(index))
    const indexOf = new Map(memberCodes.map((code, index) => [code, index]))
    const result = await importRoster(
      database.db,
      {
        groupPfCode: link.groupPfCode,
        groupPfCodeInceptionDateYm: link.groupPfCodeInceptionDateYm,
        csvBytes: Buffer.from(formatCsv([['memberCode'], ...memberCodes.map((code) => [code])])),
      },
      {
        issueCredentials: (codes) =>
          Promise.resolve(
            codes.map((memberCode) => ({
              memberCode,
              firstEntryId: firstEntryIdOf(indexOf.get(memberCode) ?? -1),
              initialPassword: FIRST_ENTRY_PASSWORD,
              passwordHash,
            })),
          ),
      },
    )
    if (!result.ok) {
      throw new Error(`roster import: ${result.errors.map(formatRosterIssue).join(' / ')}`)
    }
    if (result.created !== count) {
      throw new Error(`roster import: ${result.created} members created, ${count} expected`)
    }
    return {
      link: {
        groupPfCode: link.groupPfCode,
        groupPfCodeInceptionDateYm: link.groupPfCodeInceptionDateYm,
        groupPfBranchNo: link.groupPfBranchNo,
        urlKey: link.urlKey,
      },
      created: result.created,
    }
  } finally {
    await database.close()
  }
}

function runAsChild(args: string[]): void {
  const [role, instant, countText] = args
  const databaseUrl = process.env.DATABASE_URL
  const count = Number(countText)
  if (
    role !== '--prepare' ||
    databaseUrl === undefined ||
    instant === undefined ||
    Number.isNaN(Date.parse(instant)) ||
    !Number.isInteger(count) ||
    count <= 0
  ) {
    process.stderr.write('usage: DATABASE_URL=… peak.ts --prepare <ISO instant> <members>\n')
    process.exit(2)
  }
  runChild({
    start: async () => announceReady(0, await prepareData(databaseUrl, instant, count)),
    stop: () => Promise.resolve(),
  })
}

// ---- the virtual applicants --------------------------------------------------------------------

/** A seeded generator of uniform numbers in [0, 1) (mulberry32): the same run, the same waits. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let value = state
    value = Math.imul(value ^ (value >>> 15), value | 1)
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61)
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** The journey's steps, in order: one API call each (the table's rows). */
const STEPS = [
  'landing page     GET  termsOfService (HTML)',
  'pamphlet         GET  groupPfInfo',
  'verifyUser       POST policyHolderInfoById',
  'mail             POST mainMail',
  'outbox (dev)     GET  /dev/outbox/messages.json',
  'link opened      POST policyHolderInfoByMail/status',
  'link password    POST policyHolderInfoByMail',
  'application      GET  applyInfo',
  'step             PUT  applyInfo/entryTerms',
  'step             PUT  applyInfo/selectPolicyHolderDiv',
  'plans            GET  mainCoverageTypes',
  'step             PUT  applyInfo/selectCategory',
  'options          GET  specifiedCoverageTypes',
  'step             PUT  applyInfo/selectType',
  'address lookup   GET  address',
  'step             PUT  applyInfo/inputPolicyHolderInfo',
  'insured person   POST applyInfo/insured/{unitNo}',
  'insured confirm  PUT  applyInfo/insured/{unitNo}/confirm',
  'step             PUT  applyInfo/registerInsuredInfo',
  'step             PUT  applyInfo/noticeMatters',
  'upload URL       POST uploadNecessaryDocsUrl',
  'upload           PUT  files/upload/…',
  'step             PUT  applyInfo/noticeMattersDoc',
  'step             PUT  applyInfo/checkPolicyHolderInfo',
  'step             PUT  applyInfo/pamphletImportantNotes',
  'payment screen   GET  paymentInfo',
  'puzzle           GET  capyStatus',
  'card token       POST sandbox /v1/tokens',
  'card payment     POST executePaymentCredit',
  '3-D Secure page  GET  sandbox challenge',
  '3-D Secure pass  POST sandbox challenge',
  'payment finished POST executePaymentCredit/threeDSecure',
] as const
type StepName = (typeof STEPS)[number]
const stepOf = (step: ApplicationStep): StepName => {
  const name = STEPS.find((candidate) => candidate.endsWith(`applyInfo/${step}`))
  if (name === undefined) throw new Error(`group A's flow asks for ${step}, which peak.ts has not`)
  return name
}

/** What each saved step sends (the version is added), as group A's screens send it. */
function stepBodies(index: number): Partial<Record<ApplicationStep, Record<string, unknown>>> {
  const consent = (documentId: keyof typeof currentConsentVersions) => ({
    documentId,
    version: currentConsentVersions[documentId],
  })
  return {
    entryTerms: { consentArray: [consent('entry-terms'), consent('privacy-policy')] },
    selectPolicyHolderDiv: { policyHolderDiv: '1' },
    selectCategory: { planUnitNo: 1 },
    selectType: { contractType: '1', optionUnitNoArray: [] },
    inputPolicyHolderInfo: {
      policyHolderInfo: {
        policyHolderNameKana: 'サクラ　タロウ',
        policyHolderNameKanji: '佐倉　太郎',
        policyHolderBirthDate: '19880612',
        policyHolderSex: '1',
        policyHolderZipCd: '1000001',
        policyHolderAddressKanji: '東京都千代田区千代田１－１',
        policyHolderAddressKana: 'トウキョウト　チヨダク　チヨダ　１－１',
        homeTelNo: '',
        mobileTelNo: '090-1234-5678',
        faxNo: '',
        otherInsuranceFlg: '2',
        otherInsuranceCompanyName: '',
        otherInsuranceType: '',
        otherInsuranceExpiryDate: '',
        otherInsurancePymntLimit: '',
        itemAnswers: {
          SKR_DEPARTMENT: '設計部第二課',
          SKR_EMPLOYEE_NO: String(20000000 + index),
        },
      },
    },
    registerInsuredInfo: {},
    noticeMatters: { answers: { SKR_NOTICE_PAST_STAY: '2' } },
    noticeMattersDoc: {},
    checkPolicyHolderInfo: {},
    pamphletImportantNotes: { consentArray: [consent('important-notes')] },
  }
}

/** The one insured person of plan 1 (本人のみ): the policy holder. */
const INSURED_PERSON = {
  insrdNameKana: 'サクラ　タロウ',
  insrdNameKanji: '佐倉　太郎',
  insrdBirthDate: '19880612',
  insrdSex: '1',
  itemAnswers: { SKR_RELATIONSHIP: '01', SKR_OCCUPATION: '01' },
} as const

/** A small valid PDF (the server checks the bytes against the extension). */
const DOCUMENT = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n' +
    '2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
)
/** the sandbox's test card with a 3-D Secure challenge, and its password (sandbox/test-cards.ts) */
const CARD_3DS = '4111111111111111'
const PASSWORD_3DS = '123456'

interface StepSamples {
  latenciesMs: number[]
  errors: number
  /** the first few error messages, for the output */
  examples: string[]
}

class StepFailed extends Error {}

interface Level {
  base: string
  link: EntryLink
  samples: Map<StepName, StepSamples>
  random: (index: number) => () => number
  deadline: number
}

interface CallOptions {
  method: 'GET' | 'POST' | 'PUT'
  /** the path under the server, query included */
  path: string
  headers?: Record<string, string>
  json?: unknown
  body?: Buffer | string
  contentType?: string
  /** the status the browser expects */
  status?: number
  /** the endpoint's response schema: an answer it refuses is an error */
  schema?: $ZodType
  redirect?: 'manual'
}

interface Answer {
  status: number
  headers: Headers
  text: string
  json: unknown
}

/** One virtual applicant: its own address (X-Forwarded-For), the whole journey, its samples. */
async function walk(level: Level, index: number): Promise<'completed' | 'failed'> {
  const random = level.random(index)
  const think = () => {
    const { min, max } = peakSettings.thinkSeconds
    return sleep((min + (max - min) * random()) * 1000)
  }
  const address = `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${(index & 255) + 1}`
  let session: Record<string, string> = {}

  const record = (step: StepName): StepSamples => {
    let samples = level.samples.get(step)
    if (samples === undefined) {
      samples = { latenciesMs: [], errors: 0, examples: [] }
      level.samples.set(step, samples)
    }
    return samples
  }
  const fail = (step: StepName, message: string): never => {
    const samples = record(step)
    samples.errors += 1
    if (samples.examples.length < 3) samples.examples.push(message)
    throw new StepFailed(message)
  }

  const call = async (step: StepName, options: CallOptions): Promise<Answer> => {
    if (performance.now() > level.deadline) fail(step, 'the level ended before this step')
    const headers: Record<string, string> = {
      'x-forwarded-for': address,
      ...session,
      ...options.headers,
    }
    let body: Buffer | string | undefined
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(options.json)
    } else if (options.body !== undefined) {
      headers['content-type'] = options.contentType ?? 'application/octet-stream'
      body = options.body
    }
    const startedAt = performance.now()
    let answer: Answer
    try {
      const response = await fetch(`${level.base}${options.path}`, {
        method: options.method,
        headers,
        body,
        redirect: options.redirect ?? 'follow',
        signal: AbortSignal.timeout(peakSettings.requestTimeoutSeconds * 1000),
      })
      const text = await response.text()
      let json: unknown
      if ((response.headers.get('content-type') ?? '').includes('json')) {
        try {
          json = JSON.parse(text)
        } catch {
          json = undefined
        }
      }
      answer = { status: response.status, headers: response.headers, text, json }
    } catch (error) {
      return fail(step, `no answer: ${messageOf(error)}`)
    }
    const elapsed = performance.now() - startedAt
    record(step).latenciesMs.push(elapsed)
    const expected = options.status ?? 200
    if (answer.status !== expected) {
      fail(step, `HTTP ${answer.status} (expected ${expected}): ${answer.text.slice(0, 160)}`)
    }
    if (options.schema !== undefined) {
      const parsed = safeParse(options.schema, answer.json)
      if (!parsed.success) fail(step, `an answer of the wrong shape: ${answer.text.slice(0, 160)}`)
    }
    return answer
  }
  const jsonOf = <T>(answer: Answer) => answer.json as T

  try {
    const { link } = level
    // the link's first page, rendered by the server (ADR 0036)
    const landing = await call('landing page     GET  termsOfService (HTML)', {
      method: 'GET',
      path: `/app/ent/${link.groupPfCode}/${link.groupPfCodeInceptionDateYm}/${link.groupPfBranchNo}/${link.urlKey}/termsOfService`,
    })
    if (!landing.text.includes('id="server-rendered-data"')) {
      fail('landing page     GET  termsOfService (HTML)', 'not rendered by the server (ADR 0036)')
    }
    await think()
    // the pamphlet, where the mail's link lands
    await call('pamphlet         GET  groupPfInfo', {
      method: 'GET',
      path: `${API}${groupPfInfoApi.path}?${new URLSearchParams({ ...link }).toString()}`,
      schema: groupPfInfoApi.response,
    })
    await think()
    const ticket = jsonOf<{ entryToken: string }>(
      await call('verifyUser       POST policyHolderInfoById', {
        method: 'POST',
        path: `${API}${verifyByIdApi.path}`,
        json: {
          ...link,
          firstEntryId: firstEntryIdOf(index),
          firstEntryPassword: FIRST_ENTRY_PASSWORD,
          consents: [
            { documentId: 'terms-of-use', version: currentConsentVersions['terms-of-use'] },
          ],
        },
        schema: verifyByIdApi.response,
      }),
    )
    await think()
    const mailAddress = `peak.${String(index + 1).padStart(5, '0')}@example.jp`
    await call('mail             POST mainMail', {
      method: 'POST',
      path: `${API}${sendVerificationMailApi.path}`,
      json: {
        entryToken: ticket.entryToken,
        policyHolderEmailAddress: mailAddress,
        password: MY_PAGE_PASSWORD,
        passwordConfirmation: MY_PAGE_PASSWORD,
      },
      schema: sendVerificationMailApi.response,
    })
    await think()
    // the mail, read as the e2e tests read it (it is committed before mainMail answers)
    const mails = jsonOf<{ textBody?: string }[]>(
      await call('outbox (dev)     GET  /dev/outbox/messages.json', {
        method: 'GET',
        path: `/dev/outbox/messages.json?${new URLSearchParams({ recipient: mailAddress }).toString()}`,
      }),
    )
    const token = /\/verifyUser#token=([A-Za-z0-9_-]+)/.exec(
      Array.isArray(mails) && mails.length === 1 ? (mails[0]?.textBody ?? '') : '',
    )?.[1]
    if (token === undefined) {
      fail('outbox (dev)     GET  /dev/outbox/messages.json', 'not one verification mail')
      return 'failed'
    }
    const linkStatus = jsonOf<{ usable: boolean }>(
      await call('link opened      POST policyHolderInfoByMail/status', {
        method: 'POST',
        path: `${API}${verificationLinkStatusApi.path}`,
        json: { token },
        schema: verificationLinkStatusApi.response,
      }),
    )
    if (!linkStatus.usable) fail('link opened      POST policyHolderInfoByMail/status', 'unusable')
    await think()
    const signedIn = jsonOf<{ sessionToken: string }>(
      await call('link password    POST policyHolderInfoByMail', {
        method: 'POST',
        path: `${API}${confirmVerificationApi.path}`,
        json: { token, password: MY_PAGE_PASSWORD },
        schema: confirmVerificationApi.response,
      }),
    )
    session = { authorization: `Bearer ${signedIn.sessionToken}` }
    let view = jsonOf<ApplicationView>(
      await call('application      GET  applyInfo', {
        method: 'GET',
        path: `${API}${applyInfoApi.path}`,
        schema: applyInfoApi.response,
      }),
    )

    const bodies = stepBodies(index)
    for (let saved = 0; view.progress.nextStep !== 'payment'; saved += 1) {
      const step = view.progress.nextStep
      const name = stepOf(step)
      const stepBody = bodies[step]
      if (stepBody === undefined || saved > Object.keys(bodies).length) {
        fail(name, `no body for ${step}`)
        return 'failed'
      }
      // what the screen reads as it opens (or, for the address, as the zip code is typed)
      if (step === 'selectCategory') {
        await call('plans            GET  mainCoverageTypes', {
          method: 'GET',
          path: `${API}${mainCoverageTypesApi.path}`,
          schema: mainCoverageTypesApi.response,
        })
      } else if (step === 'selectType') {
        await call('options          GET  specifiedCoverageTypes', {
          method: 'GET',
          path: `${API}${specifiedCoverageTypesApi.path}?planUnitNo=1`,
          schema: specifiedCoverageTypesApi.response,
        })
      } else if (step === 'inputPolicyHolderInfo') {
        await think()
        await call('address lookup   GET  address', {
          method: 'GET',
          path: `${API}${addressApi.path}?zipCode=1000001`,
          schema: addressApi.response,
        })
      }
      await think()
      if (step === 'registerInsuredInfo') {
        // each unit with insured items: the person added, then 「この内容で確定する」
        for (const unitNo of Object.keys(view.applyInfoOption.insuredRegisterStatus)) {
          view = jsonOf<ApplicationView>(
            await call('insured person   POST applyInfo/insured/{unitNo}', {
              method: 'POST',
              path: `${API}${addInsuredApi.path.replace('{unitNo}', unitNo)}`,
              json: { version: view.version, insrdInfo: INSURED_PERSON },
              schema: addInsuredApi.response,
            }),
          )
          await think()
          view = jsonOf<ApplicationView>(
            await call('insured confirm  PUT  applyInfo/insured/{unitNo}/confirm', {
              method: 'PUT',
              path: `${API}${confirmInsuredApi.path.replace('{unitNo}', unitNo)}`,
              json: { version: view.version },
              schema: confirmInsuredApi.response,
            }),
          )
          await think()
        }
      }
      if (step === 'noticeMattersDoc') {
        const { uploadUrl } = jsonOf<{ uploadUrl: string }>(
          await call('upload URL       POST uploadNecessaryDocsUrl', {
            method: 'POST',
            path: `${API}${uploadUrlApi.path}`,
            json: { slot: 1, fileName: '診断書.pdf', size: DOCUMENT.length },
            schema: uploadUrlApi.response,
          }),
        )
        view = jsonOf<ApplicationView>(
          await call('upload           PUT  files/upload/…', {
            method: 'PUT',
            path: uploadUrl,
            body: DOCUMENT,
            contentType: 'application/octet-stream',
            schema: applyInfoApi.response,
          }),
        )
        await think()
      }
      const api = saveStepApis[step]
      view = jsonOf<ApplicationView>(
        await call(name, {
          method: 'PUT',
          path: `${API}${api.path}`,
          json: { ...stepBody, version: view.version },
          schema: api.response,
        }),
      )
    }

    await think()
    const payment = jsonOf<{
      registration: PaymentRegistration
      card: { tokenUrl: string; publishableKey: string } | null
    }>(
      await call('payment screen   GET  paymentInfo', {
        method: 'GET',
        path: `${API}${paymentInfoApi.path}`,
        schema: paymentInfoApi.response,
      }),
    )
    if (payment.card === null) {
      fail('payment screen   GET  paymentInfo', 'no card payment offered')
      return 'failed'
    }
    await think()
    // 「私はロボットではありません」: the puzzle, solved by this client
    const challenge = jsonOf<Parameters<typeof solveChallenge>[0]['challenge']>(
      await call('puzzle           GET  capyStatus', {
        method: 'GET',
        path: `${API}${capyStatusApi.path}`,
        schema: capyStatusApi.response,
      }),
    )
    const solution = await solveChallenge({ challenge, deriveKey, timeout: 10_000 })
    if (solution === null) {
      fail('puzzle           GET  capyStatus', 'the puzzle was not solved')
      return 'failed'
    }
    await think()
    // the card form sent: the provider's token, then the payment
    const tokenAnswer = jsonOf<{ token: string }>(
      await call('card token       POST sandbox /v1/tokens', {
        method: 'POST',
        path: new URL(payment.card.tokenUrl).pathname,
        json: {
          publishableKey: payment.card.publishableKey,
          cardNumber: CARD_3DS,
          expiryMonth: '12',
          expiryYear: '2030',
          securityCode: '123',
        },
        status: 201,
      }),
    )
    const idempotencyKey = `peak_${randomBytes(12).toString('hex')}`
    const started = jsonOf<{ result: string; redirectUrl?: string }>(
      await call('card payment     POST executePaymentCredit', {
        method: 'POST',
        path: `${API}${executePaymentCreditApi.path}`,
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
        json: {
          registration: payment.registration,
          cardToken: tokenAnswer.token,
          puzzle: { challenge, solution },
        },
        schema: executePaymentCreditApi.response,
      }),
    )
    if (started.result !== 'threeDSecure' || started.redirectUrl === undefined) {
      fail('card payment     POST executePaymentCredit', `no 3-D Secure: ${started.result}`)
      return 'failed'
    }
    // the provider's page, a full page load away from the app
    const challengeUrl = new URL(started.redirectUrl)
    const challengePath = `${challengeUrl.pathname}${challengeUrl.search}`
    const savedSession = session
    session = {}
    await call('3-D Secure page  GET  sandbox challenge', { method: 'GET', path: challengePath })
    await think()
    const back = await call('3-D Secure pass  POST sandbox challenge', {
      method: 'POST',
      path: challengePath,
      body: new URLSearchParams({ action: 'authenticate', password: PASSWORD_3DS }).toString(),
      contentType: 'application/x-www-form-urlencoded',
      status: 303,
      redirect: 'manual',
    })
    if (!(back.headers.get('location') ?? '').includes('threeDSecure=return')) {
      fail('3-D Secure pass  POST sandbox challenge', 'not sent back to the payment screen')
    }
    session = savedSession
    const finished = jsonOf<{ result: string }>(
      await call('payment finished POST executePaymentCredit/threeDSecure', {
        method: 'POST',
        path: `${API}${executePaymentCreditReturnApi.path}`,
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
        json: { registration: payment.registration },
        schema: executePaymentCreditReturnApi.response,
      }),
    )
    if (finished.result !== 'completed') {
      fail(
        'payment finished POST executePaymentCredit/threeDSecure',
        `not completed: ${finished.result}`,
      )
    }
    return 'completed'
  } catch (error) {
    if (error instanceof StepFailed) return 'failed'
    throw error
  }
}

// ---- measuring one level -----------------------------------------------------------------------

/** A field of /proc/<pid>/status in KiB (VmRSS, VmHWM); undefined if gone. */
function statusKiB(pid: number, field: 'VmRSS' | 'VmHWM'): number | undefined {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(
      fs.readFileSync(`/proc/${pid}/status`, 'utf8'),
    )
    return match?.[1] === undefined ? undefined : Number(match[1])
  } catch {
    return undefined
  }
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return 0
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0
}

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')

interface StepResult {
  step: StepName
  count: number
  p50: number
  p95: number
  p99: number
  max: number
  errors: number
  examples: string[]
}

interface LevelResult {
  applicants: number
  completed: number
  seconds: number
  steps: StepResult[]
  errors: number
  worstP95: StepResult | undefined
  serverCoresBusy: number
  /** the server's cores busy over its busiest 5 s */
  serverBusiest5sCores: number
  serverCpuSeconds: number
  /** peak resident memory of the product server, MiB (VmHWM: since its start) */
  serverPeakRssMiB: number
  postgresCoresBusy: number | undefined
  generatorCoresBusy: number
  generatorCpuSeconds: number
  /** this process's event-loop delay, ms: p99 and max */
  generatorLoopP99Ms: number
  generatorLoopMaxMs: number
  requests: number
  /** backends seen waiting for a lock, by lock type, over the samples taken */
  lockWaits: LockWaits
  /** the tables read most by sequential scans (database-wide, the preparation included) */
  scans: TableScans[]
  loadBefore: string
  loadAfter: string
}

async function prepareAndStart(
  adminUrl: string,
  applicants: number,
  instant: string,
  profileDir: string | undefined,
): Promise<{ database: BenchDatabase; server: StartedServer; link: EntryLink }> {
  const database = await createBenchDatabase(adminUrl, `bench_peak_${process.pid}_n${applicants}`)
  const env = { DATABASE_URL: database.url }
  const preparation = await startServer({
    name: 'peak data preparation',
    script: 'peak.ts',
    args: ['--prepare', instant, String(applicants)],
    env,
    timeoutMs: 180_000,
  })
  await stopChild(preparation.child)
  const link = preparation.details.link as EntryLink | undefined
  if (link === undefined) throw new Error('the data preparation did not report the link')
  const server = await startServer({
    name: 'product server',
    script: 'product-server.ts',
    args: ['-', instant, '--peak'],
    nodeArgs: profileDir === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
    env,
  })
  return { database, server, link }
}

async function measureLevel(
  applicants: number,
  server: StartedServer,
  database: BenchDatabase,
  link: EntryLink,
): Promise<LevelResult> {
  const pid = server.child.pid
  if (pid === undefined) throw new Error('the product server has no pid')
  const samples = new Map<StepName, StepSamples>()
  const started = performance.now()
  const level: Level = {
    base: `http://127.0.0.1:${server.port}`,
    link,
    samples,
    random: (index) => seededRandom(peakSettings.seed + index * 7919),
    deadline: started + peakSettings.levelTimeoutSeconds * 1000,
  }
  // the arrival times: spread over the ramp in a seeded random order
  const arrivals = seededRandom(peakSettings.seed)
  const startsMs = Array.from(
    { length: applicants },
    () => arrivals() * peakSettings.rampSeconds * 1000,
  )

  const loadBefore = loadAverage()
  const cpuBefore = processCpuMicros(pid) ?? 0
  const postgresBefore = await database.backendCpu()
  const clientBefore = process.cpuUsage()
  const loop = monitorEventLoopDelay({ resolution: 10 })
  loop.enable()
  let peakRssKiB = 0
  // the server's CPU over the last 5 s, every second: its busiest stretch (1.0 = one core, all
  // the main thread can give; argon2 runs on other threads)
  const cpuReadings: number[] = []
  let busiest5s = 0
  const rssPoll = setInterval(() => {
    peakRssKiB = Math.max(peakRssKiB, statusKiB(pid, 'VmRSS') ?? 0)
  }, 500)
  const locks = await lockSampler(database.url)
  const cpuPoll = setInterval(() => {
    const micros = processCpuMicros(pid)
    if (micros === undefined) return
    cpuReadings.push(micros)
    const earlier = cpuReadings.at(-6)
    if (earlier !== undefined) busiest5s = Math.max(busiest5s, (micros - earlier) / 5e6)
  }, 1000)
  let done = 0
  const progress = setInterval(() => {
    process.stdout.write(
      `  N=${applicants}: ${((performance.now() - started) / 1000).toFixed(0)} s, ${done} of ${applicants} done\n`,
    )
  }, 20_000)
  const outcomes = await Promise.all(
    startsMs.map(async (startMs, index) => {
      await sleep(startMs)
      const outcome = await walk(level, index)
      done += 1
      return outcome
    }),
  )
  clearInterval(progress)
  clearInterval(rssPoll)
  clearInterval(cpuPoll)
  const lockWaits = await locks.stop()
  loop.disable()
  const client = process.cpuUsage(clientBefore)
  const seconds = (performance.now() - started) / 1000
  const cpuAfter = processCpuMicros(pid) ?? cpuBefore
  const postgresAfter = await database.backendCpu()
  const postgresMicros = backendCpuDelta(postgresBefore, postgresAfter)
  const loadAfter = loadAverage()
  const scans = await sequentialScans(database.url)
  peakRssKiB = Math.max(peakRssKiB, statusKiB(pid, 'VmHWM') ?? 0)

  const steps = STEPS.flatMap((step): StepResult[] => {
    const found = samples.get(step)
    if (found === undefined) return []
    const sorted = [...found.latenciesMs].sort((a, b) => a - b)
    return [
      {
        step,
        count: sorted.length,
        p50: percentile(sorted, 0.5),
        p95: percentile(sorted, 0.95),
        p99: percentile(sorted, 0.99),
        max: sorted.at(-1) ?? 0,
        errors: found.errors,
        examples: found.examples,
      },
    ]
  })
  const generatorMicros = client.user + client.system
  const completed = outcomes.filter((outcome) => outcome === 'completed').length
  return {
    applicants,
    completed,
    seconds,
    steps,
    errors: steps.reduce((total, step) => total + step.errors, 0),
    worstP95: steps.reduce<StepResult | undefined>(
      (worst, step) => (worst === undefined || step.p95 > worst.p95 ? step : worst),
      undefined,
    ),
    serverCoresBusy: (cpuAfter - cpuBefore) / (seconds * 1e6),
    serverBusiest5sCores: busiest5s,
    serverCpuSeconds: (cpuAfter - cpuBefore) / 1e6,
    serverPeakRssMiB: peakRssKiB / 1024,
    postgresCoresBusy: postgresMicros === undefined ? undefined : postgresMicros / (seconds * 1e6),
    generatorCoresBusy: generatorMicros / (seconds * 1e6),
    generatorCpuSeconds: generatorMicros / 1e6,
    generatorLoopP99Ms: loop.percentile(99) / 1e6,
    generatorLoopMaxMs: loop.max / 1e6,
    requests: steps.reduce((total, step) => total + step.count, 0),
    scans,
    lockWaits,
    loadBefore,
    loadAfter,
  }
}

const ms = (value: number) => value.toFixed(0)

interface LockWaits {
  samples: number
  /** samples in which every connection of the server's pool (10) was in use */
  poolFull: number
  /** the server's connections in use (active or in a transaction), the most seen */
  mostInUse: number
  /** backends waiting, summed over the samples, by wait event (advisory, transactionid, …) */
  waiting: Map<string, number>
}

/**
 * Samples pg_stat_activity of the bench database every 250 ms: the backends waiting for a lock.
 * A lock every request takes in turn (an advisory lock, a hot row) shows here first.
 */
async function lockSampler(databaseUrl: string): Promise<{ stop: () => Promise<LockWaits> }> {
  const client = new pg.Client({ connectionString: databaseUrl })
  client.on('error', () => {})
  const result: LockWaits = { samples: 0, poolFull: 0, mostInUse: 0, waiting: new Map() }
  let running = true
  const connected = await client.connect().then(
    () => true,
    () => false,
  )
  const loop = (async () => {
    while (running && connected) {
      try {
        const { rows } = await client.query<{ wait_event: string; count: string }>(
          `select wait_event, count(*) from pg_stat_activity
           where datname = current_database() and wait_event_type = 'Lock' group by wait_event`,
        )
        // the server's connections in use: every one but this sampler's that is not idle
        const inUse = await client.query<{ count: string }>(
          `select count(*) from pg_stat_activity where datname = current_database()
           and pid <> pg_backend_pid() and state is not null and state <> 'idle'`,
        )
        const used = Number(inUse.rows[0]?.count ?? 0)
        result.mostInUse = Math.max(result.mostInUse, used)
        if (used >= 10) result.poolFull += 1
        result.samples += 1
        for (const row of rows) {
          result.waiting.set(
            row.wait_event,
            (result.waiting.get(row.wait_event) ?? 0) + Number(row.count),
          )
        }
      } catch {
        return
      }
      await sleep(250)
    }
  })()
  return {
    stop: async () => {
      running = false
      await loop
      await client.end().catch(() => undefined)
      return result
    },
  }
}

interface TableScans {
  table: string
  seqScans: number
  seqRowsRead: number
  indexScans: number
  rows: number
}

/**
 * The tables the level read by sequential scans (pg_stat_user_tables of the bench database): a
 * table read whole again and again is a missing index (EXPLAIN the statement that reads it).
 */
async function sequentialScans(databaseUrl: string): Promise<TableScans[]> {
  const client = new pg.Client({ connectionString: databaseUrl })
  client.on('error', () => {})
  try {
    await client.connect()
    // the statistics collector reports with a delay of its own
    await client.query('select pg_stat_force_next_flush()').catch(() => undefined)
    await sleep(600)
    const { rows } = await client.query<{
      relname: string
      seq_scan: string
      seq_tup_read: string
      idx_scan: string | null
      n_live_tup: string
    }>(
      `select relname, seq_scan, seq_tup_read, idx_scan, n_live_tup from pg_stat_user_tables
       where seq_tup_read > 0 order by seq_tup_read desc limit 8`,
    )
    return rows.map((row) => ({
      table: row.relname,
      seqScans: Number(row.seq_scan),
      seqRowsRead: Number(row.seq_tup_read),
      indexScans: Number(row.idx_scan ?? 0),
      rows: Number(row.n_live_tup),
    }))
  } catch {
    return []
  } finally {
    await client.end().catch(() => undefined)
  }
}

function printLevel(result: LevelResult): void {
  out(
    `N=${result.applicants}: ${result.completed} of ${result.applicants} applicants completed in ` +
      `${result.seconds.toFixed(0)} s, ${result.requests} requests, ${result.errors} errors ` +
      `(load average before ${result.loadBefore}, after ${result.loadAfter})`,
  )
  out(
    table(
      [
        ['step', 'count', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'errors'],
        ...result.steps.map((step) => [
          step.step,
          String(step.count),
          ms(step.p50),
          ms(step.p95),
          ms(step.p99),
          ms(step.max),
          String(step.errors),
        ]),
      ],
      [false, true, true, true, true, true, true],
    ).join('\n'),
  )
  for (const step of result.steps) {
    for (const example of step.examples)
      out(`  error ${step.step.replace(/\s+/g, ' ')}: ${example}`)
  }
  out(
    `  product server: ${result.serverCoresBusy.toFixed(2)} cores busy on average, ` +
      `${result.serverBusiest5sCores.toFixed(2)} over its busiest 5 s (${result.serverCpuSeconds.toFixed(1)} s ` +
      `of CPU, ${((result.serverCpuSeconds * 1000) / Math.max(result.completed, 1)).toFixed(0)} ms per ` +
      `completed applicant), peak RSS ${result.serverPeakRssMiB.toFixed(0)} MiB` +
      (result.postgresCoresBusy === undefined
        ? ''
        : `; PostgreSQL backends ${result.postgresCoresBusy.toFixed(2)} cores busy`),
  )
  const waits = [...result.lockWaits.waiting].map(([event, count]) => `${event} ${count}`)
  out(
    `  PostgreSQL lock waits: ${waits.length === 0 ? 'none' : waits.join(', ')} (backends waiting, ` +
      `summed over ${result.lockWaits.samples} samples of pg_stat_activity, every 250 ms); the ` +
      `server's connections in use: at most ${result.lockWaits.mostInUse}, all 10 of its pool in ` +
      `${result.lockWaits.poolFull} samples`,
  )
  if (result.scans.length > 0) {
    out(
      '  sequential scans (whole database, preparation included): ' +
        result.scans
          .map(
            (scan) =>
              `${scan.table} ${scan.seqScans}× (${scan.seqRowsRead} rows read, ${scan.rows} rows, ` +
              `${scan.indexScans} index scans)`,
          )
          .join('; '),
    )
  }
  out(
    `  load generator (this process): ${result.generatorCoresBusy.toFixed(2)} cores busy ` +
      `(${result.generatorCpuSeconds.toFixed(1)} s of CPU, puzzles solved here included), event-loop ` +
      `delay p99 ${result.generatorLoopP99Ms.toFixed(0)} ms, max ${result.generatorLoopMaxMs.toFixed(0)} ms`,
  )
}

const passes = (result: LevelResult) =>
  result.errors === 0 &&
  result.completed === result.applicants &&
  (result.worstP95?.p95 ?? 0) <= peakBudgets.stepP95Ms

function whyBroken(result: LevelResult): string {
  const reasons: string[] = []
  if (result.errors > 0) reasons.push(`${result.errors} errors`)
  if (result.completed < result.applicants) {
    reasons.push(`${result.applicants - result.completed} did not complete`)
  }
  const worst = result.worstP95
  if (worst !== undefined && worst.p95 > peakBudgets.stepP95Ms) {
    reasons.push(`p95 ${ms(worst.p95)} ms on ${worst.step.replace(/\s+/g, ' ')}`)
  }
  return reasons.join(', ')
}

// ---- the section -------------------------------------------------------------------------------

export async function benchmarkPeak(
  failures: string[],
  options: {
    levels?: readonly number[]
    /** a level that breaks the step budget is a failure even when it is not the budget's N */
    judgeEveryLevel?: boolean
    /** write a V8 CPU profile of each level's product server into this folder */
    profileDir?: string
  } = {},
): Promise<void> {
  const levels = options.levels ?? peakSettings.levels
  out('== 5. Recruitment peak: N applicants through the whole enrolment on PostgreSQL ==')
  const repoRoot = path.resolve(serverDir, '../..')
  if (await ensureWebBuilt(repoRoot, path.join(repoRoot, 'apps/web/dist'))) {
    out('apps/web/dist or dist-ssr was missing: built them with npm run build -w @app/web')
  }
  out(
    `each applicant: the landing page (server-rendered HTML), pamphlet, verifyUser, verification mail (read from the outbox), link, every step ` +
      `of demo group ${PEAK_GROUP}'s flow with a document upload, the puzzle (solved by this client), ` +
      'the card payment with 3-D Secure through the sandbox, completion',
  )
  out(
    `arrivals spread over ${peakSettings.rampSeconds} s, think time ${peakSettings.thinkSeconds.min}–` +
      `${peakSettings.thinkSeconds.max} s between screens (seed ${peakSettings.seed}); server env ` +
      `${Object.entries(peakServerEnv)
        .map(([key, value]) => `${key}=${value}`)
        .join(' ')} (default rate limits, one address per applicant)`,
  )
  out(
    `budget at N=${peakBudgets.applicants}: 0 errors, p95 <= ${peakBudgets.stepP95Ms} ms on every step, ` +
      `server RSS <= ${peakBudgets.serverRssMB} MB; the curve climbs ${levels.join(', ')} and stops ` +
      'at the first N that breaks the step budget',
  )
  out(`${os.cpus().length} CPU(s), load average at the start ${loadAverage()}`)
  const adminUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_ADMIN_URL
  const instant = new Date().toISOString()
  const results: LevelResult[] = []
  let brokenAt: LevelResult | undefined
  const sectionStarted = Date.now()
  let outOfTime: number | undefined
  for (const applicants of levels) {
    out()
    const elapsedSeconds = (Date.now() - sectionStarted) / 1000
    if (elapsedSeconds + peakSettings.levelTimeoutSeconds + 30 > peakSettings.sectionSeconds) {
      outOfTime = applicants
      out(
        `N=${applicants}: not started: ${elapsedSeconds.toFixed(0)} s gone, and the level might not end ` +
          `within the section's ${peakSettings.sectionSeconds} s`,
      )
      break
    }
    const preparedAt = Date.now()
    let prepared: Awaited<ReturnType<typeof prepareAndStart>> | undefined
    try {
      prepared = await prepareAndStart(adminUrl, applicants, instant, options.profileDir)
      out(
        `N=${applicants}: ${applicants} members of ${PEAK_GROUP} imported into ${prepared.database.name} ` +
          `on ${shownUrl(adminUrl).replace(/\/[^/]*$/, '/')}, product server pid ${prepared.server.child.pid} ` +
          `ready in ${((Date.now() - preparedAt) / 1000).toFixed(1)} s`,
      )
      const result = await measureLevel(
        applicants,
        prepared.server,
        prepared.database,
        prepared.link,
      )
      results.push(result)
      printLevel(result)
    } finally {
      if (prepared !== undefined) {
        await stopChild(prepared.server.child)
        await prepared.database.drop().catch((error: unknown) => {
          out(`ERROR could not drop the database ${prepared?.database.name}: ${messageOf(error)}`)
        })
      }
    }
    const last = results.at(-1)
    if (last !== undefined && !passes(last)) {
      brokenAt = last
      if (options.judgeEveryLevel === true && last.applicants !== peakBudgets.applicants) {
        failures.push(`peak N=${last.applicants}: ${whyBroken(last)}`)
      }
      break
    }
  }

  out()
  out('capacity curve:')
  out(
    table(
      [
        [
          'N',
          'completed',
          'errors',
          'worst p95 ms',
          'worst step',
          'server cores (busiest 5 s)',
          'PostgreSQL cores',
          'server peak RSS MiB',
          'generator cores',
          'load avg before → after',
          '',
        ],
        ...results.map((result) => [
          String(result.applicants),
          `${result.completed}/${result.applicants}`,
          String(result.errors),
          ms(result.worstP95?.p95 ?? 0),
          (result.worstP95?.step ?? '-').replace(/\s+/g, ' '),
          `${result.serverCoresBusy.toFixed(2)} (${result.serverBusiest5sCores.toFixed(2)})`,
          result.postgresCoresBusy?.toFixed(2) ?? '-',
          result.serverPeakRssMiB.toFixed(0),
          result.generatorCoresBusy.toFixed(2),
          `${result.loadBefore.split(' ')[0]} → ${result.loadAfter.split(' ')[0]}`,
          passes(result) ? 'holds' : 'BREAKS',
        ]),
      ],
      [true, true, true, true, false, true, true, true, true, false, false],
    ).join('\n'),
  )
  if (brokenAt === undefined) {
    out(`the curve held up to N=${results.at(-1)?.applicants ?? '-'} (the highest level measured)`)
  } else {
    out(`the curve breaks at N=${brokenAt.applicants}: ${whyBroken(brokenAt)}`)
  }

  const atBudget = results.find((result) => result.applicants === peakBudgets.applicants)
  out()
  if (atBudget === undefined) {
    if (levels.includes(peakBudgets.applicants)) {
      const reason =
        brokenAt === undefined
          ? `N=${peakBudgets.applicants} not reached: the section ran out of time before N=${outOfTime ?? '-'}`
          : `N=${peakBudgets.applicants} not reached: the curve broke at N=${brokenAt.applicants}`
      out(`budget at N=${peakBudgets.applicants}: ${reason}  FAIL`)
      failures.push(`peak: ${reason}`)
    } else {
      out(`budget at N=${peakBudgets.applicants}: not measured (levels ${levels.join(', ')})`)
    }
    return
  }
  const worst = atBudget.worstP95?.p95 ?? 0
  const rows: [string, boolean][] = [
    [
      `errors ${atBudget.errors}, completed ${atBudget.completed}/${atBudget.applicants} (budget 0 errors)`,
      atBudget.errors === 0 && atBudget.completed === atBudget.applicants,
    ],
    [
      `worst step p95 ${ms(worst)} ms (${(atBudget.worstP95?.step ?? '-').replace(/\s+/g, ' ')}; budget <= ${peakBudgets.stepP95Ms} ms)`,
      worst <= peakBudgets.stepP95Ms,
    ],
    [
      `server peak RSS ${atBudget.serverPeakRssMiB.toFixed(0)} MiB = ` +
        `${((atBudget.serverPeakRssMiB * 1024 * 1024) / 1e6).toFixed(0)} MB (budget <= ${peakBudgets.serverRssMB} MB)`,
      atBudget.serverPeakRssMiB * 1024 * 1024 <= peakBudgets.serverRssMB * 1e6,
    ],
  ]
  out(`budget at N=${peakBudgets.applicants}:`)
  for (const [text, ok] of rows) {
    out(`  ${text}  ${verdict(ok)}`)
    if (!ok) failures.push(`peak N=${peakBudgets.applicants}: ${text}`)
  }
}

// ---- run on its own ----------------------------------------------------------------------------

const isMain =
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)

async function runAlone(args: string[]): Promise<number> {
  const usage = () => {
    process.stderr.write('usage: peak.ts [--n <applicants>] [--cpu-prof]\n')
    return 2
  }
  let levels: number[] | undefined
  let profileDir: string | undefined
  for (let index = 0; index < args.length; index += 1) {
    if (args[index] === '--n') {
      const n = Number(args[index + 1])
      if (!Number.isInteger(n) || n <= 0) return usage()
      levels = [n]
      index += 1
    } else if (args[index] === '--cpu-prof') {
      profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-peak-prof-'))
    } else {
      return usage()
    }
  }
  const failures: string[] = []
  await benchmarkPeak(failures, {
    ...(levels === undefined ? {} : { levels, judgeEveryLevel: true }),
    ...(profileDir === undefined ? {} : { profileDir }),
  })
  if (profileDir !== undefined) {
    out(`CPU profile(s) of the product server in ${profileDir} (the profiler slows the server)`)
  }
  out()
  if (failures.length === 0) {
    out('RESULT: PASS')
    return 0
  }
  out(`RESULT: FAIL (${failures.length})`)
  for (const failure of failures) out(`  - ${failure}`)
  return 1
}

if (isMain) {
  if (process.argv[2] === '--prepare') {
    runAsChild(process.argv.slice(2))
  } else {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => {
        void cleanUp().finally(() => process.exit(130))
      })
    }
    runAlone(process.argv.slice(2))
      .then(async (code) => {
        await cleanUp()
        process.exit(code)
      })
      .catch(async (error: unknown) => {
        process.stderr.write(
          `peak failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
        )
        await cleanUp()
        process.exit(1)
      })
  }
}
