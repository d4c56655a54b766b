import { describe, expect, it } from 'vitest'
import type { ApplyInfo, GroupPfInfo, InsuredPerson, ItemDefinition } from '@app/shared'
import { groupDocument } from '../../../test/factories.ts'
import { initialApplyInfo } from '../application/initial-apply-info.ts'
import {
  autoRenewCvrgeContent,
  autoRenewedState,
  contractRenewalOf,
  insuredWithoutPreRenewNotCopy,
  renewalContext,
  renewalDraftState,
  type NextProduct,
} from './renewal-view.ts'

// The pure parts of the renewal (issue #9, SPEC §3.7, §4; ADR 0016): what carries over into next
// year, the terms an auto-renewal takes, and what home offers in each state.

const now = new Date(Date.UTC(2026, 10, 20, 1, 0, 0))
const thisYear = groupDocument()
const nextYear = groupDocument({
  groupPfCodeInceptionDateYm: '202712',
  groupInceptionDate: '20271201',
})
const asGroup = (document: typeof thisYear) =>
  ({
    ...document.groupPfInfo,
    groupExpiryDate: document.groupPfInfo.groupExpiryDate,
  }) as unknown as GroupPfInfo
const nextGroup: GroupPfInfo = {
  ...asGroup(nextYear),
  groupExpiryDate: '20281130',
  atOnceRecruitStartDate: '20261101',
  atOnceRecruitEndDate: '20271031',
  unitInfoArray: nextYear.groupPfInfo.unitInfoArray.map((unit) => ({
    ...unit,
    unitPremium: unit.unitPremium + 100,
  })),
}
const insuredItem: ItemDefinition = {
  ...(thisYear.itemDefinitionArray[0] as ItemDefinition),
  itemCode: 'relationship',
  category: '020',
  preRenewCopyFlg: '1',
  ruleArray: [],
}
const insuredNotCarried: ItemDefinition = {
  ...insuredItem,
  itemCode: 'height',
  preRenewCopyFlg: '2',
}
const items = [...nextYear.itemDefinitionArray, insuredItem, insuredNotCarried]
const link = {
  groupPfCode: 'T000001',
  groupPfCodeInceptionDateYm: '202712',
  groupPfBranchNo: '00001',
  urlKey: 'Test0Key01',
}
const next: NextProduct = { group: nextGroup, items, link }

const person = (unit: number): InsuredPerson => ({
  insrdId: `00000000-0000-4000-8000-00000000000${unit}`,
  unit,
  insrdNameKana: 'ミドリ　ハヅキ',
  insrdNameKanji: '緑　葉月',
  insrdBirthDate: '20120301',
  insrdSex: '2',
  itemAnswers: { relationship: '子', height: '150' },
})

function lastYear(): ApplyInfo {
  const start = initialApplyInfo({
    now,
    group: asGroup(thisYear),
    link: { ...link, groupPfCodeInceptionDateYm: '202612' },
    account: { userId: 'U000000001', mailAddress: 'a@example.jp' },
    rosterAuthValues: {},
    items,
  }).applyInfo
  return {
    ...start,
    basicInfo: { ...start.basicInfo, groupPfPolicyHolderNo: '0000012345', statusPattern: '330' },
    policyHolderInfo: {
      ...start.policyHolderInfo,
      policyHolderDiv: '1',
      policyHolderNameKanji: '緑　花子',
      itemAnswers: { employeeNo: 'E1234' },
    },
    cvrgeInfo: {
      totalPremium: 1350,
      initTotalPremium: 1350,
      planUnitNo: 1,
      contractType: '2',
      unitArray: [
        { unit: 1, unitTypeCd: 'P1', unitPremium: 1200 },
        { unit: 2, unitTypeCd: 'O1', unitPremium: 150 },
      ],
    },
    insrdInfoArray: [person(1)],
    noticeMatterInfo: { answers: { hospitalised: '2' } },
  }
}

const contract = {
  groupPfCode: 'T000001',
  groupPfCodeInceptionDateYm: '202612',
  groupPfPolicyHolderNo: '0000012345',
  applyInfo: lastYear(),
}

describe('renewalDraftState（SPEC §4 更新手続きの下書き）', () => {
  const state = renewalDraftState({
    now,
    contract,
    next,
    account: { userId: 'U000000001', mailAddress: 'a@example.jp' },
    rosterAuthValues: {},
  })

  it('次年度の保険期間と保険料で、前年度のプランと被保険者を引き継ぐこと', () => {
    expect(state.applyInfo.policyHolderInfo).toMatchObject({
      policyHolderNameKanji: '緑　花子',
      policyHolderInceptionDate: '20271201',
      policyHolderExpiryDate: '20281130',
      itemAnswers: { employeeNo: 'E1234' },
    })
    expect(state.applyInfo.cvrgeInfo).toEqual({
      planUnitNo: 1,
      contractType: '2',
      unitArray: [
        { unit: 1, unitTypeCd: 'P1', unitPremium: 1300, premiumBasis: 'perInsured' },
        { unit: 2, unitTypeCd: 'O1', unitPremium: 250, premiumBasis: 'perInsured' },
      ],
      initTotalPremium: 1550,
      totalPremium: 1550,
    })
    expect(state.applyInfo.insrdInfoArray).toEqual([
      { ...person(1), itemAnswers: { relationship: '子' } },
    ])
  })

  it('表示する告知事項は空に戻して聞き直し、請求額と被保険者の確定を初めに戻し、引き継いだ方のいる補償は未確定とすること（SPEC §4）', () => {
    expect(state.applyInfo.noticeMatterInfo.answers).toEqual({ hospitalised: '' })
    expect(state.applyInfoOption.invoiceAmount).toBeNull()
    // no unit is confirmed: unit 1 carries last year's person (未確定), unit 2 has nobody (未登録)
    expect(state.applyInfoOption.insuredRegisterStatus).toEqual({ '1': '1', '2': '0' })
    expect(state.completedSteps).toEqual([])
    expect(state.applyInfo.basicInfo).toMatchObject({
      groupPfCodeInceptionDateYm: '202712',
      entryDiv: '2',
      preYearEntryDiv: '1',
      preYearPolicyHolderNo: '0000012345',
    })
  })

  it('次年度にないプランは引き継がないこと', () => {
    const withoutPlan = renewalDraftState({
      now,
      contract,
      next: {
        ...next,
        group: {
          ...nextGroup,
          unitInfoArray: nextGroup.unitInfoArray.filter((unit) => unit.unitNo !== 1),
        },
      },
      account: { userId: 'U000000001', mailAddress: 'a@example.jp' },
      rosterAuthValues: {},
    })
    expect(withoutPlan.applyInfo.cvrgeInfo).toMatchObject({
      planUnitNo: null,
      unitArray: [],
      totalPremium: 0,
    })
    expect(withoutPlan.applyInfo.insrdInfoArray).toEqual([])
  })
})

describe('自動更新の条件', () => {
  it('前年度の補償を次年度の保険料で、補償がなくなっていれば null を返すこと', () => {
    expect(autoRenewCvrgeContent(contract.applyInfo, nextGroup)?.totalPremium).toBe(1550)
    expect(
      autoRenewCvrgeContent(contract.applyInfo, {
        unitInfoArray: nextGroup.unitInfoArray.filter((unit) => unit.unitNo !== 2),
      }),
    ).toBeNull()
  })

  it('自動更新のご契約は、前年度の回答と告知をそのままに、220 か団体扱の 330 になること', () => {
    const base = {
      contract: { ...contract, completedSteps: [] },
      contractOption: initialApplyInfo({
        now,
        group: asGroup(thisYear),
        link,
        account: { userId: 'U', mailAddress: 'a@example.jp' },
        rosterAuthValues: {},
        items,
      }).applyInfoOption,
      policyHolderNo: '9999999999',
      today: '20271101',
    }
    const card = autoRenewedState({ ...base, next })
    expect(card?.applyInfo.basicInfo).toMatchObject({
      statusPattern: '220',
      groupPfPolicyHolderNo: '9999999999',
      applicationDate: '20271101',
    })
    expect(card?.applyInfo.noticeMatterInfo.answers).toEqual({ hospitalised: '2' })
    const group = autoRenewedState({
      ...base,
      next: { ...next, group: { ...nextGroup, pymntMethod: '4' } },
    })
    expect(group?.applyInfo.basicInfo.statusPattern).toBe('330')
  })

  it('insuredInfoWithoutPreRenewNotCopy は引き継がない回答を除くこと', () => {
    expect(insuredWithoutPreRenewNotCopy([person(1)], items)[0]?.itemAnswers).toEqual({
      relationship: '子',
    })
  })
})

describe('ホームの更新の表示（contractRenewalOf）', () => {
  const group = {
    renewalFixDate: '20271101',
    groupPfAutoRenewFlg: '1',
    groupInceptionDate: '20261201',
  } as const
  /** a contract whose cover began with the product's (no inception date of its own recorded) */
  const contract = { policyHolderInfo: { policyHolderInceptionDate: '' } } as Pick<
    ApplyInfo,
    'policyHolderInfo'
  >
  it.each([
    [
      'open',
      '20270601',
      true,
      { renewal: true, autoRenewCheck: true, stopAutoRenewal: true },
      '3',
      '1',
    ],
    [
      'inProcedure',
      '20270601',
      true,
      { renewal: true, autoRenewCheck: true, stopAutoRenewal: true },
      '3',
      '2',
    ],
    [
      'stopped',
      '20270601',
      true,
      { renewal: false, autoRenewCheck: false, stopAutoRenewal: false },
      '2',
      '3',
    ],
    [
      'renewed',
      '20271101',
      true,
      { renewal: false, autoRenewCheck: false, stopAutoRenewal: false },
      '1',
      '3',
    ],
    [
      'open',
      '20270601',
      false,
      { renewal: false, autoRenewCheck: false, stopAutoRenewal: true },
      '3',
      '3',
    ],
    [
      'open',
      '20271101',
      false,
      { renewal: false, autoRenewCheck: false, stopAutoRenewal: false },
      '4',
      '3',
    ],
  ] as const)('%s（%s、次年度 %s）', (state, today, hasNext, actions, stts, button) => {
    const shown = contractRenewalOf(state, renewalContext(today, group, hasNext, contract))
    expect(shown.actions).toEqual({ certificate: true, ...actions })
    expect(shown.renewal).toEqual({
      renewSttsDiv: stts,
      renewalProcedureButtonAndTextStatus: button,
      isAutoRenewing: true,
      renewalFixDate: '20271101',
      procedureOpensOn: null,
    })
  })

  it('補償が始まる前は更新のお手続きを示さず、始まる日を示すこと。中途加入はそのご契約の始期による（issue #23 point 19）', () => {
    const beforeCover = contractRenewalOf('open', renewalContext('20261120', group, true, contract))
    expect(beforeCover.actions).toEqual({
      certificate: true,
      renewal: false,
      autoRenewCheck: true,
      stopAutoRenewal: true,
    })
    expect(beforeCover.renewal?.procedureOpensOn).toBe('20261201')

    const midTerm = { policyHolderInfo: { policyHolderInceptionDate: '20270701' } } as Pick<
      ApplyInfo,
      'policyHolderInfo'
    >
    const joined = contractRenewalOf('open', renewalContext('20270601', group, true, midTerm))
    expect(joined.actions.renewal).toBe(false)
    expect(joined.renewal?.procedureOpensOn).toBe('20270701')
  })
})
