import { useEffect, useRef, type ReactNode } from 'react'
import { useLocation } from 'react-router'

/**
 * The screen's <h1>. After an in-app navigation (not on the document's first page) focus moves
 * to it, so screen reader users hear where they are; `alwaysFocus` also does so on the first
 * page (error screens).
 */
export function PageHeading({
  children,
  alwaysFocus = false,
  hasAccent = true,
}: {
  children: ReactNode
  alwaysFocus?: boolean
  /** a bar in the group's theme colour before the title */
  hasAccent?: boolean
}) {
  const ref = useRef<HTMLHeadingElement>(null)
  const { key } = useLocation()
  // The router gives the document's first location the key "default".
  const shouldFocus = alwaysFocus || key !== 'default'
  useEffect(() => {
    if (shouldFocus) ref.current?.focus()
  }, [shouldFocus, key])
  return (
    <h1
      ref={ref}
      tabIndex={-1}
      className={`text-std-24B-150 text-solid-gray-900 md:text-std-28B-150 ${hasAccent ? 'border-l-8 border-(--theme-color) pl-3' : ''}`}
    >
      {children}
    </h1>
  )
}
