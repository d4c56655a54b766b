import { randomUUID } from 'node:crypto'
import { and, desc, eq } from 'drizzle-orm'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { generate } from 'otplib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { t } from '@app/shared'
import * as Admin from '@app/shared/api/admin/endpoints'
import type { Endpoint } from '@app/shared/api/endpoint'
import type { StaffRole } from '@app/shared/rules/staff-permissions'
import { groupDocument, readTestImage } from '../../../test/factories.ts'
import { createTestApp, createTestDatabase, manualClock, testNow } from '../../../test/helpers.ts'
import type { DatabaseHandle } from '../../db/client.ts'
import {
  auditLog,
  authLockouts,
  outboxMessages,
  staffAccounts,
  staffPasskeys,
} from '../../db/schema/index.ts'
import { apiUrl } from '../../lib/api-url.ts'
import { importGroupDocument } from '../group/import-group.ts'
import { subjectHash } from '../security/secrets.ts'
import { SoftwareAuthenticator } from './software-authenticator-test-support.ts'
import { upsertAgency } from './staff-repository.ts'
import { createTestStaff } from './staff-test-support.ts'

// Staff identity end to end (issue #20 point 2, ADR 0026): enrolment links, passkeys (with a
// software authenticator), password + TOTP, lockout, no enumeration, and the staff list.

const PASSWORD = 'Staff-Pass-2026!'

describe('スタッフの登録とサインイン (issue #20)', () => {
  let database: DatabaseHandle
  let app: FastifyInstance
  const clock = manualClock()
  let authenticator: SoftwareAuthenticator

  beforeAll(async () => {
    database = await createTestDatabase()
    app = await createTestApp(database, { clock })
    // The console's origin: the app's public address (tests: the listening fallback).
    authenticator = new SoftwareAuthenticator('http://localhost')
  })

  afterAll(async () => {
    await app.close()
    await database.close()
  })

  /** Each test from its own address, so that the per-client limit of one does not reach another. */
  let addressCount = 0
  const newAddress = () => {
    addressCount += 1
    return `192.0.2.${addressCount}`
  }

  const call = (
    endpoint: Endpoint,
    options: {
      body?: unknown
      params?: Record<string, string>
      headers?: Record<string, string>
      address?: string
    } = {},
  ): Promise<LightMyRequestResponse> =>
    app.inject({
      method: endpoint.method,
      url: apiUrl(endpoint, options.params),
      ...(options.body === undefined ? {} : { payload: options.body as Record<string, unknown> }),
      headers: options.headers ?? {},
      remoteAddress: options.address ?? '127.0.0.1',
    })

  const json = (response: LightMyRequestResponse) => response.json<Record<string, unknown>>()
  const refusal = (code: string) => ({
    errorCode: code,
    message: t(`error.${code}` as 'error.ADMA0003'),
  })

  async function newMember(role: StaffRole = 'insurerOperator', agentCd: string | null = null) {
    const email = `member-${randomUUID()}@example.jp`
    const added = await app.staffIdentity.addMember(
      { email, name: '山田 花子', role, agentCd },
      { kind: 'system', clientAddress: null },
    )
    const token = added.enrolmentUrl.split('#')[1] ?? ''
    return { email, staffId: added.member.staffId, token, enrolmentUrl: added.enrolmentUrl }
  }

  async function enrolByPasskey(token: string, address: string) {
    const prepared = await call(Admin.enrolmentPasskeyOptionsApi, { body: { token }, address })
    expect(prepared.statusCode).toBe(200)
    const options = json(prepared)['options'] as Parameters<SoftwareAuthenticator['register']>[0]
    const response = authenticator.register(options)
    return call(Admin.enrolPasskeyApi, { body: { token, response }, address })
  }

  async function passkeySignInBody(address: string) {
    const prepared = await call(Admin.passkeySignInOptionsApi, { address })
    expect(prepared.statusCode).toBe(200)
    const { challengeId, options } = json(prepared) as {
      challengeId: string
      options: { challenge: string; rpId: string }
    }
    return { challengeId, response: authenticator.assert(options) }
  }

  const totpAt = (secret: string) =>
    generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) })

  async function enrolByPassword(token: string, address: string) {
    const prepared = await call(Admin.enrolmentTotpOptionsApi, { body: { token }, address })
    expect(prepared.statusCode).toBe(200)
    const { secret } = json(prepared) as { secret: string }
    const totpCode = await totpAt(secret)
    const enrolled = await call(Admin.enrolPasswordApi, {
      body: { token, password: PASSWORD, totpCode },
      address,
    })
    return { secret, enrolled }
  }

  const bearer = (response: LightMyRequestResponse) => ({
    authorization: `Bearer ${String(json(response)['sessionToken'])}`,
  })

  const auditActions = async (staffId: string) =>
    (
      await app.db
        .select({ action: auditLog.action, details: auditLog.details, actorId: auditLog.actorId })
        .from(auditLog)
        .where(eq(auditLog.recordId, staffId))
        .orderBy(auditLog.seq)
    ).map((entry) => [entry.action, entry.details])

  it('CLI と同じ操作で作ったスタッフが、登録リンクからパスキーを登録し、パスキーでサインインできること', async () => {
    clock.set(testNow)
    const address = newAddress()
    const member = await newMember('insurerOperator')
    expect(member.enrolmentUrl).toMatch(/^http:\/\/localhost\/admin\/enrol#[A-Za-z0-9_-]{43}$/)

    const info = await call(Admin.enrolmentInfoApi, { body: { token: member.token }, address })
    expect([info.statusCode, json(info)]).toEqual([
      200,
      {
        name: '山田 花子',
        email: member.email,
        role: 'insurerOperator',
        expiresAt: new Date(testNow.getTime() + 24 * 3600_000).toISOString(),
      },
    ])

    const enrolled = await enrolByPasskey(member.token, address)
    expect(enrolled.statusCode).toBe(200)
    const me = await call(Admin.staffMeApi, { headers: bearer(enrolled) })
    expect(json(me)).toMatchObject({ staffId: member.staffId, role: 'insurerOperator' })

    const again = await call(Admin.enrolmentInfoApi, { body: { token: member.token }, address })
    expect([again.statusCode, json(again)]).toEqual([410, refusal('ADMA0005')])

    clock.advance(60_000)
    const signedIn = await call(Admin.passkeySignInApi, {
      body: await passkeySignInBody(address),
      address,
    })
    expect(signedIn.statusCode).toBe(200)
    expect(json(signedIn)).toMatchObject({ expiresInSeconds: 900 })
    const [passkey] = await app.db
      .select({ signCount: staffPasskeys.signCount, lastUsedAt: staffPasskeys.lastUsedAt })
      .from(staffPasskeys)
      .where(eq(staffPasskeys.staffId, member.staffId))
    expect(passkey).toEqual({ signCount: 1, lastUsedAt: clock.now() })
    const [account] = await app.db
      .select({ status: staffAccounts.status })
      .from(staffAccounts)
      .where(eq(staffAccounts.id, member.staffId))
    expect(account).toEqual({ status: 'active' })
    expect(await auditActions(member.staffId)).toEqual([
      ['staff.invited', { role: 'insurerOperator', agentCd: null }],
      ['staff.enrolled', { method: 'passkey' }],
      ['staff.signedIn', { method: 'passkey' }],
    ])
  })

  it('使ったチャレンジへの応答（再送）は、同時に送っても1回しか通らないこと', async () => {
    clock.set(testNow)
    const address = newAddress()
    const member = await newMember('auditor')
    expect((await enrolByPasskey(member.token, address)).statusCode).toBe(200)
    const body = await passkeySignInBody(address)
    const answers = await Promise.all(
      [0, 1, 2].map(() => call(Admin.passkeySignInApi, { body, address })),
    )
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401, 401])
    const replay = await call(Admin.passkeySignInApi, { body, address })
    expect([replay.statusCode, json(replay)]).toEqual([401, refusal('ADMA0003')])
  })

  it('別のオリジンで作られた応答や、知らないパスキーではサインインできないこと', async () => {
    clock.set(testNow)
    const address = newAddress()
    const member = await newMember('auditor')
    expect((await enrolByPasskey(member.token, address)).statusCode).toBe(200)
    const prepared = await call(Admin.passkeySignInOptionsApi, { address })
    const { challengeId, options } = json(prepared) as {
      challengeId: string
      options: { challenge: string }
    }
    const phished = authenticator.assert(options, { origin: 'https://evil.example' })
    const refused = await call(Admin.passkeySignInApi, {
      body: { challengeId, response: phished },
      address,
    })
    expect([refused.statusCode, json(refused)]).toEqual([401, refusal('ADMA0003')])
    const stranger = new SoftwareAuthenticator('http://localhost')
    stranger.register({ challenge: 'x', rp: { id: 'localhost' }, user: { id: 'eA' } })
    const next = await call(Admin.passkeySignInOptionsApi, { address })
    const unknown = await call(Admin.passkeySignInApi, {
      body: {
        challengeId: json(next)['challengeId'],
        response: stranger.assert(json(next)['options'] as { challenge: string }),
      },
      address,
    })
    expect([unknown.statusCode, json(unknown)]).toEqual([401, refusal('ADMA0003')])
    const failures = await app.db
      .select({ actorId: auditLog.actorId, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.signInFailed'), eq(auditLog.clientAddress, address)))
      .orderBy(auditLog.seq)
    expect(failures).toEqual([
      { actorId: member.staffId, details: { method: 'passkey' } },
      { actorId: null, details: { method: 'passkey' } },
    ])
  })

  it('パスワードと確認コードで登録・サインインでき、同じコードは二度使えないこと', async () => {
    clock.set(testNow)
    const address = newAddress()
    const member = await newMember('insurerOperator')
    const prepared = await call(Admin.enrolmentTotpOptionsApi, {
      body: { token: member.token },
      address,
    })
    const { secret, otpauthUrl } = json(prepared) as { secret: string; otpauthUrl: string }
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(otpauthUrl).toBe(
      `otpauth://totp/${encodeURIComponent('団体保険 管理')}:${encodeURIComponent(member.email)}?secret=${secret}&issuer=${encodeURIComponent('団体保険 管理')}`,
    )
    const wrongFirst = await call(Admin.enrolPasswordApi, {
      body: { token: member.token, password: PASSWORD, totpCode: '000000' },
      address,
    })
    expect([wrongFirst.statusCode, json(wrongFirst)['issues']]).toEqual([
      400,
      [{ path: 'totpCode', message: t('staffIdentity.totpCode.wrong') }],
    ])
    const firstCode = await totpAt(secret)
    const enrolled = await call(Admin.enrolPasswordApi, {
      body: { token: member.token, password: PASSWORD, totpCode: firstCode },
      address,
    })
    expect(enrolled.statusCode).toBe(200)
    const [stored] = await app.db
      .select({ sealed: staffAccounts.totpSecretSealed, hash: staffAccounts.passwordHash })
      .from(staffAccounts)
      .where(eq(staffAccounts.id, member.staffId))
    expect(stored?.sealed).toMatch(/^v1\./)
    expect(stored?.sealed).not.toContain(secret)
    expect(stored?.hash).toMatch(/^\$argon2id\$/)

    const signIn = (totpCode: string, email = member.email.toUpperCase()) =>
      call(Admin.passwordSignInApi, { body: { email, password: PASSWORD, totpCode }, address })
    // the enrolment's code is used: the same time step is refused
    expect((await signIn(firstCode)).statusCode).toBe(401)
    clock.advance(30_000)
    const nextCode = await totpAt(secret)
    const signedIn = await signIn(nextCode)
    expect(signedIn.statusCode).toBe(200)
    expect((await call(Admin.staffMeApi, { headers: bearer(signedIn) })).statusCode).toBe(200)
    const replay = await signIn(nextCode)
    expect([replay.statusCode, json(replay)]).toEqual([401, refusal('ADMA0003')])

    clock.advance(30_000)
    const raced = await totpAt(secret)
    const answers = await Promise.all([0, 1, 2].map(() => signIn(raced)))
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401, 401])
    const actions = (await auditActions(member.staffId)).map(([action]) => action)
    expect(actions).toEqual(['staff.invited', 'staff.enrolled', 'staff.signedIn', 'staff.signedIn'])
  })

  it('期限切れ・使用済み・知らない・古くなった登録リンクは、どれも 410 ADMA0005 になること', async () => {
    clock.set(testNow)
    const address = newAddress()
    const expired = await newMember()
    clock.advance(24 * 3600_000)
    const late = await call(Admin.enrolmentTotpOptionsApi, {
      body: { token: expired.token },
      address,
    })
    expect([late.statusCode, json(late)]).toEqual([410, refusal('ADMA0005')])
    const unknown = await call(Admin.enrolmentInfoApi, { body: { token: 'A'.repeat(43) }, address })
    expect([unknown.statusCode, json(unknown)]).toEqual([410, refusal('ADMA0005')])

    const admin = await createTestStaff(app, { role: 'insurerAdmin' })
    const member = await newMember()
    const reissued = await call(Admin.reissueEnrolmentApi, {
      params: { staffId: member.staffId },
      headers: admin.headers,
    })
    expect(reissued.statusCode).toBe(200)
    const oldLink = await call(Admin.enrolmentInfoApi, { body: { token: member.token }, address })
    expect(oldLink.statusCode).toBe(410)
    const newToken = String(json(reissued)['enrolmentUrl']).split('#')[1] ?? ''
    const { enrolled } = await enrolByPassword(newToken, address)
    expect(enrolled.statusCode).toBe(200)
    const used = await call(Admin.enrolmentPasskeyOptionsApi, {
      body: { token: newToken },
      address,
    })
    expect([used.statusCode, json(used)]).toEqual([410, refusal('ADMA0005')])
    const usedAgain = await call(Admin.enrolPasswordApi, {
      body: { token: newToken, password: PASSWORD, totpCode: '123456' },
      address,
    })
    expect([usedAgain.statusCode, json(usedAgain)]).toEqual([410, refusal('ADMA0005')])
  })

  it('5回続けて誤ると 423 ADMA0004 で待たされ、待てば正しい組み合わせで入れること', async () => {
    clock.set(testNow)
    const address = newAddress()
    const member = await newMember()
    const { secret } = await enrolByPassword(member.token, address)
    clock.advance(30_000)
    const signIn = (password: string, totpCode: string) =>
      call(Admin.passwordSignInApi, {
        body: { email: member.email, password, totpCode },
        address,
      })
    const codes: unknown[] = []
    for (let attempt = 0; attempt < 5; attempt += 1) {
      codes.push(json(await signIn('Wrong-Pass-2026!', await totpAt(secret)))['errorCode'])
    }
    expect(codes).toEqual(['ADMA0003', 'ADMA0003', 'ADMA0003', 'ADMA0003', 'ADMA0004'])
    const locked = await signIn(PASSWORD, await totpAt(secret))
    expect([locked.statusCode, json(locked), locked.headers['retry-after']]).toEqual([
      423,
      refusal('ADMA0004'),
      '1',
    ])
    clock.advance(1_000)
    expect((await signIn(PASSWORD, await totpAt(secret))).statusCode).toBe(200)
  })

  it('10件同時に誤っても比べるのは5件までで、すべて 401 か 423 になること', async () => {
    clock.set(testNow)
    const email = `burst-${randomUUID()}@example.jp`
    const address = newAddress()
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(Admin.passwordSignInApi, {
          body: { email, password: 'Wrong-Pass-2026!', totpCode: '123456' },
          address,
        }),
      ),
    )
    const codes = answers.map((answer) => json(answer)['errorCode'])
    expect(codes.filter((code) => code === 'ADMA0003')).toHaveLength(4)
    expect(codes.filter((code) => code === 'ADMA0004')).toHaveLength(6)
    const [lock] = await app.db
      .select({ failures: authLockouts.failures })
      .from(authLockouts)
      .where(
        eq(
          authLockouts.subjectKey,
          subjectHash(app.serverKeys, 'staff', 'password-sign-in', email),
        ),
      )
    expect(lock).toEqual({ failures: 5 })
  })

  it('知らないアドレス・誤ったパスワード・登録前・停止中は、同じ 401 の同じ本文になること', async () => {
    clock.set(testNow)
    const address = newAddress()
    const admin = await createTestStaff(app, { role: 'insurerAdmin' })
    const enrolled = await newMember()
    const { secret } = await enrolByPassword(enrolled.token, address)
    const invited = await newMember()
    clock.advance(30_000)
    const signIn = async (email: string, password: string) =>
      call(Admin.passwordSignInApi, {
        body: { email, password, totpCode: await totpAt(secret) },
        address,
      })
    const unknown = await signIn(`nobody-${randomUUID()}@example.jp`, PASSWORD)
    const wrong = await signIn(enrolled.email, 'Wrong-Pass-2026!')
    const notEnrolled = await signIn(invited.email, PASSWORD)
    const disable = await call(Admin.updateStaffApi, {
      params: { staffId: enrolled.staffId },
      body: { role: 'insurerOperator', agentCd: null, status: 'disabled' },
      headers: admin.headers,
    })
    expect(json(disable)).toMatchObject({ status: 'disabled' })
    const disabled = await signIn(enrolled.email, PASSWORD)
    for (const answer of [unknown, wrong, notEnrolled, disabled]) {
      expect([answer.statusCode, answer.body]).toEqual([401, JSON.stringify(refusal('ADMA0003'))])
    }
  })

  it('役割を変えるとそのスタッフのセッションが終わり、停止したスタッフはパスキーでも入れないこと', async () => {
    clock.set(testNow)
    const address = newAddress()
    const admin = await createTestStaff(app, { role: 'insurerAdmin' })
    const member = await newMember('insurerOperator')
    const enrolled = await enrolByPasskey(member.token, address)
    expect((await call(Admin.staffMeApi, { headers: bearer(enrolled) })).statusCode).toBe(200)
    await upsertAgency(app.db, { agentCd: 'AG900', agentName: '代理店AG900' }, testNow)
    const changed = await call(Admin.updateStaffApi, {
      params: { staffId: member.staffId },
      body: { role: 'agencyStaff', agentCd: 'AG900', status: 'active' },
      headers: admin.headers,
    })
    expect([changed.statusCode, json(changed)]).toEqual([
      200,
      expect.objectContaining({ role: 'agencyStaff', agentCd: 'AG900', status: 'active' }),
    ])
    const ended = await call(Admin.staffMeApi, { headers: bearer(enrolled) })
    expect([ended.statusCode, json(ended)]).toEqual([401, refusal('ADMA0001')])

    const disabled = await call(Admin.updateStaffApi, {
      params: { staffId: member.staffId },
      body: { role: 'agencyStaff', agentCd: 'AG900', status: 'disabled' },
      headers: admin.headers,
    })
    expect(disabled.statusCode).toBe(200)
    const refused = await call(Admin.passkeySignInApi, {
      body: await passkeySignInBody(address),
      address,
    })
    expect([refused.statusCode, json(refused)]).toEqual([401, refusal('ADMA0003')])
    const [entry] = await app.db
      .select({ details: auditLog.details, actorId: auditLog.actorId })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.updated'), eq(auditLog.recordId, member.staffId)))
      .orderBy(desc(auditLog.seq))
      .limit(1)
    expect(entry).toEqual({
      actorId: admin.staffId,
      details: { role: 'agencyStaff', status: 'disabled', agentCd: 'AG900' },
    })
  })

  it('管理者は自分を停止も降格もできないこと（409 ADMC0001）', async () => {
    const admin = await createTestStaff(app, { role: 'insurerAdmin' })
    for (const body of [
      { role: 'insurerOperator', agentCd: null, status: 'active' },
      { role: 'insurerAdmin', agentCd: null, status: 'disabled' },
    ]) {
      const answer = await call(Admin.updateStaffApi, {
        params: { staffId: admin.staffId },
        body,
        headers: admin.headers,
      })
      expect([answer.statusCode, json(answer)]).toEqual([409, refusal('ADMC0001')])
    }
  })

  it('招待すると登録リンクがメールで届き、そのリンクで登録できること', async () => {
    clock.set(testNow)
    const address = newAddress()
    const admin = await createTestStaff(app, { role: 'insurerAdmin' })
    await upsertAgency(app.db, { agentCd: 'AG901', agentName: '代理店AG901' }, testNow)
    const email = `Invitee-${randomUUID()}@Example.jp`
    const invited = await call(Admin.inviteStaffApi, {
      body: { email, name: '代理 次郎', role: 'agencyStaff', agentCd: 'AG901' },
      headers: admin.headers,
    })
    expect(invited.statusCode).toBe(201)
    const body = json(invited) as { enrolmentUrl: string; member: Record<string, unknown> }
    expect(body.member).toMatchObject({
      email: email.toLowerCase(),
      role: 'agencyStaff',
      agentCd: 'AG901',
      status: 'invited',
      hasPasskey: false,
      hasPasswordTotp: false,
    })
    const [mail] = await app.db
      .select({ subject: outboxMessages.subject, textBody: outboxMessages.textBody })
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, email.toLowerCase()))
    expect(mail?.subject).toBe('【団体保険 管理】スタッフ登録のご案内')
    expect(mail?.textBody).toContain(body.enrolmentUrl)
    expect(mail?.textBody).toContain('代理 次郎 様')
    const token = body.enrolmentUrl.split('#')[1] ?? ''
    expect((await enrolByPasskey(token, address)).statusCode).toBe(200)

    const [entry] = await app.db
      .select({ actorId: auditLog.actorId, details: auditLog.details })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'staff.invited'),
          eq(auditLog.recordId, String(body.member['staffId'])),
        ),
      )
    expect(entry).toEqual({
      actorId: admin.staffId,
      details: { role: 'agencyStaff', agentCd: 'AG901' },
    })

    const taken = await call(Admin.inviteStaffApi, {
      body: { email: email.toLowerCase(), name: '重複', role: 'auditor', agentCd: null },
      headers: admin.headers,
    })
    expect([taken.statusCode, json(taken)]).toEqual([409, refusal('ADMC0001')])
  })

  it.each([
    ['agencyStaff', null, 'staffIdentity.agentCd.required'],
    ['agencyStaff', 'NOPE', 'staffIdentity.agentCd.unknown'],
    ['insurerOperator', 'AG901', 'staffIdentity.agentCd.notAllowed'],
  ] as const)(
    '役割 %s・代理店 %s の招待は 400 で代理店の欄に理由を示すこと',
    async (role, agentCd, key) => {
      const admin = await createTestStaff(app, { role: 'insurerAdmin' })
      const answer = await call(Admin.inviteStaffApi, {
        body: { email: `x-${randomUUID()}@example.jp`, name: '試験', role, agentCd },
        headers: admin.headers,
      })
      expect([answer.statusCode, json(answer)]).toEqual([
        400,
        {
          errorCode: 'APFV0001',
          message: expect.any(String),
          issues: [{ path: 'agentCd', message: t(key) }],
        },
      ])
    },
  )

  it('スタッフの一覧と、団体の取り込みで記録になった代理店の一覧を答えること', async () => {
    await importGroupDocument(app.db, groupDocument(), { readImage: readTestImage })
    const admin = await createTestStaff(app, { role: 'insurerAdmin' })
    const list = await call(Admin.staffListApi, { headers: admin.headers })
    expect(list.statusCode).toBe(200)
    const staff = (json(list)['staff'] as { staffId: string; role: string }[]).find(
      (member) => member.staffId === admin.staffId,
    )
    expect(staff).toMatchObject({ role: 'insurerAdmin', hasPasskey: false })
    const agencies = await call(Admin.agencyListApi, { headers: admin.headers })
    expect(json(agencies)['agencies']).toEqual(
      expect.arrayContaining([
        { agentCd: 'A001', agentName: 'テスト保険代理店' },
        { agentCd: 'AG901', agentName: '代理店AG901' },
      ]),
    )
  })

  describe('スタッフ管理の API は管理者だけが使えること', () => {
    const staffId = '00000000-0000-4000-8000-000000000000'
    const routes: [string, Endpoint, { body?: unknown; params?: Record<string, string> }][] = [
      ['staffList', Admin.staffListApi, {}],
      [
        'inviteStaff',
        Admin.inviteStaffApi,
        { body: { email: 'a@example.jp', name: 'a', role: 'auditor', agentCd: null } },
      ],
      [
        'updateStaff',
        Admin.updateStaffApi,
        { params: { staffId }, body: { role: 'auditor', agentCd: null, status: 'active' } },
      ],
      ['reissueEnrolment', Admin.reissueEnrolmentApi, { params: { staffId } }],
      ['agencyList', Admin.agencyListApi, {}],
    ]

    it.each(routes)(
      '%s: セッションなしは 401、管理者以外は 403',
      async (_name, endpoint, input) => {
        const none = await call(endpoint, input)
        expect([none.statusCode, json(none)]).toEqual([401, refusal('ADMA0001')])
        for (const role of ['insurerOperator', 'agencyStaff', 'auditor'] as const) {
          const staff = await createTestStaff(app, { role })
          const answer = await call(endpoint, { ...input, headers: staff.headers })
          expect([role, answer.statusCode, json(answer)]).toEqual([role, 403, refusal('ADMA0002')])
        }
        const admin = await createTestStaff(app, { role: 'insurerAdmin' })
        const allowed = await call(endpoint, { ...input, headers: admin.headers })
        expect([200, 201, 404]).toContain(allowed.statusCode)
      },
    )
  })

  it('サインアウトは監査ログに残ること', async () => {
    const staff = await createTestStaff(app, { role: 'auditor' })
    const out = await call(Admin.staffSignOutApi, { headers: staff.headers })
    expect(out.statusCode).toBe(204)
    expect(await auditActions(staff.staffId)).toEqual([['staff.signedOut', null]])
  })
})
