import { useId, type ReactNode } from 'react'

/** A titled part of a screen: a <section> named by its <h2> (my-page and renewal screens). */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-std-20B-150 text-solid-gray-900">
        {title}
      </h2>
      {children}
    </section>
  )
}
