import type { ReactNode } from 'react'
import type * as z from 'zod/mini'
import type { DefaultValues, FieldPath } from '@/components/form/form-store.ts'
import { useStepForm, type StepForm } from '@/components/form/use-step-form.ts'
import { CodeField } from './code-field.tsx'
import { FormBody } from './form-parts.tsx'

/**
 * A code step's form (form-schemas.ts): the code box first, then what else the step asks
 * (`children`: a new password), and its button. The attempt's token goes along in `onSubmit`.
 */
export function CodeForm<T extends { code: string }>({
  schema,
  defaultValues,
  labels,
  submitLabel,
  onSubmit,
  children,
}: {
  schema: z.ZodMiniType<T, T>
  defaultValues: DefaultValues<T>
  labels: Readonly<Partial<Record<FieldPath<T>, string>>>
  submitLabel: string
  onSubmit: (values: T) => Promise<void>
  children?: (form: StepForm<T, T>) => ReactNode
}) {
  const form = useStepForm({
    schema,
    defaultValues,
    labels,
    onSubmit,
  })
  return (
    <FormBody form={form} submitLabel={submitLabel}>
      <CodeField form={form} />
      {children?.(form)}
    </FormBody>
  )
}
