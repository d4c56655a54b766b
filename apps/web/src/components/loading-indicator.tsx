import { t } from '@app/shared/messages/shell'
import { useEffect, useState, type ReactNode } from 'react'

// What a screen shows while something it needs is on its way (issue #23 point 10): the shell's
// first page, a route's module and guard data, a step's application, a my-page contract.

/** A load that ends sooner shows nothing: no indicator flashes on a fast line. */
export const LOADING_DELAY_MS = 300

function Spinner() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      strokeWidth="3"
      className="size-6 shrink-0 animate-spin motion-reduce:animate-none"
    >
      <circle cx="12" cy="12" r="9" className="stroke-solid-gray-200" />
      <path d="M12 3a9 9 0 0 1 9 9" strokeLinecap="round" className="stroke-blue-900" />
    </svg>
  )
}

/**
 * True once `isLoading` has been true for LOADING_DELAY_MS without a break; false as soon as it
 * is false again.
 */
export function useIsLoadingShown(isLoading: boolean): boolean {
  const [isShown, setIsShown] = useState(false)
  useEffect(() => {
    if (!isLoading) return undefined
    const timer = setTimeout(() => setIsShown(true), LOADING_DELAY_MS)
    return () => {
      clearTimeout(timer)
      setIsShown(false)
    }
  }, [isLoading])
  return isLoading && isShown
}

const statusClassName = {
  /** in the flow of the screen, where the content will be */
  inline: 'flex items-center gap-3 py-2',
  /** a card over the page (with `floating` positioned by its container) */
  floating:
    'flex items-center gap-3 rounded-8 border border-solid-gray-420 bg-white px-4 py-2 shadow-md',
} as const

/**
 * The status region of a load: empty, then 「読み込んでいます…」 with a spinner once `isShown`.
 * Render it from the start of the load, so that a screen reader, which announces a change to a
 * live region it already knows, reads the text when it is put in.
 */
export function LoadingStatus({
  isShown,
  look = 'inline',
}: {
  isShown: boolean
  look?: keyof typeof statusClassName
}) {
  return (
    <div role="status" className={isShown ? statusClassName[look] : undefined}>
      {isShown && (
        <>
          <Spinner />
          <span className="text-std-16N-170 text-solid-gray-800">{t('app.loading')}</span>
        </>
      )}
    </div>
  )
}

/** LoadingStatus shown LOADING_DELAY_MS after it mounts: mount it while something loads. */
export function LoadingIndicator() {
  return <LoadingStatus isShown={useIsLoadingShown(true)} />
}

/**
 * The part of a screen that waits for `data`: while it is undefined, the region is empty and
 * aria-busy and LoadingIndicator stands before it; then the region holds `children(data)`. The
 * indicator is outside the busy region, whose changes a screen reader may hold back.
 */
export function LoadingRegion<T>({
  data,
  className,
  children,
}: {
  data: T | undefined
  /** the region's layout, as the content would have had it without the region */
  className?: string | undefined
  children: (data: T) => ReactNode
}) {
  const isLoading = data === undefined
  return (
    <>
      {isLoading && <LoadingIndicator />}
      <div aria-busy={isLoading} className={className}>
        {isLoading ? null : children(data)}
      </div>
    </>
  )
}
