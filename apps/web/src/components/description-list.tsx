import type { ReactNode } from 'react'

export interface DescriptionRow {
  label: string
  value: ReactNode
}

/**
 * A description list in the confirmation screens' look: each label beside its value (above it on a
 * narrow screen). Line breaks in a value are kept; a long unbroken value (an address, an account
 * number) wraps rather than overflowing.
 */
export function DescriptionList({ rows }: { rows: readonly DescriptionRow[] }) {
  return (
    <dl className="flex flex-col border-t border-solid-gray-420 text-std-16N-170">
      {rows.map((row, index) => (
        <div
          key={`${row.label}-${String(index)}`}
          className="flex flex-col gap-1 border-b border-solid-gray-420 py-3 md:flex-row md:gap-6"
        >
          <dt className="text-std-16B-170 text-solid-gray-900 md:w-56 md:shrink-0">{row.label}</dt>
          <dd className="whitespace-pre-wrap wrap-anywhere">{row.value}</dd>
        </div>
      ))}
    </dl>
  )
}
