import { flowPhaseMessages } from './flow-phase.ja.ts'
import { translator } from './format.ts'
import { applicationPhases, phaseOf, type FlowTarget } from '../rules/application-steps.ts'

/** t() over the phase indicator's texts (ADR 0011: a catalogue of its own, a few hundred bytes). */
export const t = translator(flowPhaseMessages)

/** 「ステップ 2 / 5：ご契約者・被保険者」 for a step (or payment). */
export function phaseProgressText(step: FlowTarget): string {
  const { phase, number } = phaseOf(step)
  return t('flowPhase.progress', {
    current: number,
    total: applicationPhases.length,
    phase: t(`flowPhase.${phase}`),
  })
}
