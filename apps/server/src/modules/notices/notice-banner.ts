import { html, type SafeHtml } from '../pamphlet/html.ts'
import type { ShownNotice } from './notice-board.ts'

// The notice banner of a group's public pages (issue #21 point 7, ADR 0034): rendered by the
// server into the pamphlet and into the SPA's index.html for the group's entry URLs, so the
// applicant bundle stays byte-identical. Every value is escaped (a notice is plain text, never
// HTML); line breaks are kept by pre-wrap.
//
// Classes: only ones the web build already emits (design tokens of shell.css). This file is
// outside the folders the build scans (apps/web/src/index.css @source), so a class used here and
// nowhere else would be missing from the stylesheet rather than change it; notice-banner.test.ts
// holds the list to the classes the pamphlet and the app use. The texts live here, not in the
// applicant catalogue, for the same reason (its first download).

/** Not 「お知らせ」: the pamphlet has a section of that name (the group's announcements). */
export const NOTICE_REGION_LABEL = '重要なお知らせ'

export const NOTICE_BANNER_CLASSES = {
  region: 'border-b border-solid-gray-200 bg-solid-gray-50',
  container: 'mx-auto w-full max-w-[64rem] px-4 md:px-8 flex flex-col gap-3 py-6',
  notice: 'flex flex-col gap-1 rounded-8 border-2 border-solid-gray-600 bg-white p-4 md:p-6',
  title: 'text-std-18B-160 text-solid-gray-900',
  body: 'text-std-16N-170 text-solid-gray-900 whitespace-pre-wrap',
} as const

/** The banner of the notices shown now; empty markup when there is none. */
export function renderNoticeBanner(notices: readonly ShownNotice[]): SafeHtml {
  if (notices.length === 0) return html``
  const c = NOTICE_BANNER_CLASSES
  return html`<div role="region" aria-label="${NOTICE_REGION_LABEL}" class="${c.region}">
    <div class="${c.container}">
      ${notices.map(
        (notice) =>
          html`<section class="${c.notice}">
            <h2 class="${c.title}">${notice.title}</h2>
            <p class="${c.body}">${notice.body}</p>
          </section>`,
      )}
    </div>
  </div>`
}

/**
 * The group of an entry URL of the applicant SPA (SPEC §2.1 /ent/{groupPfCode}/…, §2.2
 * /myp/{groupPfCode}/…, under /app), or undefined for any other path.
 */
export function entryGroupOf(pathname: string): string | undefined {
  const match = /^\/app\/(?:ent|myp)\/([A-Za-z0-9_-]{1,32})(?:\/|$)/.exec(pathname)
  return match?.[1]
}
