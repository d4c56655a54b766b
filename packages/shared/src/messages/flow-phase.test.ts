import { describe, expect, it } from 'vitest'
import { applicationSteps, flowSteps, phaseOf } from '../rules/application-steps.ts'
import { phaseProgressText } from './flow-phase.ts'

// Issue #23 point 11: a stable step indicator that includes payment.
describe('お申し込みの段階（issue #23 の11）', () => {
  it('どの手順も5段階のどれかで、段階の番号は手順の順に減らないこと', () => {
    const numbers = [...applicationSteps, 'payment' as const].map((step) => phaseOf(step).number)
    expect(numbers[0]).toBe(1)
    expect(numbers.at(-1)).toBe(5)
    for (let index = 1; index < numbers.length; index += 1) {
      expect(numbers[index]! - numbers[index - 1]!).toBeGreaterThanOrEqual(0)
      expect(numbers[index]! - numbers[index - 1]!).toBeLessThanOrEqual(1)
    }
  })

  it('条件つきの手順が流れから外れても、表示の合計は変わらないこと', () => {
    const shapes = [
      {
        policyHolderDiv: null,
        insuredUnitCount: 0,
        noticeItemCount: 0,
        docSlotCount: 0,
        coverageChosen: false,
      },
      {
        policyHolderDiv: '2',
        insuredUnitCount: 1,
        noticeItemCount: 2,
        docSlotCount: 1,
        coverageChosen: true,
      },
      {
        policyHolderDiv: '1',
        insuredUnitCount: 0,
        noticeItemCount: 0,
        docSlotCount: 0,
        coverageChosen: true,
      },
    ] as const
    for (const shape of shapes) {
      for (const step of flowSteps(shape)) {
        expect(phaseProgressText(step)).toMatch(/^ステップ [1-4] \/ 5：/)
      }
    }
    expect(phaseProgressText('payment')).toBe('ステップ 5 / 5：お支払い')
    expect(phaseProgressText('registerInsuredInfo')).toBe('ステップ 2 / 5：ご契約者・被保険者')
  })
})
