import { describe, expect, it } from 'vitest'
import { startAfterFirstPaint } from './start-after-paint.ts'

// The boot script of a server-rendered landing page (issue #22, ADR 0036 "Round 2"): nothing of
// the app is requested before the page's first paint; then the chunks are preloaded and the entry
// imported, once.

function fakeView(visibility: 'visible' | 'hidden', bootTag: string) {
  const document = window.document.implementation.createHTMLDocument('landing')
  document.head.innerHTML = bootTag
  Object.defineProperty(document, 'visibilityState', { value: visibility })
  const frames: (() => void)[] = []
  const tasks: (() => void)[] = []
  const view = {
    document,
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void, delay: number) => {
      expect(delay).toBe(0)
      tasks.push(callback)
    },
  } as unknown as Window
  return { view, document, frames, tasks }
}

const bootTag =
  '<script type="module" data-entry="/app/assets/index-2.js"' +
  ' data-preload="/app/assets/shell-3.js /app/assets/screen-4.js"></script>'

function preloads(document: Document): string[] {
  return [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
    (link) => `${link.getAttribute('href') ?? ''} ${link.getAttribute('crossorigin') ?? 'none'}`,
  )
}

describe('startAfterFirstPaint', () => {
  it('requests nothing until the frame after the first paint, then preloads and imports the entry', () => {
    const { view, document, frames, tasks } = fakeView('visible', bootTag)
    const imported: string[] = []

    startAfterFirstPaint(view, (url) => {
      imported.push(url)
      return Promise.resolve()
    })
    expect(imported).toEqual([])
    expect(preloads(document)).toEqual([])
    expect(frames).toHaveLength(1)

    // the animation frame runs before the paint: still nothing
    frames[0]?.()
    expect(imported).toEqual([])
    expect(tasks).toHaveLength(1)

    // the task queued from it runs after the paint
    tasks[0]?.()
    expect(preloads(document)).toEqual(['/app/assets/shell-3.js ', '/app/assets/screen-4.js '])
    expect(imported).toEqual(['/app/assets/index-2.js'])
  })

  it('starts at once in a hidden tab, which paints nothing and runs no animation frame', () => {
    const { view, frames, tasks } = fakeView('hidden', bootTag)
    const imported: string[] = []

    startAfterFirstPaint(view, (url) => {
      imported.push(url)
      return Promise.resolve()
    })

    expect(imported).toEqual(['/app/assets/index-2.js'])
    expect(frames).toEqual([])
    expect(tasks).toEqual([])
  })

  it('imports the entry alone when there is nothing to preload', () => {
    const { view, document } = fakeView(
      'hidden',
      '<script type="module" data-entry="/app/assets/index-2.js" data-preload=""></script>',
    )
    const imported: string[] = []
    startAfterFirstPaint(view, (url) => {
      imported.push(url)
      return Promise.resolve()
    })
    expect(preloads(document)).toEqual([])
    expect(imported).toEqual(['/app/assets/index-2.js'])
  })

  it('refuses a boot script that names no entry, rather than leaving the page inert unseen', () => {
    const { view } = fakeView('visible', '<script type="module" data-preload="/a.js"></script>')
    expect(() => startAfterFirstPaint(view, () => Promise.resolve())).toThrow(/data-entry/)
  })
})
