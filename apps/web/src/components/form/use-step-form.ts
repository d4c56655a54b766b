import { errorCodes, type Issue } from '@app/shared/errors'
import { useCallback, useId, useRef, useState, type FormEvent, type RefCallback } from 'react'
import type { ZodMiniType } from 'zod/mini'
import { ApiError } from '@/lib/api-client.ts'
import type { ErrorSummaryItem } from './error-summary.tsx'
import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
} from './form-store.ts'
import { schemaResolver } from './schema-resolver.ts'
import { scheduleFieldValidation, type ValidationScheduler } from './validation-scheduler.ts'

/** The `type` of an error applied from the server's `issues`. */
export const SERVER_ERROR_TYPE = 'server'

interface StepFormCommonOptions<TInput extends FieldValues, TOutput> {
  defaultValues: DefaultValues<TInput>
  /** each field's label (labels.ts): the label of its Field, and the error summary's prefix */
  labels: Readonly<Partial<Record<FieldPath<TInput>, string>>>
  /**
   * Called with the parsed values once the client rules pass. A 400 APFV0001 ApiError it throws
   * is shown on the fields and in the summary; any other error goes to the route's error boundary.
   */
  onSubmit: (values: TOutput) => Promise<void> | void
}

/**
 * The form's rules: the step's zod schema, or — for a form whose rules are trivial and whose page
 * should not download zod (the consent boxes, ADR 0037 round 2) — a resolver written by hand that
 * gives the same errors.
 */
export type StepFormOptions<TInput extends FieldValues, TOutput> = StepFormCommonOptions<
  TInput,
  TOutput
> &
  (
    | {
        /** the step's schema from @app/shared (the server validates with the same one) */
        schema: ZodMiniType<TOutput, TInput>
        resolver?: never
      }
    | { resolver: Resolver<TInput, TOutput>; schema?: never }
  )

/** What a Field, RadioGroup, CheckboxGroup or DateInput needs from the form. */
export interface BoundFieldProps<TName extends string> {
  id: string
  name: TName
  label: string
  error: string | undefined
}

export interface StepForm<TInput extends FieldValues, TOutput> extends UseFormReturn<
  TInput,
  TOutput
> {
  /** spread onto the `<form>` */
  formProps: {
    ref: RefCallback<HTMLFormElement>
    noValidate: true
    onSubmit: (event: FormEvent<HTMLFormElement>) => void
  }
  fieldProps: <TName extends FieldPath<TInput>>(name: TName) => BoundFieldProps<TName>
  /** spread onto `<ErrorSummary>` */
  summary: { items: readonly ErrorSummaryItem[]; focusKey: number }
  /**
   * Shows a 400 body's `issues`: on its field when one is on the page (`setError`, type
   * 'server'), and every one in the summary, which takes focus.
   */
  applyServerIssues: (issues: readonly Issue[]) => void
}

/** The `issues` of a 400 APFV0001 answer (STYLE.md §7), or undefined for any other failure. */
export function validationIssuesOf(error: unknown): readonly Issue[] | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined
  if (error.body.errorCode !== errorCodes.validationFailed) return undefined
  const { issues } = error.body
  return issues !== undefined && issues.length > 0 ? issues : undefined
}

// The summary lists problems in the order the fields appear on the page, whatever order the
// schema or the server gives; items without a field come last.
function inPageOrder(items: ErrorSummaryItem[], document: Document): ErrorSummaryItem[] {
  const elementOf = (item: ErrorSummaryItem) =>
    item.fieldId === undefined ? null : document.getElementById(item.fieldId)
  return items
    .map((item, index) => ({ item, index, element: elementOf(item) }))
    .sort((a, b) => {
      if (a.element === null || b.element === null) {
        return a.element === b.element ? a.index - b.index : a.element === null ? 1 : -1
      }
      if (a.element === b.element) return a.index - b.index
      const position = a.element.compareDocumentPosition(b.element)
      return position & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1
    })
    .map(({ item }) => item)
}

/**
 * One step's form (STYLE.md §5): the form store (form-store.ts) with the step's zod schema, validated field by
 * field when focus leaves it and on change (SPEC §5.3, validation-scheduler.ts), an error summary
 * that takes focus after a failed submit, and the server's `issues` shown on their fields. Values
 * are never reset by a failed submit.
 *
 * ```tsx
 * const form = useStepForm({ schema: insrdInfoSchema, defaultValues, labels, onSubmit: save })
 * <form {...form.formProps}>
 *   <ErrorSummary {...form.summary} />
 *   <Field {...form.fieldProps('insrdNameKana')} required>
 *     {(control) => <input type="text" {...control} {...form.register('insrdNameKana')} />}
 *   </Field>
 *   <DateInput {...form.fieldProps('insrdBirthDate')} control={form.control} required autoComplete="bday" />
 * ```
 */
export function useStepForm<TInput extends FieldValues, TOutput>(
  options: StepFormOptions<TInput, TOutput>,
): StepForm<TInput, TOutput> {
  const { defaultValues, labels, onSubmit } = options
  // The store validates only on submit and when asked, and never moves focus itself: the
  // scheduler decides when a field is checked, and the error summary takes focus.
  const form = useForm<TInput, TOutput>({
    resolver: options.resolver === undefined ? schemaResolver(options.schema) : options.resolver,
    defaultValues,
  })
  const { getFieldState, trigger, setError, handleSubmit } = form
  const idPrefix = useId()
  const formElement = useRef<HTMLFormElement | null>(null)
  const scheduler = useRef<ValidationScheduler | null>(null)
  const [summary, setSummary] = useState<StepForm<TInput, TOutput>['summary']>({
    items: [],
    focusKey: 0,
  })
  const [failure, setFailure] = useState<{ error: unknown } | undefined>(undefined)

  const fieldId = useCallback((name: string) => `${idPrefix}${name}`, [idPrefix])
  const labelOf = (name: string): string | undefined =>
    (labels as Readonly<Record<string, string | undefined>>)[name]

  const formRef = useCallback<RefCallback<HTMLFormElement>>(
    (element) => {
      formElement.current = element
      if (element === null) return undefined
      const current = scheduleFieldValidation(element, {
        validate: (names) => {
          void trigger(names as FieldPath<TInput>[])
        },
        errorOf: (name) => {
          const { error } = getFieldState(name as FieldPath<TInput>)
          return error === undefined ? undefined : { fromServer: error.type === SERVER_ERROR_TYPE }
        },
      })
      scheduler.current = current
      return () => {
        current.dispose()
        if (scheduler.current === current) scheduler.current = null
        formElement.current = null
      }
    },
    [getFieldState, trigger],
  )

  const showSummary = (items: ErrorSummaryItem[]) => {
    const document = formElement.current?.ownerDocument
    const ordered = document === undefined ? items : inPageOrder(items, document)
    setSummary((previous) => ({ items: ordered, focusKey: previous.focusKey + 1 }))
  }

  const hasControl = (name: string): boolean =>
    formElement.current?.ownerDocument.getElementById(fieldId(name)) != null

  const showClientErrors = (errors: FieldErrors) => {
    showSummary(
      Object.entries(errors)
        .flatMap(([name, { message }]) =>
          message === undefined || message === '' ? [] : [{ name, message }],
        )
        .map(({ name, message }) => ({
          fieldId: hasControl(name) ? fieldId(name) : undefined,
          label: labelOf(name),
          message,
        })),
    )
  }

  const applyServerIssues = (issues: readonly Issue[]) => {
    const items: ErrorSummaryItem[] = []
    const seen = new Set<string>()
    for (const issue of issues) {
      const isOnPage = hasControl(issue.path)
      // One message per field, as the client rules give: the first.
      if (isOnPage && seen.has(issue.path)) continue
      seen.add(issue.path)
      if (isOnPage) {
        setError(issue.path as FieldPath<TInput>, {
          type: SERVER_ERROR_TYPE,
          message: issue.message,
        })
      }
      items.push({
        fieldId: isOnPage ? fieldId(issue.path) : undefined,
        label: labelOf(issue.path),
        message: issue.message,
      })
    }
    showSummary(items)
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    scheduler.current?.cancel()
    void handleSubmit(async (values) => {
      setSummary((previous) => ({ items: [], focusKey: previous.focusKey }))
      try {
        await onSubmit(values)
      } catch (error) {
        const issues = validationIssuesOf(error)
        if (issues === undefined) setFailure({ error })
        else applyServerIssues(issues)
      }
    }, showClientErrors)(event)
  }

  const fieldProps = <TName extends FieldPath<TInput>>(name: TName): BoundFieldProps<TName> => {
    const label = labelOf(name)
    if (label === undefined) throw new Error(`useStepForm: no label for the field ${name}`)
    return {
      id: fieldId(name),
      name,
      label,
      error: getFieldState(name).error?.message,
    }
  }

  // An unexpected failure of the submit (network, 5xx, a bug) is rethrown while rendering, so the
  // route's error boundary shows the error screen (ADR 0003).
  if (failure !== undefined) throw failure.error

  return {
    ...form,
    formProps: { ref: formRef, noValidate: true, onSubmit: submit },
    fieldProps,
    summary,
    applyServerIssues,
  }
}
