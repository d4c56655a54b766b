// The renewal life cycle of one contract (SPEC §3.7, §4, §8.3, §8.4; issue #9, ADR 0016).
// One explicit state machine, run by the server as the authority and by the browser only to
// decide what to show. A contract is one applied application of one coverage year; its renewal
// is into the group's next product year. Dates are business dates (YYYYMMDD, JST).
//
//                     stopAutoRenewal (before fix date)
//        ┌──────────────────────────────────────────────────────┐
//        │                                                      ▼
//     ┌──────┐ startProcedure ┌─────────────┐ stopAutoRenewal ┌─────────┐
//     │ open │ ─────────────▶ │ inProcedure │ ──────────────▶ │ stopped │
//     └──────┘  (cover begun, └─────────────┘  (before fix)   └─────────┘
//                before fix)
//        │                      │        │
//        │ runRenewalJob        │        │ completeProcedure (before fix date)
//        │ (at/after fix date,  │        ▼
//        │  auto-renew product) │     ┌─────────────────────────┐
//        └──────────────────────┴───▶ │ renewed (procedure|auto) │
//            runRenewalJob            └─────────────────────────┘
//
// Every other pair is forbidden and answers a code: after the fix date a stop is APFA2031
// (SPEC §8.3 "renewal-stop deadline passed"); everything else APFA2029 (SPEC §8.4 "renewal not
// possible, or application deadline passed"). The renewal job is never an error: where it has
// nothing to do it leaves the state as it is.
//
// A renewal is into the year after the contract's own, so its procedure opens only once the
// contract's cover has begun (issue #23 point 19; the spec is silent, ADR 0019): before that the
// holder has nothing yet to renew. Stopping the auto-renewal stays possible from the start.

import { errorCodes } from '../errors.ts'

export const renewalStates = ['open', 'inProcedure', 'stopped', 'renewed'] as const
export type RenewalState = (typeof renewalStates)[number]

export const renewalActions = [
  'stopAutoRenewal',
  'startProcedure',
  'completeProcedure',
  'runRenewalJob',
] as const
export type RenewalAction = (typeof renewalActions)[number]

/** How a renewed contract was renewed. */
export type RenewedBy = 'procedure' | 'auto'

/** What a transition depends on besides the state. */
export interface RenewalContext {
  /** today, YYYYMMDD (JST business date) */
  today: string
  /** SPEC §3.3 renewal fix date of the contract's product year (YYYYMMDD), or null */
  renewalFixDate: string | null
  /** SPEC §3.3 auto-renew flag of the contract's product year: "1" renews automatically */
  groupPfAutoRenewFlg: string
  /** whether the group's next product year exists (the year switch has somewhere to go) */
  hasNextProduct: boolean
  /** the day the contract's cover begins (YYYYMMDD): its inception date */
  coverStartDate: string
}

export type RenewalOutcome =
  | { ok: true; state: RenewalState; renewedBy?: RenewedBy; changed: boolean }
  | {
      ok: false
      errorCode: typeof errorCodes.renewalNotPossible | typeof errorCodes.renewalStopDeadlinePassed
    }

const notPossible = { ok: false, errorCode: errorCodes.renewalNotPossible } as const
const stopDeadlinePassed = { ok: false, errorCode: errorCodes.renewalStopDeadlinePassed } as const
const stay = (state: RenewalState) => ({ ok: true, state, changed: false }) as const

/** The product renews by itself at the fix date (SPEC §3.3 auto-renew flag "1" with a date). */
export function isAutoRenewing(
  context: Pick<RenewalContext, 'groupPfAutoRenewFlg' | 'renewalFixDate'>,
): boolean {
  return context.groupPfAutoRenewFlg === '1' && context.renewalFixDate !== null
}

/** Before the fix date: stops and procedures are still taken. No fix date: never fixed. */
export function isBeforeFixDate(
  context: Pick<RenewalContext, 'today' | 'renewalFixDate'>,
): boolean {
  return context.renewalFixDate === null || context.today < context.renewalFixDate
}

/** The contract's cover has begun (its inception date is today or past). */
export function hasCoverBegun(context: Pick<RenewalContext, 'today' | 'coverStartDate'>): boolean {
  return context.today >= context.coverStartDate
}

/** The one transition function (ADR 0016). Pure: the caller stores the new state. */
export function renewalTransition(
  state: RenewalState,
  action: RenewalAction,
  context: RenewalContext,
): RenewalOutcome {
  const beforeFix = isBeforeFixDate(context)
  switch (action) {
    case 'stopAutoRenewal':
      if (state === 'renewed' || state === 'stopped') return notPossible
      if (!isAutoRenewing(context)) return notPossible
      if (!beforeFix) return stopDeadlinePassed
      return { ok: true, state: 'stopped', changed: true }
    case 'startProcedure':
      // resuming one already started is the same procedure, not a second renewal
      if (state === 'inProcedure')
        return beforeFix && context.hasNextProduct ? stay(state) : notPossible
      if (state !== 'open') return notPossible
      if (!beforeFix || !context.hasNextProduct || !hasCoverBegun(context)) return notPossible
      return { ok: true, state: 'inProcedure', changed: true }
    case 'completeProcedure':
      if (state !== 'inProcedure' || !beforeFix || !context.hasNextProduct) return notPossible
      return { ok: true, state: 'renewed', renewedBy: 'procedure', changed: true }
    case 'runRenewalJob':
      if (
        (state === 'open' || state === 'inProcedure') &&
        !beforeFix &&
        isAutoRenewing(context) &&
        context.hasNextProduct
      ) {
        return { ok: true, state: 'renewed', renewedBy: 'auto', changed: true }
      }
      return stay(state)
  }
}

/**
 * SPEC §3.7 renewSttsDiv (default "3"; the spec shows no other value, ADR 0016 fixes them):
 * "1" renewed, "2" auto-renewal stopped, "3" not renewed yet, "4" not renewed and no longer can be.
 */
export type RenewSttsDiv = '1' | '2' | '3' | '4'

/**
 * SPEC §3.7 renewalProcedureButtonAndTextStatus (default "1"; ADR 0016): "1" the procedure can be
 * started, "2" a started procedure can be resumed, "3" no procedure (renewed, stopped, past the
 * deadline, or no next year yet).
 */
export type RenewalProcedureButtonAndTextStatus = '1' | '2' | '3'

export interface RenewalDisplay {
  renewSttsDiv: RenewSttsDiv
  renewalProcedureButtonAndTextStatus: RenewalProcedureButtonAndTextStatus
  /** the stop can still be asked for (autoRenewStopCheck is offered) */
  canStopAutoRenewal: boolean
  /**
   * The day the procedure opens (YYYYMMDD), when only the contract's cover not having begun yet
   * keeps it closed; null otherwise.
   */
  procedureOpensOn: string | null
}

/** What home and the renewal pages show of a state (derived from the one transition function). */
export function renewalDisplay(state: RenewalState, context: RenewalContext): RenewalDisplay {
  const canStopAutoRenewal = renewalTransition(state, 'stopAutoRenewal', context).ok
  const canProcedure = renewalTransition(state, 'startProcedure', context).ok
  let renewSttsDiv: RenewSttsDiv
  if (state === 'renewed') renewSttsDiv = '1'
  else if (state === 'stopped') renewSttsDiv = '2'
  else if (isBeforeFixDate(context)) renewSttsDiv = '3'
  else renewSttsDiv = isAutoRenewing(context) && context.hasNextProduct ? '3' : '4'
  const opensLater =
    !canProcedure &&
    state === 'open' &&
    !hasCoverBegun(context) &&
    renewalTransition(state, 'startProcedure', { ...context, today: context.coverStartDate }).ok
  return {
    renewSttsDiv,
    renewalProcedureButtonAndTextStatus: !canProcedure ? '3' : state === 'inProcedure' ? '2' : '1',
    canStopAutoRenewal,
    procedureOpensOn: opensLater ? context.coverStartDate : null,
  }
}

/** Item fields the carry-over reads (SPEC §3.5). */
export interface CarryOverItem {
  itemCode: string
  itemClass: string
  applicationDispDisplayFlg: string
  preRenewCopyFlg: string
}

/**
 * SPEC §4 "Pre-renewal copy": an item flagged preRenewCopyFlg "1" in next year's definitions
 * carries its answer forward; notice matters (itemClass "030") shown on the application never do.
 */
export function isCarriedOver(item: CarryOverItem): boolean {
  if (item.preRenewCopyFlg !== '1') return false
  return !(item.itemClass === '030' && item.applicationDispDisplayFlg === '1')
}

/** Last year's answers, kept only for next year's items that carry over (by itemCode). */
export function carryOverAnswers<Answer>(
  nextYearItems: readonly CarryOverItem[],
  answers: Readonly<Record<string, Answer>>,
): Record<string, Answer> {
  const carried: Record<string, Answer> = {}
  for (const item of nextYearItems) {
    const value = answers[item.itemCode]
    if (value !== undefined && isCarriedOver(item)) carried[item.itemCode] = value
  }
  return carried
}
