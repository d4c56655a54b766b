import type { MouseEvent, ReactNode } from 'react'

/** The element of an in-page target that takes focus: its first heading, else the element. */
function focusTargetOf(target: HTMLElement): HTMLElement {
  if (target.matches('h1, h2, h3')) return target
  return target.querySelector<HTMLElement>('h1, h2') ?? target
}

/**
 * Scrolls to an element of the page and moves focus to its heading, so keyboard and screen
 * reader users go on reading there. Returns false when the page has no such element.
 */
export function moveToSection(document: Document, id: string): boolean {
  const target = document.getElementById(id)
  if (target === null) return false
  target.scrollIntoView?.({ block: 'start' })
  focusTargetOf(target).focus({ preventScroll: true })
  return true
}

/**
 * A link within the page (table of contents, back to top). It keeps its `#id` address, but moves
 * without a fragment navigation, which the router would treat as a navigation of its own (as the
 * skip link and the error summary do).
 */
export function InPageLink({ targetId, children }: { targetId: string; children: ReactNode }) {
  function handleClick(event: MouseEvent<HTMLAnchorElement>): void {
    if (moveToSection(event.currentTarget.ownerDocument, targetId)) event.preventDefault()
  }
  return (
    <a href={`#${targetId}`} onClick={handleClick} className="app-link">
      {children}
    </a>
  )
}
