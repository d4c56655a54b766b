import { describe, expect, it } from 'vitest'
import {
  applicationProgress,
  completedAfterSave,
  flowSteps,
  isStepOpen,
  type ApplicationStep,
  type FlowShape,
} from './application-steps.ts'

// Issue #6: the steps of one application and which of them may be written (SPEC §2.1, §2.5).

const shape = (overrides: Partial<FlowShape> = {}): FlowShape => ({
  policyHolderDiv: '1',
  insuredUnitCount: 1,
  noticeItemCount: 1,
  docSlotCount: 1,
  coverageChosen: true,
  ...overrides,
})

const start: ApplicationStep[] = ['entryTerms', 'selectPolicyHolderDiv', 'selectCategory']

describe('申込の手順（SPEC §2.1, ADR 0012）', () => {
  it('個人で、被保険者・告知・書類があるときの手順', () => {
    expect(flowSteps(shape())).toEqual([
      ...start,
      'selectType',
      'inputPolicyHolderInfo',
      'registerInsuredInfo',
      'noticeMatters',
      'noticeMattersDoc',
      'checkPolicyHolderInfo',
      'pamphletImportantNotes',
    ])
  })

  it('法人だけ担当者の手順があり、ないものは手順から外れること', () => {
    expect(
      flowSteps(
        shape({ policyHolderDiv: '2', insuredUnitCount: 0, noticeItemCount: 0, docSlotCount: 0 }),
      ),
    ).toEqual([
      ...start,
      'selectType',
      'inputPolicyHolderInfo',
      'registerMaintenanceManager',
      'checkPolicyHolderInfo',
      'pamphletImportantNotes',
    ])
  })

  it('補償を選ぶ前は、被保険者と告知の手順を残しておくこと', () => {
    const steps = flowSteps(
      shape({ coverageChosen: false, insuredUnitCount: 0, noticeItemCount: 0 }),
    )
    expect(steps).toContain('registerInsuredInfo')
    expect(steps).toContain('noticeMatters')
  })

  it('次の手順は最初の未完了の手順、すべて終われば支払いであること', () => {
    const steps = flowSteps(shape())
    expect(applicationProgress(shape(), ['entryTerms', 'selectCategory']).nextStep).toBe(
      'selectPolicyHolderDiv',
    )
    expect(applicationProgress(shape(), steps).nextStep).toBe('payment')
    // a step not in this flow does not count as done
    expect(
      applicationProgress(shape(), ['entryTerms', 'registerMaintenanceManager']).completedStepArray,
    ).toEqual(['entryTerms'])
  })
})

describe('手順を開けるか（SPEC §2.5 直接アクセスの防止）', () => {
  it.each<[ApplicationStep | 'payment', boolean]>([
    ['entryTerms', true],
    ['selectPolicyHolderDiv', true],
    ['selectCategory', true],
    ['selectType', false],
    ['registerInsuredInfo', false],
    ['registerMaintenanceManager', false],
    ['payment', false],
  ])('entryTerms と selectPolicyHolderDiv を終えたとき %s は %s', (step, expected) => {
    const progress = applicationProgress(shape(), ['entryTerms', 'selectPolicyHolderDiv'])
    expect(isStepOpen(progress, step)).toBe(expected)
  })

  it('すべて終えると、どの手順にも戻れて支払いへ進めること', () => {
    const progress = applicationProgress(shape(), flowSteps(shape()))
    expect(isStepOpen(progress, 'entryTerms')).toBe(true)
    expect(isStepOpen(progress, 'pamphletImportantNotes')).toBe(true)
    expect(isStepOpen(progress, 'payment')).toBe(true)
  })
})

describe('保存後の完了した手順', () => {
  const all = flowSteps(shape())

  it('確認以外の手順を保存すると、確認の2つをやり直すこと', () => {
    expect(completedAfterSave(all, 'noticeMatters')).toEqual(
      all.filter((step) => step !== 'checkPolicyHolderInfo' && step !== 'pamphletImportantNotes'),
    )
  })

  it('確認の手順の保存は、もう一方の確認を消さないこと', () => {
    expect(completedAfterSave(all, 'checkPolicyHolderInfo')).toEqual(all)
  })

  it('指定した手順も一緒にやり直し、手順の順に並べること', () => {
    expect(
      completedAfterSave(
        ['selectCategory', 'entryTerms', 'selectType', 'noticeMatters'],
        'selectCategory',
        ['selectType'],
      ),
    ).toEqual(['entryTerms', 'selectCategory', 'noticeMatters'])
  })
})
