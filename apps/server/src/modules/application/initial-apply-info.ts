import {
  applicationStart,
  type ApplicationGroup,
  type ApplyInfo,
  type ApplyInfoOption,
  type DocSlot,
  type EntryLink,
  type GroupPfInfo,
  type ItemAnswers,
  type ItemDefinition,
} from '@app/shared'

// SPEC §4 "at application start": the state a new application begins with (issue #6, ADR 0012).
// A pure function of the group, the link, the account and `now`; the draft is created with it in
// the same transaction as the account (AccessService), or on the first read of an older row.

/** The roster's normalised three-item values (authItemCd "1"–"3"), null where not set. */
export type RosterAuthValues = Partial<Record<'1' | '2' | '3', string | null>>

export interface InitialApplyInfoInput {
  now: Date
  group: ApplicationGroup & Pick<GroupPfInfo, 'pymntMethod'>
  link: EntryLink
  account: { userId: string; mailAddress: string }
  rosterAuthValues: RosterAuthValues
  items: readonly ItemDefinition[]
}

/** The answers the three-item check already gave: they are not asked again (ADR 0012). */
export function rosterAuthAnswers(
  items: readonly ItemDefinition[],
  rosterAuthValues: RosterAuthValues,
): ItemAnswers {
  const answers: ItemAnswers = {}
  for (const item of items) {
    if (item.authItemCd === null) continue
    const value = rosterAuthValues[item.authItemCd]
    if (value !== undefined && value !== null) answers[item.itemCode] = value
  }
  return answers
}

const fileSlot = (slots: readonly DocSlot[], slot: DocSlot) => (slots.includes(slot) ? [] : null)

export function initialApplyInfo(input: InitialApplyInfoInput): {
  applyInfo: ApplyInfo
  applyInfoOption: ApplyInfoOption
} {
  const { now, group, link, account } = input
  const start = applicationStart(now, group)
  const applyInfo: ApplyInfo = {
    urlKey: link.urlKey,
    basicInfo: {
      userId: account.userId,
      policyHolderEmailAddress: account.mailAddress,
      groupPfCode: link.groupPfCode,
      groupPfCodeInceptionDateYm: link.groupPfCodeInceptionDateYm,
      groupPfBranchNo: link.groupPfBranchNo,
      groupPfPolicyHolderNo: null,
      statusPattern: start.statusPattern,
      pymntMethod: start.pymntMethod,
      payeeAccntDisplayDiv: start.payeeAccntDisplayDiv,
      payeeAccntInfo: start.payeeAccntInfo,
      recruitFormat: start.recruitFormat,
      // SPEC §3.1, §9: entryDiv starts as "1", preYearEntryDiv as null
      entryDiv: '1',
      preYearEntryDiv: null,
      preYearPolicyHolderNo: null,
      customerNo: null,
      webAccntEntryStts: null,
      accntEntrySttsMemo: null,
      applicationDate: null,
      custNo: null,
      subMailAddress: null,
    },
    policyHolderInfo: {
      policyHolderDiv: null,
      ...start.period,
      policyHolderNameKana: '',
      policyHolderNameKanji: '',
      policyHolderBirthDate: '',
      policyHolderSex: '',
      policyHolderZipCd: '',
      policyHolderAddressKanji: '',
      policyHolderAddressKana: '',
      homeTelNo: '',
      mobileTelNo: '',
      faxNo: '',
      // SPEC §3.8: the other-insurance flag defaults to "2" (none)
      otherInsuranceFlg: '2',
      otherInsuranceCompanyName: '',
      otherInsuranceType: '',
      otherInsuranceExpiryDate: '',
      otherInsurancePymntLimit: '',
      itemAnswers: rosterAuthAnswers(input.items, input.rosterAuthValues),
    },
    cvrgeInfo: {
      totalPremium: 0,
      initTotalPremium: 0,
      unitArray: [],
      planUnitNo: null,
      contractType: null,
    },
    requiredDocsInfo: {
      file1Array: fileSlot(start.docSlots, 1),
      file2Array: fileSlot(start.docSlots, 2),
      file3Array: fileSlot(start.docSlots, 3),
    },
    insrdInfoArray: [],
    noticeMatterInfo: { answers: {} },
    maintenanceManagerInfo: null,
  }
  // SPEC §3.2 defaults
  const applyInfoOption: ApplyInfoOption = {
    sendMailFlg: '0',
    invoiceAmount: null,
    policyHolderNumber: null,
    insuredRegisterStatus: {},
    isExistApplyCompMailError: false,
    applyDiv: '1',
    periodDiv: '3',
    groupPfAutoRenewNa: '1',
    nextGroupPfCodeInceptionDateYm: null,
    nextGroupPfInceptionDate: null,
  }
  return { applyInfo, applyInfoOption }
}
