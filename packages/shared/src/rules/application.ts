import type { GroupPfInfo, UnitInfo } from '../api/group/group-pf-info.ts'
import type { PremiumBasis } from './premium-basis.ts'
import type { ItemDefinition } from '../api/group/item-definition.ts'
import type { ItemAnswer } from './item-answers.ts'
import { recruitFormat, recruitmentPhase } from './recruit.ts'

// The application's derived values (SPEC §4, §3.1, §3.2) and the coverage choice (§3.3, §8.4).
// Pure functions of the group's data and `now`: the server computes them as the authority, the
// browser uses the same ones for early feedback (issue #6, ADR 0012).

/** The parts of a group product these rules read. */
export type ApplicationGroup = Pick<
  GroupPfInfo,
  | 'atOnceRecruitStartDate'
  | 'atOnceRecruitEndDate'
  | 'halfwayRecruitStartDate'
  | 'halfwayRecruitEndDate'
  | 'groupInceptionDate'
  | 'groupInceptionTime'
  | 'groupExpiryDate'
  | 'groupExpiryTime'
  | 'halfwayPymntInceptionDate'
  | 'pymntMethod'
  | 'payeeAccntDisplayDiv'
  | 'payeeAccntInfo'
  | 'requiredDocsType1'
  | 'requiredDocsType2'
  | 'requiredDocsType3'
  | 'unitInfoArray'
>

export type StatusPattern = '110' | '210' | '211' | '220' | '330'

/** SPEC §4: the payee account is displayed only in format "2" when the group supplies it. */
export function payeeAccntDisplayDiv(
  format: '1' | '2',
  group: Pick<GroupPfInfo, 'payeeAccntDisplayDiv' | 'payeeAccntInfo'>,
): '1' | '2' {
  const supplied = group.payeeAccntDisplayDiv === '1' && (group.payeeAccntInfo ?? '') !== ''
  return format === '2' && supplied ? '1' : '2'
}

/**
 * SPEC §4 status pattern at application start: 211 when the account is displayed (display flag
 * "1" and format "2", any of the methods 1, 3, 4); otherwise 330 for group collection (method 4);
 * otherwise 110.
 */
export function initialStatusPattern(
  pymntMethod: GroupPfInfo['pymntMethod'],
  displayDiv: '1' | '2',
  format: '1' | '2',
): StatusPattern {
  if (displayDiv === '1' && format === '2') return '211'
  if (pymntMethod === '4') return '330'
  return '110'
}

export interface PolicyPeriod {
  policyHolderInceptionDate: string
  policyHolderInceptionTime: string
  policyHolderExpiryDate: string
  policyHolderExpiryTime: string
}

/**
 * SPEC §4 policy inception: inside the all-at-once window the group's inception date and time;
 * inside the mid-term window the mid-term inception date with no time; otherwise both empty.
 * Expiry date and time come from the group.
 */
export function policyPeriod(now: Date, group: ApplicationGroup): PolicyPeriod {
  const phase = recruitmentPhase(now, group)
  const expiry = {
    policyHolderExpiryDate: group.groupExpiryDate,
    policyHolderExpiryTime: group.groupExpiryTime,
  }
  if (phase === 'atOnce') {
    return {
      policyHolderInceptionDate: group.groupInceptionDate,
      policyHolderInceptionTime: group.groupInceptionTime,
      ...expiry,
    }
  }
  if (phase === 'halfway') {
    return {
      policyHolderInceptionDate: group.halfwayPymntInceptionDate ?? '',
      policyHolderInceptionTime: '',
      ...expiry,
    }
  }
  return { policyHolderInceptionDate: '', policyHolderInceptionTime: '', ...expiry }
}

export type DocSlot = 1 | 2 | 3
export const docSlots: readonly DocSlot[] = [1, 2, 3]

/** 必要書類の区分 of a slot: "1" not used, "2" required, "3" optional (SPEC §3.3). */
export function requiredDocsType(group: ApplicationGroup, slot: DocSlot): '1' | '2' | '3' {
  return slot === 1
    ? group.requiredDocsType1
    : slot === 2
      ? group.requiredDocsType2
      : group.requiredDocsType3
}

/** SPEC §4: the slots whose type is "2" or "3" get an (empty) file list. */
export function usedDocSlots(group: ApplicationGroup): DocSlot[] {
  return docSlots.filter((slot) => requiredDocsType(group, slot) !== '1')
}

/** The values SPEC §4 derives when the application starts. */
export interface ApplicationStart {
  recruitFormat: '1' | '2'
  payeeAccntDisplayDiv: '1' | '2'
  payeeAccntInfo: string | null
  statusPattern: StatusPattern
  pymntMethod: GroupPfInfo['pymntMethod']
  period: PolicyPeriod
  docSlots: DocSlot[]
}

export function applicationStart(now: Date, group: ApplicationGroup): ApplicationStart {
  const format = recruitFormat(now, group)
  const displayDiv = payeeAccntDisplayDiv(format, group)
  return {
    recruitFormat: format,
    payeeAccntDisplayDiv: displayDiv,
    payeeAccntInfo: displayDiv === '1' ? group.payeeAccntInfo : null,
    statusPattern: initialStatusPattern(group.pymntMethod, displayDiv, format),
    pymntMethod: group.pymntMethod,
    period: policyPeriod(now, group),
    docSlots: usedDocSlots(group),
  }
}

// ---------------------------------------------------------------------------------------------
// Coverage choice (SPEC §3.3 units, §8.4 plan selection)

/** SPEC §3.3: coverageTypeFlg "1" is a plan; anything else an option. */
export function isPlan(unit: Pick<UnitInfo, 'coverageTypeFlg'>): boolean {
  return unit.coverageTypeFlg === '1'
}

export function planUnits(group: Pick<GroupPfInfo, 'unitInfoArray'>): UnitInfo[] {
  return group.unitInfoArray.filter(isPlan)
}

/** The options that may be added to a plan: relatedUnitNo empty (any plan) or naming the plan. */
export function optionUnitsFor(
  group: Pick<GroupPfInfo, 'unitInfoArray'>,
  planUnitNo: number,
): UnitInfo[] {
  return group.unitInfoArray.filter(
    (unit) =>
      !isPlan(unit) && (unit.relatedUnitNo.length === 0 || unit.relatedUnitNo.includes(planUnitNo)),
  )
}

export interface UnitConflict {
  /** the display names of the conflicting plans and options, in unit order */
  planNames: string[]
  optionNames: string[]
}

/**
 * Units chosen together that must not be (each unit's conflictUnitNo, read both ways), or
 * undefined when there is no conflict. SPEC §8.4 lists them by name under plan or option.
 */
export function unitConflict(
  group: Pick<GroupPfInfo, 'unitInfoArray'>,
  chosenUnitNos: readonly number[],
): UnitConflict | undefined {
  const chosen = group.unitInfoArray.filter((unit) => chosenUnitNos.includes(unit.unitNo))
  const involved = new Set<number>()
  for (const unit of chosen) {
    for (const other of chosen) {
      if (unit.unitNo === other.unitNo) continue
      if (
        unit.conflictUnitNo.includes(other.unitNo) ||
        other.conflictUnitNo.includes(unit.unitNo)
      ) {
        involved.add(unit.unitNo)
        involved.add(other.unitNo)
      }
    }
  }
  if (involved.size === 0) return undefined
  const units = chosen.filter((unit) => involved.has(unit.unitNo))
  return {
    planNames: units.filter(isPlan).map((unit) => unit.displayName),
    optionNames: units.filter((unit) => !isPlan(unit)).map((unit) => unit.displayName),
  }
}

export interface CvrgeUnit {
  unit: number
  unitTypeCd: string
  unitPremium: number
  /** absent: per insured person (applications saved before the field) */
  premiumBasis?: PremiumBasis | undefined
}

/** cvrgeInfo.unitArray (SPEC §3.1) for chosen units, in unit order. */
export function cvrgeUnits(
  group: Pick<GroupPfInfo, 'unitInfoArray'>,
  chosenUnitNos: readonly number[],
): CvrgeUnit[] {
  return group.unitInfoArray
    .filter((unit) => chosenUnitNos.includes(unit.unitNo))
    .sort((a, b) => a.unitNo - b.unitNo)
    .map((unit) => ({
      unit: unit.unitNo,
      unitTypeCd: unit.unitTypeCd,
      unitPremium: unit.unitPremium,
      premiumBasis: unit.premiumBasis,
    }))
}

/**
 * A unit's premium for the persons registered in it (ADR 0012, ADR 0019 point 3): a per-person
 * premium counts once per insured person and once while it has none (the price of the coverage
 * as chosen, before anyone is registered); a per-unit premium (夫婦型, 家族型) counts once
 * whoever it covers.
 */
export function unitPremiumFor(entry: CvrgeUnit, insuredCount: number): number {
  return entry.premiumBasis === 'perUnit'
    ? entry.unitPremium
    : entry.unitPremium * Math.max(1, insuredCount)
}

/** 合計保険料 (SPEC §3.1 cvrgeInfo.totalPremium): the sum of unitPremiumFor over the units. */
export function totalPremium(
  unitArray: readonly CvrgeUnit[],
  insuredCountOf: (unitNo: number) => number,
): number {
  return unitArray.reduce(
    (sum, entry) => sum + unitPremiumFor(entry, insuredCountOf(entry.unit)),
    0,
  )
}

// ---------------------------------------------------------------------------------------------
// Which item definitions apply (SPEC §3.5, §6)

/** relatedUnitNo empty means every unit; otherwise the item applies when it names a chosen unit. */
export function appliesToUnits(
  item: Pick<ItemDefinition, 'relatedUnitNo'>,
  unitNos: readonly number[],
): boolean {
  return item.relatedUnitNo.length === 0 || item.relatedUnitNo.some((no) => unitNos.includes(no))
}

const byDisplayOrder = (a: ItemDefinition, b: ItemDefinition): number =>
  a.displayOrder - b.displayOrder || a.itemCode.localeCompare(b.itemCode)

const isShown = (item: ItemDefinition): boolean => item.applicationDispDisplayFlg === '1'

/**
 * The policy holder's own items on inputPolicyHolderInfo: category 010, itemClass 010, shown on
 * the application, applying to the chosen units, in displayOrder. The three-item authentication
 * items are not asked again: their values come from the roster (ADR 0012).
 */
export function policyHolderItems(
  items: readonly ItemDefinition[],
  chosenUnitNos: readonly number[],
): ItemDefinition[] {
  return items
    .filter(
      (item) =>
        item.category === '010' &&
        item.itemClass === '010' &&
        item.authItemCd === null &&
        isShown(item) &&
        appliesToUnits(item, chosenUnitNos),
    )
    .sort(byDisplayOrder)
}

/** The insured items of one unit: category 020, itemClass 010, shown, applying to the unit. */
export function insuredItems(items: readonly ItemDefinition[], unitNo: number): ItemDefinition[] {
  return items
    .filter(
      (item) =>
        item.category === '020' &&
        item.itemClass === '010' &&
        isShown(item) &&
        appliesToUnits(item, [unitNo]),
    )
    .sort(byDisplayOrder)
}

/** SPEC §4: the unit list shows only the chosen units that have insured-item definitions. */
export function insuredUnitNos(
  items: readonly ItemDefinition[],
  chosenUnitNos: readonly number[],
): number[] {
  return [...chosenUnitNos]
    .sort((a, b) => a - b)
    .filter((unitNo) => insuredItems(items, unitNo).length > 0)
}

/** Every notice matter (itemClass 030) that applies to the chosen units, shown or not. */
export function applicableNoticeItems(
  items: readonly ItemDefinition[],
  chosenUnitNos: readonly number[],
): ItemDefinition[] {
  return items
    .filter((item) => item.itemClass === '030' && appliesToUnits(item, chosenUnitNos))
    .sort(byDisplayOrder)
}

/** The notice matters asked on noticeMatters: those applying and shown on the application. */
export function noticeItems(
  items: readonly ItemDefinition[],
  chosenUnitNos: readonly number[],
): ItemDefinition[] {
  return applicableNoticeItems(items, chosenUnitNos).filter(isShown)
}

/** SPEC §8.4 "notice answers block the application": the answer is one the item blocks on. */
export function isBlockingAnswer(item: ItemDefinition, answer: ItemAnswer): boolean {
  if (answer === undefined || item.blockingAnswerArray.length === 0) return false
  const chosen = typeof answer === 'string' ? [answer] : answer
  return chosen.some((code) => item.blockingAnswerArray.includes(code))
}

/** The notice items whose answer blocks the application, in display order. */
export function blockingNoticeItems(
  items: readonly ItemDefinition[],
  answers: Readonly<Record<string, ItemAnswer>>,
): ItemDefinition[] {
  return items.filter((item) => isBlockingAnswer(item, answers[item.itemCode]))
}

/**
 * SPEC §4: when the chosen coverage differs from the stored one, the notice answers are cleared
 * and refilled: a non-displayed item takes its previous-year renewal copy value (when the item
 * is flagged for copying and a value exists), every other item starts empty.
 */
export function refilledNoticeAnswers(
  items: readonly ItemDefinition[],
  chosenUnitNos: readonly number[],
  preRenewValues: Readonly<Record<string, ItemAnswer>>,
): Record<string, ItemAnswer> {
  const answers: Record<string, ItemAnswer> = {}
  for (const item of applicableNoticeItems(items, chosenUnitNos)) {
    const copied = preRenewValues[item.itemCode]
    answers[item.itemCode] =
      !isShown(item) && item.preRenewCopyFlg === '1' && copied !== undefined ? copied : ''
  }
  return answers
}

/** Whether two unit choices are the same set. */
export function sameUnits(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false
  const set = new Set(a)
  return b.every((no) => set.has(no))
}
