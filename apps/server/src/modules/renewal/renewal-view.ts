import {
  cvrgeUnits,
  insuredUnitNos,
  isPlan,
  totalPremium,
  type ApplyInfo,
  type ApplyInfoOption,
  type EntryLink,
  type GroupPfInfo,
  type InsuredPerson,
  type ItemDefinition,
  type StatusPattern,
} from '@app/shared'
import type { ContractSummary } from '@app/shared/api/my-page/endpoints'
import type { CvrgeContent, NextYear, RenewalInfo } from '@app/shared/api/renewal/endpoints'
import {
  carryOverAnswers,
  isAutoRenewing,
  renewalDisplay,
  type RenewalContext,
  type RenewalState,
  type RenewedBy,
} from '@app/shared/rules/renewal'
import { insuredRegisterStatusOf } from '@app/shared/rules/insured'
import { amountDue } from '@app/shared/rules/payment'
import { refilledAnswers, type ApplicationState } from '../application/apply-info-state.ts'
import { initialApplyInfo, type RosterAuthValues } from '../application/initial-apply-info.ts'
import { unitNames } from '../my-page/contract/contract-view.ts'

// What a renewal shows and writes (issue #9, SPEC §3.7, §4; ADR 0016): pure functions of the
// contract (last year's applied application), its product year, next year's product and today.

/** Next year's product as a renewal reads it: the product, its items and its enrolment link. */
export interface NextProduct {
  group: GroupPfInfo
  items: readonly ItemDefinition[]
  link: EntryLink
}

/** A contract as these functions read it. */
export interface ContractFacts {
  groupPfCode: string
  groupPfCodeInceptionDateYm: string
  groupPfPolicyHolderNo: string | null
  applyInfo: ApplyInfo
}

/** The product-year fields the rules' context reads. */
export type RenewalContextGroup = Pick<
  GroupPfInfo,
  'renewalFixDate' | 'groupPfAutoRenewFlg' | 'groupInceptionDate'
>

/**
 * The rules' context (rules/renewal.ts): the contract's product year, today, next year, and the
 * day the contract's cover begins (its own inception date: a mid-term joiner's is later than the
 * product's; the product's when none was recorded).
 */
export function renewalContext(
  today: string,
  group: RenewalContextGroup,
  hasNextProduct: boolean,
  applyInfo: Pick<ApplyInfo, 'policyHolderInfo'>,
): RenewalContext {
  const inception = applyInfo.policyHolderInfo.policyHolderInceptionDate
  return {
    today,
    renewalFixDate: group.renewalFixDate,
    groupPfAutoRenewFlg: group.groupPfAutoRenewFlg,
    hasNextProduct,
    coverStartDate: inception === '' ? group.groupInceptionDate : inception,
  }
}

/** SPEC §3.7 cvrgeContent of an application. */
export function cvrgeContentOf(applyInfo: ApplyInfo): CvrgeContent {
  return {
    totalPremium: applyInfo.cvrgeInfo.totalPremium,
    unitArray: applyInfo.cvrgeInfo.unitArray,
  }
}

const insuredCountOf = (persons: readonly InsuredPerson[]) => (unitNo: number) =>
  persons.filter((person) => person.unit === unitNo).length

/**
 * The terms an auto-renewal takes: last year's units and insured persons at next year's
 * premiums; null when one of last year's units is not offered next year (it cannot renew as is).
 */
export function autoRenewCvrgeContent(
  applyInfo: ApplyInfo,
  next: Pick<GroupPfInfo, 'unitInfoArray'>,
): CvrgeContent | null {
  const unitNos = applyInfo.cvrgeInfo.unitArray.map((entry) => entry.unit)
  const offered = new Set(next.unitInfoArray.map((unit) => unit.unitNo))
  if (unitNos.length === 0 || !unitNos.every((unitNo) => offered.has(unitNo))) return null
  const unitArray = cvrgeUnits(next, unitNos)
  return {
    totalPremium: totalPremium(unitArray, insuredCountOf(applyInfo.insrdInfoArray)),
    unitArray,
  }
}

/**
 * SPEC §3.7 insuredInfoWithoutPreRenewNotCopy: last year's insured persons, each with only the
 * answers that carry over (SPEC §4 preRenewCopyFlg) under the given year's item definitions.
 */
export function insuredWithoutPreRenewNotCopy(
  persons: readonly InsuredPerson[],
  items: readonly ItemDefinition[],
): InsuredPerson[] {
  return persons.map((person) => ({
    ...person,
    itemAnswers: carryOverAnswers(items, person.itemAnswers),
  }))
}

/** Next year's product as renewalInfo shows it. */
export function nextYearOf(contract: ContractFacts, next: NextProduct): NextYear {
  const { group, link } = next
  const terms = autoRenewCvrgeContent(contract.applyInfo, group)
  return {
    groupPfCodeInceptionDateYm: group.groupPfCodeInceptionDateYm,
    groupInceptionDate: group.groupInceptionDate,
    groupExpiryDate: group.groupExpiryDate,
    groupPfBranchNo: link.groupPfBranchNo,
    urlKey: link.urlKey,
    autoRenewCvrgeContent: terms,
    unitNames: unitNames(contract.applyInfo, group),
    pymntCount: group.pymntCount,
  }
}

/** GET /renewalInfo/ (renewalInfoSchema). */
export function renewalInfoOf(input: {
  contract: ContractFacts
  contractGroup: GroupPfInfo
  contractItems: readonly ItemDefinition[]
  next: NextProduct | undefined
  hasNextProduct: boolean
  state: RenewalState
  renewedBy: RenewedBy | null
  autoRenewStoppedAt: Date | null
  renewedGroupPfCodeInceptionDateYm: string | null
  today: string
}): RenewalInfo {
  const { contract, contractGroup, next } = input
  const { applyInfo } = contract
  const context = renewalContext(input.today, contractGroup, input.hasNextProduct, applyInfo)
  const display = renewalDisplay(input.state, context)
  const policyHolderNo = contract.groupPfPolicyHolderNo ?? applyInfo.basicInfo.groupPfPolicyHolderNo
  const holder = applyInfo.policyHolderInfo
  return {
    groupPfCode: contract.groupPfCode,
    groupPfPolicyHolderNo: policyHolderNo ?? '',
    subMailAddress: applyInfo.basicInfo.subMailAddress,
    state: input.state,
    renewedBy: input.renewedBy,
    renewSttsDiv: display.renewSttsDiv,
    renewalProcedureButtonAndTextStatus: display.renewalProcedureButtonAndTextStatus,
    canStopAutoRenewal: display.canStopAutoRenewal,
    procedureOpensOn: display.procedureOpensOn,
    groupPfAutoRenewFlg: contractGroup.groupPfAutoRenewFlg,
    renewalFixDate: contractGroup.renewalFixDate,
    pymntCount: contractGroup.pymntCount,
    autoRenewStoppedAt: input.autoRenewStoppedAt?.toISOString() ?? null,
    preRenewPolicyHolderInfo: {
      status: {
        preRenewSerialNo: policyHolderNo ?? '',
        groupPfCodeInceptionDateYm: contract.groupPfCodeInceptionDateYm,
        statusPattern: applyInfo.basicInfo.statusPattern,
        inceptionDate:
          holder.policyHolderInceptionDate === '' ? null : holder.policyHolderInceptionDate,
        expiryDate:
          holder.policyHolderExpiryDate === ''
            ? contractGroup.groupExpiryDate
            : holder.policyHolderExpiryDate,
      },
      policyHolderInfo: holder,
      insrdInfoArray: applyInfo.insrdInfoArray,
      cvrgeContent: cvrgeContentOf(applyInfo),
      unitNames: unitNames(applyInfo, contractGroup),
    },
    insuredInfoWithoutPreRenewNotCopy: insuredWithoutPreRenewNotCopy(
      applyInfo.insrdInfoArray,
      next?.items ?? input.contractItems,
    ),
    nextYear: next === undefined ? null : nextYearOf(contract, next),
    renewedGroupPfCodeInceptionDateYm: input.renewedGroupPfCodeInceptionDateYm,
  }
}

/** Home's renewal of one contract and the actions it offers (contractSummarySchema). */
export function contractRenewalOf(
  state: RenewalState,
  context: RenewalContext,
): Pick<ContractSummary, 'renewal' | 'actions'> {
  const display = renewalDisplay(state, context)
  const autoRenewing = isAutoRenewing(context)
  return {
    renewal: {
      renewSttsDiv: display.renewSttsDiv,
      renewalProcedureButtonAndTextStatus: display.renewalProcedureButtonAndTextStatus,
      isAutoRenewing: autoRenewing,
      renewalFixDate: context.renewalFixDate,
      procedureOpensOn: display.procedureOpensOn,
    },
    actions: {
      certificate: true,
      renewal: display.renewalProcedureButtonAndTextStatus !== '3',
      autoRenewCheck:
        autoRenewing && (state === 'open' || state === 'inProcedure') && context.hasNextProduct,
      stopAutoRenewal: display.canStopAutoRenewal,
    },
  }
}

/** Next year's policy period: the product's own inception and expiry (a renewal starts with it). */
function nextPeriod(group: GroupPfInfo) {
  return {
    policyHolderInceptionDate: group.groupInceptionDate,
    policyHolderInceptionTime: group.groupInceptionTime,
    policyHolderExpiryDate: group.groupExpiryDate,
    policyHolderExpiryTime: group.groupExpiryTime,
  }
}

/** The basicInfo fields a renewal sets (SPEC §3.1, §9: entryDiv "2", the previous year). */
function renewalBasics(contract: ContractFacts) {
  const last = contract.applyInfo.basicInfo
  return {
    entryDiv: '2',
    preYearEntryDiv: last.entryDiv,
    preYearPolicyHolderNo: contract.groupPfPolicyHolderNo ?? last.groupPfPolicyHolderNo,
    subMailAddress: last.subMailAddress,
  }
}

/**
 * The renewal procedure's draft on next year's product (SPEC §4 "renewal procedure"): the state
 * an application starts with there, then last year's policy holder, the units next year still
 * offers with their insured persons, and the answers flagged preRenewCopyFlg; notice matters
 * are asked again, the insured register status and the invoice amount start over, and every
 * step is walked again (next year's terms are agreed to anew).
 */
export function renewalDraftState(input: {
  now: Date
  contract: ContractFacts
  next: NextProduct
  account: { userId: string; mailAddress: string }
  rosterAuthValues: RosterAuthValues
}): ApplicationState {
  const { contract, next } = input
  const last = contract.applyInfo
  const start = initialApplyInfo({
    now: input.now,
    group: next.group,
    link: next.link,
    account: input.account,
    rosterAuthValues: input.rosterAuthValues,
    items: next.items,
  })
  const offered = new Set(next.group.unitInfoArray.map((unit) => unit.unitNo))
  const plan = next.group.unitInfoArray.find(
    (unit) => unit.unitNo === last.cvrgeInfo.planUnitNo && isPlan(unit),
  )
  // Without last year's plan next year, nothing of the coverage carries over.
  const keptUnitNos =
    plan === undefined
      ? []
      : last.cvrgeInfo.unitArray.map((entry) => entry.unit).filter((unitNo) => offered.has(unitNo))
  const unitArray = cvrgeUnits(next.group, keptUnitNos)
  const insuredUnits = insuredUnitNos(next.items, keptUnitNos)
  const persons = insuredWithoutPreRenewNotCopy(
    last.insrdInfoArray.filter((person) => insuredUnits.includes(person.unit)),
    next.items,
  )
  const lastHolder = last.policyHolderInfo
  const applyInfo: ApplyInfo = {
    ...start.applyInfo,
    basicInfo: { ...start.applyInfo.basicInfo, ...renewalBasics(contract) },
    policyHolderInfo: {
      ...start.applyInfo.policyHolderInfo,
      ...nextPeriod(next.group),
      policyHolderDiv: lastHolder.policyHolderDiv,
      policyHolderNameKana: lastHolder.policyHolderNameKana,
      policyHolderNameKanji: lastHolder.policyHolderNameKanji,
      policyHolderBirthDate: lastHolder.policyHolderBirthDate,
      policyHolderSex: lastHolder.policyHolderSex,
      policyHolderZipCd: lastHolder.policyHolderZipCd,
      policyHolderAddressKanji: lastHolder.policyHolderAddressKanji,
      policyHolderAddressKana: lastHolder.policyHolderAddressKana,
      homeTelNo: lastHolder.homeTelNo,
      mobileTelNo: lastHolder.mobileTelNo,
      faxNo: lastHolder.faxNo,
      otherInsuranceFlg: lastHolder.otherInsuranceFlg,
      otherInsuranceCompanyName: lastHolder.otherInsuranceCompanyName,
      otherInsuranceType: lastHolder.otherInsuranceType,
      otherInsuranceExpiryDate: lastHolder.otherInsuranceExpiryDate,
      otherInsurancePymntLimit: lastHolder.otherInsurancePymntLimit,
      itemAnswers: {
        ...start.applyInfo.policyHolderInfo.itemAnswers,
        ...carryOverAnswers(next.items, lastHolder.itemAnswers),
      },
    },
    cvrgeInfo: {
      initTotalPremium: totalPremium(unitArray, () => 1),
      totalPremium: totalPremium(unitArray, insuredCountOf(persons)),
      unitArray,
      planUnitNo: plan === undefined ? null : plan.unitNo,
      contractType: plan === undefined ? null : last.cvrgeInfo.contractType,
    },
    insrdInfoArray: persons,
    // SPEC §4 "Pre-renewal copy": notice matters shown on the application are asked again;
    // hidden ones flagged preRenewCopyFlg keep last year's answer (issue #17 point 12)
    noticeMatterInfo: {
      answers: refilledAnswers(next.items, keptUnitNos, last.noticeMatterInfo.answers),
    },
    maintenanceManagerInfo: last.maintenanceManagerInfo,
  }
  // SPEC §4 "Starting the renewal procedure resets the insured register status and the invoice
  // amount": no unit is confirmed; one with persons carried over is 未確定, not 未登録
  const countOf = insuredCountOf(persons)
  const applyInfoOption: ApplyInfoOption = {
    ...start.applyInfoOption,
    invoiceAmount: null,
    insuredRegisterStatus: Object.fromEntries(
      insuredUnits.map((unitNo) => [
        String(unitNo),
        insuredRegisterStatusOf(countOf(unitNo), false),
      ]),
    ),
    nextGroupPfCodeInceptionDateYm: null,
    nextGroupPfInceptionDate: null,
  }
  return { applyInfo, applyInfoOption, completedSteps: [] }
}

/**
 * The contract the renewal job writes (ADR 0016): last year's application moved to next year
 * on its own terms — same units, insured persons and answers, next year's premiums and period.
 * No card is kept, so the agency invoices it (220), except under group collection (330).
 * Undefined when one of last year's units is not offered next year.
 */
export function autoRenewedState(input: {
  contract: ContractFacts & { completedSteps: ApplicationState['completedSteps'] }
  contractOption: ApplyInfoOption
  next: NextProduct
  policyHolderNo: string
  today: string
}): ApplicationState | undefined {
  const { contract, next } = input
  const last = contract.applyInfo
  const terms = autoRenewCvrgeContent(last, next.group)
  if (terms === undefined || terms === null) return undefined
  const statusPattern: StatusPattern = next.group.pymntMethod === '4' ? '330' : '220'
  const applyInfo: ApplyInfo = {
    ...last,
    urlKey: next.link.urlKey,
    basicInfo: {
      ...last.basicInfo,
      ...renewalBasics(contract),
      groupPfCode: next.link.groupPfCode,
      groupPfCodeInceptionDateYm: next.link.groupPfCodeInceptionDateYm,
      groupPfBranchNo: next.link.groupPfBranchNo,
      groupPfPolicyHolderNo: input.policyHolderNo,
      statusPattern,
      pymntMethod: next.group.pymntMethod,
      payeeAccntDisplayDiv: '2',
      payeeAccntInfo: null,
      recruitFormat: '1',
      applicationDate: input.today,
    },
    policyHolderInfo: { ...last.policyHolderInfo, ...nextPeriod(next.group) },
    cvrgeInfo: {
      ...last.cvrgeInfo,
      unitArray: terms.unitArray,
      totalPremium: terms.totalPremium,
      initTotalPremium: totalPremium(terms.unitArray, () => 1),
    },
  }
  const applyInfoOption: ApplyInfoOption = {
    ...input.contractOption,
    invoiceAmount: amountDue(terms.totalPremium, next.group),
    policyHolderNumber: input.policyHolderNo,
    isExistApplyCompMailError: false,
    nextGroupPfCodeInceptionDateYm: null,
    nextGroupPfInceptionDate: null,
  }
  return { applyInfo, applyInfoOption, completedSteps: contract.completedSteps }
}
