import { t, type ErrorScreenModel } from '@app/shared'
import { html, type SafeHtml } from './html.ts'
import { CONTAINER, renderDocument } from './layout.ts'

// The generic error screen of SPEC §2.9 as a server page: title, description, code line, image
// and the contact box. The pamphlet is outside the enrolment and my-page areas, so there is no
// button; the group is not known, so the contact box shows the fallback text.

const maintenanceImage = html`<svg
  aria-hidden="true"
  viewBox="0 0 120 120"
  width="112"
  height="112"
  class="size-24 md:size-28"
>
  <circle cx="60" cy="60" r="56" class="fill-blue-50" />
  <path
    d="M78 30a18 18 0 0 0-22 22L32 76a6 6 0 0 0 8.5 8.5L64.5 60.5A18 18 0 0 0 86.5 38l-10 10-9-2-2-9Z"
    class="fill-blue-900"
  />
</svg>`

const errorImage = html`<svg
  aria-hidden="true"
  viewBox="0 0 120 120"
  width="112"
  height="112"
  class="size-24 md:size-28"
>
  <circle cx="60" cy="60" r="56" class="fill-red-50" />
  <path d="M60 26 98 92H22Z" class="fill-error-1" />
  <rect x="56" y="48" width="8" height="24" rx="2" class="fill-white" />
  <circle cx="60" cy="81" r="4.5" class="fill-white" />
</svg>`

export function renderErrorPage(
  model: ErrorScreenModel,
  stylesheetHref: string | undefined,
): SafeHtml {
  const main = html`<div
    class="${CONTAINER} flex flex-col items-center gap-6 pt-10 text-center md:pt-16"
  >
    ${model.image === 'maintenance' ? maintenanceImage : errorImage}
    <h1 class="text-std-24B-150 text-solid-gray-900 md:text-std-28B-150">${model.title}</h1>
    <div class="flex w-full max-w-[40rem] flex-col gap-2 text-left">
      <p class="text-std-16N-170">${model.description}</p>
      ${model.codeLine !== undefined && html`<p class="text-std-16N-170 text-solid-gray-700">${model.codeLine}</p>`}
    </div>
    ${
      model.showContact &&
      html`<section
        aria-labelledby="error-contact-heading"
        class="w-full max-w-[40rem] rounded-8 border border-solid-gray-420 p-4 text-left md:p-6"
      >
        <h2 id="error-contact-heading" class="text-std-18B-160 text-solid-gray-900">
          ${t('errorScreen.contactHeading')}
        </h2>
        <p class="mt-2 text-std-16N-170">${t('errorScreen.contactFallback')}</p>
      </section>`
    }
  </div>`
  return renderDocument({
    title: t('app.documentTitle', { title: model.title, site: t('app.name') }),
    stylesheetHref,
    header: html`<div class="${CONTAINER} py-3 md:py-4">
      <p class="text-std-18B-160 md:text-std-20B-150">${t('app.name')}</p>
    </div>`,
    main,
  })
}
