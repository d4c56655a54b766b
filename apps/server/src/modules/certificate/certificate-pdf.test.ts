import { describe, expect, it } from 'vitest'
import {
  japaneseDate,
  periodText,
  renderCertificate,
  yen,
  type CertificateContent,
} from './certificate-pdf.ts'
import { pdfTextLines } from './pdf-text.ts'

// 加入者証のPDF (issue #8): the values as a Japanese reader expects them, the layout across pages,
// and Noto Sans JP embedded as a subset (STACK.md: pdfkit, not pdf-lib).

const content: CertificateContent = {
  groupName: 'さくら電機株式会社 従業員団体保険',
  themeColor: '#A8284F',
  groupPfPolicyHolderNo: '0000067890',
  policyHolder: {
    isCorporate: true,
    nameKanji: 'さくら商事株式会社',
    nameKana: 'サクラショウジカブシキガイシャ',
    zipCd: '1000005',
    addressKanji: '東京都千代田区丸の内９－９－９',
  },
  period: {
    inceptionDate: '20261201',
    inceptionTime: '0000',
    expiryDate: '20271130',
    expiryTime: '1600',
  },
  coverages: [
    {
      isPlan: true,
      displayName: 'Bプラン（夫婦型）',
      unitPremium: 2180,
      insuredCount: 0,
      premium: 2180,
    },
    {
      isPlan: false,
      displayName: '携行品損害特約',
      unitPremium: 1320,
      insuredCount: 30,
      premium: 39600,
    },
  ],
  insured: Array.from({ length: 30 }, (_, index) => ({
    nameKanji: `社員\u3000${index + 1}号`,
    nameKana: 'シャイン',
    birthDate: '19900101',
    unitNames: ['携行品損害特約'],
  })),
  totalPremium: 41780,
  pymntMethod: '3',
  pymntCount: 12,
  applicationDate: '20261120',
  agencyContact: '株式会社さくらビジネスサービス\n電話：0120-000-101',
  certificateComment: '',
  issueDate: '20261125',
  issuedAt: new Date(Date.UTC(2026, 10, 25, 1)),
}

describe('加入者証の表記', () => {
  it.each([
    ['20261201', '2026年12月1日'],
    ['20270131', '2027年1月31日'],
    ['2026-12-01', '2026-12-01'],
  ])('日付 %s は「%s」と書くこと', (value, expected) => {
    expect(japaneseDate(value)).toBe(expected)
  })

  it.each([
    [
      { inceptionTime: '0000', expiryTime: '1600' },
      '2026年12月1日 午前0時〜2027年11月30日 午後4時',
    ],
    [{ inceptionTime: '', expiryTime: '1230' }, '2026年12月1日〜2027年11月30日 午後0時30分'],
  ])('SPEC §4 保険期間 %j は「%s」と書くこと', (times, expected) => {
    expect(periodText({ ...content.period, ...times })).toBe(expected)
  })

  it('始期の決まっていない保険期間は「未定」と書くこと', () => {
    expect(periodText({ ...content.period, inceptionDate: null })).toBe(
      '未定〜2027年11月30日 午後4時',
    )
  })

  it('SPEC §5.3 保険料は3桁ごとのカンマ区切りに「円」を付けること', () => {
    expect([yen(0), yen(1350), yen(1234567)]).toEqual(['0円', '1,350円', '1,234,567円'])
  })
})

describe('加入者証のPDF', () => {
  it('法人の契約者は法人名で書き、被保険者が多ければ次のページへ続けること', async () => {
    const pdf = await renderCertificate(content)
    const lines = pdfTextLines(pdf)
    expect(lines.slice(0, 3)).toEqual([
      '加入者証',
      'さくら電機株式会社 従業員団体保険',
      '発行日　2026年11月25日',
    ])
    expect(lines).toEqual(
      expect.arrayContaining([
        '法人名',
        'さくら商事株式会社',
        '法人名（カナ）',
        '〒100-0005　東京都千代田区丸の内９－９－９',
        'プラン',
        '2,180円',
        '特約',
        '39,600円（1,320円×30名）',
        '41,780円',
        '銀行振込（専用の振込口座）',
        '社員　1号（シャイン）',
        '1990年1月1日',
        '社員　30号（シャイン）',
        '電話：0120-000-101',
      ]),
    )
    const pages = pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g) ?? []
    expect(pages).toHaveLength(2)
  })

  it('Noto Sans JP は使った文字だけの部分集合として埋め込み、標準フォントは使わないこと', async () => {
    const pdf = await renderCertificate({ ...content, insured: content.insured.slice(0, 1) })
    const source = pdf.toString('latin1')
    expect(source).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansJP-Regular/)
    expect(source).toContain('/FontFile2')
    expect(source).not.toContain('/Helvetica')
    // the whole font is 5.5 MB; a one-page certificate stays a few tens of kilobytes
    expect(pdf.length).toBeLessThan(60_000)
    // creation date from the product clock, not the machine's
    expect(source).toContain('\n(D:20261125010000Z)\n')
  })
})
