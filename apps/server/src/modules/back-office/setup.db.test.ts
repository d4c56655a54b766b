import Encoding from 'encoding-japanese'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as SetupRoutes from '@app/shared/api/admin/setup-routes'
import { groupDocument, testLogoSvg } from '../../../test/factories.ts'
import { createTestApp, createTestDatabase, manualClock, testNow } from '../../../test/helpers.ts'
import type { DatabaseHandle } from '../../db/client.ts'
import { apiUrl } from '../../lib/api-url.ts'
import { seedAppliedApplications } from '../export/export-test-support.ts'
import { importRosterTestProducts, threeItemProduct } from '../roster/roster-test-products.ts'
import { createTestStaff, type TestStaff } from '../staff/staff-test-support.ts'

// Issue #21 points 1 and 2 (ADR 0030): group products and rosters from the console. The check
// answers the CLI's messages by path or line and a diff; the publish names the version it was
// checked against (409 otherwise), is audited with counts only, and a roster's publish answers the
// new members' letters once (CSV and PDF).

const PRODUCT_CHECK = apiUrl(SetupRoutes.productCheckRoute)
const PRODUCT_PUBLISH = apiUrl(SetupRoutes.productPublishRoute)
const PRODUCT_DOCUMENT = apiUrl(SetupRoutes.productDocumentRoute)
const ROSTER_CHECK = apiUrl(SetupRoutes.rosterCheckRoute)
const ROSTER_PUBLISH = apiUrl(SetupRoutes.rosterPublishRoute)

const logo = { 'logo.svg': testLogoSvg.toString('base64') }
const firstEntry = { groupPfCode: 'T000001', groupPfCodeInceptionDateYm: '202612' }

const csv = (text: string) => Buffer.from(text.replaceAll('\n', '\r\n'), 'utf8').toString('base64')

describe('コンソールの商品設定と名簿取込（issue #21 point 1・2）', () => {
  let database: DatabaseHandle
  let app: FastifyInstance
  let operator: TestStaff
  let agency: TestStaff
  let otherAgency: TestStaff
  let auditor: TestStaff

  beforeAll(async () => {
    database = await createTestDatabase()
    await importRosterTestProducts(database.db)
    app = await createTestApp(database, { clock: manualClock() })
    operator = await createTestStaff(app, { role: 'insurerOperator' })
    agency = await createTestStaff(app, { role: 'agencyStaff', agentCd: 'A001' })
    otherAgency = await createTestStaff(app, { role: 'agencyStaff', agentCd: 'B999' })
    auditor = await createTestStaff(app, { role: 'auditor' })
    await seedAppliedApplications(database.db, [{ memberCode: 'APPLIED01' }], testNow)
  })
  afterAll(async () => {
    await app.close()
    await database.close()
  })

  const post = (staff: TestStaff, url: string, payload: object) =>
    app.inject({ method: 'POST', url, payload, headers: staff.headers })

  describe('商品設定', () => {
    const product = () => groupDocument({ groupPfCode: 'T000099', urlKey: 'Setup0Key1' })

    it('エラーはパスとCLIと同じメッセージで、すべて返ること', async () => {
      const document = product()
      document.groupPfInfo.groupExpiryDate = '20261101'
      document.groupPfInfo.groupPfCodeInceptionDateYm = '202701'
      const answer = await post(operator, PRODUCT_CHECK, { document, images: logo })
      expect(answer.statusCode).toBe(200)
      expect(answer.json().issues).toEqual([
        {
          path: 'groupPfInfo.groupPfCodeInceptionDateYm',
          message: '始期年月は団体始期日（groupInceptionDate）の年月と一致させてください。',
        },
        {
          path: 'groupPfInfo.groupExpiryDate',
          message: '団体満期日は団体始期日より後の日付にしてください。',
        },
      ])
      expect(answer.json().changes).toEqual([])
      const noImage = await post(operator, PRODUCT_CHECK, { document: product(), images: {} })
      expect(noImage.json().issues).toEqual([
        { path: 'groupPfInfo.logoImage.file', message: '画像ファイル logo.svg が見つかりません。' },
      ])
      const published = await post(operator, PRODUCT_PUBLISH, {
        document,
        images: logo,
        versionToken: 'none',
      })
      expect([published.statusCode, published.json().errorCode]).toEqual([400, 'APFV0001'])
    })

    it('チェック・公開・差分・409・監査が通しで動くこと', async () => {
      const first = await post(operator, PRODUCT_CHECK, { document: product(), images: logo })
      expect(first.json()).toMatchObject({
        issues: [],
        groupPfCode: 'T000099',
        groupPfCodeInceptionDateYm: '202612',
        isNew: true,
        versionToken: 'none',
      })
      expect(first.json().changes).toContainEqual({
        path: 'groupPfInfo.sectionName',
        kind: 'added',
        before: null,
        after: '"営業第一課"',
      })

      const published = await post(operator, PRODUCT_PUBLISH, {
        document: product(),
        images: logo,
        versionToken: 'none',
      })
      expect(published.statusCode).toBe(200)
      expect(published.json()).toMatchObject({
        groupPfCode: 'T000099',
        links: [{ groupPfBranchNo: '00001', urlKey: 'Setup0Key1', isNew: true }],
      })
      const token = published.json().versionToken as string

      // the same document again: nothing changes, and the token is the published one
      const again = await post(operator, PRODUCT_CHECK, { document: product(), images: logo })
      expect(again.json()).toMatchObject({ isNew: false, changes: [], versionToken: token })

      // the published document, as the console edits it: images by their stored hash
      const fetched = await app.inject({
        method: 'GET',
        url: `${PRODUCT_DOCUMENT}?groupPfCode=T000099&groupPfCodeInceptionDateYm=202612`,
        headers: operator.headers,
      })
      expect(fetched.statusCode).toBe(200)
      const edited = fetched.json().document
      expect(edited.groupPfInfo.logoImage.file).toMatch(/^stored:[0-9a-f]{32}$/)
      expect(fetched.json().versionToken).toBe(token)
      edited.groupPfInfo.sectionName = '営業第二課'
      const diff = await post(operator, PRODUCT_CHECK, { document: edited, images: {} })
      expect(diff.json().issues).toEqual([])
      expect(diff.json().changes).toEqual([
        {
          path: 'groupPfInfo.sectionName',
          kind: 'changed',
          before: '"営業第一課"',
          after: '"営業第二課"',
        },
      ])

      const changed = await post(operator, PRODUCT_PUBLISH, {
        document: edited,
        images: {},
        versionToken: token,
      })
      expect(changed.statusCode).toBe(200)
      // the first check's token is stale now
      const stale = await post(operator, PRODUCT_PUBLISH, {
        document: product(),
        images: logo,
        versionToken: token,
      })
      expect([stale.statusCode, stale.json().errorCode]).toEqual([409, 'ADMC0001'])

      const entries = await app.audit.list({ action: 'product.published' })
      expect(entries).toHaveLength(2)
      expect(entries[0]).toMatchObject({
        actorKind: 'staff',
        actorId: operator.staffId,
        recordId: 'T000099/202612',
        details: {
          groupPfCode: 'T000099',
          groupPfCodeInceptionDateYm: '202612',
          units: product().groupPfInfo.unitInfoArray.length,
          items: product().itemDefinitionArray.length,
          branches: 1,
          links: 1,
          newLinks: 1,
        },
      })
      expect(JSON.stringify(entries)).not.toContain('営業第')
    })

    it('代理店スタッフと監査担当者には 403 になること', async () => {
      for (const staff of [agency, auditor]) {
        const refused = await post(staff, PRODUCT_CHECK, { document: product(), images: logo })
        expect([refused.statusCode, refused.json().errorCode]).toEqual([403, 'ADMA0002'])
      }
    })
  })

  describe('名簿取込', () => {
    it('悪い行は行番号とメッセージで返り、何も書き込まれないこと', async () => {
      const answer = await post(operator, ROSTER_CHECK, {
        ...firstEntry,
        csv: csv('memberCode\nGOOD01\nbad code!\nGOOD01\n'),
      })
      expect(answer.statusCode).toBe(200)
      expect(answer.json().errors).toEqual([
        {
          line: 3,
          message: 'memberCode: 半角の英字・数字・ハイフン（-）で、20文字以内にしてください。',
        },
        {
          line: 4,
          message: 'memberCode: 「GOOD01」は2行目にもあります。1人1行にしてください。',
        },
      ])
    })

    it('追加・変更・削除を示し、申込済みの方を外す公開は理由付きで断られること', async () => {
      const file = csv('memberCode,preYearPolicyHolderNo\nNEW001,\nNEW002,\nNEW003,P-1\n')
      const checked = await post(operator, ROSTER_CHECK, { ...firstEntry, csv: file })
      expect(checked.json()).toMatchObject({
        errors: [],
        encoding: 'utf8',
        additions: [
          { line: 2, memberCode: 'NEW001' },
          { line: 3, memberCode: 'NEW002' },
          { line: 4, memberCode: 'NEW003' },
        ],
        changes: [],
        removals: [
          { memberCode: 'APPLIED01', refusal: 'お申し込み済みのため、名簿から外せません。' },
        ],
      })
      const refused = await post(operator, ROSTER_PUBLISH, {
        ...firstEntry,
        csv: file,
        versionToken: checked.json().versionToken,
      })
      expect([refused.statusCode, refused.json().errorCode]).toEqual([409, 'ADMC0001'])
      expect(refused.json().issues).toEqual([
        { path: 'APPLIED01', message: 'お申し込み済みのため、名簿から外せません。' },
      ])
    })

    it('公開すると新しい方の案内がCSVとPDFで一度だけ返り、変更・削除・409・監査も正しいこと', async () => {
      const file = csv('memberCode,preYearPolicyHolderNo\nAPPLIED01,\nNEW001,\nNEW002,\n=SUM(1),\n')
      const checked = await post(operator, ROSTER_CHECK, { ...firstEntry, csv: file })
      expect(checked.json().errors).toEqual([
        {
          line: 5,
          message: 'memberCode: 半角の英字・数字・ハイフン（-）で、20文字以内にしてください。',
        },
      ])
      const sound = csv('memberCode,preYearPolicyHolderNo\nAPPLIED01,\nNEW001,\nNEW002,\n')
      const dry = await post(operator, ROSTER_CHECK, { ...firstEntry, csv: sound })
      const published = await post(operator, ROSTER_PUBLISH, {
        ...firstEntry,
        csv: sound,
        versionToken: dry.json().versionToken,
      })
      expect(published.statusCode).toBe(200)
      const body = published.json()
      // APPLIED01 had no credentials (seeded): the CLI's rule issues them a pair too
      expect(body).toMatchObject({ added: 2, changed: 1, removed: 0 })

      const csvText = Buffer.from(body.letters.csv.base64, 'base64').toString('utf8')
      expect(csvText.startsWith('\uFEFF')).toBe(true)
      const lines = csvText.slice(1).split('\r\n')
      expect(lines[0]).toBe('団体名,会員番号,初回登録ID,初期パスワード,加入申込のURL')
      expect(lines.slice(1, -1).map((line) => line.split(',')[1])).toEqual([
        'APPLIED01',
        'NEW001',
        'NEW002',
      ])
      expect(lines.at(-1)).toBe('')
      for (const line of lines.slice(1, -1)) {
        const [, , firstEntryId, password, url] = line.split(',')
        expect(firstEntryId).toMatch(/^[A-Z2-9]{10}$/)
        expect(password).toMatch(/^[A-Za-z2-9]{8,}$/)
        expect(url).toMatch(/\/app\/ent\/T000001\/202612\/00001\/Test0Key01\/termsOfService$/)
      }
      const pdf = Buffer.from(body.letters.pdf.base64, 'base64')
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
      expect(pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)).toHaveLength(3)

      // the same file again: the roster's version changed, so the old token is refused
      const stale = await post(operator, ROSTER_PUBLISH, {
        ...firstEntry,
        csv: sound,
        versionToken: dry.json().versionToken,
      })
      expect([stale.statusCode, stale.json().errorCode]).toEqual([409, 'ADMC0001'])

      // a change and a removal; no letters for those who already have theirs
      const next = csv('memberCode,preYearPolicyHolderNo\nAPPLIED01,\nNEW001,P-9\n')
      const dryNext = await post(operator, ROSTER_CHECK, { ...firstEntry, csv: next })
      expect(dryNext.json()).toMatchObject({
        additions: [],
        changes: [{ line: 3, memberCode: 'NEW001', fields: ['preYearPolicyHolderNo'] }],
        removals: [{ memberCode: 'NEW002', refusal: null }],
        unchanged: 1,
      })
      const second = await post(operator, ROSTER_PUBLISH, {
        ...firstEntry,
        csv: next,
        versionToken: dryNext.json().versionToken,
      })
      expect(second.json()).toMatchObject({ added: 0, changed: 1, removed: 1, letters: null })

      const entries = await app.audit.list({ action: 'roster.published' })
      expect(entries.map((entry) => entry.details)).toEqual([
        {
          groupPfCode: 'T000001',
          groupPfCodeInceptionDateYm: '202612',
          added: 2,
          changed: 1,
          removed: 0,
          letters: 3,
        },
        {
          groupPfCode: 'T000001',
          groupPfCodeInceptionDateYm: '202612',
          added: 0,
          changed: 1,
          removed: 1,
          letters: 0,
        },
      ])
      expect(JSON.stringify(entries)).not.toContain('NEW00')
    })

    it('Shift_JIS の名簿を読み、三項目認証の加入者を追加として示すこと', async () => {
      const text =
        'memberCode,AUTH_EMPLOYEE_NO,AUTH_BIRTH_DATE,AUTH_NAME_KANA\r\nSJ001,1001,19900101,ヤマダ　タロウ\r\n'
      const bytes = Uint8Array.from(
        Encoding.convert(Encoding.stringToCode(text), { to: 'SJIS', from: 'UNICODE' }),
      )
      const answer = await post(agency, ROSTER_CHECK, {
        ...threeItemProduct,
        csv: Buffer.from(bytes).toString('base64'),
      })
      expect(answer.json()).toMatchObject({
        errors: [],
        encoding: 'sjis',
        additions: [{ line: 2, memberCode: 'SJ001' }],
      })
    })

    it('範囲外の代理店には 404、監査担当者には 403 になること', async () => {
      const file = csv('memberCode\nX1\n')
      const outside = await post(otherAgency, ROSTER_CHECK, { ...firstEntry, csv: file })
      expect([outside.statusCode, outside.json().errorCode]).toEqual([404, 'ADMN0001'])
      const publish = await post(otherAgency, ROSTER_PUBLISH, {
        ...firstEntry,
        csv: file,
        versionToken: 'none',
      })
      expect(publish.statusCode).toBe(404)
      const refused = await post(auditor, ROSTER_CHECK, { ...firstEntry, csv: file })
      expect(refused.statusCode).toBe(403)
      const mine = await post(agency, ROSTER_CHECK, { ...firstEntry, csv: file })
      expect(mine.statusCode).toBe(200)
    })
  })
})
