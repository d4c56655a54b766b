import { randomUUID } from 'node:crypto'
import {
  AppError,
  applicableNoticeItems,
  applicationProgress,
  completedAfterSave,
  confirmationSteps,
  currentConsentVersions,
  cvrgeUnits,
  docSlots,
  errorCodes,
  insuredItems,
  insuredUnitNos,
  isBlockingAnswer,
  noticeItems,
  optionUnitsFor,
  planUnits,
  policyHolderIssues,
  policyHolderItems,
  refilledNoticeAnswers,
  requiredDocsType,
  sameUnits,
  t as catalogue,
  totalPremium,
  unitConflict,
  usedDocSlots,
  validateItemAnswers,
  type ApplicationProgress,
  type ApplicationStep,
  type ApplyInfo,
  type ApplyInfoOption,
  type ConsentDocumentId,
  type ConsentReference,
  type CvrgeUnit,
  type DocSlot,
  type FileRef,
  type FlowShape,
  type GroupPfInfo,
  type InsuredInput,
  type InsuredPerson,
  type Issue,
  type ItemAnswers,
  type ItemDefinition,
  type stepBodySchemas,
} from '@app/shared'
import { t } from '@app/shared/messages/application'
import { insuredRegisterStatusOf } from '@app/shared/rules/insured'
import { conflictMessage } from '@app/shared/api/application/select-type'
import type * as z from 'zod/mini'

// The application's state and how each write changes it (issue #6, ADR 0012; SPEC §3.1, §3.2,
// §4, §8.4). Pure functions: the service loads the state, calls one of these and stores the
// result under the optimistic lock. A refusal is an AppError (400 with field issues).

export interface ApplicationState {
  applyInfo: ApplyInfo
  applyInfoOption: ApplyInfoOption
  completedSteps: ApplicationStep[]
}

/** The group product an application belongs to. */
export interface Product {
  group: GroupPfInfo
  items: readonly ItemDefinition[]
  /** a renewal procedure's draft: last year's notice answers (SPEC §3.7, §4 refill) */
  preRenewAnswers?: ItemAnswers
}

export type StepBody<S extends ApplicationStep> = z.output<(typeof stepBodySchemas)[S]>

/** A step's result: the new state and, for the consent steps, the consents to record. */
export interface StepOutcome {
  state: ApplicationState
  consents?: ConsentReference[]
}

/** Insured persons per unit, at most (issue #6). */
export const MAX_INSURED_PER_UNIT = 10
/** Files per required-document slot, at most (issue #6). */
export const MAX_FILES_PER_SLOT = 5

function invalid(issues: Issue[]): never {
  throw new AppError(errorCodes.validationFailed, {
    message: `rejected: ${issues.map((issue) => issue.path).join(', ')}`,
    issues,
  })
}

function notFound(what: string): never {
  throw new AppError(errorCodes.apiNotFound, { message: `${what} not found` })
}

/** The units chosen on selectType (cvrgeInfo.unitArray), in unit order. */
export function chosenUnitNos(applyInfo: ApplyInfo): number[] {
  return applyInfo.cvrgeInfo.unitArray.map((entry) => entry.unit)
}

export function flowShape(state: ApplicationState, product: Product): FlowShape {
  const units = chosenUnitNos(state.applyInfo)
  return {
    policyHolderDiv: state.applyInfo.policyHolderInfo.policyHolderDiv,
    insuredUnitCount: insuredUnitNos(product.items, units).length,
    noticeItemCount: noticeItems(product.items, units).length,
    docSlotCount: usedDocSlots(product.group).length,
    coverageChosen: units.length > 0,
  }
}

export function progressOf(state: ApplicationState, product: Product): ApplicationProgress {
  return applicationProgress(flowShape(state, product), state.completedSteps)
}

/** The completed steps after a change that is not a step's own save: the given steps and the
 * confirmations are voided. */
export function completedAfterChange(
  completed: readonly ApplicationStep[],
  voided: readonly ApplicationStep[],
): ApplicationStep[] {
  const gone = new Set<ApplicationStep>([...confirmationSteps, ...voided])
  return completed.filter((step) => !gone.has(step))
}

function insuredCountOf(persons: readonly InsuredPerson[]): (unitNo: number) => number {
  return (unitNo) => persons.filter((person) => person.unit === unitNo).length
}

function premiums(unitArray: CvrgeUnit[], persons: readonly InsuredPerson[]) {
  return {
    initTotalPremium: totalPremium(unitArray, () => 1),
    totalPremium: totalPremium(unitArray, insuredCountOf(persons)),
  }
}

function pickAnswers(items: readonly ItemDefinition[], answers: ItemAnswers): ItemAnswers {
  const picked: ItemAnswers = {}
  for (const item of items) {
    const answer = answers[item.itemCode]
    if (answer !== undefined) picked[item.itemCode] = answer
  }
  return picked
}

/**
 * SPEC §4 refill of the notice answers: a hidden item flagged preRenewCopyFlg takes last year's
 * answer (a renewal procedure's draft, SPEC §3.7), every other item starts empty (issue #17
 * point 12: the refill used to pass no previous year at all).
 */
export function refilledAnswers(
  items: readonly ItemDefinition[],
  units: readonly number[],
  preRenewAnswers: ItemAnswers = {},
): ItemAnswers {
  const answers: ItemAnswers = {}
  const refilled = refilledNoticeAnswers(items, units, preRenewAnswers)
  for (const [code, answer] of Object.entries(refilled)) {
    if (answer !== undefined) answers[code] = typeof answer === 'string' ? answer : [...answer]
  }
  return answers
}

// ---------------------------------------------------------------------------------------------
// Consents (ADR 0009): the current version of each document, or a field issue

function requireConsents(
  given: readonly ConsentReference[],
  required: ReadonlyArray<[ConsentDocumentId, string]>,
): ConsentReference[] {
  const issues: Issue[] = []
  const consents: ConsentReference[] = []
  for (const [documentId, message] of required) {
    const version = currentConsentVersions[documentId]
    const found = given.some(
      (consent) => consent.documentId === documentId && consent.version === version,
    )
    if (found) consents.push({ documentId, version })
    else issues.push({ path: 'consentArray', message })
  }
  if (issues.length > 0) invalid(issues)
  return consents
}

// ---------------------------------------------------------------------------------------------
// The steps (rules/application-steps.ts)

type StepHandler<S extends ApplicationStep> = (
  state: ApplicationState,
  body: StepBody<S>,
  product: Product,
) => StepOutcome

function saved(
  state: ApplicationState,
  step: ApplicationStep,
  changes: Partial<Omit<ApplicationState, 'completedSteps'>> = {},
  alsoVoid: readonly ApplicationStep[] = [],
): ApplicationState {
  return {
    ...state,
    ...changes,
    completedSteps: completedAfterSave(state.completedSteps, step, alsoVoid),
  }
}

const entryTerms: StepHandler<'entryTerms'> = (state, body) => ({
  state: saved(state, 'entryTerms'),
  consents: requireConsents(body.consentArray, [
    ['entry-terms', catalogue('consent.entryTerms.required')],
    ['privacy-policy', catalogue('consent.privacyPolicy.required')],
  ]),
})

const selectPolicyHolderDiv: StepHandler<'selectPolicyHolderDiv'> = (state, body) => {
  const { applyInfo } = state
  const isChanged = applyInfo.policyHolderInfo.policyHolderDiv !== body.policyHolderDiv
  return {
    state: saved(
      state,
      'selectPolicyHolderDiv',
      {
        applyInfo: {
          ...applyInfo,
          policyHolderInfo: {
            ...applyInfo.policyHolderInfo,
            policyHolderDiv: body.policyHolderDiv,
          },
          // a personal policy holder has no 担当者: what was entered for a corporate one goes
          maintenanceManagerInfo:
            body.policyHolderDiv === '1' ? null : applyInfo.maintenanceManagerInfo,
        },
      },
      isChanged ? ['inputPolicyHolderInfo', 'registerMaintenanceManager'] : [],
    ),
  }
}

const selectCategory: StepHandler<'selectCategory'> = (state, body, product) => {
  if (!planUnits(product.group).some((unit) => unit.unitNo === body.planUnitNo)) {
    invalid([{ path: 'planUnitNo', message: t('application.validation.unknownUnit') }])
  }
  const { applyInfo } = state
  const isChanged = applyInfo.cvrgeInfo.planUnitNo !== body.planUnitNo
  return {
    state: saved(
      state,
      'selectCategory',
      {
        applyInfo: {
          ...applyInfo,
          cvrgeInfo: {
            ...applyInfo.cvrgeInfo,
            planUnitNo: body.planUnitNo,
            contractType: isChanged ? null : applyInfo.cvrgeInfo.contractType,
          },
        },
      },
      isChanged ? ['selectType'] : [],
    ),
  }
}

const selectType: StepHandler<'selectType'> = (state, body, product) => {
  const { applyInfo, applyInfoOption } = state
  const planUnitNo = applyInfo.cvrgeInfo.planUnitNo
  if (planUnitNo === null) throw new AppError(errorCodes.stepNotOpen, { message: 'no plan yet' })
  // the schema has refused "" already
  const contractType = body.contractType === '2' ? '2' : '1'
  const optionNos: number[] = []
  if (contractType === '2') {
    const allowed = new Set(optionUnitsFor(product.group, planUnitNo).map((unit) => unit.unitNo))
    for (const value of body.optionUnitNoArray) {
      const unitNo = /^\d{1,2}$/.test(value) ? Number(value) : Number.NaN
      if (!allowed.has(unitNo)) {
        invalid([{ path: 'optionUnitNoArray', message: t('application.validation.unknownUnit') }])
      }
      if (!optionNos.includes(unitNo)) optionNos.push(unitNo)
    }
  }
  const units = [planUnitNo, ...optionNos]
  const conflict = unitConflict(product.group, units)
  if (conflict !== undefined) {
    invalid([
      {
        path: 'optionUnitNoArray',
        message: conflictMessage(conflict.planNames, conflict.optionNames),
      },
    ])
  }
  const unitArray = cvrgeUnits(product.group, units)
  let persons = applyInfo.insrdInfoArray
  let noticeAnswers = applyInfo.noticeMatterInfo.answers
  let registerStatus = applyInfoOption.insuredRegisterStatus
  const alsoVoid: ApplicationStep[] = []
  if (!sameUnits(chosenUnitNos(applyInfo), units)) {
    // SPEC §4: a different coverage clears the notice answers and refills them
    noticeAnswers = refilledAnswers(product.items, units, product.preRenewAnswers)
    const insuredUnits = insuredUnitNos(product.items, units)
    persons = persons.filter((person) => insuredUnits.includes(person.unit))
    const countOf = insuredCountOf(persons)
    registerStatus = Object.fromEntries(
      insuredUnits.map((unitNo) => [
        String(unitNo),
        insuredRegisterStatusOf(countOf(unitNo), registerStatus[String(unitNo)] === '2'),
      ]),
    )
    alsoVoid.push('registerInsuredInfo', 'noticeMatters')
  }
  return {
    state: saved(
      state,
      'selectType',
      {
        applyInfo: {
          ...applyInfo,
          cvrgeInfo: {
            ...applyInfo.cvrgeInfo,
            ...premiums(unitArray, persons),
            unitArray,
            contractType,
          },
          insrdInfoArray: persons,
          noticeMatterInfo: { answers: noticeAnswers },
        },
        applyInfoOption: { ...applyInfoOption, insuredRegisterStatus: registerStatus },
      },
      alsoVoid,
    ),
  }
}

const inputPolicyHolderInfo: StepHandler<'inputPolicyHolderInfo'> = (state, body, product) => {
  const { applyInfo } = state
  const div = applyInfo.policyHolderInfo.policyHolderDiv
  if (div === null) throw new AppError(errorCodes.stepNotOpen, { message: 'no division yet' })
  const input = body.policyHolderInfo
  const items = policyHolderItems(product.items, chosenUnitNos(applyInfo))
  const issues = [
    ...policyHolderIssues(div, input),
    ...validateItemAnswers(items, input.itemAnswers, 'itemAnswers.'),
  ]
  if (issues.length > 0) invalid(issues)
  // The three-item answers came from the roster and are not asked again: they stay as they are.
  const authItems = product.items.filter((item) => item.authItemCd !== null)
  const itemAnswers = {
    ...pickAnswers(authItems, applyInfo.policyHolderInfo.itemAnswers),
    ...pickAnswers(items, input.itemAnswers),
  }
  const isCorporate = div === '2'
  return {
    state: saved(state, 'inputPolicyHolderInfo', {
      applyInfo: {
        ...applyInfo,
        policyHolderInfo: {
          ...applyInfo.policyHolderInfo,
          ...input,
          // a corporation has neither birth date nor sex
          policyHolderBirthDate: isCorporate ? '' : input.policyHolderBirthDate,
          policyHolderSex: isCorporate ? '' : input.policyHolderSex,
          itemAnswers,
        },
      },
    }),
  }
}

const registerMaintenanceManager: StepHandler<'registerMaintenanceManager'> = (state, body) => ({
  state: saved(state, 'registerMaintenanceManager', {
    applyInfo: { ...state.applyInfo, maintenanceManagerInfo: body.maintenanceManagerInfo },
  }),
})

/** SPEC §8.4 "All insured persons must be registered and confirmed". */
function isInsuredComplete(state: ApplicationState, product: Product): boolean {
  const { applyInfo, applyInfoOption } = state
  const countOf = insuredCountOf(applyInfo.insrdInfoArray)
  return insuredUnitNos(product.items, chosenUnitNos(applyInfo)).every(
    (unitNo) =>
      applyInfoOption.insuredRegisterStatus[String(unitNo)] === '2' && countOf(unitNo) > 0,
  )
}

const registerInsuredInfo: StepHandler<'registerInsuredInfo'> = (state, _body, product) => {
  if (!isInsuredComplete(state, product)) {
    invalid([{ path: 'insrdInfoArray', message: t('application.validation.insuredIncomplete') }])
  }
  return { state: saved(state, 'registerInsuredInfo') }
}

const noticeMatters: StepHandler<'noticeMatters'> = (state, body, product) => {
  const { applyInfo } = state
  const units = chosenUnitNos(applyInfo)
  const shown = noticeItems(product.items, units)
  const issues = validateItemAnswers(shown, body.answers, 'answers.')
  for (const item of shown) {
    const path = `answers.${item.itemCode}`
    if (
      isBlockingAnswer(item, body.answers[item.itemCode]) &&
      !issues.some((issue) => issue.path === path)
    ) {
      issues.push({ path, message: t('application.validation.noticeBlocking') })
    }
  }
  if (issues.length > 0) invalid(issues)
  const shownCodes = new Set(shown.map((item) => item.itemCode))
  const refilled = refilledAnswers(product.items, units, product.preRenewAnswers)
  const stored = applyInfo.noticeMatterInfo.answers
  const answers: ItemAnswers = {}
  for (const item of applicableNoticeItems(product.items, units)) {
    const code = item.itemCode
    answers[code] = shownCodes.has(code)
      ? (body.answers[code] ?? '')
      : (stored[code] ?? refilled[code] ?? '')
  }
  return {
    state: saved(state, 'noticeMatters', {
      applyInfo: { ...applyInfo, noticeMatterInfo: { answers } },
    }),
  }
}

function filesOf(applyInfo: ApplyInfo, slot: DocSlot): FileRef[] | null {
  const docs = applyInfo.requiredDocsInfo
  return slot === 1 ? docs.file1Array : slot === 2 ? docs.file2Array : docs.file3Array
}

function withFiles(applyInfo: ApplyInfo, slot: DocSlot, files: FileRef[]): ApplyInfo {
  return {
    ...applyInfo,
    requiredDocsInfo: { ...applyInfo.requiredDocsInfo, [`file${slot}Array`]: files },
  }
}

const noticeMattersDoc: StepHandler<'noticeMattersDoc'> = (state, _body, product) => {
  const issues: Issue[] = []
  for (const slot of usedDocSlots(product.group)) {
    const files = filesOf(state.applyInfo, slot) ?? []
    if (requiredDocsType(product.group, slot) === '2' && files.length === 0) {
      issues.push({
        path: `file${slot}Array`,
        message: t('application.validation.uploadRequired'),
      })
    }
  }
  if (issues.length > 0) invalid(issues)
  return { state: saved(state, 'noticeMattersDoc') }
}

const checkPolicyHolderInfo: StepHandler<'checkPolicyHolderInfo'> = (state) => ({
  state: saved(state, 'checkPolicyHolderInfo'),
})

const pamphletImportantNotes: StepHandler<'pamphletImportantNotes'> = (state, body) => ({
  state: saved(state, 'pamphletImportantNotes'),
  consents: requireConsents(body.consentArray, [
    ['important-notes', catalogue('consent.importantNotes.required')],
  ]),
})

const stepHandlers: { [S in ApplicationStep]: StepHandler<S> } = {
  entryTerms,
  selectPolicyHolderDiv,
  selectCategory,
  selectType,
  inputPolicyHolderInfo,
  registerMaintenanceManager,
  registerInsuredInfo,
  noticeMatters,
  noticeMattersDoc,
  checkPolicyHolderInfo,
  pamphletImportantNotes,
}

/** Saves one step (the caller has checked that it is open). */
export function applyStep<S extends ApplicationStep>(
  state: ApplicationState,
  step: S,
  body: StepBody<S>,
  product: Product,
): StepOutcome {
  const handler = stepHandlers[step] as StepHandler<S>
  return handler(state, body, product)
}

// ---------------------------------------------------------------------------------------------
// Insured persons (SPEC §3.1 insrdInfoArray, §3.2 insuredRegisterStatus, §4 unit registration)

/** The unit must be one the unit list shows (chosen, with insured items); else 404. */
export function requireInsuredUnit(state: ApplicationState, product: Product, unitNo: number) {
  if (!insuredUnitNos(product.items, chosenUnitNos(state.applyInfo)).includes(unitNo)) {
    notFound(`insured unit ${unitNo}`)
  }
}

function insuredPerson(
  product: Product,
  unitNo: number,
  input: InsuredInput,
  insrdId: string,
): InsuredPerson {
  const items = insuredItems(product.items, unitNo)
  const issues = validateItemAnswers(items, input.itemAnswers, 'itemAnswers.')
  if (issues.length > 0) invalid(issues)
  return { ...input, itemAnswers: pickAnswers(items, input.itemAnswers), insrdId, unit: unitNo }
}

/** After an add, edit or removal: the unit is 未確定 again (未登録 when empty), the premium is
 * recomputed, and registerInsuredInfo and the confirmations must be done again. */
function afterInsuredChange(
  state: ApplicationState,
  unitNo: number,
  persons: InsuredPerson[],
): ApplicationState {
  const { applyInfo, applyInfoOption } = state
  const count = insuredCountOf(persons)(unitNo)
  return {
    applyInfo: {
      ...applyInfo,
      insrdInfoArray: persons,
      cvrgeInfo: { ...applyInfo.cvrgeInfo, ...premiums(applyInfo.cvrgeInfo.unitArray, persons) },
    },
    applyInfoOption: {
      ...applyInfoOption,
      insuredRegisterStatus: {
        ...applyInfoOption.insuredRegisterStatus,
        [String(unitNo)]: insuredRegisterStatusOf(count, false),
      },
    },
    completedSteps: completedAfterChange(state.completedSteps, ['registerInsuredInfo']),
  }
}

export function addInsured(
  state: ApplicationState,
  product: Product,
  unitNo: number,
  input: InsuredInput,
  insrdId: string = randomUUID(),
): ApplicationState {
  requireInsuredUnit(state, product, unitNo)
  const persons = state.applyInfo.insrdInfoArray
  if (insuredCountOf(persons)(unitNo) >= MAX_INSURED_PER_UNIT) {
    invalid([
      {
        path: 'insrdInfoArray',
        message: t('application.validation.insuredTooMany', { max: MAX_INSURED_PER_UNIT }),
      },
    ])
  }
  const person = insuredPerson(product, unitNo, input, insrdId)
  return afterInsuredChange(state, unitNo, [...persons, person])
}

function indexOfInsured(state: ApplicationState, unitNo: number, insrdId: string): number {
  const index = state.applyInfo.insrdInfoArray.findIndex(
    (person) => person.insrdId === insrdId && person.unit === unitNo,
  )
  if (index < 0) notFound('insured person')
  return index
}

export function editInsured(
  state: ApplicationState,
  product: Product,
  unitNo: number,
  insrdId: string,
  input: InsuredInput,
): ApplicationState {
  requireInsuredUnit(state, product, unitNo)
  const index = indexOfInsured(state, unitNo, insrdId)
  const person = insuredPerson(product, unitNo, input, insrdId)
  const persons = state.applyInfo.insrdInfoArray.map((existing, at) =>
    at === index ? person : existing,
  )
  return afterInsuredChange(state, unitNo, persons)
}

export function removeInsured(
  state: ApplicationState,
  product: Product,
  unitNo: number,
  insrdId: string,
): ApplicationState {
  requireInsuredUnit(state, product, unitNo)
  const index = indexOfInsured(state, unitNo, insrdId)
  const persons = state.applyInfo.insrdInfoArray.filter((_person, at) => at !== index)
  return afterInsuredChange(state, unitNo, persons)
}

/** 「この内容で確定する」 for one unit: confirmed ("2"), with at least one person. */
export function confirmInsured(
  state: ApplicationState,
  product: Product,
  unitNo: number,
): ApplicationState {
  requireInsuredUnit(state, product, unitNo)
  const count = insuredCountOf(state.applyInfo.insrdInfoArray)(unitNo)
  if (count === 0) {
    invalid([{ path: 'insrdInfoArray', message: t('application.validation.insuredNone') }])
  }
  const { applyInfoOption } = state
  return {
    ...state,
    applyInfoOption: {
      ...applyInfoOption,
      insuredRegisterStatus: {
        ...applyInfoOption.insuredRegisterStatus,
        [String(unitNo)]: insuredRegisterStatusOf(count, true),
      },
    },
  }
}

// ---------------------------------------------------------------------------------------------
// Required documents (PRODUCT.md "Files"): the files module stores the bytes, this the list

export function attachFileToState(
  state: ApplicationState,
  product: Product,
  slot: DocSlot,
  file: FileRef,
): ApplicationState {
  const path = `file${slot}Array`
  const files = filesOf(state.applyInfo, slot)
  if (!usedDocSlots(product.group).includes(slot) || files === null) {
    invalid([{ path, message: t('validation.choice') }])
  }
  if (files.length >= MAX_FILES_PER_SLOT) {
    invalid([
      {
        path,
        message: t('application.validation.uploadFileCount', { max: MAX_FILES_PER_SLOT }),
      },
    ])
  }
  return {
    ...state,
    applyInfo: withFiles(state.applyInfo, slot, [...files, file]),
    completedSteps: completedAfterChange(state.completedSteps, []),
  }
}

export function detachFileFromState(
  state: ApplicationState,
  product: Product,
  fileId: string,
): ApplicationState {
  for (const slot of docSlots) {
    const files = filesOf(state.applyInfo, slot)
    if (files === null || !files.some((file) => file.fileId === fileId)) continue
    const remaining = files.filter((file) => file.fileId !== fileId)
    const isRequiredEmpty = requiredDocsType(product.group, slot) === '2' && remaining.length === 0
    return {
      ...state,
      applyInfo: withFiles(state.applyInfo, slot, remaining),
      completedSteps: completedAfterChange(
        state.completedSteps,
        isRequiredEmpty ? ['noticeMattersDoc'] : [],
      ),
    }
  }
  return notFound('required-document file')
}
