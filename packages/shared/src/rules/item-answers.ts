import type { ItemDefinition } from '../api/group/item-definition.ts'
import type { Issue } from '../errors.ts'
import { t } from '../messages/fields.ts'
import { validateRules, type RuleSpec } from './fields.ts'

// Answers to a group's own items (SPEC §3.5: policy-holder and insured items, notice matters):
// each item names its field rules in `ruleArray`; the browser runs these for feedback and the
// server as the authority, so both give the same message.

/** An answer: text, one choice code, or several (checkbox). */
export type ItemAnswer = string | readonly string[] | undefined

/** The field rules an item's answer is checked with, in its `ruleArray` order. */
export function itemAnswerRules(item: ItemDefinition): RuleSpec[] {
  return item.ruleArray.map((rule): RuleSpec =>
    // A free-text box may hold line breaks; every other field is one line.
    rule === 'gaiji' && item.inputType === 'textarea' ? ['gaiji', { allowLineBreaks: true }] : rule,
  )
}

/** The Japanese message for a bad answer, or undefined when it passes. */
export function validateItemAnswer(item: ItemDefinition, answer: ItemAnswer): string | undefined {
  const failure = validateRules(itemAnswerRules(item), answer)
  if (failure !== undefined) return failure
  if (item.choiceArray.length === 0 || answer === undefined) return undefined
  const codes = new Set(item.choiceArray.map((choice) => choice.code))
  const chosen = typeof answer === 'string' ? (answer === '' ? [] : [answer]) : answer
  return chosen.every((code) => codes.has(code)) ? undefined : t('validation.choice')
}

/** Every bad answer of a set of items, as issues keyed by `pathPrefix` + itemCode. */
export function validateItemAnswers(
  items: readonly ItemDefinition[],
  answers: Readonly<Record<string, ItemAnswer>>,
  pathPrefix = '',
): Issue[] {
  const issues: Issue[] = []
  for (const item of items) {
    const message = validateItemAnswer(item, answers[item.itemCode])
    if (message !== undefined) issues.push({ path: `${pathPrefix}${item.itemCode}`, message })
  }
  return issues
}
