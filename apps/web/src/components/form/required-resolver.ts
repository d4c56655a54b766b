import type { FieldError, FieldValues, Resolver } from './form-store.ts'

// Resolvers written by hand for forms whose rules are only "required": such a page then does not
// download zod (≈ 9 KiB gzip, ADR 0037 round 2). Each gives what schemaResolver gives for the zod
// schema it names, for the values the form's controls produce (required-resolver.test.ts holds
// them equal); a value of another type, which the controls never give, is refused with the
// field's message.

export interface RequiredRule {
  /** the form field's name */
  name: string
  /** shown on the field and in the summary when it is empty */
  message: string
  /** the field's value is a list of strings (a CheckboxGroup), not a string */
  list?: boolean
}

/**
 * `z.object({ [name]: z.string().check(z.minLength(1, { error: message })) })`, or with `list`
 * `z.array(z.string()).check(z.minLength(1, { error: message }))`: an empty value is `too_small`
 * with the field's message; the values are the fields' (other keys dropped).
 */
export function requiredResolver<TValues extends FieldValues>(
  rules: readonly RequiredRule[],
): Resolver<TValues, TValues> {
  return (values) => {
    const errors: Record<string, FieldError> = {}
    const parsed: Record<string, unknown> = {}
    for (const rule of rules) {
      const value: unknown = (values as Record<string, unknown>)[rule.name]
      const isOfType =
        rule.list === true
          ? Array.isArray(value) && value.every((entry) => typeof entry === 'string')
          : typeof value === 'string'
      if (!isOfType) {
        errors[rule.name] ??= { type: 'invalid_type', message: rule.message }
      } else if ((value as string | string[]).length === 0) {
        errors[rule.name] ??= { type: 'too_small', message: rule.message }
      } else {
        parsed[rule.name] = Array.isArray(value) ? [...(value as string[])] : value
      }
    }
    return Promise.resolve(
      Object.keys(errors).length > 0 ? { errors } : { values: parsed as TValues },
    )
  }
}

/** `z.object({})`: a form without fields (a confirmation's button) always passes, with no values. */
export function noFieldsResolver<TValues extends FieldValues>(): Resolver<TValues, TValues> {
  return () => Promise.resolve({ values: {} as TValues })
}
