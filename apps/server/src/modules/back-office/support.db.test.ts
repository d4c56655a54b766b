import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { desc, eq } from 'drizzle-orm'
import { currentConsentVersions } from '@app/shared'
import * as AdminRoutes from '@app/shared/api/admin/routes'
import * as AccessRoutes from '@app/shared/api/access/routes'
import type { Route } from '@app/shared/api/endpoint'
import type { DatabaseHandle } from '../../db/client.ts'
import {
  accounts,
  applications,
  auditLog,
  outboxMessages,
  rosterMembers,
} from '../../db/schema/index.ts'
import { apiUrl } from '../../lib/api-url.ts'
import { createTestApp, createTestDatabase, manualClock, testNow } from '../../../test/helpers.ts'
import { groupDocument, readTestImage } from '../../../test/factories.ts'
import { importGroupDocument } from '../group/import-group.ts'
import { createApplicant, testLink } from '../files/test-applicants.ts'
import { hashPassword } from '../security/password.ts'
import { createTestStaff, type TestStaff } from '../staff/staff-test-support.ts'

// Issue #20 point 6: holder and applicant support in the back office: each action works, is
// audited without personal data, and is refused without a session (401), without the
// permission (403) and outside the staff member's scope (404).

const terms = [{ documentId: 'terms-of-use', version: currentConsentVersions['terms-of-use'] }]
const MEMBER_PASSWORD = 'Init2Pass9xy'
const CHOSEN_PASSWORD = 'Sakura-2026-pw'
const FIRST_ENTRY_ID = 'ABCDE23456'
const reason = { reason: '電話で本人確認のうえ対応' }
const product = {
  groupPfCode: testLink.groupPfCode,
  groupPfCodeInceptionDateYm: testLink.groupPfCodeInceptionDateYm,
}

describe('加入者・申込者のサポート（issue #20 point 6）', () => {
  let database: DatabaseHandle
  let app: FastifyInstance
  const clock = manualClock()
  let memberHash: string
  let operator: TestStaff
  let agency: TestStaff
  let otherAgency: TestStaff
  let auditor: TestStaff
  let memberId: string

  beforeAll(async () => {
    database = await createTestDatabase()
    await importGroupDocument(database.db, groupDocument(), { readImage: readTestImage })
    memberHash = await hashPassword(MEMBER_PASSWORD)
    app = await createTestApp(database, { clock })
    operator = await createTestStaff(app, { role: 'insurerOperator' })
    agency = await createTestStaff(app, { role: 'agencyStaff', agentCd: 'A001' })
    otherAgency = await createTestStaff(app, { role: 'agencyStaff', agentCd: 'B999' })
    auditor = await createTestStaff(app, { role: 'auditor' })
  })
  afterAll(async () => {
    await app.close()
    await database.close()
  })

  beforeEach(async () => {
    clock.set(testNow)
    const [member] = await database.db
      .insert(rosterMembers)
      .values({
        groupPfCode: testLink.groupPfCode,
        groupPfCodeInceptionDateYm: testLink.groupPfCodeInceptionDateYm,
        memberCode: `M${Math.random().toString(36).slice(2, 10)}`,
        firstEntryId: `${FIRST_ENTRY_ID.slice(0, 4)}${Math.floor(Math.random() * 1e6)
          .toString()
          .padStart(6, '2')
          .replace(/[01]/g, '2')}`,
        passwordHash: memberHash,
      })
      .returning({ id: rosterMembers.id })
    memberId = member?.id ?? ''
  })

  async function memberRow() {
    const [row] = await database.db
      .select()
      .from(rosterMembers)
      .where(eq(rosterMembers.id, memberId))
    if (row === undefined) throw new Error('member missing')
    return row
  }

  function call(route: Route, staff: TestStaff | undefined, payload?: object, id = memberId) {
    return app.inject({
      method: route.method,
      url: apiUrl(route, { memberId: id }),
      headers: staff?.headers ?? {},
      ...(payload === undefined ? {} : { payload }),
    })
  }

  function verifyById(firstEntryId: string, firstEntryPassword: string) {
    return app.inject({
      method: 'POST',
      url: apiUrl(AccessRoutes.verifyByIdRoute),
      payload: { ...testLink, firstEntryId, firstEntryPassword, consents: terms },
    })
  }

  async function auditOf(action: string) {
    return database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, action))
      .orderBy(desc(auditLog.seq))
      .limit(1)
  }

  async function latestMailTo(recipient: string) {
    const [row] = await database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, recipient))
      .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
      .limit(1)
    return row
  }

  describe('権限と範囲', () => {
    const memberActions: [string, Route, object][] = [
      ['unlock', AdminRoutes.unlockMemberRoute, reason],
      ['resendVerificationMail', AdminRoutes.resendVerificationMailRoute, reason],
      ['resendCompletionMail', AdminRoutes.resendCompletionMailRoute, reason],
      ['reissueFirstEntryPassword', AdminRoutes.reissueFirstEntryPasswordRoute, reason],
      [
        'changeHolderMail',
        AdminRoutes.changeHolderMailRoute,
        { ...reason, mailAddress: 'new@example.jp' },
      ],
    ]

    it.each(memberActions)(
      '%s はスタッフのセッションなしで 401 ADMA0001 になること',
      async (_, route, body) => {
        const response = await call(route, undefined, body)
        expect(response.statusCode).toBe(401)
        expect(response.json()).toMatchObject({ errorCode: 'ADMA0001' })
      },
    )

    it.each(memberActions)(
      '%s は監査担当者には 403 ADMA0002 になること',
      async (_, route, body) => {
        const response = await call(route, auditor, body)
        expect(response.statusCode).toBe(403)
        expect(response.json()).toMatchObject({ errorCode: 'ADMA0002' })
      },
    )

    it.each(memberActions)(
      '%s は範囲外の代理店スタッフには、存在しない加入者と同じ 404 ADMN0001 になること',
      async (_, route, body) => {
        const outside = await call(route, otherAgency, body)
        expect(outside.statusCode).toBe(404)
        expect(outside.json()).toMatchObject({ errorCode: 'ADMN0001' })
        const missing = await call(route, operator, body, '00000000-0000-4000-8000-000000000000')
        expect(missing.statusCode).toBe(404)
        expect(missing.body).toBe(outside.body)
      },
    )

    it('検索はセッションなしで 401、監査担当者には 403 になり、範囲外の代理店には何も返さないこと', async () => {
      const { memberCode } = await memberRow()
      const find = (staff: TestStaff | undefined) =>
        app.inject({
          method: 'GET',
          url: apiUrl(AdminRoutes.findMembersRoute),
          query: { ...product, memberCode },
          headers: staff?.headers ?? {},
        })
      expect((await find(undefined)).statusCode).toBe(401)
      expect((await find(auditor)).statusCode).toBe(403)
      expect((await find(otherAgency)).json()).toEqual({ members: [] })
      const mine = await find(agency)
      expect(mine.statusCode).toBe(200)
      expect(mine.json().members.map((m: { memberId: string }) => m.memberId)).toEqual([memberId])
    })
  })

  describe('検索', () => {
    it('会員番号で、アカウント（マスクしたメール）、最新のお申し込み、ロック、確認メールの状態を返すこと', async () => {
      const applicant = await createApplicant(app, 'S1001')
      const [row] = await database.db
        .select({ rosterMemberId: accounts.rosterMemberId })
        .from(accounts)
        .where(eq(accounts.id, applicant.accountId))
      const response = await app.inject({
        method: 'GET',
        url: apiUrl(AdminRoutes.findMembersRoute),
        query: { ...product, memberCode: 'S1001' },
        headers: operator.headers,
      })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({
        members: [
          {
            memberId: row?.rosterMemberId,
            memberCode: 'S1001',
            groupPfCode: 'T000001',
            groupPfCodeInceptionDateYm: '202612',
            firstEntryId: null,
            userId: 'U0000S1001',
            maskedMailAddress: 's***@example.jp',
            applicationId: applicant.applicationId,
            applicationStatus: 'draft',
            locked: false,
            pendingVerification: false,
          },
        ],
      })
    })
  })

  describe('ロックの解除', () => {
    it('5回誤ってロックされた加入者を解除すると、正しいパスワードで通り、監査ログに残ること', async () => {
      const { firstEntryId, memberCode } = await memberRow()
      const id = firstEntryId ?? ''
      for (let attempt = 0; attempt < 5; attempt += 1) await verifyById(id, 'Wrong2Pass9x')
      expect((await verifyById(id, MEMBER_PASSWORD)).statusCode).toBe(423)
      const found = await app.inject({
        method: 'GET',
        url: apiUrl(AdminRoutes.findMembersRoute),
        query: { ...product, memberCode },
        headers: agency.headers,
      })
      expect(found.json().members[0].locked).toBe(true)

      const response = await call(AdminRoutes.unlockMemberRoute, agency, reason)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ unlocked: 1 })
      expect((await verifyById(id, MEMBER_PASSWORD)).statusCode).toBe(200)

      const [entry] = await auditOf('member.unlocked')
      expect(entry).toMatchObject({
        actorKind: 'staff',
        actorId: agency.staffId,
        recordKind: 'member',
        recordId: memberId,
        reason: reason.reason,
        details: { unlocked: 1 },
      })
      // nothing locked: nothing to clear
      expect((await call(AdminRoutes.unlockMemberRoute, agency, reason)).json()).toEqual({
        unlocked: 0,
      })
    })
  })

  describe('初回登録パスワードの再発行', () => {
    it('新しいパスワードを一度だけ返し、古いパスワードは通らず新しいパスワードが通ること', async () => {
      const { firstEntryId } = await memberRow()
      const id = firstEntryId ?? ''
      const response = await call(AdminRoutes.reissueFirstEntryPasswordRoute, operator, reason)
      expect(response.statusCode).toBe(200)
      const { password, firstEntryId: answeredId } = response.json()
      expect(answeredId).toBe(id)
      expect(password).toMatch(/^[A-HJ-NP-Za-km-np-z2-9]{12}$/)
      expect((await verifyById(id, MEMBER_PASSWORD)).statusCode).toBe(401)
      expect((await verifyById(id, password)).statusCode).toBe(200)
      const [entry] = await auditOf('member.firstEntryPasswordReissued')
      expect(entry).toMatchObject({ actorId: operator.staffId, recordId: memberId })
      expect(JSON.stringify(entry)).not.toContain(password)
      expect((await memberRow()).passwordHash).not.toContain(password)
    })

    it('2人が同時に再発行すると1人だけが成功し、その人に見えたパスワードが通ること', async () => {
      const { firstEntryId } = await memberRow()
      // Neither request replaces the hash before both have read it: without this barrier the
      // second could read after the first committed, and both would rightly succeed.
      let arrived = 0
      let release = () => {}
      const bothRead = new Promise<void>((resolve) => {
        release = resolve
      })
      app.memberSupport.afterFirstEntryHashRead = async () => {
        arrived += 1
        if (arrived === 2) release()
        await bothRead
      }
      const answers = await Promise.all(
        [operator, operator].map((staff) =>
          call(AdminRoutes.reissueFirstEntryPasswordRoute, staff, reason),
        ),
      ).finally(() => {
        app.memberSupport.afterFirstEntryHashRead = undefined
      })
      expect(arrived).toBe(2)
      const statuses = answers.map((answer) => answer.statusCode).sort()
      expect(statuses).toEqual([200, 409])
      const shown = answers
        .find((answer) => answer.statusCode === 200)
        ?.json<{
          password: string
        }>()
      expect((await verifyById(firstEntryId ?? '', shown?.password ?? '')).statusCode).toBe(200)
    })

    it('三項目認証の加入者（初回登録IDなし）には 409 ADMC0001 になること', async () => {
      await database.db
        .update(rosterMembers)
        .set({ firstEntryId: null, passwordHash: null })
        .where(eq(rosterMembers.id, memberId))
      const response = await call(AdminRoutes.reissueFirstEntryPasswordRoute, operator, reason)
      expect(response.statusCode).toBe(409)
      expect(response.json()).toMatchObject({ errorCode: 'ADMC0001' })
    })
  })

  describe('確認メールの再送', () => {
    it('同じアドレスに新しいリンクを送り、古いリンクは使えず、新しいリンクで選んだパスワードが通ること', async () => {
      const { firstEntryId } = await memberRow()
      const ticket = await verifyById(firstEntryId ?? '', MEMBER_PASSWORD)
      const mailAddress = `${memberId.slice(0, 8)}@example.jp`
      const sent = await app.inject({
        method: 'POST',
        url: apiUrl(AccessRoutes.sendVerificationMailRoute),
        payload: {
          entryToken: ticket.json().entryToken,
          policyHolderEmailAddress: mailAddress,
          password: CHOSEN_PASSWORD,
          passwordConfirmation: CHOSEN_PASSWORD,
        },
      })
      expect(sent.statusCode).toBe(200)
      const tokenOf = async () =>
        /verifyUser#token=([A-Za-z0-9_-]+)/.exec(
          (await latestMailTo(mailAddress))?.textBody ?? '',
        )?.[1] ?? ''
      const oldToken = await tokenOf()
      clock.advance(60_000)

      const response = await call(AdminRoutes.resendVerificationMailRoute, agency, reason)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ done: true })
      const newToken = await tokenOf()
      expect(newToken).not.toBe(oldToken)
      const confirm = (token: string) =>
        app.inject({
          method: 'POST',
          url: apiUrl(AccessRoutes.confirmVerificationRoute),
          payload: { token, password: CHOSEN_PASSWORD },
        })
      expect((await confirm(oldToken)).statusCode).toBe(410)
      expect((await confirm(newToken)).statusCode).toBe(200)
      const [entry] = await auditOf('member.verificationMailResent')
      expect(entry).toMatchObject({ actorId: agency.staffId, recordId: memberId })
      expect(JSON.stringify(entry?.details)).not.toContain('@')

      // the member has an account now: nothing to resend
      const again = await call(AdminRoutes.resendVerificationMailRoute, agency, reason)
      expect(again.statusCode).toBe(409)
      expect(again.json()).toMatchObject({ errorCode: 'ADMC0001' })
    })

    it('1人への確認メールは申込者の送信と合わせて1時間に5通までで、超えると 429 になること', async () => {
      const { firstEntryId } = await memberRow()
      const ticket = await verifyById(firstEntryId ?? '', MEMBER_PASSWORD)
      await app.inject({
        method: 'POST',
        url: apiUrl(AccessRoutes.sendVerificationMailRoute),
        payload: {
          entryToken: ticket.json().entryToken,
          policyHolderEmailAddress: `${memberId.slice(0, 8)}@example.jp`,
          password: CHOSEN_PASSWORD,
          passwordConfirmation: CHOSEN_PASSWORD,
        },
      })
      const statuses: number[] = []
      for (let attempt = 0; attempt < 5; attempt += 1) {
        statuses.push(
          (await call(AdminRoutes.resendVerificationMailRoute, operator, reason)).statusCode,
        )
      }
      expect(statuses).toEqual([200, 200, 200, 200, 429])
    })

    it('確認メールを送ったことのない加入者には 409 ADMC0001 になること', async () => {
      const response = await call(AdminRoutes.resendVerificationMailRoute, operator, reason)
      expect(response.statusCode).toBe(409)
      expect(response.json()).toMatchObject({ errorCode: 'ADMC0001' })
    })
  })

  describe('申込完了メールの再送', () => {
    async function applicantMember(memberCode: string, applied: boolean) {
      const applicant = await createApplicant(app, memberCode)
      if (applied) {
        const [row] = await database.db
          .select()
          .from(applications)
          .where(eq(applications.id, applicant.applicationId))
        const applyInfo = row?.applyInfo
        if (applyInfo == null) throw new Error('no state')
        applyInfo.basicInfo = {
          ...applyInfo.basicInfo,
          groupPfPolicyHolderNo: '0000012345',
          applicationDate: '20261120',
          pymntMethod: '1',
        }
        await database.db
          .update(applications)
          .set({
            status: 'applied',
            appliedAt: testNow,
            groupPfPolicyHolderNo: '0000012345',
            applyInfo,
          })
          .where(eq(applications.id, applicant.applicationId))
      }
      const [account] = await database.db
        .select({ rosterMemberId: accounts.rosterMemberId })
        .from(accounts)
        .where(eq(accounts.id, applicant.accountId))
      return account?.rosterMemberId ?? ''
    }

    it('申込済みのお申し込みの完了メールを契約者のアドレスにもう一度送ること', async () => {
      const id = await applicantMember('C2001', true)
      const response = await call(AdminRoutes.resendCompletionMailRoute, operator, reason, id)
      expect(response.statusCode).toBe(200)
      const mail = await latestMailTo('c2001@example.jp')
      expect(mail?.subject).toContain('お申し込み')
      expect(mail?.textBody).toContain('加入者番号：0000012345')
      const [entry] = await auditOf('member.completionMailResent')
      expect(entry).toMatchObject({ recordKind: 'member', recordId: id, reason: reason.reason })
    })

    it('申込済みでなければ 409 ADMC0001 になること', async () => {
      const id = await applicantMember('C2002', false)
      const response = await call(AdminRoutes.resendCompletionMailRoute, operator, reason, id)
      expect(response.statusCode).toBe(409)
      expect(response.json()).toMatchObject({ errorCode: 'ADMC0001' })
    })
  })

  describe('メールアドレスの変更', () => {
    it('アカウントと申込情報のアドレスを変え、古いアドレスに変更を知らせ、監査ログにアドレスを残さないこと', async () => {
      const applicant = await createApplicant(app, 'H3001')
      const [account] = await database.db
        .select({ rosterMemberId: accounts.rosterMemberId })
        .from(accounts)
        .where(eq(accounts.id, applicant.accountId))
      const id = account?.rosterMemberId ?? ''
      const response = await call(
        AdminRoutes.changeHolderMailRoute,
        agency,
        { ...reason, mailAddress: 'hanako.new@example.jp' },
        id,
      )
      expect(response.statusCode).toBe(200)
      const [changed] = await database.db
        .select({ mailAddress: accounts.mailAddress })
        .from(accounts)
        .where(eq(accounts.id, applicant.accountId))
      expect(changed?.mailAddress).toBe('hanako.new@example.jp')
      const [application] = await database.db
        .select({ applyInfo: applications.applyInfo })
        .from(applications)
        .where(eq(applications.id, applicant.applicationId))
      expect(application?.applyInfo?.basicInfo.policyHolderEmailAddress).toBe(
        'hanako.new@example.jp',
      )
      const notice = await latestMailTo('h3001@example.jp')
      expect(notice?.subject).toContain('メールアドレス変更のお知らせ')
      expect(notice?.textBody).toContain('h***@example.jp')
      const [entry] = await auditOf('member.mailAddressChanged')
      expect(entry).toMatchObject({ actorId: agency.staffId, recordId: id })
      expect(JSON.stringify(entry)).not.toContain('example.jp')
    })

    it('アカウントのない加入者には 409 ADMC0001 になること', async () => {
      const response = await call(AdminRoutes.changeHolderMailRoute, operator, {
        ...reason,
        mailAddress: 'new@example.jp',
      })
      expect(response.statusCode).toBe(409)
      expect(response.json()).toMatchObject({ errorCode: 'ADMC0001' })
    })
  })
})
