import type { ConsentReference } from '@app/shared/api/access/endpoints'
import type { ApplicationView } from '@app/shared/api/application/apply-info'
import { useMemo, useState } from 'react'
import * as z from 'zod/mini'
import { CheckboxGroup } from '../../../components/form/checkbox-group.tsx'
import { ErrorSummary } from '../../../components/form/error-summary.tsx'
import { useStepForm } from '../../../components/form/use-step-form.ts'

/** One box to tick on a consent step: the document (and its version) it agrees to. */
export interface StepConsentItem extends ConsentReference {
  /** the form field's name */
  name: string
  legend: string
  label: string
  /** shown under the box and in the summary when it is left unticked */
  requiredMessage: string
}

type ConsentValues = Record<string, string[]>

const AGREED = 'agreed'

/**
 * The consent boxes of an application step (entryTerms, pamphletImportantNotes) and its button.
 * Each box is its own required group in `<fieldset><legend>`; a box is ticked when the
 * application already records consent to that version of the document. On submit the consents
 * go to `onAgreed`, which saves them.
 */
export function ConsentStepForm({
  items,
  consentArray,
  submitLabel,
  onAgreed,
}: {
  items: readonly StepConsentItem[]
  /** the consents the application records */
  consentArray: ApplicationView['consentArray']
  submitLabel: string
  onAgreed: (consents: ConsentReference[]) => Promise<void>
}) {
  const schema = useMemo(
    () =>
      z.object(
        Object.fromEntries(
          items.map((item) => [
            item.name,
            z.array(z.string()).check(z.minLength(1, { error: item.requiredMessage })),
          ]),
        ),
      ) as unknown as z.ZodMiniType<ConsentValues, ConsentValues>,
    [items],
  )
  const [defaultValues] = useState<ConsentValues>(() =>
    Object.fromEntries(
      items.map((item) => [
        item.name,
        consentArray.some(
          (consent) => consent.documentId === item.documentId && consent.version === item.version,
        )
          ? [AGREED]
          : [],
      ]),
    ),
  )
  const labels = useMemo(
    () => Object.fromEntries(items.map((item) => [item.name, item.legend])),
    [items],
  )
  const form = useStepForm({
    schema,
    defaultValues,
    labels,
    onSubmit: () => onAgreed(items.map(({ documentId, version }) => ({ documentId, version }))),
  })

  return (
    <form {...form.formProps} className="flex flex-col gap-6">
      <ErrorSummary {...form.summary} />
      <div className="flex flex-col gap-6 rounded-8 border border-solid-gray-420 p-4 md:p-6">
        {items.map((item) => (
          <CheckboxGroup
            key={item.name}
            {...form.fieldProps(item.name)}
            control={form.control}
            required
            options={[{ value: AGREED, label: item.label }]}
          />
        ))}
      </div>
      <div>
        <button type="submit" className="app-button w-full md:w-auto">
          {submitLabel}
        </button>
      </div>
    </form>
  )
}
