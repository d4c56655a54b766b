// SPEC §7.7: page views go to a tag manager when an id is configured. The container script is
// an external file (the CSP forbids inline scripts); nothing is loaded when no id is set.

declare global {
  interface Window {
    dataLayer?: unknown[]
  }
}

const GTM_ID = /^GTM-[A-Z0-9]+$/

export function loadTagManager(gtmId: string | undefined, doc: Document, now: number): boolean {
  if (gtmId === undefined || !GTM_ID.test(gtmId)) return false
  const win = doc.defaultView
  if (win === null) return false
  win.dataLayer ??= []
  win.dataLayer.push({ 'gtm.start': now, event: 'gtm.js' })
  const script = doc.createElement('script')
  script.async = true
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtmId)}`
  doc.head.append(script)
  return true
}

export function pushPageView(win: Window, page: { path: string; title: string }): void {
  win.dataLayer ??= []
  win.dataLayer.push({ event: 'page_view', page_path: page.path, page_title: page.title })
}
