import {
  addDays,
  addMonths,
  itemRuleNames,
  isValidYyyymmdd,
  isWithinRecruitWindow,
  recruitmentPhase,
  startOfBusinessDate,
} from '@app/shared'
import { describe, expect, it } from 'vitest'
import {
  checkGroupDocument,
  groupDocumentSchema,
  type GroupDocument,
} from '../modules/group/group-document.ts'
import { buildDemoDocuments, demoImage, demoLinks } from './demo-groups.ts'

const todays = ['20261120', '20260101', '20260228', '20241231', '20280229', '20270131', '20260930']

/** 業務日付の始まり・正午・終わり直前の3つの時刻。募集期間はこのどれでも同じ区分になること。 */
function momentsOf(today: string): Date[] {
  const start = startOfBusinessDate(today).getTime()
  return [start, start + 12 * 60 * 60 * 1000, start + 24 * 60 * 60 * 1000 - 1].map(
    (time) => new Date(time),
  )
}

function documentsOf(today: string): [GroupDocument, GroupDocument, GroupDocument, GroupDocument] {
  const documents = buildDemoDocuments(today)
  expect(documents).toHaveLength(4)
  return documents as [GroupDocument, GroupDocument, GroupDocument, GroupDocument]
}

/** WCAG 2.x の相対輝度。 */
function relativeLuminance(hex: string): number {
  const [red, green, blue] = [1, 3, 5].map((offset) => {
    const channel = parseInt(hex.slice(offset, offset + 2), 16) / 255
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue
}

function contrastWithWhite(hex: string): number {
  return 1.05 / (relativeLuminance(hex) + 0.05)
}

/** 文書の中の文字列をすべて集める（連絡先やURLの検査用）。 */
function allStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(allStrings)
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(allStrings)
  return []
}

describe.each(todays)('今日が %s のデモデータ', (today) => {
  const documents = documentsOf(today)
  const [groupA, groupB, groupC, groupD] = documents

  it('団体A・B・C・Dの4件を、決められたコード・枝番・URLキーで作ること', () => {
    expect(
      documents.map((document) => [
        document.groupPfInfo.groupPfCode,
        document.linkArray.map((link) => [link.groupPfBranchNo, link.urlKey]),
      ]),
    ).toEqual([
      ['G100001', [['00001', 'Kx7pR2mQ9a']]],
      ['G200002', [['00010', 'Ht4wN8vL3c']]],
      ['G300003', [['00001', 'Pz5bJ6sE1d']]],
      ['G400004', [['00001', 'Nw3fK7tY2h']]],
    ])
  })

  it.each([0, 1, 2, 3])('団体%i の文書がスキーマと横断チェックを通ること', (index) => {
    const document = documents[index]!
    const parsed = groupDocumentSchema.safeParse(document)
    expect(parsed.error?.issues).toBeUndefined()
    expect(checkGroupDocument(document)).toEqual([])
  })

  it('団体Aは一斉募集期間内で、始期・満期が一斉募集の終了月の翌月1日から1年間であること', () => {
    const info = groupA.groupPfInfo
    for (const now of momentsOf(today)) {
      expect(recruitmentPhase(now, info)).toBe('atOnce')
    }
    expect(info.atOnceRecruitStartDate).toBe(addDays(today, -10))
    expect(info.atOnceRecruitEndDate).toBe(addDays(today, 20))
    const inceptionYm = addMonths(info.atOnceRecruitEndDate!.slice(0, 6), 1)
    expect(info.groupPfCodeInceptionDateYm).toBe(inceptionYm)
    expect([info.groupInceptionDate, info.groupInceptionTime]).toEqual([`${inceptionYm}01`, '0000'])
    expect([info.groupExpiryDate, info.groupExpiryTime]).toEqual([
      addDays(`${addMonths(inceptionYm, 12)}01`, -1),
      '1600',
    ])
    expect(info.halfwayRecruitStartDate! >= info.groupInceptionDate).toBe(true)
    expect([info.authenticationType, info.pymntMethod, info.groupPfAutoRenewFlg]).toEqual([
      '1',
      '1',
      '1',
    ])
  })

  it('団体Bは中途募集期間内で一斉募集期間外、中途加入の始期は翌月1日であること', () => {
    const info = groupB.groupPfInfo
    for (const now of momentsOf(today)) {
      expect(recruitmentPhase(now, info)).toBe('halfway')
      expect(
        isWithinRecruitWindow(now, info.atOnceRecruitStartDate, info.atOnceRecruitEndDate),
      ).toBe(false)
    }
    expect(info.groupInceptionDate).toBe(`${addMonths(today.slice(0, 6), -2)}01`)
    expect(info.atOnceRecruitEndDate! < info.groupInceptionDate).toBe(true)
    expect(info.halfwayRecruitStartDate! <= today && today <= info.halfwayRecruitEndDate!).toBe(
      true,
    )
    expect(info.halfwayPymntInceptionDate).toBe(`${addMonths(today.slice(0, 6), 1)}01`)
    expect([info.authenticationType, info.pymntMethod, info.groupPfAutoRenewFlg]).toEqual([
      '2',
      '3',
      '2',
    ])
    expect([info.payeeAccntDisplayDiv, (info.payeeAccntInfo ?? '').length > 0]).toEqual(['1', true])
  })

  it('団体Cは一斉募集・中途募集のどちらの期間にも入らず、一斉募集は1か月以上前に終わり、更新確定日があること', () => {
    const info = groupC.groupPfInfo
    for (const now of momentsOf(today)) {
      expect(recruitmentPhase(now, info)).toBe('closed')
    }
    expect(info.atOnceRecruitEndDate! < addDays(today, -31)).toBe(true)
    expect(info.halfwayRecruitEndDate === null || info.halfwayRecruitEndDate < today).toBe(true)
    expect(info.renewalFixDate).not.toBeNull()
    expect(info.renewalFixDate! > today).toBe(true)
    expect([info.authenticationType, info.pymntMethod, info.groupPfAutoRenewFlg]).toEqual([
      '1',
      '4',
      '1',
    ])
  })

  // Issue #23 point 1: every payment method can be tried in an open window, group collection too.
  it('団体Dは団体扱（pymntMethod "4"）で一斉募集期間内にあり、A・B・Dで3つの支払方法がすべて受付中であること', () => {
    const info = groupD.groupPfInfo
    for (const now of momentsOf(today)) {
      expect(recruitmentPhase(now, info)).toBe('atOnce')
    }
    expect([info.authenticationType, info.pymntMethod]).toEqual(['1', '4'])
    expect(info.groupNameKanji).toBe('日本ソフトウェア技術者協会 新入会員団体保険')
    const open = documents.filter((document) =>
      momentsOf(today).every((now) => recruitmentPhase(now, document.groupPfInfo) !== 'closed'),
    )
    expect(open.map((document) => document.groupPfInfo.pymntMethod).sort()).toEqual(['1', '3', '4'])
  })

  it('デモリンクの始期年月・枝番・URLキー・団体名が各文書と一致すること', () => {
    expect(demoLinks(today)).toEqual(
      documents.map((document) => ({
        groupPfCode: document.groupPfInfo.groupPfCode,
        groupPfCodeInceptionDateYm: document.groupPfInfo.groupPfCodeInceptionDateYm,
        groupPfBranchNo: document.linkArray[0]!.groupPfBranchNo,
        urlKey: document.linkArray[0]!.urlKey,
        name: document.groupPfInfo.groupNameKanji,
      })),
    )
  })

  it('お知らせの掲載日が今日以前の実在する日付であること', () => {
    for (const document of documents) {
      for (const announcement of document.groupPfInfo.announcementArray) {
        expect(isValidYyyymmdd(announcement.date)).toBe(true)
        expect(announcement.date <= today).toBe(true)
      }
    }
  })
})

describe('デモデータの内容', () => {
  const documents = buildDemoDocuments('20261120')

  it('同じ日付からは同じ文書を作ること', () => {
    expect(buildDemoDocuments('20261120')).toEqual(documents)
  })

  it('実在しない日付を渡すと RangeError になること', () => {
    expect(() => buildDemoDocuments('20260230')).toThrow(RangeError)
    expect(() => buildDemoDocuments('2026-11-20')).toThrow(RangeError)
  })

  it('テーマカラーが団体ごとに異なり、白い文字とのコントラスト比が4.5以上であること', () => {
    const colors = documents.map((document) => document.groupPfInfo.themeColor)
    expect(new Set(colors).size).toBe(documents.length)
    for (const color of colors) {
      expect(contrastWithWhite(color)).toBeGreaterThanOrEqual(4.5)
    }
  })

  it('ロゴとトップ画像のファイル名がすべて安全なSVGに解決されること', () => {
    const files = documents.flatMap((document) => [
      document.groupPfInfo.logoImage?.file,
      document.groupPfInfo.topImage?.file,
    ])
    expect(files).toEqual([
      'demo/g100001-logo.svg',
      'demo/g100001-top.svg',
      'demo/g200002-logo.svg',
      'demo/g200002-top.svg',
      'demo/g300003-logo.svg',
      'demo/g300003-top.svg',
      'demo/g400004-logo.svg',
      'demo/g400004-top.svg',
    ])
    for (const file of files) {
      const image = demoImage(file!)
      expect(image?.contentType).toBe('image/svg+xml')
      const svg = image!.bytes.toString('utf8')
      expect(svg).toMatch(
        /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" [^>]*viewBox="0 0 \d+ \d+"/,
      )
      expect(svg.trimEnd().endsWith('</svg>')).toBe(true)
      expect(svg).not.toMatch(/<script|\son\w+=|href=|<image|<foreignObject|@import/i)
      expect(svg.match(/https?:\/\/[^"]+/g)).toEqual(['http://www.w3.org/2000/svg'])
    }
    expect(demoImage('demo/g100001-top.svg')!.bytes.toString('utf8')).toContain(
      'viewBox="0 0 1200 400"',
    )
    expect(demoImage('demo/g100001-logo.svg')!.bytes.toString('utf8')).toContain(
      'さくら電機株式会社',
    )
  })

  it('デモにない画像ファイル名には undefined を返すこと', () => {
    expect(demoImage('demo/g999999-logo.svg')).toBeUndefined()
    expect(demoImage('../etc/passwd')).toBeUndefined()
  })

  it('プランとオプションを合わせて6つ以上のユニットがあり、重複加入できない組が双方向に指定されていること', () => {
    const units = documents.flatMap((document) => document.groupPfInfo.unitInfoArray)
    expect(units.length).toBeGreaterThanOrEqual(6)
    expect(units.some((unit) => unit.coverageTypeFlg === '1')).toBe(true)
    expect(units.some((unit) => unit.coverageTypeFlg !== '1')).toBe(true)
    const groupAUnits = documents[0]!.groupPfInfo.unitInfoArray
    expect(groupAUnits.length).toBeGreaterThanOrEqual(6)
    const conflicting = groupAUnits.filter((unit) => unit.conflictUnitNo.length > 0)
    expect(conflicting.length).toBeGreaterThanOrEqual(2)
    for (const unit of conflicting) {
      for (const other of unit.conflictUnitNo) {
        expect(
          groupAUnits.find((candidate) => candidate.unitNo === other)?.conflictUnitNo,
        ).toContain(unit.unitNo)
      }
    }
    for (const document of documents) {
      const plans = document.groupPfInfo.unitInfoArray.filter(
        (unit) => unit.coverageTypeFlg === '1',
      )
      for (const option of document.groupPfInfo.unitInfoArray.filter(
        (unit) => unit.coverageTypeFlg !== '1',
      )) {
        expect(option.relatedUnitNo.length).toBeGreaterThan(0)
        for (const unitNo of option.relatedUnitNo) {
          expect(plans.map((plan) => plan.unitNo)).toContain(unitNo)
        }
      }
    }
  })

  it('項目定義にすべてのカテゴリ・項目区分、ユニット別の項目、申込を止める告知、非表示の項目があること', () => {
    const items = documents.flatMap((document) => document.itemDefinitionArray)
    const kinds = new Set(items.map((item) => `${item.category}/${item.itemClass}`))
    expect(kinds).toEqual(new Set(['010/010', '020/010', '020/030']))
    expect(items.some((item) => item.itemClass === '010' && item.relatedUnitNo.length > 0)).toBe(
      true,
    )
    expect(items.some((item) => item.preRenewCopyFlg === '1')).toBe(true)
    expect(
      items.filter((item) => item.applicationDispDisplayFlg === '2').length,
    ).toBeGreaterThanOrEqual(1)
    expect(items.filter((item) => item.applicationDispDisplayFlg === '1').length).toBeGreaterThan(
      items.length / 2,
    )
    for (const item of items) {
      for (const rule of item.ruleArray) expect(itemRuleNames).toContain(rule)
      if (item.itemClass === '030') {
        expect(item.choiceArray.map((choice) => choice.label)).toEqual(['はい', 'いいえ'])
      }
    }
    const notices = items.filter((item) => item.itemClass === '030')
    expect(notices.some((notice) => notice.blockingAnswerArray.length > 0)).toBe(true)
    for (const document of documents) {
      const orders = document.itemDefinitionArray.map((item) => item.displayOrder)
      expect(new Set(orders).size).toBe(orders.length)
    }
  })

  it('三項目認証の団体Bに、会員番号・生年月日・氏名（カナ）の認証項目があること', () => {
    const auth = documents[1]!.itemDefinitionArray
      .filter((item) => item.authItemCd !== null)
      .map((item) => [item.authItemCd, item.itemName, item.ruleArray])
    expect(auth).toEqual([
      ['1', '会員番号', ['required', 'onlyNumeric']],
      ['2', '生年月日', ['required', 'yearMonthDate']],
      ['3', '氏名（カナ）', ['required', 'onlyFullKatakana']],
    ])
    for (const document of [documents[0]!, documents[2]!, documents[3]!]) {
      expect(document.itemDefinitionArray.every((item) => item.authItemCd === null)).toBe(true)
    }
  })

  // Issue #23 point 20: one name, 初回登録ID (the terms of use keep 初回ID until their next
  // version, which needs a new consent).
  it('デモの文書は初回登録IDを「初回ID」と呼ばないこと', () => {
    for (const document of documents) {
      expect(allStrings(document).filter((text) => text.includes('初回ID'))).toEqual([])
    }
  })

  // Issue #23 point 7: the my-page changes the mail address and the password (and stops
  // auto-renewal), never the coverage: a certificate must not promise more.
  it('加入者証のコメントは、マイページでできない加入内容の変更をマイページに案内しないこと', () => {
    for (const document of documents) {
      const comment = document.groupPfInfo.certificateComment ?? ''
      for (const sentence of comment.split('。').filter((part) => part.includes('マイページ'))) {
        expect(sentence).toMatch(/メールアドレス|パスワード/)
        expect(sentence).not.toMatch(/加入内容|プラン|特約|被保険者/)
      }
    }
  })

  it('参照情報は4ブロックで、各行が決められたラベルの【ラベル】内容の形であること', () => {
    const line = /^【(タイトル|内容タイトル|電話番号|内容|注記|メール|URL)】\S.*$/
    for (const document of documents) {
      const blocks = document.groupPfInfo.referenceInfoArray
      expect(blocks).toHaveLength(4)
      for (const block of blocks) {
        const lines = block.split('\n')
        expect(lines.length).toBeGreaterThanOrEqual(3)
        expect(lines[0]).toMatch(/^【タイトル】/)
        for (const text of lines) expect(text).toMatch(line)
      }
    }
  })

  it('表示用の件数が仕様どおりであること', () => {
    for (const { groupPfInfo: info } of documents) {
      expect(info.premiumSampleArray.length).toBeGreaterThanOrEqual(3)
      expect(info.premiumSampleArray.length).toBeLessThanOrEqual(4)
      expect(info.announcementArray).toHaveLength(2)
      expect(info.otherAnnouncementHtml).not.toBeNull()
      expect(info.faqArray.length).toBeGreaterThanOrEqual(4)
      expect(info.faqArray.length).toBeLessThanOrEqual(6)
      expect(info.coverageOutlineArray.every((outline) => outline.itemArray.length > 0)).toBe(true)
    }
    expect(documents.map((document) => document.groupPfInfo.systemRevisionNotice !== null)).toEqual(
      [false, true, false, false],
    )
    const docTypes = documents.flatMap((document) => [
      document.groupPfInfo.requiredDocsType1,
      document.groupPfInfo.requiredDocsType2,
      document.groupPfInfo.requiredDocsType3,
    ])
    expect(new Set(docTypes)).toEqual(new Set(['1', '2', '3']))
  })

  it('お知らせのHTMLは許可したタグと https://www.example.jp へのリンクだけを使うこと', () => {
    const html = documents.flatMap((document) => [
      ...document.groupPfInfo.announcementArray.map((announcement) => announcement.bodyHtml),
      document.groupPfInfo.otherAnnouncementHtml ?? '',
    ])
    for (const body of html) {
      for (const [tag] of body.matchAll(/<[^>]+>/g)) {
        expect(tag).toMatch(
          /^<\/?(p|strong|br|ul|li)>$|^<a href="https:\/\/www\.example\.jp\/[^"]*">$|^<\/a>$/,
        )
      }
    }
  })

  it('電話番号・メールアドレス・URLが架空のもの（0120-000 / 03-0000、example.jp / example.com）だけであること', () => {
    const text = allStrings(documents).join('\n')
    for (const [phone] of text.matchAll(/0\d{1,3}-\d{2,4}-\d{3,4}/g)) {
      expect(phone).toMatch(/^(0120-000-\d{3}|03-0000-\d{4})$/)
    }
    for (const [mail] of text.matchAll(/[\w.+-]+@[\w.-]+/g)) {
      expect(mail).toMatch(/@example\.(jp|com)$/)
    }
    for (const [url] of text.matchAll(/https?:\/\/[^\s"<]+/g)) {
      expect(url).toMatch(/^https:\/\/www\.example\.jp\//)
    }
    const branches = documents.flatMap((document) => document.groupPfInfoBranchNoArray)
    for (const branch of branches) {
      expect(branch.refFreeField.split('\n').map((entry) => entry.split('：')[0])).toEqual([
        '代理店名',
        '電話',
        '受付時間',
        'メール',
      ])
    }
  })
})
