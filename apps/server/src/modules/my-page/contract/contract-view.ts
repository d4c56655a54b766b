import {
  isPlan,
  toBusinessDate,
  unitPremiumFor,
  type ApplyInfo,
  type GroupPfInfo,
  type GroupPfInfoBranchNo,
  type InsuredPerson,
} from '@app/shared'
import type { ContractSummary } from '@app/shared/api/my-page/endpoints'
import type { CertificateContent, CertificateInsured } from '../../certificate/certificate-pdf.ts'
import type { AppliedApplication } from './contract-repository.ts'

// What my-page shows of an applied application (issue #8, SPEC §3.1, §4): pure functions of the
// application and its group product, shared by home, checkContractInfo and the 加入者証.

const orNull = (value: string): string | null => (value === '' ? null : value)

/** One contract on home and on checkContractInfo (contractSummarySchema). */
/** Without its renewal (the 加入者証 reads only the period and the number). */
const noRenewal: Pick<ContractSummary, 'renewal' | 'actions'> = {
  renewal: null,
  actions: { certificate: true, renewal: false, autoRenewCheck: false, stopAutoRenewal: false },
}

export function contractSummary(
  application: AppliedApplication,
  group: Pick<GroupPfInfo, 'groupNameKanji' | 'groupExpiryDate' | 'pymntCount'>,
  renewal: Pick<ContractSummary, 'renewal' | 'actions'> = noRenewal,
): ContractSummary {
  const { basicInfo, policyHolderInfo, cvrgeInfo } = application.applyInfo
  return {
    coveragePeriod: {
      groupPfCodeInceptionDateYm: application.groupPfCodeInceptionDateYm,
      // SPEC §4: the application fixed its inception (empty outside the windows: not fixed)
      inceptionDate: orNull(policyHolderInfo.policyHolderInceptionDate),
      expiryDate: orNull(policyHolderInfo.policyHolderExpiryDate) ?? group.groupExpiryDate,
    },
    groupPfName: group.groupNameKanji,
    groupPfPolicyHolderNo:
      application.groupPfPolicyHolderNo ?? basicInfo.groupPfPolicyHolderNo ?? '',
    statusPattern: basicInfo.statusPattern,
    pymntMethod: basicInfo.pymntMethod,
    pymntCount: group.pymntCount,
    totalPremium: cvrgeInfo.totalPremium,
    applicationDate:
      basicInfo.applicationDate ??
      (application.appliedAt === null ? '' : toBusinessDate(application.appliedAt)),
    // issue #9: the renewal state and what it offers (RenewalService.contractRenewals)
    renewal: renewal.renewal,
    actions: renewal.actions,
  }
}

/** The units a contract names (its coverage and its insured persons), in unit order. */
function contractUnitNos(applyInfo: ApplyInfo): number[] {
  const unitNos = new Set([
    ...applyInfo.cvrgeInfo.unitArray.map((entry) => entry.unit),
    ...applyInfo.insrdInfoArray.map((insured) => insured.unit),
  ])
  return [...unitNos].sort((a, b) => a - b)
}

/** unit number → display name, for the units the contract names (unknown units are left out). */
export function unitNames(
  applyInfo: ApplyInfo,
  group: Pick<GroupPfInfo, 'unitInfoArray'>,
): Record<string, string> {
  const names: Record<string, string> = {}
  for (const unitNo of contractUnitNos(applyInfo)) {
    const unit = group.unitInfoArray.find((candidate) => candidate.unitNo === unitNo)
    if (unit !== undefined) names[String(unitNo)] = unit.displayName
  }
  return names
}

/** insrdInfoArray holds one entry per person and unit: the same person once, with their units. */
function insuredPersons(
  insrdInfoArray: readonly InsuredPerson[],
  nameOf: (unitNo: number) => string,
): CertificateInsured[] {
  const persons = new Map<string, { person: InsuredPerson; unitNos: number[] }>()
  for (const insured of insrdInfoArray) {
    const key = [
      insured.insrdNameKanji,
      insured.insrdNameKana,
      insured.insrdBirthDate,
      insured.insrdSex,
    ].join('\u0000')
    const entry = persons.get(key)
    if (entry === undefined) persons.set(key, { person: insured, unitNos: [insured.unit] })
    else if (!entry.unitNos.includes(insured.unit)) entry.unitNos.push(insured.unit)
  }
  return [...persons.values()].map(({ person, unitNos }) => ({
    nameKanji: person.insrdNameKanji,
    nameKana: person.insrdNameKana,
    birthDate: person.insrdBirthDate,
    unitNames: unitNos.toSorted((a, b) => a - b).map(nameOf),
  }))
}

/** What the 加入者証 says about one contract, issued at `now`. */
export function certificateContent(
  application: AppliedApplication,
  product: { group: GroupPfInfo; branch: GroupPfInfoBranchNo },
  now: Date,
): CertificateContent {
  const { applyInfo } = application
  const { group, branch } = product
  const summary = contractSummary(application, group)
  const names = unitNames(applyInfo, group)
  const nameOf = (unitNo: number) => names[String(unitNo)] ?? String(unitNo)
  const insuredCountOf = (unitNo: number) =>
    applyInfo.insrdInfoArray.filter((insured) => insured.unit === unitNo).length
  const holder = applyInfo.policyHolderInfo
  return {
    groupName: group.groupNameKanji,
    themeColor: group.themeColor,
    groupPfPolicyHolderNo: summary.groupPfPolicyHolderNo,
    policyHolder: {
      isCorporate: holder.policyHolderDiv === '2',
      nameKanji: holder.policyHolderNameKanji,
      nameKana: holder.policyHolderNameKana,
      zipCd: holder.policyHolderZipCd,
      addressKanji: holder.policyHolderAddressKanji,
    },
    period: {
      inceptionDate: summary.coveragePeriod.inceptionDate,
      inceptionTime: holder.policyHolderInceptionTime,
      expiryDate: summary.coveragePeriod.expiryDate,
      expiryTime:
        holder.policyHolderExpiryDate === ''
          ? group.groupExpiryTime
          : holder.policyHolderExpiryTime,
    },
    coverages: applyInfo.cvrgeInfo.unitArray.map((entry) => {
      const unit = group.unitInfoArray.find((candidate) => candidate.unitNo === entry.unit)
      return {
        isPlan: unit === undefined ? entry.unit === applyInfo.cvrgeInfo.planUnitNo : isPlan(unit),
        displayName: nameOf(entry.unit),
        unitPremium: entry.unitPremium,
        premiumBasis: entry.premiumBasis,
        insuredCount: insuredCountOf(entry.unit),
        // ADR 0012, ADR 0019: per insured person (once while none), or once for all of them
        premium: unitPremiumFor(entry, insuredCountOf(entry.unit)),
      }
    }),
    insured: insuredPersons(applyInfo.insrdInfoArray, nameOf),
    totalPremium: applyInfo.cvrgeInfo.totalPremium,
    pymntMethod: applyInfo.basicInfo.pymntMethod,
    pymntCount: group.pymntCount,
    applicationDate: summary.applicationDate,
    agencyContact: branch.refFreeField,
    certificateComment: group.certificateComment,
    issueDate: toBusinessDate(now),
    issuedAt: now,
  }
}
