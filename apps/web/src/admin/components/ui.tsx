import { t } from '@app/shared/messages/admin-console'
import { useEffect, useRef, type ReactNode } from 'react'
import { Field } from '@/components/form/field.tsx'
import { legendClassName } from '@/components/form/field-parts.tsx'
import { PageHeading } from '@/components/page-heading.tsx'
import { errorText } from '../lib/format.ts'

// The console's small parts (issue #20): the screen's heading and title, the alert and the
// status regions, buttons and controls in the DADS look, dense for a desktop.

/** A text box or select, denser than the applicant's (44 px). */
export const inputClassName =
  'min-h-11 w-full rounded-8 border border-solid-gray-600 bg-white px-3 py-2 text-std-16N-170 text-solid-gray-900 hover:border-black aria-[invalid=true]:border-2 aria-[invalid=true]:border-error-1'

export const primaryButtonClassName =
  'inline-flex min-h-11 items-center justify-center rounded-8 bg-blue-900 px-4 py-2 font-bold text-white underline decoration-transparent underline-offset-3 hover:bg-blue-1000 hover:decoration-current active:bg-blue-1200 disabled:bg-solid-gray-300'

export const secondaryButtonClassName =
  'inline-flex min-h-11 items-center justify-center rounded-8 border border-blue-900 bg-white px-4 py-2 font-bold text-blue-900 underline decoration-transparent underline-offset-3 hover:bg-blue-200 hover:decoration-current'

export const dangerButtonClassName =
  'inline-flex min-h-11 items-center justify-center rounded-8 bg-error-1 px-4 py-2 font-bold text-white underline decoration-transparent underline-offset-3 hover:bg-error-2 hover:decoration-current'

export const smallButtonClassName =
  'inline-flex min-h-9 items-center justify-center rounded-6 border border-blue-900 bg-white px-3 py-1 text-std-16B-170 text-blue-900 hover:bg-blue-200'

export const tableClassName = 'w-full border-collapse text-left text-std-16N-170'
export const thClassName =
  'border-b-2 border-solid-gray-600 bg-solid-gray-50 px-2 py-2 align-bottom text-std-16B-170 whitespace-nowrap'
export const tdClassName = 'border-b border-solid-gray-300 px-2 py-2 align-top'

/** The screen's <h1> (focus moves to it after a navigation) and the document's title. */
export function ScreenHeading({ children }: { children: string }) {
  useEffect(() => {
    document.title = t('admin.title', { screen: children })
  }, [children])
  return <PageHeading hasAccent={false}>{children}</PageHeading>
}

/** A failure in a role="alert" box that takes focus when it appears. */
export function ErrorAlert({ error, children }: { error: unknown; children?: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (error !== undefined) ref.current?.focus()
  }, [error])
  if (error === undefined) return null
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      className="flex flex-col gap-2 rounded-8 border-2 border-error-1 bg-white p-4"
    >
      <p className="text-std-16B-170 text-error-1">
        {typeof error === 'string' ? error : errorText(error)}
      </p>
      {children}
    </div>
  )
}

/** A polite live region, always in the page, so that what is put in it is read out. */
export function LiveStatus({ message }: { message: string | undefined }) {
  return (
    <div role="status" aria-live="polite" className={message ? 'rounded-8 bg-green-50 p-3' : ''}>
      {message !== undefined && <p className="text-std-16B-170 text-solid-gray-900">{message}</p>}
    </div>
  )
}

export function Loading() {
  return (
    <p role="status" className="text-std-16N-170 text-solid-gray-700">
      {t('admin.loading')}
    </p>
  )
}

/** A titled section whose heading is a level-2 heading. */
export function Section({
  title,
  children,
  id,
}: {
  title: string
  children: ReactNode
  id?: string
}) {
  const headingId = `${id ?? title}-heading`
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-std-20B-150 text-solid-gray-900">
        {title}
      </h2>
      {children}
    </section>
  )
}

/** Label–value pairs as a description list, two columns wide. */
export function Pairs({ items }: { items: readonly { label: string; value: ReactNode }[] }) {
  return (
    <dl className="grid grid-cols-[minmax(8rem,14rem)_1fr] gap-x-4 gap-y-1 text-std-16N-170">
      {items.map((item, index) => (
        <div key={`${item.label}-${index}`} className="contents">
          <dt className="font-bold text-solid-gray-800">{item.label}</dt>
          <dd className="break-all">{item.value}</dd>
        </div>
      ))}
    </dl>
  )
}

export interface InputFieldProps {
  label: string
  required?: boolean
  support?: ReactNode
  error?: string | undefined
  type: 'text' | 'email' | 'password' | 'date' | 'datetime-local' | 'url'
  autoComplete?: string
  inputMode?: 'numeric' | 'email' | 'text'
  value: string
  onChange: (value: string) => void
  /** the input's classes: the console's text box unless said */
  className?: string
}

/** One labelled text box of the console: the form kit's Field around an input it controls. */
export function InputField({
  label,
  required = false,
  support,
  error,
  value,
  onChange,
  className = inputClassName,
  ...input
}: InputFieldProps) {
  return (
    <Field label={label} required={required} support={support} error={error}>
      {(control) => (
        <input
          {...control}
          {...input}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={className}
        />
      )}
    </Field>
  )
}

/** A date range of a filter: two date boxes under one legend (「申込日（から）」「申込日（まで）」). */
export function DateRangeFields<K extends string>({
  label,
  keys,
  values,
  errors,
  onChange,
  className = 'flex flex-col gap-2',
}: {
  label: string
  /** the filter's keys of the start and the end */
  keys: readonly [K, K]
  values: Readonly<Record<K, string>>
  errors: Partial<Record<K, string>>
  onChange: (key: K, value: string) => void
  className?: string
}) {
  return (
    <fieldset className={className}>
      <legend className={legendClassName}>{label}</legend>
      <div className="grid grid-cols-2 gap-2">
        {keys.map((key, index) => (
          <InputField
            key={key}
            label={t(index === 0 ? 'admin.common.dateFrom' : 'admin.common.dateTo', { label })}
            error={errors[key]}
            type="date"
            value={values[key]}
            onChange={(value) => onChange(key, value)}
          />
        ))}
      </div>
    </fieldset>
  )
}

/**
 * A start and an end in Japanese time (issue #21: maintenance windows, notices), both required;
 * `datetime-local` values, which lib/jst-datetime.ts reads as JST.
 */
export function DateTimeRangeFields({
  labels,
  values,
  errors,
  onChange,
}: {
  labels: { startsAt: string; endsAt: string }
  values: { startsAt: string; endsAt: string }
  errors: { startsAt?: string; endsAt?: string }
  onChange: (key: 'startsAt' | 'endsAt', value: string) => void
}) {
  return (
    <div className="grid grid-cols-2 gap-4">
      {(['startsAt', 'endsAt'] as const).map((key) => (
        <InputField
          key={key}
          label={labels[key]}
          required
          support={t('admin.datetime.support')}
          error={errors[key]}
          type="datetime-local"
          value={values[key]}
          onChange={(value) => onChange(key, value)}
        />
      ))}
    </div>
  )
}
