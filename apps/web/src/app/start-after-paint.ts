// Loads the app after the page's first paint (boot.ts). The boot <script> carries the entry's
// address in data-entry and the chunks to preload, space-separated, in data-preload.

type Importer = (url: string) => Promise<unknown>

export const BOOT_SCRIPT_SELECTOR = 'script[data-entry]'

/** Runs `start` once the current frame has been painted; at once in a tab nobody sees. */
export function afterFirstPaint(view: Window, start: () => void): void {
  if (view.document.visibilityState === 'hidden') {
    // A hidden tab paints nothing (and runs no animation frame until it is shown).
    start()
    return
  }
  // A task queued from an animation frame callback runs after that frame's paint.
  view.requestAnimationFrame(() => view.setTimeout(start, 0))
}

/** Preloads the app's chunks and imports its entry, after the first paint. */
export function startAfterFirstPaint(view: Window, importModule: Importer): void {
  const script = view.document.querySelector<HTMLScriptElement>(BOOT_SCRIPT_SELECTOR)
  const entry = script?.dataset.entry
  if (script === null || entry === undefined || entry === '') {
    throw new Error('the boot script names no entry (data-entry)')
  }
  const preloads = (script.dataset.preload ?? '').split(' ').filter((href) => href !== '')
  afterFirstPaint(view, () => {
    for (const href of preloads) {
      const link = view.document.createElement('link')
      link.rel = 'modulepreload'
      link.crossOrigin = ''
      link.href = href
      view.document.head.append(link)
    }
    void importModule(entry)
  })
}
