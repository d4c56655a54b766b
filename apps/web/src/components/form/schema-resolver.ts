import {
  get,
  set,
  type FieldError,
  type FieldErrors,
  type FieldValues,
  type Resolver,
} from 'react-hook-form'
import type { ZodMiniType } from 'zod/mini'

// react-hook-form's resolver for a step's zod schema. It does what @hookform/resolvers' zodResolver
// and toNestErrors do for our forms (zod 4, first error per field, no native validation) in a
// fraction of their size, which also carry zod 3 and native-validation paths (ADR 0011).

/** 'a[0].b' → 'a.0.b', as react-hook-form names fields. */
function normalise(name: string): string {
  return name.replace(/\[(\d+)]/g, '.$1').replace(/[[\]]/g, '')
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|\\]/g, '\\$&')
}

/** An error on an array whose items are fields of their own belongs under the array's `root`. */
function isFieldArray(names: readonly string[], name: string): boolean {
  const pattern = new RegExp(`^${escapeRegExp(normalise(name))}\\.\\d+`)
  return names.some((candidate) => pattern.test(normalise(candidate)))
}

export function schemaResolver<TInput extends FieldValues, TOutput>(
  schema: ZodMiniType<TOutput, TInput>,
): Resolver<TInput, unknown, TOutput> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values)
    if (result.success) return { values: result.data, errors: {} }

    // The first issue of each field, as the schema reports them (SPEC §5.3: one message a field).
    const firstErrors = new Map<string, FieldError>()
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.')
      if (!firstErrors.has(path))
        firstErrors.set(path, { type: issue.code, message: issue.message })
    }
    const names = options.names ?? [...firstErrors.keys()]
    const errors: FieldErrors<TInput> = {}
    for (const [path, error] of firstErrors) {
      const field = get<
        typeof options.fields,
        { ref?: FieldError['ref']; refs?: FieldError['ref'][] } | undefined
      >(options.fields, path)
      const withRef: FieldError = { ...error, ref: field?.refs ? field.refs[0] : field?.ref }
      if (isFieldArray(names, path)) {
        const arrayErrors = { ...get<FieldErrors<TInput>, object | undefined>(errors, path) }
        set(arrayErrors, 'root', withRef)
        set(errors, path, arrayErrors)
      } else {
        set(errors, path, withRef)
      }
    }
    return { values: {}, errors }
  }
}
