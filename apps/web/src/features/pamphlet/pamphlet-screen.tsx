import { useEffect } from 'react'
import { TitleOnlyScreen } from '@/components/title-only-screen.tsx'
import { useServices } from '@/lib/services.tsx'

/** Whether this document was itself loaded from `href` (not reached by an in-app navigation). */
function isDocumentLoadedFrom(href: string): boolean {
  const [entry] = performance.getEntriesByType('navigation')
  return entry !== undefined && entry.name === href
}

/**
 * The pamphlet is a server page without JavaScript (ADR 0008). An in-app navigation that lands
 * here loads it from the server (a reload of the address the router put in the bar). When the
 * document was already loaded from this address, the server did not answer it (e.g. Vite's dev
 * server): reloading would loop, so the title stays. The reload goes through the services'
 * browser: a test's stands in for it (a real one in a shared test DOM navigated it later, under
 * another file's test).
 */
export default function PamphletScreen() {
  const { browser } = useServices()
  useEffect(() => {
    if (!isDocumentLoadedFrom(window.location.href)) browser.reload()
  }, [browser])
  return <TitleOnlyScreen titleKey="screen.pamphlet.title" />
}
