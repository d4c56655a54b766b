import { t } from '@app/shared/messages/documents'
import { fieldGroupSchema } from '@app/shared/rules/field-schema'
import type { PlainMessageKey } from '@app/shared/rules/fields'
import { useMemo, useState } from 'react'
import * as z from 'zod/mini'
import { CheckboxGroup } from '../../../components/form/checkbox-group.tsx'
import { ErrorSummary } from '../../../components/form/error-summary.tsx'
import { useStepForm } from '../../../components/form/use-step-form.ts'
import { useLinkConsents, type ConsentTarget } from '../consent.ts'

/** One box to tick: the document it agrees to and its texts. */
export interface ConsentItem extends ConsentTarget {
  /** the form field's name */
  name: string
  legend: string
  label: string
  /** shown under the box and in the summary when it is left unticked */
  requiredMessageKey: PlainMessageKey
}

type ConsentValues = Record<string, string[]>

const AGREED = 'agreed'

/**
 * The consent boxes of an entry screen and 「同意して次へ」. Each box is its own required group in
 * `<fieldset><legend>` (the form kit's CheckboxGroup). On submit the consents are recorded for the
 * link (consent.ts) before `onAgreed` moves on; a consent given earlier shows its box ticked.
 */
export function ConsentForm({
  items,
  onAgreed,
}: {
  items: readonly ConsentItem[]
  onAgreed: () => Promise<void> | void
}) {
  const consents = useLinkConsents()
  const schema = useMemo(
    () =>
      z.object(
        Object.fromEntries(
          items.map((item) => [
            item.name,
            fieldGroupSchema(['required', { messageKey: item.requiredMessageKey }]),
          ]),
        ),
      ) as unknown as z.ZodMiniType<ConsentValues, ConsentValues>,
    [items],
  )
  const [defaultValues] = useState<ConsentValues>(() =>
    Object.fromEntries(items.map((item) => [item.name, consents.isGiven(item) ? [AGREED] : []])),
  )
  const labels = useMemo(
    () => Object.fromEntries(items.map((item) => [item.name, item.legend])),
    [items],
  )
  const form = useStepForm({
    schema,
    defaultValues,
    labels,
    onSubmit: async () => {
      consents.record(items.map(({ documentId, version }) => ({ documentId, version })))
      await onAgreed()
    },
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
          {t('consent.submit')}
        </button>
      </div>
    </form>
  )
}
