import type { ZodMiniType } from 'zod/mini'
import type { FieldError, FieldValues, Resolver } from './form-store.ts'

// The form store's resolver for a step's zod schema (zod 4, the first error of each field, no
// native validation). Errors are keyed by the issue's dotted path ('insrdInfoArray.0.insrdNameKana');
// an array's own error is under the array's path.

export function schemaResolver<TInput extends FieldValues, TOutput>(
  schema: ZodMiniType<TOutput, TInput>,
): Resolver<TInput, TOutput> {
  return async (values) => {
    const result = await schema.safeParseAsync(values)
    if (result.success) return { values: result.data }

    // The first issue of each field, as the schema reports them (SPEC §5.3: one message a field).
    const errors: Record<string, FieldError> = {}
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.')
      errors[path] ??= { type: issue.code, message: issue.message }
    }
    return { errors }
  }
}
