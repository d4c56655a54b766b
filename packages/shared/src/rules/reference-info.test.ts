import { describe, it, expect } from 'vitest'
import fc from 'fast-check'
import { parseReferenceInfo, referenceLabels, type ReferenceInfo } from './reference-info.ts'

// Blocks written the way the demo groups and operators write them (one 【label】 per line, "\n").
const contactBlock = [
  '【タイトル】お問い合わせ先',
  '【内容タイトル】取扱代理店',
  '【内容】株式会社あおばビジネスサービス 保険サービス課',
  '【電話番号】0120-000-999',
  '【注記】受付時間：平日 9:00〜17:30（土日祝日・年末年始を除く）',
  '【メール】hoken-aoba@example.jp',
].join('\n')

const importantNoticeBlock = [
  '【タイトル】重要事項のご案内',
  '【内容タイトル】契約概要・注意喚起情報',
  '【内容】お申し込みの前に、補償内容や保険金をお支払いできない主な場合をご確認ください。',
  '【URL】https://www.example.jp/aoba/important',
  '【注記】PDFファイルでご覧いただけます。',
  '【内容タイトル】引受保険会社',
  '【内容】デモ損害保険株式会社 東京法人営業部',
  '【電話番号】03-0000-9901',
  '【URL】https://www.example.jp/demo-sonpo/',
].join('\n')

describe('参照情報の読み取り（SPEC §5.3 【ラベル】内容）', () => {
  it('お問い合わせ先のブロックを読めること', () => {
    expect(parseReferenceInfo(contactBlock)).toEqual<ReferenceInfo>({
      title: 'お問い合わせ先',
      sections: [
        {
          contentTitle: '取扱代理店',
          items: [
            { kind: 'contentText', value: '株式会社あおばビジネスサービス 保険サービス課' },
            { kind: 'telephone', value: '0120-000-999' },
            {
              kind: 'note',
              value: '受付時間：平日 9:00〜17:30（土日祝日・年末年始を除く）',
            },
            { kind: 'mail', value: 'hoken-aoba@example.jp' },
          ],
        },
      ],
      issues: [],
    })
  })

  it('内容タイトルごとに区切り、ラベルの順番どおりに読めること', () => {
    expect(parseReferenceInfo(importantNoticeBlock)).toEqual<ReferenceInfo>({
      title: '重要事項のご案内',
      sections: [
        {
          contentTitle: '契約概要・注意喚起情報',
          items: [
            {
              kind: 'contentText',
              value:
                'お申し込みの前に、補償内容や保険金をお支払いできない主な場合をご確認ください。',
            },
            { kind: 'url', value: 'https://www.example.jp/aoba/important' },
            { kind: 'note', value: 'PDFファイルでご覧いただけます。' },
          ],
        },
        {
          contentTitle: '引受保険会社',
          items: [
            { kind: 'contentText', value: 'デモ損害保険株式会社 東京法人営業部' },
            { kind: 'telephone', value: '03-0000-9901' },
            { kind: 'url', value: 'https://www.example.jp/demo-sonpo/' },
          ],
        },
      ],
      issues: [],
    })
  })

  it('CRLF で書かれていても同じ結果になること', () => {
    expect(parseReferenceInfo(contactBlock.replaceAll('\n', '\r\n'))).toEqual(
      parseReferenceInfo(contactBlock),
    )
    expect(parseReferenceInfo(contactBlock.replaceAll('\n', '\r'))).toEqual(
      parseReferenceInfo(contactBlock),
    )
  })

  it.each<[string, string, ReferenceInfo]>([
    ['空のブロック', '', { title: undefined, sections: [], issues: [] }],
    ['空行だけのブロック', '\n\r\n  \n　\n', { title: undefined, sections: [], issues: [] }],
    [
      'タイトルだけのブロック',
      '【タイトル】お問い合わせ先',
      { title: 'お問い合わせ先', sections: [], issues: [] },
    ],
    [
      '内容タイトルより前の行（最初の区切りにまとめる）',
      '【タイトル】事故のご連絡\n【電話番号】0120-000-102\n【内容タイトル】夜間・休日\n【電話番号】0120-000-103',
      {
        title: '事故のご連絡',
        sections: [
          { contentTitle: undefined, items: [{ kind: 'telephone', value: '0120-000-102' }] },
          { contentTitle: '夜間・休日', items: [{ kind: 'telephone', value: '0120-000-103' }] },
        ],
        issues: [],
      },
    ],
    [
      'ラベルのない最初の行',
      'ご不明な点はお問い合わせください。\n【電話番号】03-0000-1101',
      {
        title: undefined,
        sections: [
          {
            contentTitle: undefined,
            items: [
              { kind: 'contentText', value: 'ご不明な点はお問い合わせください。' },
              { kind: 'telephone', value: '03-0000-1101' },
            ],
          },
        ],
        issues: [],
      },
    ],
    [
      '内容の続きの行（改行でつなぐ）',
      '【内容】事故が起きたときは、\nできるだけ早くご連絡ください。\n\n【注記】夜間は\n留守番電話です。',
      {
        title: undefined,
        sections: [
          {
            contentTitle: undefined,
            items: [
              {
                kind: 'contentText',
                value: '事故が起きたときは、\nできるだけ早くご連絡ください。',
              },
              { kind: 'note', value: '夜間は\n留守番電話です。' },
            ],
          },
        ],
        issues: [],
      },
    ],
    [
      'タイトル・内容タイトルの続きの行',
      '【タイトル】お問い合わせ先\n（平日のみ）\n【内容タイトル】取扱代理店\n保険サービス課',
      {
        title: 'お問い合わせ先\n（平日のみ）',
        sections: [{ contentTitle: '取扱代理店\n保険サービス課', items: [] }],
        issues: [],
      },
    ],
    [
      'ラベルだけの行と、次の行の内容',
      '【内容】\n会員資格に関するお問い合わせ\n【URL】\nhttps://www.example.jp/jsea/\n【メール】\noffice@example.com',
      {
        title: undefined,
        sections: [
          {
            contentTitle: undefined,
            items: [
              { kind: 'contentText', value: '会員資格に関するお問い合わせ' },
              { kind: 'url', value: 'https://www.example.jp/jsea/' },
              { kind: 'mail', value: 'office@example.com' },
            ],
          },
        ],
        issues: [],
      },
    ],
    [
      '電話番号・メール・URLの後の行は内容になること',
      '【電話番号】0120-000-101\n（通話料無料）\n続けて書いた行\n【URL】https://www.example.jp/\nPDFです。',
      {
        title: undefined,
        sections: [
          {
            contentTitle: undefined,
            items: [
              { kind: 'telephone', value: '0120-000-101' },
              { kind: 'contentText', value: '（通話料無料）\n続けて書いた行' },
              { kind: 'url', value: 'https://www.example.jp/' },
              { kind: 'contentText', value: 'PDFです。' },
            ],
          },
        ],
        issues: [],
      },
    ],
    [
      '前後の空白（全角を含む）を取り除くこと',
      '  【タイトル】 お問い合わせ先 \n　【電話番号】　03-0000-1101　',
      {
        title: 'お問い合わせ先',
        sections: [
          { contentTitle: undefined, items: [{ kind: 'telephone', value: '03-0000-1101' }] },
        ],
        issues: [],
      },
    ],
    [
      '電話番号は書かれたとおりに残すこと',
      '【電話番号】０３－００００－１１０１（代表）',
      {
        title: undefined,
        sections: [
          {
            contentTitle: undefined,
            items: [{ kind: 'telephone', value: '０３－００００－１１０１（代表）' }],
          },
        ],
        issues: [],
      },
    ],
    [
      '内容のないラベルと空の内容タイトル',
      '【タイトル】\n【注記】\n【内容タイトル】\n【内容】本文',
      {
        title: undefined,
        sections: [{ contentTitle: undefined, items: [{ kind: 'contentText', value: '本文' }] }],
        issues: [],
      },
    ],
    [
      '知らないラベル（行のまま内容として残し、報告する）',
      '【内容タイトル】取扱代理店\n【営業時間】平日 9:00〜17:00\n【】空のラベル\n【ＵＲＬ】https://www.example.jp/',
      {
        title: undefined,
        sections: [
          {
            contentTitle: '取扱代理店',
            items: [
              { kind: 'contentText', value: '【営業時間】平日 9:00〜17:00' },
              { kind: 'contentText', value: '【】空のラベル' },
              { kind: 'contentText', value: '【ＵＲＬ】https://www.example.jp/' },
            ],
          },
        ],
        issues: [
          { line: 2, reason: 'unknownLabel', text: '【営業時間】平日 9:00〜17:00' },
          { line: 3, reason: 'unknownLabel', text: '【】空のラベル' },
          { line: 4, reason: 'unknownLabel', text: '【ＵＲＬ】https://www.example.jp/' },
        ],
      },
    ],
    [
      '2つ目のタイトル（内容として残し、報告する）',
      '【タイトル】お問い合わせ先\n【電話番号】03-0000-1101\n【タイトル】事故のご連絡',
      {
        title: 'お問い合わせ先',
        sections: [
          {
            contentTitle: undefined,
            items: [
              { kind: 'telephone', value: '03-0000-1101' },
              { kind: 'contentText', value: '【タイトル】事故のご連絡' },
            ],
          },
        ],
        issues: [{ line: 3, reason: 'duplicateTitle', text: '【タイトル】事故のご連絡' }],
      },
    ],
    [
      'http(s) 以外の URL はリンクにしないこと',
      '【URL】javascript:alert(1)\n【URL】www.example.jp\n【URL】https://exa mple.jp/\n【URL】ftp://example.jp/\n【URL】http://www.example.jp/\n【URL】HTTPS://WWW.EXAMPLE.JP/',
      {
        title: undefined,
        sections: [
          {
            contentTitle: undefined,
            items: [
              { kind: 'contentText', value: 'javascript:alert(1)' },
              { kind: 'contentText', value: 'www.example.jp' },
              { kind: 'contentText', value: 'https://exa mple.jp/' },
              { kind: 'contentText', value: 'ftp://example.jp/' },
              { kind: 'url', value: 'http://www.example.jp/' },
              { kind: 'url', value: 'HTTPS://WWW.EXAMPLE.JP/' },
            ],
          },
        ],
        issues: [
          { line: 1, reason: 'invalidUrl', text: '【URL】javascript:alert(1)' },
          { line: 2, reason: 'invalidUrl', text: '【URL】www.example.jp' },
          { line: 3, reason: 'invalidUrl', text: '【URL】https://exa mple.jp/' },
          { line: 4, reason: 'invalidUrl', text: '【URL】ftp://example.jp/' },
        ],
      },
    ],
    [
      'メールアドレスでないメール',
      '【メール】hoken＠example.jp\n【メール】hoken@example.jp?cc=other@example.jp\n【メール】jimukyoku-midori@example.jp',
      {
        title: undefined,
        sections: [
          {
            contentTitle: undefined,
            items: [
              { kind: 'contentText', value: 'hoken＠example.jp' },
              { kind: 'contentText', value: 'hoken@example.jp?cc=other@example.jp' },
              { kind: 'mail', value: 'jimukyoku-midori@example.jp' },
            ],
          },
        ],
        issues: [
          { line: 1, reason: 'invalidMail', text: '【メール】hoken＠example.jp' },
          {
            line: 2,
            reason: 'invalidMail',
            text: '【メール】hoken@example.jp?cc=other@example.jp',
          },
        ],
      },
    ],
  ])('%s', (_name, input, expected) => {
    expect(parseReferenceInfo(input)).toEqual(expected)
  })

  it('画面に出すラベル名が SPEC §5.3 の7つであること', () => {
    expect(referenceLabels).toEqual({
      title: 'タイトル',
      contentTitle: '内容タイトル',
      telephone: '電話番号',
      contentText: '内容',
      note: '注記',
      mail: 'メール',
      url: 'URL',
    })
  })

  it('どんな行も黙って捨てないこと（空でない内容はすべて結果に現れる）', () => {
    const labels = [...Object.values(referenceLabels), '営業時間', '']
    const content = fc.stringMatching(/^[a-zあ-ん0-9:/.@ -]{0,12}$/)
    const line = fc.oneof(
      fc.tuple(fc.constantFrom(...labels), content).map(([label, text]) => `【${label}】${text}`),
      content,
    )
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), (lines) => {
        const info = parseReferenceInfo(lines.join('\n'))
        const shown = [
          info.title ?? '',
          ...info.sections.flatMap((section) => [
            section.contentTitle ?? '',
            ...section.items.map((item) => item.value),
          ]),
        ].join('\n')
        for (const written of lines) {
          const text = written.replace(/^【[^】]*】/, '').trim()
          if (text !== '') expect(shown).toContain(text)
        }
      }),
    )
  })
})
