import { eq } from 'drizzle-orm'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ContractInfo, MyPageInfo } from '@app/shared/api/my-page/endpoints'
import { createTestApp, createTestDatabase, testNow } from '../../test/helpers.ts'
import type { DatabaseHandle } from '../db/client.ts'
import { accounts } from '../db/schema/index.ts'
import { pdfTextLines } from '../modules/certificate/pdf-text.ts'
import { buildDemoDocuments, buildDemoPreviousYearDocuments } from './demo-groups.ts'
import { loadDemoData } from './load-demo.ts'

// Issue #8: the demo members who have applied (README "デモの加入者") see real content on
// my-page home, checkContractInfo and the 加入者証; the holder of last year's contract can renew
// into this year's product (README "Renewal"), this year's holder not before the cover begins.

const log = { info: () => {} } as unknown as FastifyBaseLogger

describe('デモの加入者のマイページ', () => {
  let database: DatabaseHandle
  let app: FastifyInstance
  const [groupA, groupB] = buildDemoDocuments('20261120').map((document) => document.groupPfInfo)
  const [lastYearA] = buildDemoPreviousYearDocuments('20261120').map(
    (document) => document.groupPfInfo,
  )

  beforeAll(async () => {
    database = await createTestDatabase()
    await loadDemoData(database.db, { mode: 'on', now: testNow, log })
    app = await createTestApp(database)
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  async function signedIn(userId: string) {
    const [account] = await app.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.userId, userId))
    if (account === undefined) throw new Error(`no demo account ${userId}`)
    const session = await app.sessions.open(account.id, app.db, 'myPage')
    return { authorization: `Bearer ${session.sessionToken}` }
  }

  it('A（D000000001）のホーム・ご契約内容・加入者証に、申込の内容が出ること', async () => {
    const headers = await signedIn('D000000001')
    const link = 'groupPfCode=G100001&urlKey=Kx7pR2mQ9a'
    const home = await app.inject({ method: 'GET', url: `/api/policyHolderInfo/?${link}`, headers })
    expect(home.statusCode, home.body).toBe(200)
    expect(home.json<MyPageInfo>()).toEqual({
      userId: 'D000000001',
      policyHolderName: '春野　陽介',
      mailAddress: 'demo-applied-a@example.jp',
      authTypeForLogin: 'mail',
      maskedPhoneNumber: null,
      telephoneAuthOffered: true,
      contracts: [
        {
          coveragePeriod: {
            groupPfCodeInceptionDateYm: groupA?.groupPfCodeInceptionDateYm,
            inceptionDate: groupA?.groupInceptionDate,
            expiryDate: groupA?.groupExpiryDate,
          },
          groupPfName: 'さくら電機株式会社 従業員団体保険',
          groupPfPolicyHolderNo: 'DEMO-A-0005',
          statusPattern: '330',
          pymntMethod: '1',
          pymntCount: 12,
          totalPremium: 1790,
          applicationDate: '20261120',
          // issue #23 point 19: next year's product exists, but this year's cover has not begun
          renewal: {
            renewSttsDiv: '3',
            renewalProcedureButtonAndTextStatus: '3',
            isAutoRenewing: true,
            renewalFixDate: groupA?.renewalFixDate,
            procedureOpensOn: groupA?.groupInceptionDate,
          },
          actions: {
            certificate: true,
            renewal: false,
            autoRenewCheck: true,
            stopAutoRenewal: true,
          },
        },
      ],
    })
    const ym = groupA?.groupPfCodeInceptionDateYm ?? ''
    const contract = await app.inject({
      method: 'GET',
      url: `/api/policyHolderInfo/contract/?${link}&groupPfCodeInceptionDateYm=${ym}`,
      headers,
    })
    expect(contract.json<ContractInfo>().unitNames).toEqual({
      '1': 'Aプラン（本人のみ）',
      '4': '個人賠償責任特約',
      '6': '入院一時金特約（5万円型）',
    })

    const issued = await app.inject({
      method: 'POST',
      url: '/api/policyHolderCertificate/',
      headers,
      payload: { groupPfCode: 'G100001', urlKey: 'Kx7pR2mQ9a', groupPfCodeInceptionDateYm: ym },
    })
    const pdf = await app.inject({ method: 'GET', url: issued.json<{ url: string }>().url })
    expect(pdf.statusCode).toBe(200)
    const lines = pdfTextLines(pdf.rawPayload)
    expect(lines).toEqual(
      expect.arrayContaining([
        'DEMO-A-0005',
        '春野　陽介',
        '〒100-0005　東京都千代田区丸の内９－９－９　さくらハイツ９０１',
        '春野　陽介（ハルノ　ヨウスケ）',
        '1,790円',
        'クレジットカード',
        '電話：0120-000-101',
      ]),
    )
    // one insured person in three units (the cell wraps onto a second line)
    expect(lines.join('')).toContain(
      '春野　陽介（ハルノ　ヨウスケ）1988年7月12日Aプラン（本人のみ）、個人賠償責任特約、入院一時金特約（5万円型）',
    )
  })

  it('前年度のご契約の A（D000000003）は補償期間中で、今年度の商品へ更新のお手続きができること（issue #9、#23 point 19）', async () => {
    const headers = await signedIn('D000000003')
    const home = await app.inject({
      method: 'GET',
      url: '/api/policyHolderInfo/?groupPfCode=G100001&urlKey=Kx7pR2mQ9a',
      headers,
    })
    expect(home.json<MyPageInfo>()).toMatchObject({
      userId: 'D000000003',
      policyHolderName: '秋山　真理',
      contracts: [
        {
          coveragePeriod: {
            groupPfCodeInceptionDateYm: lastYearA?.groupPfCodeInceptionDateYm,
            inceptionDate: lastYearA?.groupInceptionDate,
            expiryDate: lastYearA?.groupExpiryDate,
          },
          groupPfPolicyHolderNo: 'DEMO-A-0006',
          statusPattern: '330',
          totalPremium: 1440,
          renewal: {
            renewSttsDiv: '3',
            renewalProcedureButtonAndTextStatus: '1',
            renewalFixDate: groupA?.atOnceRecruitEndDate,
            procedureOpensOn: null,
          },
          actions: { renewal: true, autoRenewCheck: true, stopAutoRenewal: true },
        },
      ],
    })
    const started = await app.inject({
      method: 'POST',
      url: '/api/renewalProcedure/',
      headers,
      payload: {
        groupPfCode: 'G100001',
        urlKey: 'Kx7pR2mQ9a',
        groupPfCodeInceptionDateYm: lastYearA?.groupPfCodeInceptionDateYm,
      },
    })
    expect(started.statusCode, started.body).toBe(200)
    // into this year's product, whose all-at-once window is open
    expect(started.json()).toMatchObject({
      groupPfCodeInceptionDateYm: groupA?.groupPfCodeInceptionDateYm,
    })
  })

  it('B（D000000002）のホームは、振込先を表示する 211 のご契約であること', async () => {
    const headers = await signedIn('D000000002')
    const home = await app.inject({
      method: 'GET',
      url: '/api/policyHolderInfo/?groupPfCode=G200002&urlKey=Ht4wN8vL3c',
      headers,
    })
    expect(home.json<MyPageInfo>()).toMatchObject({
      userId: 'D000000002',
      policyHolderName: '西田　健太',
      contracts: [
        {
          coveragePeriod: {
            groupPfCodeInceptionDateYm: groupB?.groupPfCodeInceptionDateYm,
            inceptionDate: groupB?.halfwayPymntInceptionDate,
            expiryDate: groupB?.groupExpiryDate,
          },
          groupPfPolicyHolderNo: 'DEMO-B-0005',
          statusPattern: '211',
          pymntMethod: '3',
          totalPremium: 41280,
        },
      ],
    })
  })
})
