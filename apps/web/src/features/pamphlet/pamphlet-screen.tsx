import { useEffect } from 'react'
import { TitleOnlyScreen } from '@/components/title-only-screen.tsx'

/** Whether this document was itself loaded from `href` (not reached by an in-app navigation). */
function isDocumentLoadedFrom(href: string): boolean {
  const [entry] = performance.getEntriesByType('navigation')
  return entry !== undefined && entry.name === href
}

/**
 * The pamphlet is a server page without JavaScript (ADR 0008). An in-app navigation that lands
 * here loads it from the server. When the document was already loaded from this address, the
 * server did not answer it (e.g. Vite's dev server): reloading would loop, so the title stays.
 */
export default function PamphletScreen() {
  useEffect(() => {
    const { href } = window.location
    if (!isDocumentLoadedFrom(href)) window.location.replace(href)
  }, [])
  return <TitleOnlyScreen titleKey="screen.pamphlet.title" />
}
