// SPEC §2: on browser back or forward the address is rewritten to include the /app prefix.
// An entry without it (pushed by an embedding page or an old bookmark's history) would otherwise
// fall outside the router's basename. The router reads the rewritten address, so it then
// renders the prefixed route: no separate re-push is needed (ADR 0003).

/** The prefixed path when `pathname` lacks the basename, else undefined. */
export function prefixedPath(pathname: string, basename: string): string | undefined {
  if (pathname === basename || pathname.startsWith(`${basename}/`)) return undefined
  return `${basename}${pathname.startsWith('/') ? '' : '/'}${pathname}`
}

/**
 * Rewrites the address on popstate. Install before the router so this listener runs first;
 * it also listens in the capture phase for the same reason.
 */
export function installAddressRewrite(win: Window, basename: string): () => void {
  const handlePopState = (): void => {
    const { pathname, search, hash } = win.location
    const prefixed = prefixedPath(pathname, basename)
    if (prefixed === undefined) return
    win.history.replaceState(win.history.state, '', `${prefixed}${search}${hash}`)
  }
  win.addEventListener('popstate', handlePopState, { capture: true })
  return () => win.removeEventListener('popstate', handlePopState, { capture: true })
}
