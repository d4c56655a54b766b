import {
  appHref,
  groupImageRoute,
  enrolmentPath,
  formatYearMonthDate,
  parseReferenceInfo,
  referenceLabels,
  t,
  type GroupPfInfo,
  type GroupPfInfoBranchNo,
  type GroupPfInfoResponse,
  type ReferenceItem,
} from '@app/shared'
import { apiUrl } from '../../lib/api-url.ts'
import { japaneseDate, japaneseDateTime, yen } from './format.ts'
import { html, safeHref, type HtmlValue, type SafeHtml } from './html.ts'
import { CONTAINER, renderDocument } from './layout.ts'
import { sanitizeRichText } from './sanitize.ts'
import { themeColors } from './theme.ts'

// The pamphlet (SPEC §2.3, pamphlet layout §2.4): every presentation block of the group product
// (§3.3) and its branch (§3.4), and the apply link decided by the recruitment phase (§4, §8.4).
// Classes are Tailwind's (the web build scans this folder, apps/web/src/index.css).

export interface PamphletView {
  /** the group information answer (SPEC §7.1), as the API sends it */
  response: GroupPfInfoResponse
  /** the link's urlKey (the answer does not repeat it) */
  urlKey: string
}

export interface PamphletRenderOptions {
  stylesheetHref: string | undefined
  /** the CSP nonce of the `<style>` block */
  nonce: HtmlValue
}

type Phase = GroupPfInfoResponse['recruitmentPhase']

const NO_END_DATE = '99991231'

const H2 =
  'border-l-8 border-(--theme-color) pl-3 text-std-24B-150 text-solid-gray-900 md:text-std-28B-150'
const H3 = 'text-std-18B-160 text-solid-gray-900'
const CARD = 'rounded-12 border border-solid-gray-200 bg-white p-5'
const BODY = 'text-std-16N-170'
const LINK = 'app-link'
/** Sanitised rich text: paragraphs, lists and links only (sanitize.ts). */
const RICH_TEXT =
  'text-std-16N-170 [&_a]:text-blue-1000 [&_a]:underline [&_a]:underline-offset-[3px] [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&>*+*]:mt-3'

const arrowIcon = html`<svg
  aria-hidden="true"
  viewBox="0 0 24 24"
  width="20"
  height="20"
  class="size-5 shrink-0 fill-current"
>
  <path
    d="M9.3 5.3a1 1 0 0 1 1.4 0l6 6a1 1 0 0 1 0 1.4l-6 6a1 1 0 1 1-1.4-1.4l5.3-5.3-5.3-5.3a1 1 0 0 1 0-1.4Z"
  />
</svg>`
const chevronIcon = html`<svg
  aria-hidden="true"
  viewBox="0 0 24 24"
  width="20"
  height="20"
  class="mt-0.5 size-5 shrink-0 fill-current transition-transform group-open:rotate-180"
>
  <path
    d="M5.3 8.3a1 1 0 0 1 1.4 0l5.3 5.3 5.3-5.3a1 1 0 1 1 1.4 1.4l-6 6a1 1 0 0 1-1.4 0l-6-6a1 1 0 0 1 0-1.4Z"
  />
</svg>`

function isPresent(text: string | null | undefined): text is string {
  return text !== null && text !== undefined && text.trim() !== ''
}

function dateElement(yyyymmdd: string): SafeHtml {
  const iso = formatYearMonthDate(yyyymmdd)
  return iso === yyyymmdd
    ? html`${yyyymmdd}`
    : html`<time datetime="${iso}">${japaneseDate(yyyymmdd)}</time>`
}

/** Keeps the line breaks of group text. Inline, so that template formatting adds no space in it. */
function preWrap(value: HtmlValue): SafeHtml {
  return html`<span class="whitespace-pre-wrap">${value}</span>`
}

function numberBadge(value: number): SafeHtml {
  return html`<span
    aria-hidden="true"
    class="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-(--theme-color) text-std-18B-160 text-(--theme-on-color)"
    >${value}</span
  >`
}

interface Section {
  id: string
  heading: string
  body: HtmlValue
}

function renderSection(section: Section): SafeHtml {
  return html`<section
    id="${section.id}"
    aria-labelledby="${section.id}-heading"
    class="scroll-mt-4 pt-12 md:pt-16"
  >
    <h2 id="${section.id}-heading" class="${H2}">${section.heading}</h2>
    <div class="mt-6">${section.body}</div>
  </section>`
}

// ---------------------------------------------------------------------------------------------
// Recruitment windows and the apply link (SPEC §4, §8.4)

function applyHref(info: GroupPfInfo, branch: GroupPfInfoBranchNo, urlKey: string): string {
  const { groupPfCode, groupPfCodeInceptionDateYm } = info
  const { groupPfBranchNo } = branch
  const link = { groupPfCode, groupPfCodeInceptionDateYm, groupPfBranchNo, urlKey }
  return appHref(enrolmentPath(link, 'termsOfService'))
}

function range(start: string, end: string): string {
  return end === NO_END_DATE
    ? t('pamphlet.periods.rangeOpenEnd', { start: japaneseDate(start) })
    : t('pamphlet.periods.range', { start: japaneseDate(start), end: japaneseDate(end) })
}

function phaseLead(info: GroupPfInfo, phase: Exclude<Phase, 'closed'>): string {
  const end = phase === 'atOnce' ? info.atOnceRecruitEndDate : info.halfwayRecruitEndDate
  const until =
    end === null || end === NO_END_DATE
      ? t(
          phase === 'atOnce'
            ? 'pamphlet.apply.atOnce.leadOpenEnd'
            : 'pamphlet.apply.halfway.leadOpenEnd',
        )
      : t(phase === 'atOnce' ? 'pamphlet.apply.atOnce.lead' : 'pamphlet.apply.halfway.lead', {
          endDate: japaneseDate(end),
        })
  // SPEC §4: the all-at-once window starts at the group's inception date and time; the
  // mid-term window at the mid-term inception date, without a time.
  const inceptionDate =
    phase === 'atOnce'
      ? japaneseDateTime(info.groupInceptionDate, info.groupInceptionTime)
      : info.halfwayPymntInceptionDate === null
        ? undefined
        : japaneseDate(info.halfwayPymntInceptionDate)
  return inceptionDate === undefined
    ? until
    : until + t('pamphlet.apply.inception', { inceptionDate })
}

function statusBadge(phase: Phase): SafeHtml {
  if (phase === 'closed') {
    return html`<p
      class="inline-flex rounded-full bg-solid-gray-700 px-3 py-1 text-dns-14B-130 text-white"
    >
      ${t('pamphlet.apply.closed.status')}
    </p>`
  }
  return html`<p
    class="inline-flex rounded-full bg-(--theme-color) px-3 py-1 text-dns-14B-130 text-(--theme-on-color)"
  >
    ${t(phase === 'atOnce' ? 'pamphlet.apply.atOnce.status' : 'pamphlet.apply.halfway.status')}
  </p>`
}

function applyAction(view: PamphletView, position: 'top' | 'bottom'): SafeHtml {
  const { groupPfInfo: info, groupPfInfoBranchNo: branch, recruitmentPhase: phase } = view.response
  if (phase === 'closed') {
    // SPEC §8.4: no apply link outside the recruiting periods; the periods are in the top panel.
    return html`<p
        class="rounded-8 border-2 border-solid-gray-700 bg-white p-4 text-std-16B-170 text-solid-gray-900"
      >
        ${t('pamphlet.apply.closed.message')}
      </p>
      ${
        position === 'bottom' &&
        html`<p>
          <a href="#apply" class="${LINK} text-std-16N-170"
            >${t('pamphlet.apply.closed.periodsLink')}</a
          >
        </p>`
      }`
  }
  const label = t(phase === 'atOnce' ? 'pamphlet.apply.atOnce.link' : 'pamphlet.apply.halfway.link')
  return html`<p class="${BODY}">${phaseLead(info, phase)}</p>
    <p>
      <a
        href="${safeHref(applyHref(info, branch, view.urlKey))}"
        class="inline-flex min-h-14 w-full items-center justify-center gap-2 rounded-8 bg-(--theme-color) px-4 py-3 text-center text-std-17B-170 text-(--theme-on-color) md:px-6 md:text-std-18B-160 underline decoration-transparent underline-offset-4 hover:decoration-current md:w-auto md:min-w-[20rem]"
        >${label}${arrowIcon}</a
      >
    </p>`
}

function periodsTable(info: GroupPfInfo, phase: Phase): SafeHtml {
  const windows = [
    {
      label: t('pamphlet.periods.atOnce'),
      start: info.atOnceRecruitStartDate,
      end: info.atOnceRecruitEndDate,
      inception: japaneseDateTime(info.groupInceptionDate, info.groupInceptionTime),
      isCurrent: phase === 'atOnce',
    },
    {
      label: t('pamphlet.periods.halfway'),
      start: info.halfwayRecruitStartDate,
      end: info.halfwayRecruitEndDate,
      inception:
        info.halfwayPymntInceptionDate === null ? '' : japaneseDate(info.halfwayPymntInceptionDate),
      isCurrent: phase === 'halfway',
    },
  ].flatMap((window) =>
    window.start === null || window.end === null
      ? []
      : [{ ...window, start: window.start, end: window.end }],
  )
  const th =
    'w-[6.5rem] border border-solid-gray-300 bg-white p-2 text-left align-top text-dns-14B-130 md:w-[8rem] md:p-3'
  const td = 'border border-solid-gray-300 bg-white p-2 align-top break-keep md:p-3'
  const tables =
    windows.length === 0
      ? html`<p class="${BODY}">${t('pamphlet.periods.none')}</p>`
      : html`<div class="grid gap-4 md:grid-cols-2">
          ${windows.map(
            (window) =>
              html`<table class="w-full border-collapse text-std-16N-170">
                <caption class="pb-2 text-left text-std-16B-170 text-solid-gray-900">
                  ${window.label}${window.isCurrent && html` <span class="ml-1 inline-block rounded-4 bg-(--theme-color) px-2 text-dns-14B-130 text-(--theme-on-color)">${t('pamphlet.periods.current')}</span>`}
                </caption>
                <tbody>
                  <tr>
                    <th scope="row" class="${th}">${t('pamphlet.periods.period')}</th>
                    <td class="${td}">${range(window.start, window.end)}</td>
                  </tr>
                  <tr>
                    <th scope="row" class="${th}">${t('pamphlet.periods.inception')}</th>
                    <td class="${td}">${window.inception}</td>
                  </tr>
                </tbody>
              </table>`,
          )}
        </div>`
  return html`<h3 class="text-std-18B-160 text-solid-gray-900">${t('pamphlet.periods.heading')}</h3>
    ${tables}
    <dl class="flex flex-wrap gap-x-3 text-std-16N-170">
      <dt class="font-bold">${t('pamphlet.insurancePeriod')}</dt>
      <dd>
        ${t('pamphlet.insurancePeriod.value', {
          start: japaneseDateTime(info.groupInceptionDate, info.groupInceptionTime),
          end: japaneseDateTime(info.groupExpiryDate, info.groupExpiryTime),
        })}
      </dd>
    </dl>`
}

const PANEL =
  'flex flex-col gap-4 rounded-16 border-t-8 border-(--theme-color) bg-(--theme-tint) p-4 md:p-8'

function applyPanelContent(view: PamphletView, position: 'top' | 'bottom'): SafeHtml {
  const phase = view.response.recruitmentPhase
  return html`<div class="flex flex-wrap items-center gap-3">
      <h2 id="apply-${position}-heading" class="text-std-24B-150 text-solid-gray-900">
        ${t('pamphlet.apply.heading')}
      </h2>
      ${statusBadge(phase)}
    </div>
    ${applyAction(view, position)}
    ${position === 'top' && periodsTable(view.response.groupPfInfo, phase)}`
}

/** The apply panel near the top: a named region, the target of the closed phase's link. */
function topApplyPanel(view: PamphletView): SafeHtml {
  return html`<section id="apply" aria-labelledby="apply-top-heading" class="mt-8 ${PANEL}">
    ${applyPanelContent(view, 'top')}
  </section>`
}

/** The same action again after the last block; not a second region of the same name. */
function bottomApplyPanel(view: PamphletView): SafeHtml {
  return html`<div class="mt-16 ${PANEL}">${applyPanelContent(view, 'bottom')}</div>`
}

// ---------------------------------------------------------------------------------------------
// Blocks

function announcementsSection(info: GroupPfInfo): Section | undefined {
  const hasOther = isPresent(info.otherAnnouncementHtml)
  if (info.announcementArray.length === 0 && !hasOther) return undefined
  const list =
    info.announcementArray.length > 0 &&
    html`<ul class="divide-y divide-solid-gray-200 border-y border-solid-gray-200">
      ${info.announcementArray.map(
        (announcement) =>
          html`<li class="py-5">
            <p class="text-dns-14N-130 text-solid-gray-700">${dateElement(announcement.date)}</p>
            <h3 class="mt-1 ${H3}">${announcement.title}</h3>
            <div class="mt-2 ${RICH_TEXT}">${sanitizeRichText(announcement.bodyHtml)}</div>
          </li>`,
      )}
    </ul>`
  const other =
    hasOther &&
    html`<div class="mt-6 rounded-12 bg-solid-gray-50 p-5">
      <h3 class="${H3}">${t('pamphlet.announcements.other')}</h3>
      <div class="mt-2 ${RICH_TEXT}">${sanitizeRichText(info.otherAnnouncementHtml ?? '')}</div>
    </div>`
  return {
    id: 'announcements',
    heading: t('pamphlet.announcements.heading'),
    body: html`${list}${other}`,
  }
}

function systemRevisionNotice(info: GroupPfInfo): HtmlValue {
  if (!isPresent(info.systemRevisionNotice)) return undefined
  return html`<section
    aria-labelledby="notice-heading"
    class="mt-8 rounded-12 border-2 border-warning-orange-2 bg-white p-4 md:p-6"
  >
    <h2 id="notice-heading" class="flex items-center gap-2 ${H3}">
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="24"
        height="24"
        class="size-6 shrink-0 fill-warning-orange-2"
      >
        <path d="M12 2 1 21h22L12 2Zm-1 7h2v6h-2V9Zm0 8h2v2h-2v-2Z" /></svg
      >${t('pamphlet.notice.heading')}
    </h2>
    <p class="mt-2 ${BODY}">${preWrap(info.systemRevisionNotice)}</p>
  </section>`
}

function featuresSection(info: GroupPfInfo): Section {
  return {
    id: 'features',
    heading: t('pamphlet.features.heading'),
    body: html`<ul class="grid gap-4 md:grid-cols-3">
      ${info.featureArray.map(
        (feature, index) =>
          html`<li class="${CARD} flex flex-col gap-3">
            ${numberBadge(index + 1)}
            <h3 class="${H3}">${feature.title}</h3>
            <p class="${BODY}">${preWrap(feature.description)}</p>
          </li>`,
      )}
    </ul>`,
  }
}

function premiumsSection(info: GroupPfInfo): Section | undefined {
  if (info.premiumSampleArray.length === 0) return undefined
  return {
    id: 'premiums',
    heading: t('pamphlet.premiums.heading'),
    body: html`<ul class="grid gap-4 md:grid-cols-2">
      ${info.premiumSampleArray.map(
        (sample) =>
          html`<li class="${CARD} flex flex-col gap-2">
            <h3 class="${H3}">${sample.label}</h3>
            <p class="flex flex-wrap items-baseline gap-x-3">
              <span
                class="rounded-4 border border-solid-gray-700 px-2 text-dns-14B-130 text-solid-gray-800"
                >${sample.premiumUnit}</span
              ><span class="text-std-28B-150 text-solid-gray-900">${yen(sample.premium)}</span>
            </p>
            ${isPresent(sample.description) && html`<p class="${BODY}">${preWrap(sample.description)}</p>`}
          </li>`,
      )}
    </ul>`,
  }
}

function accidentsSection(info: GroupPfInfo): Section {
  return {
    id: 'accidents',
    heading: t('pamphlet.accidents.heading'),
    body: html`<ul class="grid gap-4 md:grid-cols-3">
      ${info.accidentCaseArray.map(
        (accident) =>
          html`<li class="${CARD} flex flex-col gap-3">
            <h3 class="${H3}">${accident.title}</h3>
            <p class="${BODY}">${preWrap(accident.description)}</p>
            ${
              accident.paidAmount !== null &&
              html`<dl class="mt-auto rounded-8 bg-(--theme-tint) p-3">
                <dt class="text-dns-14B-130 text-solid-gray-800">
                  ${t('pamphlet.accidents.paidAmount')}
                </dt>
                <dd class="text-std-20B-150 text-solid-gray-900">${yen(accident.paidAmount)}</dd>
              </dl>`
            }
          </li>`,
      )}
    </ul>`,
  }
}

function coverageSection(info: GroupPfInfo): Section {
  const cell = 'border border-solid-gray-300 p-3 align-top'
  return {
    id: 'coverage',
    heading: t('pamphlet.coverage.heading'),
    body: html`<div class="flex flex-col gap-8">
      ${info.coverageOutlineArray.map(
        (outline) =>
          html`<table class="w-full border-collapse text-left">
            <caption class="pb-2 text-left text-std-20B-150 text-solid-gray-900">
              ${outline.category}
            </caption>
            <tbody>
              ${outline.itemArray.map(
                (item) =>
                  html`<tr>
                    <th
                      scope="row"
                      class="${cell} w-[7.5rem] bg-(--theme-tint) text-std-16B-170 text-solid-gray-900 md:w-[14rem]"
                    >
                      ${item.label}
                    </th>
                    <td class="${cell} ${BODY}">${preWrap(item.content)}</td>
                  </tr>`,
              )}
            </tbody>
          </table>`,
      )}
    </div>`,
  }
}

function faqSection(info: GroupPfInfo): Section | undefined {
  if (info.faqArray.length === 0) return undefined
  const mark =
    'inline-flex size-7 shrink-0 items-center justify-center rounded-full text-dns-14B-120'
  return {
    id: 'faq',
    heading: t('pamphlet.faq.heading'),
    body: html`<div class="flex flex-col gap-3">
      ${info.faqArray.map(
        (faq) =>
          html`<details class="group rounded-8 border border-solid-gray-300 bg-white">
            <summary
              class="flex cursor-pointer list-none items-start gap-3 p-4 text-std-16B-170 text-solid-gray-900 hover:bg-solid-gray-50 [&::-webkit-details-marker]:hidden"
            >
              <span aria-hidden="true" class="${mark} bg-(--theme-color) text-(--theme-on-color)"
                >Q</span
              ><span class="flex-1">${faq.question}</span>${chevronIcon}
            </summary>
            <div class="flex items-start gap-3 border-t border-solid-gray-200 p-4">
              <span
                aria-hidden="true"
                class="${mark} border-2 border-(--theme-color) bg-white text-solid-gray-900"
                >A</span
              >
              <p class="flex-1 ${BODY}">${preWrap(faq.answer)}</p>
            </div>
          </details>`,
      )}
    </div>`,
  }
}

function guidesSection(info: GroupPfInfo): Section {
  return {
    id: 'guides',
    heading: t('pamphlet.guides.heading'),
    body: html`<ol class="flex flex-col gap-4">
      ${info.applicationGuideArray.map(
        (guide, index) =>
          html`<li class="${CARD} flex gap-4">
            ${numberBadge(index + 1)}
            <div class="flex flex-col gap-1">
              <h3 class="${H3}">
                <span class="sr-only">${t('pamphlet.guides.step', { number: index + 1 })} </span
                >${guide.title}
              </h3>
              <p class="${BODY}">${preWrap(guide.description)}</p>
            </div>
          </li>`,
      )}
    </ol>`,
  }
}

function accidentAcceptanceSection(info: GroupPfInfo): Section | undefined {
  if (!isPresent(info.accidentAcceptanceInfo)) return undefined
  return {
    id: 'accident-acceptance',
    heading: t('pamphlet.accidentAcceptance.heading'),
    body: html`<p class="rounded-12 bg-(--theme-tint) p-5 ${BODY}">
      ${preWrap(info.accidentAcceptanceInfo)}
    </p>`,
  }
}

function referenceItem(item: ReferenceItem): SafeHtml {
  const label = (text: string) =>
    html`<span class="mr-2 text-dns-14B-130 text-solid-gray-700">${text}</span>`
  switch (item.kind) {
    case 'telephone': {
      const digits = item.value.replace(/[^\d+]/g, '')
      const number =
        digits === ''
          ? html`${item.value}`
          : html`<a href="${safeHref(`tel:${digits}`)}" class="${LINK} text-std-18B-160"
              >${item.value}</a
            >`
      return html`<p>${label(referenceLabels.telephone)}${number}</p>`
    }
    case 'mail':
      return html`<p>
        ${label(referenceLabels.mail)}<a
          href="${safeHref(`mailto:${item.value}`)}"
          class="${LINK} break-all"
          >${item.value}</a
        >
      </p>`
    case 'url':
      return html`<p>
        ${label(referenceLabels.url)}<a
          href="${safeHref(item.value)}"
          rel="noopener noreferrer"
          class="${LINK} break-all"
          >${item.value}</a
        >
      </p>`
    case 'note':
      return html`<p class="text-dns-14N-130 text-solid-gray-700">${preWrap(item.value)}</p>`
    case 'contentText':
      return html`<p>${preWrap(item.value)}</p>`
  }
}

function referenceSection(info: GroupPfInfo): Section | undefined {
  const blocks = info.referenceInfoArray
    .map((text) => parseReferenceInfo(text))
    .filter((block) => block.title !== undefined || block.sections.length > 0)
  if (blocks.length === 0) return undefined
  return {
    id: 'reference',
    heading: t('pamphlet.reference.heading'),
    body: html`<div class="grid gap-4 md:grid-cols-2">
      ${blocks.map(
        (block) =>
          html`<div class="${CARD} flex flex-col gap-3">
            <h3 class="${H3}">${block.title ?? t('pamphlet.reference.untitled')}</h3>
            ${block.sections.map(
              (section) =>
                html`<div class="flex flex-col gap-1 text-std-16N-170">
                  ${section.contentTitle !== undefined && html`<h4 class="text-std-16B-170 text-solid-gray-900">${section.contentTitle}</h4>`}
                  ${section.items.map(referenceItem)}
                </div>`,
            )}
          </div>`,
      )}
    </div>`,
  }
}

function agencySection(branch: GroupPfInfoBranchNo): Section {
  const card = (title: string, name: string, otherInfo: string) =>
    (isPresent(name) || isPresent(otherInfo)) &&
    html`<div class="${CARD} flex flex-col gap-2">
      <h3 class="${H3}">${title}</h3>
      ${isPresent(name) && html`<p class="text-std-16B-170 text-solid-gray-900">${name}</p>`}
      ${isPresent(otherInfo) && html`<p class="${BODY}">${preWrap(otherInfo)}</p>`}
    </div>`
  const row = (term: string, detail: HtmlValue) =>
    html`<div class="flex flex-col gap-1 md:flex-row md:gap-6">
      <dt class="text-std-16B-170 text-solid-gray-900 md:w-[14rem] md:shrink-0">${term}</dt>
      <dd class="${BODY}">${preWrap(detail)}</dd>
    </div>`
  const rows = [
    isPresent(branch.contactRef) && row(t('pamphlet.agency.contactRef'), branch.contactRef),
    isPresent(branch.accidentRef) && row(t('pamphlet.agency.accidentRef'), branch.accidentRef),
    branch.landingPageUrl !== null &&
      row(
        t('pamphlet.agency.landingPage'),
        html`<a
          href="${safeHref(branch.landingPageUrl)}"
          rel="noopener noreferrer"
          class="${LINK} break-all"
          >${branch.landingPageUrl}</a
        >`,
      ),
  ].filter((value) => value !== false)
  return {
    id: 'agency',
    heading: t('pamphlet.agency.heading'),
    body: html`<div class="grid gap-4 md:grid-cols-2">
        ${card(isPresent(branch.agentRefTitle) ? branch.agentRefTitle : t('pamphlet.agency.agent'), branch.agentName, branch.agentRefOtherInfo)}
        ${card(isPresent(branch.sectionRefTitle) ? branch.sectionRefTitle : t('pamphlet.agency.section'), branch.sectionName, branch.sectionRefOtherInfo)}
      </div>
      ${rows.length > 0 && html`<dl class="mt-6 flex flex-col gap-4">${rows}</dl>`}
      ${
        isPresent(branch.refFreeField) &&
        html`<div class="mt-6 rounded-12 bg-solid-gray-50 p-5">
          <h3 class="${H3}">${t('pamphlet.agency.freeField')}</h3>
          <p class="mt-2 ${BODY}">${preWrap(branch.refFreeField)}</p>
        </div>`
      }`,
  }
}

// ---------------------------------------------------------------------------------------------

function tableOfContents(sections: Section[]): SafeHtml {
  return html`<nav aria-labelledby="toc-heading" class="mt-10">
    <h2 id="toc-heading" class="text-std-18B-160 text-solid-gray-900">${t('pamphlet.toc')}</h2>
    <ul class="mt-3 flex flex-wrap gap-2">
      ${sections.map(
        (section) =>
          html`<li>
            <a
              href="#${section.id}"
              class="inline-flex min-h-11 items-center rounded-full border border-solid-gray-420 bg-white px-4 text-dns-16N-130 text-blue-1000 underline underline-offset-[3px] hover:bg-solid-gray-50"
              >${section.heading}</a
            >
          </li>`,
      )}
    </ul>
  </nav>`
}

/** パンフレットのページ全体（団体情報の応答から）。 */
export function renderPamphletPage(view: PamphletView, options: PamphletRenderOptions): SafeHtml {
  const { groupPfInfo: info, groupPfInfoBranchNo: branch } = view.response
  const groupName = info.groupNameKanji
  const theme = themeColors(info.themeColor)
  const sections = [
    announcementsSection(info),
    featuresSection(info),
    premiumsSection(info),
    accidentsSection(info),
    coverageSection(info),
    faqSection(info),
    guidesSection(info),
    accidentAcceptanceSection(info),
    referenceSection(info),
    agencySection(branch),
  ].filter((section) => section !== undefined)

  const header = html`<div class="${CONTAINER} flex min-h-16 items-center py-3">
    ${
      info.logoImage === null
        ? html`<p class="text-std-18B-160 md:text-std-20B-150">${groupName}</p>`
        : html`<p class="rounded-8 bg-white p-2">
            <img
              src="${apiUrl(groupImageRoute, { fileId: info.logoImage.fileId })}"
              alt="${info.logoImage.alt}"
              width="224"
              height="48"
              class="h-10 w-[11.5rem] object-contain object-left md:h-12 md:w-[14rem]"
            />
          </p>`
    }
  </div>`

  const main = html`<div class="${CONTAINER} pt-6 md:pt-10">
    ${info.topImage !== null && html`<img src="${apiUrl(groupImageRoute, { fileId: info.topImage.fileId })}" alt="${info.topImage.alt}" width="1200" height="400" fetchpriority="high" class="aspect-[3/1] w-full rounded-16 bg-(--theme-tint) object-cover" />`}
    <p class="mt-6 text-dns-16B-130 text-solid-gray-700">${t('screen.pamphlet.title')}</p>
    <h1 class="mt-1 break-keep text-std-26B-150 text-solid-gray-900 md:text-std-36B-140">
      ${groupName}
    </h1>
    ${topApplyPanel(view)} ${systemRevisionNotice(info)} ${tableOfContents(sections)}
    ${sections.map(renderSection)} ${bottomApplyPanel(view)}
  </div>`

  return renderDocument({
    title: t('pamphlet.documentTitle', { groupName }),
    description: t('pamphlet.description', { groupName }),
    stylesheetHref: options.stylesheetHref,
    themeColor: theme.color,
    style: html`<style nonce="${options.nonce}">
      :root {
        --theme-color: ${theme.color};
        --theme-on-color: ${theme.onColor};
        --theme-tint: ${theme.tint};
      }
    </style>`,
    header,
    main,
  })
}
