import { describe, expect, it } from 'vitest'
import type { GroupPfInfo, UnitInfo } from '../api/group/group-pf-info.ts'
import type { ItemDefinition } from '../api/group/item-definition.ts'
import {
  applicableNoticeItems,
  applicationStart,
  blockingNoticeItems,
  cvrgeUnits,
  initialStatusPattern,
  insuredItems,
  insuredUnitNos,
  isBlockingAnswer,
  noticeItems,
  optionUnitsFor,
  payeeAccntDisplayDiv,
  planUnits,
  policyHolderItems,
  policyPeriod,
  refilledNoticeAnswers,
  sameUnits,
  totalPremium,
  unitPremiumFor,
  unitConflict,
  usedDocSlots,
  type ApplicationGroup,
} from './application.ts'

// Issue #6: the derived values of SPEC §4 and the coverage rules of §3.3, §3.5, §8.4.

/** 0:00 or 23:59 in Japan on a YYYYMMDD day */
const jst = (yyyymmdd: string, time: '0000' | '2359' = '0000'): Date =>
  new Date(
    Date.UTC(
      Number(yyyymmdd.slice(0, 4)),
      Number(yyyymmdd.slice(4, 6)) - 1,
      Number(yyyymmdd.slice(6, 8)),
      time === '0000' ? -9 : 14,
      time === '0000' ? 0 : 59,
    ),
  )

const unit = (fields: Partial<UnitInfo> & Pick<UnitInfo, 'unitNo' | 'displayName'>): UnitInfo => ({
  unitTypeCd: `U${fields.unitNo}`,
  coverageName: fields.displayName,
  coverageTypeFlg: '2',
  relatedUnitNo: [],
  conflictUnitNo: [],
  groupCd: 'GC01',
  unitPremium: 100,
  premiumBasis: 'perInsured',
  ...fields,
})

const units: UnitInfo[] = [
  unit({ unitNo: 1, displayName: 'Aプラン', coverageTypeFlg: '1', unitPremium: 1200 }),
  unit({ unitNo: 2, displayName: '賠償特約', relatedUnitNo: [1], unitPremium: 150 }),
  unit({ unitNo: 3, displayName: 'Bプラン', coverageTypeFlg: '1', conflictUnitNo: [4] }),
  unit({ unitNo: 4, displayName: 'ゴルフ特約', unitPremium: 300 }),
  unit({ unitNo: 5, displayName: '携行品特約', relatedUnitNo: [3] }),
  unit({ unitNo: 6, displayName: '弁護士特約', relatedUnitNo: [1], conflictUnitNo: [2] }),
]

function group(overrides: Partial<ApplicationGroup> = {}): ApplicationGroup {
  return {
    atOnceRecruitStartDate: '20261101',
    atOnceRecruitEndDate: '20261130',
    halfwayRecruitStartDate: '20261201',
    halfwayRecruitEndDate: '20261231',
    groupInceptionDate: '20261201',
    groupInceptionTime: '0000',
    groupExpiryDate: '20271130',
    groupExpiryTime: '1600',
    halfwayPymntInceptionDate: '20270101',
    pymntMethod: '1',
    payeeAccntDisplayDiv: '1',
    payeeAccntInfo: 'デモ銀行 本店 普通 1234567',
    requiredDocsType1: '2',
    requiredDocsType2: '1',
    requiredDocsType3: '3',
    unitInfoArray: units,
    ...overrides,
  }
}

const item = (
  fields: Partial<ItemDefinition> & Pick<ItemDefinition, 'itemCode' | 'itemClass' | 'category'>,
): ItemDefinition => ({
  itemName: fields.itemCode,
  supportText: '',
  inputType: 'text',
  relatedUnitNo: [],
  displayOrder: 10,
  applicationDispDisplayFlg: '1',
  preRenewCopyFlg: '2',
  authItemCd: null,
  ruleArray: [],
  choiceArray: [],
  blockingAnswerArray: [],
  ...fields,
})

const items: ItemDefinition[] = [
  item({ itemCode: 'authNo', itemClass: '010', category: '010', authItemCd: '1' }),
  item({ itemCode: 'employeeNo', itemClass: '010', category: '010', displayOrder: 20 }),
  item({ itemCode: 'planBNote', itemClass: '010', category: '010', relatedUnitNo: [3] }),
  item({
    itemCode: 'hiddenHolder',
    itemClass: '010',
    category: '010',
    applicationDispDisplayFlg: '2',
  }),
  item({ itemCode: 'relationship', itemClass: '010', category: '020', relatedUnitNo: [1, 3] }),
  item({ itemCode: 'golfHandicap', itemClass: '010', category: '020', relatedUnitNo: [4] }),
  item({
    itemCode: 'hospitalised',
    itemClass: '030',
    category: '020',
    relatedUnitNo: [1],
    blockingAnswerArray: ['1'],
  }),
  item({
    itemCode: 'golfInjury',
    itemClass: '030',
    category: '020',
    relatedUnitNo: [4],
    displayOrder: 20,
    blockingAnswerArray: ['1', '3'],
  }),
  item({
    itemCode: 'copied',
    itemClass: '030',
    category: '020',
    applicationDispDisplayFlg: '2',
    preRenewCopyFlg: '1',
    displayOrder: 30,
  }),
  item({
    itemCode: 'notCopied',
    itemClass: '030',
    category: '020',
    applicationDispDisplayFlg: '2',
    preRenewCopyFlg: '2',
    displayOrder: 40,
  }),
]

const codes = (list: readonly { itemCode: string }[]) => list.map((entry) => entry.itemCode)

describe('申込開始時の値（SPEC §4）', () => {
  // 一括募集 11/1〜11/30、中途募集 12/1〜12/31（中途加入の始期日 2027/1/1）
  it.each([
    ['一括募集の前日', jst('20261031', '2359'), '2', '', ''],
    ['一括募集の初日', jst('20261101'), '1', '20261201', '0000'],
    ['一括募集の最終日', jst('20261130', '2359'), '1', '20261201', '0000'],
    ['一括募集の翌日（中途募集の初日）', jst('20261201'), '2', '20270101', ''],
    ['中途募集の最終日', jst('20261231', '2359'), '2', '20270101', ''],
    ['中途募集の翌日', jst('20270101'), '2', '', ''],
  ])('%s: 募集形態 %s、始期日「%s」、始期時刻「%s」', (_label, now, format, date, time) => {
    const start = applicationStart(now, group())
    expect(start.recruitFormat).toBe(format)
    expect(start.period).toEqual({
      policyHolderInceptionDate: date,
      policyHolderInceptionTime: time,
      policyHolderExpiryDate: '20271130',
      policyHolderExpiryTime: '1600',
    })
  })

  it.each([
    ['中途募集の前日', jst('20261130', '2359'), '', ''],
    ['中途募集の初日', jst('20261201'), '20270101', ''],
    ['中途募集の最終日', jst('20261231', '2359'), '20270101', ''],
    ['中途募集の翌日', jst('20270101'), '', ''],
  ])('一括募集のない団体の%s: 始期日「%s」、始期時刻「%s」', (_label, now, date, time) => {
    const onlyHalfway = group({ atOnceRecruitStartDate: null, atOnceRecruitEndDate: null })
    expect(policyPeriod(now, onlyHalfway)).toMatchObject({
      policyHolderInceptionDate: date,
      policyHolderInceptionTime: time,
    })
    expect(applicationStart(now, onlyHalfway).recruitFormat).toBe('2')
  })

  // 支払方法 × 口座表示フラグ × 募集形態: 表示 "1" かつ形式 "2" なら 211、それ以外で方法 "4" なら 330、ほかは 110
  it.each([
    ['1', '1', '1', '110'],
    ['1', '1', '2', '211'],
    ['1', '2', '1', '110'],
    ['1', '2', '2', '110'],
    ['3', '1', '1', '110'],
    ['3', '1', '2', '211'],
    ['3', '2', '1', '110'],
    ['3', '2', '2', '110'],
    ['4', '1', '1', '330'],
    ['4', '1', '2', '211'],
    ['4', '2', '1', '330'],
    ['4', '2', '2', '330'],
  ] as const)(
    '支払方法 %s・口座表示 %s・募集形態 %s のステータスパターンは %s であること',
    (method, display, format, expected) => {
      expect(initialStatusPattern(method, display, format)).toBe(expected)
      // the same through applicationStart: format from the date, display from the group
      const now = format === '1' ? jst('20261115') : jst('20261215')
      const start = applicationStart(
        now,
        group({ pymntMethod: method, payeeAccntDisplayDiv: display }),
      )
      expect(start.statusPattern).toBe(expected)
      expect(start.payeeAccntDisplayDiv).toBe(display === '1' && format === '2' ? '1' : '2')
      expect(start.payeeAccntInfo).toBe(
        display === '1' && format === '2' ? 'デモ銀行 本店 普通 1234567' : null,
      )
    },
  )

  it('口座情報がない団体は、表示フラグが "1" でも口座を表示しないこと', () => {
    expect(payeeAccntDisplayDiv('2', { payeeAccntDisplayDiv: '1', payeeAccntInfo: null })).toBe('2')
    expect(payeeAccntDisplayDiv('2', { payeeAccntDisplayDiv: '1', payeeAccntInfo: '' })).toBe('2')
  })

  it('書類の区分が "2" か "3" の枠だけ空のリストを用意すること', () => {
    expect(usedDocSlots(group())).toEqual([1, 3])
    expect(applicationStart(jst('20261115'), group()).docSlots).toEqual([1, 3])
    expect(usedDocSlots(group({ requiredDocsType1: '1', requiredDocsType3: '1' }))).toEqual([])
  })
})

describe('プランとオプション（SPEC §3.3, §8.4）', () => {
  const product: Pick<GroupPfInfo, 'unitInfoArray'> = { unitInfoArray: units }

  it('coverageTypeFlg "1" がプラン、relatedUnitNo が空かプランを含むものがそのオプションであること', () => {
    expect(planUnits(product).map((entry) => entry.unitNo)).toEqual([1, 3])
    expect(optionUnitsFor(product, 1).map((entry) => entry.unitNo)).toEqual([2, 4, 6])
    expect(optionUnitsFor(product, 3).map((entry) => entry.unitNo)).toEqual([4, 5])
  })

  it.each([
    [[1, 2], undefined],
    [[1, 2, 6], { planNames: [], optionNames: ['賠償特約', '弁護士特約'] }],
    [[3, 4], { planNames: ['Bプラン'], optionNames: ['ゴルフ特約'] }],
    [[3, 4, 5], { planNames: ['Bプラン'], optionNames: ['ゴルフ特約'] }],
    [[1, 4], undefined],
  ])('ユニット %j の同時加入の不可は %j であること（どちら向きの指定でも）', (chosen, expected) => {
    expect(unitConflict(product, chosen)).toEqual(expected)
  })

  it('補償の配列はユニット順、合計保険料は被保険者の人数分（いないユニットは1回）であること', () => {
    const unitArray = cvrgeUnits(product, [4, 1, 2])
    expect(unitArray).toEqual([
      { unit: 1, unitTypeCd: 'U1', unitPremium: 1200, premiumBasis: 'perInsured' },
      { unit: 2, unitTypeCd: 'U2', unitPremium: 150, premiumBasis: 'perInsured' },
      { unit: 4, unitTypeCd: 'U4', unitPremium: 300, premiumBasis: 'perInsured' },
    ])
    expect(totalPremium(unitArray, () => 0)).toBe(1650)
    expect(totalPremium(unitArray, (unitNo) => (unitNo === 1 ? 3 : 0))).toBe(3600 + 150 + 300)
  })

  // issue #23 point 3: a couple's or family's unit is priced once, as its pamphlet says
  it('被保険者全員分の保険料のユニットは、人数にかかわらず1回分を数えること', () => {
    const unitArray = [
      { unit: 2, unitTypeCd: 'B1', unitPremium: 2180, premiumBasis: 'perUnit' as const },
      { unit: 5, unitTypeCd: 'PE', unitPremium: 320, premiumBasis: 'perInsured' as const },
      // saved before the field existed: per insured person
      { unit: 6, unitTypeCd: 'HS', unitPremium: 410 },
    ]
    const counts: Record<number, number> = { 2: 2, 5: 2, 6: 3 }
    expect(totalPremium(unitArray, (unitNo) => counts[unitNo] ?? 0)).toBe(2180 + 640 + 1230)
    expect(unitPremiumFor(unitArray[0]!, 0)).toBe(2180)
    expect(unitPremiumFor(unitArray[0]!, 4)).toBe(2180)
    expect(unitPremiumFor(unitArray[1]!, 0)).toBe(320)
  })

  it('同じユニットの集合かを順序によらず判定すること', () => {
    expect(sameUnits([1, 2, 4], [4, 1, 2])).toBe(true)
    expect(sameUnits([1, 2], [1, 2, 4])).toBe(false)
    expect(sameUnits([1, 2], [1, 4])).toBe(false)
    expect(sameUnits([], [])).toBe(true)
  })
})

describe('項目の対象（SPEC §3.5 relatedUnitNo, §6）', () => {
  it('契約者の項目は選んだユニットに関係するものだけで、三項目認証と非表示の項目は除くこと', () => {
    expect(codes(policyHolderItems(items, [1, 2]))).toEqual(['employeeNo'])
    expect(codes(policyHolderItems(items, [3]))).toEqual(['planBNote', 'employeeNo'])
  })

  it('被保険者の項目があるユニットだけが一覧に出ること（SPEC §4）', () => {
    expect(codes(insuredItems(items, 1))).toEqual(['relationship'])
    expect(codes(insuredItems(items, 2))).toEqual([])
    expect(insuredUnitNos(items, [4, 2, 1])).toEqual([1, 4])
    expect(insuredUnitNos(items, [3, 5])).toEqual([3])
  })

  it('告知事項は選んだユニットに関係するもの、画面に出すのは表示のものだけであること', () => {
    expect(codes(applicableNoticeItems(items, [1]))).toEqual([
      'hospitalised',
      'copied',
      'notCopied',
    ])
    expect(codes(noticeItems(items, [1, 4]))).toEqual(['hospitalised', 'golfInjury'])
    expect(codes(noticeItems(items, [3]))).toEqual([])
  })

  it('申込できない回答を、1つの選択でも複数の選択でも見分けること（SPEC §8.4）', () => {
    const golf = items.find((entry) => entry.itemCode === 'golfInjury')!
    expect(isBlockingAnswer(golf, '1')).toBe(true)
    expect(isBlockingAnswer(golf, '2')).toBe(false)
    expect(isBlockingAnswer(golf, ['2', '3'])).toBe(true)
    expect(isBlockingAnswer(golf, undefined)).toBe(false)
    expect(
      codes(
        blockingNoticeItems(noticeItems(items, [1, 4]), { hospitalised: '1', golfInjury: '2' }),
      ),
    ).toEqual(['hospitalised'])
  })

  it('補償が変わったときの再設定: 非表示で前年度コピーの項目は前年度の値、ほかは空になること（SPEC §4）', () => {
    expect(refilledNoticeAnswers(items, [1, 4], {})).toEqual({
      hospitalised: '',
      golfInjury: '',
      copied: '',
      notCopied: '',
    })
    expect(
      refilledNoticeAnswers(items, [1], { hospitalised: '2', copied: '2', notCopied: '1' }),
    ).toEqual({ hospitalised: '', copied: '2', notCopied: '' })
  })
})
