import type { ConsentReference } from '@app/shared/api/access/endpoints'
import type { ConsentDocumentId, DocumentVersion } from '@app/shared/documents'
import { useMemo, useState } from 'react'
import { CheckboxGroup } from './checkbox-group.tsx'
import { ErrorSummary } from './error-summary.tsx'
import { requiredResolver } from './required-resolver.ts'
import { useStepForm } from './use-step-form.ts'

/** A document to agree to: which one, and which version of it. */
export interface ConsentTarget {
  documentId: ConsentDocumentId
  version: DocumentVersion
}

/** One box to tick: the document (and its version) it agrees to, and its texts. */
export interface ConsentItem extends ConsentTarget {
  /** the form field's name */
  name: string
  legend: string
  label: string
  /** shown under the box and in the summary when it is left unticked */
  requiredMessage: string
}

type ConsentValues = Record<string, string[]>

const AGREED = 'agreed'

/** Whether a list of recorded consents holds one to this version of the item's document. */
export function isRecordedIn(
  recorded: readonly ConsentReference[],
): (item: ConsentTarget) => boolean {
  return (item) =>
    recorded.some(
      (consent) => consent.documentId === item.documentId && consent.version === item.version,
    )
}

/**
 * Consent boxes and their button: termsOfService (kept in the tab until the application exists,
 * consent.ts) and the application's entryTerms and pamphletImportantNotes (recorded with the
 * application). Each box is its own required group in `<fieldset><legend>`; a box starts ticked
 * when `isGiven` says that version was agreed to. On submit the consents go to `onAgreed`.
 */
export function ConsentForm({
  items,
  isGiven,
  submitLabel,
  onAgreed,
}: {
  items: readonly ConsentItem[]
  isGiven: (item: ConsentTarget) => boolean
  submitLabel: string
  onAgreed: (consents: ConsentTarget[]) => Promise<void> | void
}) {
  // z.array(z.string()).check(z.minLength(1)) for each box, written out (required-resolver.ts)
  const resolver = useMemo(
    () =>
      requiredResolver<ConsentValues>(
        items.map((item) => ({ name: item.name, message: item.requiredMessage, list: true })),
      ),
    [items],
  )
  const [defaultValues] = useState<ConsentValues>(() =>
    Object.fromEntries(items.map((item) => [item.name, isGiven(item) ? [AGREED] : []])),
  )
  const labels = useMemo(
    () => Object.fromEntries(items.map((item) => [item.name, item.legend])),
    [items],
  )
  const form = useStepForm({
    resolver,
    defaultValues,
    labels,
    onSubmit: async () => {
      await onAgreed(items.map(({ documentId, version }) => ({ documentId, version })))
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
          {submitLabel}
        </button>
      </div>
    </form>
  )
}
