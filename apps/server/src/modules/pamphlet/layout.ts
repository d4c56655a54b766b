import { t } from '@app/shared'
import { html, safeHref, type HtmlValue, type SafeHtml } from './html.ts'

// The document around a pamphlet or error page: the pamphlet layout of SPEC §2.4 written as
// HTML (skip link, header in the theme colour, main, footer), with the web build's stylesheet.

export const MAIN_CONTENT_ID = 'main-content'

/** The content column shared by the header, main and footer. */
export const CONTAINER = 'mx-auto w-full max-w-[64rem] px-4 md:px-8'

export interface DocumentParts {
  title: string
  description?: string | undefined
  /** the web build's stylesheet, /app/assets/index-….css; undefined when the web is not built */
  stylesheetHref: string | undefined
  /** a `<style nonce>` block, for pages that carry a per-response CSP nonce */
  style?: SafeHtml | undefined
  /** `<meta name="theme-color">` */
  themeColor?: string | undefined
  header: HtmlValue
  main: HtmlValue
}

export function renderDocument(parts: DocumentParts): SafeHtml {
  return html`<!doctype html>
    <html lang="ja">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <title>${parts.title}</title>
        ${parts.description !== undefined && html`<meta name="description" content="${parts.description}" />`}
        ${parts.themeColor !== undefined && html`<meta name="theme-color" content="${parts.themeColor}" />`}
        <link rel="icon" href="/app/favicon.svg" type="image/svg+xml" />
        ${parts.stylesheetHref !== undefined && html`<link rel="stylesheet" href="${safeHref(parts.stylesheetHref)}" />`}
        ${parts.style}
      </head>
      <body>
        <div class="flex min-h-dvh flex-col">
          <a
            href="#${MAIN_CONTENT_ID}"
            class="sr-only bg-white p-3 text-std-16B-170 text-blue-1000 underline focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
            >${t('app.skipToMain')}</a
          >
          <header class="bg-(--theme-color) text-(--theme-on-color)">${parts.header}</header>
          <main id="${MAIN_CONTENT_ID}" tabindex="-1" class="flex-1 pb-16">${parts.main}</main>
          <footer class="border-t border-solid-gray-200 bg-solid-gray-50">
            <div class="${CONTAINER} flex flex-col gap-3 py-6">
              <nav aria-label="${t('app.footer.navigation')}">
                <ul>
                  <li>
                    <a href="/app/systemTermsOfServiceAndPolicies" class="app-link text-std-16N-170"
                      >${t('app.footer.systemTerms')}</a
                    >
                  </li>
                </ul>
              </nav>
              <p class="text-dns-14N-130 text-solid-gray-700">${t('app.footer.copyright')}</p>
            </div>
          </footer>
        </div>
      </body>
    </html> `
}
