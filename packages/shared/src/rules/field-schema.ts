// zod builders over the field rules (SPEC §5.2), for the browser forms (the form kit's store and
// schemaResolver) and the server route schemas alike: the same bad value gets the same message on
// both sides, because both run validateRules (issue #3).
import * as z from 'zod/mini'
import { t } from '../messages/fields.ts'
import { validateRules } from './fields.ts'
import type { FieldRuleName, RuleSpec } from './fields.ts'

const fileOnlyRules: readonly FieldRuleName[] = ['size', 'uploadSize']

function ruleName(spec: RuleSpec): FieldRuleName {
  return typeof spec === 'string' ? spec : spec[0]
}

// Fail when the schema is built (at module load), not when a user first types: run every rule once
// so that its parameters are checked, and refuse the rules that need a file's size.
function assertUsableOnText(rules: readonly RuleSpec[]): void {
  for (const spec of rules) {
    const name = ruleName(spec)
    if (fileOnlyRules.includes(name)) {
      throw new TypeError(`field rule ${name} checks a file's size, not text`)
    }
    validateRules([spec], '')
  }
}

// A value that is not there at all (a key missing from a request body) is 必須項目です。 when the
// field is required, as an empty string would be. Any other wrong type keeps zod's own message:
// only a bug sends one, as every form sends strings.
function absentValueError(rules: readonly RuleSpec[]) {
  const isRequired = rules.some((spec) => {
    const name = ruleName(spec)
    return name === 'required' || name === 'multipleRequired'
  })
  return (issue: { input?: unknown }): string | undefined => {
    if (!isRequired || (issue.input !== undefined && issue.input !== null)) return undefined
    return validateRules(rules, null) ?? t('validation.required')
  }
}

/**
 * 文字列の入力欄のスキーマ: `z.string()` に validateRules を通すチェックを足す。
 * メッセージはルールのメッセージそのまま（最初に通らなかったルールだけ）。値は変えない（正規化しない）。
 * `fieldSchema('required', 'onlyFullKatakana')`
 */
export function fieldSchema(...rules: RuleSpec[]): z.ZodMiniType<string, string> {
  assertUsableOnText(rules)
  return z.string({ error: absentValueError(rules) }).check((payload) => {
    const failure = validateRules(rules, payload.value)
    if (failure !== undefined) {
      payload.issues.push({ code: 'custom', message: failure, input: payload.value })
    }
  })
}

/**
 * 値の組（チェックボックスの組、分けて入力する項目）のスキーマ。multipleRequired はすべての値、
 * required は1つ以上の値を求め、文字のルールは値を1つずつ調べる。メッセージは組に1つ付く。
 */
export function fieldGroupSchema(...rules: RuleSpec[]): z.ZodMiniType<string[], string[]> {
  assertUsableOnText(rules)
  return z.array(z.string(), { error: absentValueError(rules) }).check((payload) => {
    const failure = validateRules(rules, payload.value)
    if (failure !== undefined) {
      payload.issues.push({ code: 'custom', message: failure, input: payload.value })
    }
  })
}
