import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { groupPfInfoBranchNoSchema, groupPfInfoSchema } from '../api/group/group-pf-info.ts'
import { documentConsentSchema, readDocumentConsent } from './consent.ts'
import {
  applyLinkGuideDocument,
  entryTermsDocument,
  importantNotesDocument,
  paymentMethodEntry,
  recruitmentPeriodEntries,
  requiredDocumentItems,
  termsOfServicePreamble,
} from './entry-guides.ts'
import { articleTitle, formatDocumentVersion, itemNumber } from './format.ts'
import { loadEntryGuides, loadPolicyDocuments, loadTermsOfUse } from './index.ts'
import { policyDocuments } from './policies.ts'
import { termsOfUse } from './terms-of-use.ts'
import { testAuthItems, testGroupPfInfo, testGroupPfInfoBranchNo } from './test-group.ts'
import type { EntryDocumentInput, GuideBlock, GuideDocument, GuideSection } from './types.ts'
import { policyDocumentIds } from './types.ts'
import { currentConsentVersions, documentVersions } from './versions.ts'

const input: EntryDocumentInput = {
  groupPfInfo: testGroupPfInfo,
  groupPfInfoBranchNo: testGroupPfInfoBranchNo,
  itemDefinitionArray: [],
  recruitmentPhase: 'atOnce',
}

function sectionOf(document: GuideDocument, id: string): GuideSection {
  const all = document.sections.flatMap((section) => [section, ...(section.subsections ?? [])])
  const found = all.find((section) => section.id === id)
  if (found === undefined) throw new Error(`no section ${id}`)
  return found
}

/** Every piece of text of a section, in order, for assertions on wording. */
function textsOf(section: GuideSection): string[] {
  const ofBlock = (block: GuideBlock): string[] => {
    switch (block.type) {
      case 'paragraph':
      case 'preformatted':
      case 'policyLink':
        return [block.text]
      case 'list':
        return block.items.flatMap((item) => [item.title ?? '', item.text])
      case 'definitions':
        return block.entries.flatMap((entry) => [entry.term, entry.description])
    }
  }
  return [
    ...section.blocks.flatMap(ofBlock),
    ...(section.subsections ?? []).flatMap((subsection) => textsOf(subsection)),
  ]
}

describe('規約・方針の文書', () => {
  it('利用規約・システム利用規約・個人情報保護方針・情報セキュリティ方針の順で、アンカーを兼ねる識別子を持つこと', () => {
    expect(policyDocuments.map((document) => [document.documentId, document.title])).toEqual([
      ['terms-of-use', '利用規約'],
      ['system-terms', 'システム利用規約'],
      ['privacy-policy', '個人情報保護方針'],
      ['security-policy', '情報セキュリティ方針'],
    ])
    expect(policyDocuments.map((document) => document.documentId)).toEqual([...policyDocumentIds])
  })

  it.each(policyDocuments.map((document) => [document.title, document] as const))(
    '%s は版が YYYY-MM-DD の実在する日付で、空の文や重複した条の見出しがないこと',
    (_title, document) => {
      expect(document.version).toBe(documentVersions[document.documentId])
      expect(formatDocumentVersion(document.version)).toMatch(/^\d{4}年\d{1,2}月\d{1,2}日$/)
      const headings = document.articles.map((article) => article.heading)
      expect(new Set(headings).size).toBe(headings.length)
      const texts = [
        ...document.preamble,
        ...document.articles.flatMap((article) =>
          article.paragraphs.flatMap((paragraph) => [paragraph.text, ...(paragraph.items ?? [])]),
        ),
      ]
      expect(texts.filter((text) => text.trim() === '')).toEqual([])
      expect(document.articles.every((article) => article.paragraphs.length > 0)).toBe(true)
    },
  )

  it('システム利用規約が毎日のメンテナンス時間と30分の操作のない時間の上限を定めること', () => {
    const text = JSON.stringify(policyDocuments[1])
    expect(text).toContain('毎日午前4時から午前6時まで')
    expect(text).toContain('30分間操作がない場合')
  })

  it('個人情報保護方針が告知の情報と、引受保険会社・取扱代理店との共有を定め、第10条の窓口を指すこと', () => {
    const privacy = policyDocuments[2]
    const text = JSON.stringify(privacy)
    expect(text).toContain('告知事項へのご回答')
    expect(text).toContain('取扱代理店に提供します')
    const contactIndex = privacy?.articles.findIndex(
      (article) => article.heading === 'お問い合わせ窓口',
    )
    expect(articleTitle(contactIndex ?? -1, 'お問い合わせ窓口')).toBe('第10条（お問い合わせ窓口）')
    expect(text).toContain('第10条のお問い合わせ窓口')
  })

  it('情報セキュリティ方針がカード番号を保存しないこととパスワードのハッシュ化を定めること', () => {
    const text = JSON.stringify(policyDocuments[3])
    expect(text).toContain('TLS')
    expect(text).toContain('当社が保存することもありません')
    expect(text).toContain('ハッシュ値')
    expect(text).toContain('6桁の認証コード')
  })

  it('条の見出しと号の番号、版の表示', () => {
    expect(articleTitle(0, '目的')).toBe('第1条（目的）')
    expect(itemNumber(2)).toBe('（3）')
    expect(formatDocumentVersion('2026-11-01')).toBe('2026年11月1日')
    expect(formatDocumentVersion('20261101')).toBe('20261101')
  })

  it('ローダーが同じ文書を返すこと', async () => {
    expect((await loadPolicyDocuments()).policyDocuments).toBe(policyDocuments)
    expect((await loadTermsOfUse()).termsOfUse).toBe(termsOfUse)
    expect((await loadEntryGuides()).entryTermsDocument).toBe(entryTermsDocument)
  })
})

describe('同意の記録', () => {
  it('同意を得る文書の現在の版が、文書そのものの版と一致すること', () => {
    expect(currentConsentVersions).toEqual({
      'terms-of-use': termsOfUse.version,
      'entry-terms': entryTermsDocument(input).version,
      'privacy-policy': policyDocuments[2]?.version,
      'important-notes': importantNotesDocument(input).version,
    })
  })

  it.each([
    [
      { documentId: 'terms-of-use', version: '2026-11-01', agreedAt: '2026-11-20T01:00:00.000Z' },
      true,
    ],
    [
      {
        documentId: 'security-policy',
        version: '2026-11-01',
        agreedAt: '2026-11-20T01:00:00.000Z',
      },
      false,
    ],
    [
      { documentId: 'terms-of-use', version: '20261101', agreedAt: '2026-11-20T01:00:00.000Z' },
      false,
    ],
    [{ documentId: 'terms-of-use', version: '2026-11-01', agreedAt: '昨日' }, false],
    [{ documentId: 'terms-of-use', version: '2026-11-01' }, false],
  ])('%o は %s', (value, isValid) => {
    expect(documentConsentSchema.safeParse(value).success).toBe(isValid)
    expect(readDocumentConsent(value) !== undefined).toBe(isValid)
  })

  // readDocumentConsent is the schema written out for the browser (ADR 0037 round 2).
  it('readDocumentConsent が、どの値にも documentConsentSchema と同じ結果を返すこと', () => {
    const digits = (length: number) =>
      fc.array(fc.constantFrom(...'0123456789'), { minLength: length, maxLength: length })
    const isoLike = fc
      .tuple(
        fc.constantFrom('0000', '1900', '2000', '2024', '2025', '2100', '2400', '9999'),
        fc.constantFrom('00', '01', '02', '04', '09', '11', '12', '13'),
        fc.constantFrom('00', '01', '28', '29', '30', '31', '32'),
        fc.constantFrom('00', '09', '19', '23', '24'),
        fc.constantFrom('00', '59', '60'),
        fc.constantFrom(':00', ':59', ':60', ''),
        fc.constantFrom('', '.', '.0', '.123', '.123456789'),
        fc.constantFrom('Z', '', '+09:00', 'z'),
      )
      .map(([y, mo, d, h, mi, s, f, z]) => `${y}-${mo}-${d}T${h}:${mi}${s}${f}${z}`)
    const version = fc.oneof(
      fc.constantFrom('2026-11-01', '20261101', '2026-1-01', ' 2026-11-01'),
      digits(8).map(
        (d) => `${d.slice(0, 4).join('')}-${d.slice(4, 6).join('')}-${d.slice(6).join('')}`,
      ),
      fc.string(),
    )
    const consentLike = fc.record(
      {
        documentId: fc.oneof(
          fc.constantFrom('terms-of-use', 'entry-terms', 'privacy-policy', 'important-notes'),
          fc.constantFrom('security-policy', 'system-terms', ''),
          fc.anything(),
        ),
        version: fc.oneof(version, fc.anything()),
        agreedAt: fc.oneof(isoLike, fc.string(), fc.anything()),
        extra: fc.anything(),
      },
      { requiredKeys: [] },
    )
    fc.assert(
      fc.property(fc.oneof(consentLike, fc.anything()), (value) => {
        const parsed = documentConsentSchema.safeParse(value)
        expect(readDocumentConsent(value)).toEqual(parsed.success ? parsed.data : undefined)
      }),
      { numRuns: 3000 },
    )
  })
})

describe('入口の画面の文書（団体ごと）', () => {
  it('テスト用の団体が、サーバーが返す形として正しいこと', () => {
    expect(groupPfInfoSchema.safeParse(testGroupPfInfo).success).toBe(true)
    expect(groupPfInfoBranchNoSchema.safeParse(testGroupPfInfoBranchNo).success).toBe(true)
  })

  it('必要書類は種別 "2" を必須、"3" を任意として並べ、"1" は出さないこと', () => {
    expect(requiredDocumentItems(testGroupPfInfo)).toEqual([
      { title: '会員証の写し（必須）', text: '会員番号の面を撮影してください。' },
      { title: '続柄を確認できる書類（任意）', text: '家族型の場合に（任意）。' },
    ])
    const none = { ...testGroupPfInfo, requiredDocsType1: '1', requiredDocsType2: '1' } as const
    expect(requiredDocumentItems(none)).toEqual([])
    expect(
      textsOf(
        sectionOf(applyLinkGuideDocument({ ...input, groupPfInfo: none }), 'required-documents'),
      ),
    ).toEqual(['この団体では、お申し込みの際にご提出いただく書類はありません。'])
  })

  it('募集期間と補償開始日を YYYY-MM-DD で示すこと', () => {
    expect(recruitmentPeriodEntries(testGroupPfInfo)).toEqual([
      { term: '一括募集の受付期間', description: '2026-11-10〜2026-12-10' },
      { term: '一括募集の補償開始日', description: '2027-01-01' },
      { term: '中途加入の受付期間', description: '2027-01-01〜2027-09-30' },
      { term: '中途加入の補償開始日', description: '2027-02-01' },
      { term: '保険期間の終了日', description: '2027-12-31' },
    ])
  })

  it('期間のない募集と終了日の定めのない募集を言葉で示すこと', () => {
    const info = {
      ...testGroupPfInfo,
      atOnceRecruitStartDate: null,
      atOnceRecruitEndDate: null,
      halfwayRecruitEndDate: '99991231',
    }
    expect(recruitmentPeriodEntries(info)).toEqual([
      { term: '一括募集の受付期間', description: '一括募集はありません。' },
      { term: '中途加入の受付期間', description: '2027-01-01から（終了日の定めはありません）' },
      { term: '中途加入の補償開始日', description: '2027-02-01' },
      { term: '保険期間の終了日', description: '2027-12-31' },
    ])
  })

  it.each([
    ['1', 'クレジットカード払い'],
    ['3', '振込'],
    ['4', '団体扱'],
  ] as const)('払込方法 %s は「%s」と示すこと', (pymntMethod, title) => {
    expect(paymentMethodEntry({ ...testGroupPfInfo, pymntMethod }).title).toBe(title)
  })

  it('申込URLのご案内: 三項目認証では照合する項目を authItemCd の順に挙げること', () => {
    const document = applyLinkGuideDocument({
      ...input,
      groupPfInfo: { ...testGroupPfInfo, authenticationType: '2' },
      itemDefinitionArray: testAuthItems,
    })
    expect(textsOf(sectionOf(document, 'eligibility')).slice(2)).toEqual([
      '',
      '従業員番号',
      '',
      '生年月日',
      '',
      '氏名（カナ）',
    ])
    expect(textsOf(sectionOf(document, 'steps'))).toContain('加入内容を入力する')
    expect(textsOf(sectionOf(document, 'contact'))).toEqual([testGroupPfInfoBranchNo.contactRef])
  })

  it('申込URLのご案内: 現在の募集の区分を伝えること', () => {
    const periods = (phase: EntryDocumentInput['recruitmentPhase']) =>
      textsOf(
        sectionOf(applyLinkGuideDocument({ ...input, recruitmentPhase: phase }), 'periods'),
      )[0]
    expect(periods('atOnce')).toBe('現在は、一括募集のお申し込みを受け付けています。')
    expect(periods('halfway')).toBe('現在は、中途加入のお申し込みを受け付けています。')
    expect(periods('closed')).toBe('現在は、お申し込みの受付期間外です。')
  })

  it('利用規約の前書きに団体名が入ること', () => {
    expect(termsOfServicePreamble(input)[0]).toBe(
      'テスト商事 団体保険へのお申し込みには、本サービスの利用規約への同意が必要です。',
    )
  })

  it('同意事項: 保険期間と、募集の区分に応じた今回の補償開始日を示すこと', () => {
    const period = (phase: EntryDocumentInput['recruitmentPhase']) =>
      textsOf(sectionOf(entryTermsDocument({ ...input, recruitmentPhase: phase }), 'period'))
    expect(period('atOnce').slice(0, 4)).toEqual([
      '保険期間',
      '2027-01-01 00:00から2027-12-31 16:00まで',
      '今回のお申し込みの補償開始日',
      '2027-01-01 00:00',
    ])
    expect(period('halfway')[3]).toBe('2027-02-01')
    expect(period('closed')).not.toContain('今回のお申し込みの補償開始日')
  })

  it('同意事項: 引受保険会社・取扱代理店・告知義務・クーリングオフ・払込方法・個人情報を順に示すこと', () => {
    const document = entryTermsDocument(input)
    expect(document.documentId).toBe('entry-terms')
    expect(document.sections.map((section) => section.heading)).toEqual([
      '1. 引受保険会社と取扱代理店',
      '2. 補償の期間',
      '3. 告知義務',
      '4. クーリングオフについて',
      '5. 保険料のお支払い方法',
      '6. 個人情報の取扱い',
    ])
    expect(textsOf(sectionOf(document, 'parties')).slice(0, 4)).toEqual([
      '引受保険会社',
      'デモ損害保険株式会社（担当部署：東京法人営業部 第九課）',
      '取扱代理店',
      '株式会社テスト保険サービス',
    ])
    expect(sectionOf(document, 'personal-information').blocks).toContainEqual({
      type: 'policyLink',
      documentId: 'privacy-policy',
      text: '個人情報保護方針',
    })
  })

  // issue #23 point 17: the group's own transfer text takes the general one's place, once
  it('同意事項: 振込で口座の表示がある団体は、一般の案内に代えてその案内を示すこと', () => {
    const info = {
      ...testGroupPfInfo,
      pymntMethod: '3',
      payeeAccntDisplayDiv: '1',
      payeeAccntInfo: '専用の振込口座をご案内します。',
      pymntCount: 1,
    } as const
    expect(
      textsOf(sectionOf(entryTermsDocument({ ...input, groupPfInfo: info }), 'payment')),
    ).toEqual(['払込方法', '振込', '払込回数', '年1回（一括払）', '専用の振込口座をご案内します。'])
  })

  it('重要事項: 補償の概要の5区分と、事故の連絡先を示すこと', () => {
    const document = importantNotesDocument(input)
    expect(
      sectionOf(document, 'contract-outline').subsections?.map((section) => section.heading),
    ).toEqual([
      '補償の内容：傷害',
      '補償の内容：疾病',
      '補償の内容：賠償責任',
      '補償の内容：携行品',
      '補償の内容：各種サービス',
      '保険料のお支払い方法',
    ])
    expect(textsOf(sectionOf(document, 'accident'))).toEqual([
      testGroupPfInfo.accidentAcceptanceInfo,
      testGroupPfInfoBranchNo.accidentRef,
    ])
  })
})
