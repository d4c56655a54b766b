// The application's steps (SPEC §2.1 enrolment routes, §2.5 direct-access block; ADR 0012).
// A step is open when every step before it in this application's flow is complete: the browser
// sends the applicant to the next open step, the server refuses a write to any other.

/** The steps in the order they are done. Conditional ones drop out of a flow (flowSteps). */
export const applicationSteps = [
  'entryTerms',
  'selectPolicyHolderDiv',
  'selectCategory',
  'selectType',
  'inputPolicyHolderInfo',
  'registerMaintenanceManager',
  'registerInsuredInfo',
  'noticeMatters',
  'noticeMattersDoc',
  'checkPolicyHolderInfo',
  'pamphletImportantNotes',
] as const
export type ApplicationStep = (typeof applicationSteps)[number]

/** Where the flow goes once every step is complete (issue #7 builds it). */
export const PAYMENT_STEP = 'payment'
export type FlowTarget = ApplicationStep | typeof PAYMENT_STEP

/** What decides which conditional steps a flow has. */
export interface FlowShape {
  /** "2" corporate: registerMaintenanceManager (the contract's 担当者) is asked */
  policyHolderDiv: '1' | '2' | null
  /** chosen units with insured items (insuredUnitNos): registerInsuredInfo when any */
  insuredUnitCount: number
  /** notice matters shown for the chosen units: noticeMatters when any */
  noticeItemCount: number
  /** document slots of type "2" or "3": noticeMattersDoc when any */
  docSlotCount: number
  /** before the coverage is chosen, the conditional steps after it are kept */
  coverageChosen: boolean
}

/** The steps of one application's flow, in order. */
export function flowSteps(shape: FlowShape): ApplicationStep[] {
  return applicationSteps.filter((step) => {
    switch (step) {
      case 'registerMaintenanceManager':
        return shape.policyHolderDiv === '2'
      case 'registerInsuredInfo':
        return !shape.coverageChosen || shape.insuredUnitCount > 0
      case 'noticeMatters':
        return !shape.coverageChosen || shape.noticeItemCount > 0
      case 'noticeMattersDoc':
        return shape.docSlotCount > 0
      default:
        return true
    }
  })
}

export interface ApplicationProgress {
  /** this application's steps, in order */
  stepArray: ApplicationStep[]
  /** the steps done, in flow order */
  completedStepArray: ApplicationStep[]
  /** the first step not done, or payment once all are */
  nextStep: FlowTarget
}

export function applicationProgress(
  shape: FlowShape,
  completed: readonly ApplicationStep[],
): ApplicationProgress {
  const stepArray = flowSteps(shape)
  const done = new Set(completed)
  const nextStep = stepArray.find((step) => !done.has(step)) ?? PAYMENT_STEP
  return {
    stepArray,
    completedStepArray: stepArray.filter((step) => done.has(step)),
    nextStep,
  }
}

/**
 * SPEC §2.5: a step may be shown or written when it is part of the flow and every step before it
 * is complete (a completed step stays open, so the applicant can come back and change it).
 */
export function isStepOpen(progress: ApplicationProgress, target: FlowTarget): boolean {
  if (target === PAYMENT_STEP) return progress.nextStep === PAYMENT_STEP
  const index = progress.stepArray.indexOf(target)
  if (index < 0) return false
  const done = new Set(progress.completedStepArray)
  return progress.stepArray.slice(0, index).every((step) => done.has(step))
}

/** The confirmation steps: saving any other step means they must be done again. */
export const confirmationSteps: readonly ApplicationStep[] = [
  'checkPolicyHolderInfo',
  'pamphletImportantNotes',
]

/** The completed steps after saving `step`: it is added, and the confirmations are voided. */
export function completedAfterSave(
  completed: readonly ApplicationStep[],
  step: ApplicationStep,
  alsoVoid: readonly ApplicationStep[] = [],
): ApplicationStep[] {
  const voided = new Set<ApplicationStep>(
    confirmationSteps.includes(step) ? alsoVoid : [...confirmationSteps, ...alsoVoid],
  )
  const next = completed.filter((done) => done !== step && !voided.has(done))
  next.push(step)
  return applicationSteps.filter((candidate) => next.includes(candidate))
}

/**
 * The five phases an applicant is told they are in (issue #23 point 11): a conditional step
 * dropping out of the flow changes no total, and payment has its place. 「ステップ 2 / 5」.
 */
export const applicationPhases = ['plan', 'people', 'notice', 'check', 'payment'] as const
export type ApplicationPhase = (typeof applicationPhases)[number]

const phaseOfStep: Record<FlowTarget, ApplicationPhase> = {
  entryTerms: 'plan',
  selectPolicyHolderDiv: 'plan',
  selectCategory: 'plan',
  selectType: 'plan',
  inputPolicyHolderInfo: 'people',
  registerMaintenanceManager: 'people',
  registerInsuredInfo: 'people',
  noticeMatters: 'notice',
  noticeMattersDoc: 'notice',
  checkPolicyHolderInfo: 'check',
  pamphletImportantNotes: 'check',
  payment: 'payment',
}

/** The phase of a step (or payment), with its 1-based number among the five. */
export function phaseOf(step: FlowTarget): { phase: ApplicationPhase; number: number } {
  const phase = phaseOfStep[step]
  return { phase, number: applicationPhases.indexOf(phase) + 1 }
}
