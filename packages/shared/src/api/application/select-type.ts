import * as z from 'zod/mini'
import { t } from '../../messages/application.ts'

// selectType (SPEC §8.4 "Plan selection", ADR 0012) on its own, so that the screen loads this
// and not every application schema; the server checks the body with the same schema
// (endpoints.ts) and builds the same conflict message.

/** selectType: "1" the plan alone, "2" the plan with options. */
export const contractTypeSchema = z.enum(['1', '2'])

export const selectTypeInputSchema = z
  .strictObject({
    contractType: z.enum(['1', '2', ''], { error: () => t('application.validation.contractType') }),
    optionUnitNoArray: z.array(z.string()),
  })
  .check((payload) => {
    const { contractType, optionUnitNoArray } = payload.value
    if (contractType === '') {
      payload.issues.push({
        code: 'custom',
        path: ['contractType'],
        message: t('application.validation.contractType'),
        input: contractType,
      })
    } else if (contractType === '2' && optionUnitNoArray.length === 0) {
      payload.issues.push({
        code: 'custom',
        path: ['optionUnitNoArray'],
        message: t('application.validation.option'),
        input: optionUnitNoArray,
      })
    }
  })
export type SelectTypeInput = z.infer<typeof selectTypeInputSchema>

/** SPEC §8.4: units that must not be chosen together, listed by name under plan and option. */
export function conflictMessage(
  planNames: readonly string[],
  optionNames: readonly string[],
): string {
  const parts: string[] = []
  if (planNames.length > 0) {
    parts.push(t('application.validation.conflictPlan', { names: planNames.join('、') }))
  }
  if (optionNames.length > 0) {
    parts.push(t('application.validation.conflictOption', { names: optionNames.join('、') }))
  }
  return t('application.validation.conflict', { names: parts.join('　') })
}
