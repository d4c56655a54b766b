import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  carryOverAnswers,
  renewalActions,
  renewalDisplay,
  renewalStates,
  renewalTransition,
  type CarryOverItem,
  type RenewalAction,
  type RenewalContext,
  type RenewalState,
} from './renewal.ts'

// The renewal state machine (issue #9, SPEC §3.7, §8.3, §8.4; ADR 0016): every transition, every
// forbidden one, and a property over random sequences of actions and dates.

const FIX_DATE = '20271031'
const before = '20271030'
const onFix = FIX_DATE
const after = '20271101'
/** the contract's cover began on 1 January, months before the fix date */
const COVER_START = '20270101'

const autoRenewing = (today: string, overrides: Partial<RenewalContext> = {}): RenewalContext => ({
  today,
  renewalFixDate: FIX_DATE,
  groupPfAutoRenewFlg: '1',
  hasNextProduct: true,
  coverStartDate: COVER_START,
  ...overrides,
})

describe('renewalTransition: the allowed transitions', () => {
  it.each<[RenewalState, RenewalAction, string, RenewalState]>([
    ['open', 'stopAutoRenewal', before, 'stopped'],
    ['inProcedure', 'stopAutoRenewal', before, 'stopped'],
    ['open', 'startProcedure', before, 'inProcedure'],
    ['inProcedure', 'completeProcedure', before, 'renewed'],
    ['open', 'runRenewalJob', onFix, 'renewed'],
    ['open', 'runRenewalJob', after, 'renewed'],
    ['inProcedure', 'runRenewalJob', onFix, 'renewed'],
  ])('%s --%s (%s)--> %s', (state, action, today, next) => {
    const outcome = renewalTransition(state, action, autoRenewing(today))
    expect(outcome).toMatchObject({ ok: true, state: next, changed: true })
  })

  it('records how the contract was renewed', () => {
    expect(renewalTransition('inProcedure', 'completeProcedure', autoRenewing(before))).toEqual({
      ok: true,
      state: 'renewed',
      renewedBy: 'procedure',
      changed: true,
    })
    expect(renewalTransition('open', 'runRenewalJob', autoRenewing(onFix))).toEqual({
      ok: true,
      state: 'renewed',
      renewedBy: 'auto',
      changed: true,
    })
  })

  it('resuming a started procedure stays in it without a second draft (changed: false)', () => {
    expect(renewalTransition('inProcedure', 'startProcedure', autoRenewing(before))).toEqual({
      ok: true,
      state: 'inProcedure',
      changed: false,
    })
  })

  it('a product without a fix date takes procedures at any date and never renews by itself', () => {
    const context = autoRenewing('20991231', { renewalFixDate: null, groupPfAutoRenewFlg: '2' })
    expect(renewalTransition('open', 'startProcedure', context)).toMatchObject({
      ok: true,
      state: 'inProcedure',
    })
    expect(renewalTransition('open', 'runRenewalJob', context)).toEqual({
      ok: true,
      state: 'open',
      changed: false,
    })
  })
})

describe('renewalTransition: the forbidden transitions', () => {
  it.each<[string, RenewalState, RenewalAction, RenewalContext, string]>([
    // SPEC §8.3: the stop after the renewal fix date
    ['stop on the fix date', 'open', 'stopAutoRenewal', autoRenewing(onFix), 'APFA2031'],
    ['stop after the fix date', 'open', 'stopAutoRenewal', autoRenewing(after), 'APFA2031'],
    [
      'stop of a started procedure after it',
      'inProcedure',
      'stopAutoRenewal',
      autoRenewing(after),
      'APFA2031',
    ],
    // SPEC §8.4: renewal not possible, or application deadline passed
    ['stop after renew', 'renewed', 'stopAutoRenewal', autoRenewing(before), 'APFA2029'],
    ['stop twice', 'stopped', 'stopAutoRenewal', autoRenewing(before), 'APFA2029'],
    [
      'stop of a product that does not auto-renew',
      'open',
      'stopAutoRenewal',
      autoRenewing(before, { groupPfAutoRenewFlg: '2' }),
      'APFA2029',
    ],
    ['renew after stop', 'stopped', 'startProcedure', autoRenewing(before), 'APFA2029'],
    ['renew twice', 'renewed', 'startProcedure', autoRenewing(before), 'APFA2029'],
    ['procedure on the fix date', 'open', 'startProcedure', autoRenewing(onFix), 'APFA2029'],
    ['resume after the fix date', 'inProcedure', 'startProcedure', autoRenewing(after), 'APFA2029'],
    // issue #23 point 19: nothing to renew before the contract's own cover has begun
    [
      'procedure before the cover begins',
      'open',
      'startProcedure',
      autoRenewing('20261231'),
      'APFA2029',
    ],
    [
      'procedure without next year',
      'open',
      'startProcedure',
      autoRenewing(before, { hasNextProduct: false }),
      'APFA2029',
    ],
    ['complete without a procedure', 'open', 'completeProcedure', autoRenewing(before), 'APFA2029'],
    ['complete after stop', 'stopped', 'completeProcedure', autoRenewing(before), 'APFA2029'],
    ['complete twice', 'renewed', 'completeProcedure', autoRenewing(before), 'APFA2029'],
    [
      'complete on the fix date',
      'inProcedure',
      'completeProcedure',
      autoRenewing(onFix),
      'APFA2029',
    ],
  ])('%s → %s', (_name, state, action, context, errorCode) => {
    expect(renewalTransition(state, action, context)).toEqual({ ok: false, errorCode })
  })

  it.each<[string, RenewalState, RenewalContext]>([
    ['before the fix date', 'open', autoRenewing(before)],
    ['a stopped contract', 'stopped', autoRenewing(after)],
    ['a renewed contract (renew twice)', 'renewed', autoRenewing(after)],
    [
      'a product that does not auto-renew',
      'open',
      autoRenewing(after, { groupPfAutoRenewFlg: '2' }),
    ],
    ['no next year', 'open', autoRenewing(after, { hasNextProduct: false })],
  ])('the renewal job leaves %s as it is', (_name, state, context) => {
    expect(renewalTransition(state, 'runRenewalJob', context)).toEqual({
      ok: true,
      state,
      changed: false,
    })
  })
})

describe('renewalDisplay (SPEC §3.7 values fixed by ADR 0016)', () => {
  it.each<[RenewalState, RenewalContext, string, string, boolean]>([
    ['open', autoRenewing(before), '3', '1', true],
    ['inProcedure', autoRenewing(before), '3', '2', true],
    ['stopped', autoRenewing(before), '2', '3', false],
    ['renewed', autoRenewing(before), '1', '3', false],
    // after the fix date the job renews it: still "not renewed yet" until it has run
    ['open', autoRenewing(after), '3', '3', false],
    ['open', autoRenewing(after, { groupPfAutoRenewFlg: '2' }), '4', '3', false],
    ['open', autoRenewing(before, { hasNextProduct: false }), '3', '3', true],
    ['open', autoRenewing('20261231'), '3', '3', true],
  ])('%s %j → renewSttsDiv %s, button %s, stop %s', (state, context, stts, button, canStop) => {
    expect(renewalDisplay(state, context)).toMatchObject({
      renewSttsDiv: stts,
      renewalProcedureButtonAndTextStatus: button,
      canStopAutoRenewal: canStop,
    })
  })

  it('before the cover begins: the procedure opens on the first day of cover (issue #23 point 19)', () => {
    expect(renewalDisplay('open', autoRenewing('20261120')).procedureOpensOn).toBe(COVER_START)
    expect(renewalDisplay('open', autoRenewing(COVER_START))).toMatchObject({
      renewalProcedureButtonAndTextStatus: '1',
      procedureOpensOn: null,
    })
  })

  it.each<[string, RenewalState, RenewalContext]>([
    ['no next year', 'open', autoRenewing('20261120', { hasNextProduct: false })],
    ['a stopped contract', 'stopped', autoRenewing('20261120')],
    [
      'cover beginning on the fix date',
      'open',
      autoRenewing('20261120', { coverStartDate: FIX_DATE }),
    ],
  ])('before the cover begins, no opening day when %s', (_name, state, context) => {
    expect(renewalDisplay(state, context).procedureOpensOn).toBeNull()
  })
})

describe('pre-renewal copy (SPEC §4)', () => {
  const item = (itemCode: string, fields: Partial<CarryOverItem> = {}) => ({
    itemCode,
    itemClass: '010',
    applicationDispDisplayFlg: '1',
    preRenewCopyFlg: '1',
    ...fields,
  })

  it('carries items flagged for copying, never the notice matters shown on the application', () => {
    const nextYear = [
      item('occupation'),
      item('department', { preRenewCopyFlg: '2' }),
      item('health', { itemClass: '030' }),
      item('hiddenNotice', { itemClass: '030', applicationDispDisplayFlg: '0' }),
      item('newItem'),
    ]
    const lastYear = {
      occupation: '03',
      department: '営業部',
      health: '2',
      hiddenNotice: '1',
      dropped: 'x',
      hobbies: ['a'],
    }
    expect(carryOverAnswers(nextYear, lastYear)).toEqual({ occupation: '03', hiddenNotice: '1' })
  })
})

// A contract's life as random actions on non-decreasing dates around the fix date.
const dayArb = fc.integer({ min: 0, max: 40 })
const stepArb = fc.record({
  action: fc.constantFrom(...renewalActions),
  /** days to move the clock forward before the action */
  advance: fc.integer({ min: 0, max: 5 }),
})
const contextArb = fc.record({
  groupPfAutoRenewFlg: fc.constantFrom('1', '2'),
  hasFixDate: fc.boolean(),
  hasNextProduct: fc.boolean(),
  coverStartDate: fc.constantFrom('20270101', '20271010', '20271231'),
})

function dateOf(day: number): string {
  const date = new Date(Date.UTC(2027, 9, 1 + day))
  return date.toISOString().slice(0, 10).replaceAll('-', '')
}

describe('property: random sequences of actions and dates', () => {
  it('never renews a contract twice, never after a stop, never stops on or after the fix date', () => {
    fc.assert(
      fc.property(
        contextArb,
        dayArb,
        fc.array(stepArb, { maxLength: 30 }),
        (shape, startDay, steps) => {
          let state: RenewalState = 'open'
          let day = startDay
          let renewals = 0
          let wasStopped = false
          for (const { action, advance } of steps) {
            day += advance
            const context: RenewalContext = {
              today: dateOf(day),
              renewalFixDate: shape.hasFixDate ? FIX_DATE : null,
              groupPfAutoRenewFlg: shape.groupPfAutoRenewFlg,
              hasNextProduct: shape.hasNextProduct,
              coverStartDate: shape.coverStartDate,
            }
            const outcome = renewalTransition(state, action, context)
            if (!outcome.ok) continue
            expect(renewalStates).toContain(outcome.state)
            if (outcome.state === 'renewed' && outcome.changed) {
              renewals += 1
              expect(wasStopped).toBe(false)
            }
            if (outcome.state === 'inProcedure' && outcome.changed) {
              expect(context.today >= shape.coverStartDate).toBe(true)
            }
            if (outcome.state === 'stopped' && outcome.changed) {
              wasStopped = true
              expect(context.today < FIX_DATE).toBe(true)
              expect(renewals).toBe(0)
            }
            // renewed and stopped are final
            if (state === 'renewed' || state === 'stopped') expect(outcome.state).toBe(state)
            state = outcome.state
          }
          expect(renewals).toBeLessThanOrEqual(1)
        },
      ),
      { numRuns: 2000 },
    )
  })

  it('an auto-renewing contract neither stopped nor renewed is renewed by the job on the fix date', () => {
    fc.assert(
      fc.property(
        fc.array(stepArb, { maxLength: 20 }),
        fc.integer({ min: 0, max: 10 }),
        (steps, lateDays) => {
          let state: RenewalState = 'open'
          // everything the holder does happens before the fix date
          for (const { action } of steps) {
            if (action === 'runRenewalJob') continue
            const outcome = renewalTransition(state, action, autoRenewing(before))
            if (outcome.ok) state = outcome.state
          }
          const job = renewalTransition(state, 'runRenewalJob', autoRenewing(dateOf(30 + lateDays)))
          if (state === 'stopped')
            expect(job).toEqual({ ok: true, state: 'stopped', changed: false })
          else expect(job).toMatchObject({ ok: true, state: 'renewed' })
        },
      ),
      { numRuns: 1000 },
    )
  })
})
