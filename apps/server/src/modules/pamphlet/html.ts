// HTML templates without a template engine (ADR 0008). Every value interpolated into `html`
// is escaped unless it is already SafeHtml: markup written in a template, or group rich text
// that went through the allow-list sanitiser (sanitize.ts), the only caller of `raw`.

/** Markup that may be inserted as it is. */
export class SafeHtml {
  readonly value: string
  constructor(value: string) {
    this.value = value
  }
  toString(): string {
    return this.value
  }
}

/** What a template accepts: `false`, null and undefined render nothing, so `cond && html…` works. */
export type HtmlValue = SafeHtml | string | number | false | null | undefined | readonly HtmlValue[]

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}
const SPECIAL = /[&<>"']/g

/** Text safe in element content and in quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(SPECIAL, (character) => ESCAPES[character] ?? character)
}

function render(value: HtmlValue): string {
  if (value instanceof SafeHtml) return value.value
  if (Array.isArray(value)) return (value as readonly HtmlValue[]).map(render).join('')
  if (value === null || value === undefined || value === false) return ''
  return escapeHtml(String(value))
}

// The templates are formatted by Prettier, so their markup is indented. Indentation after a
// line break never changes how HTML renders outside <pre> and pre-wrap (the templates have
// none in their own text; group text is an interpolated value and keeps its spaces), so the
// template's own text is trimmed to one line break: about a third of the page's bytes.
const INDENTED_LINE_BREAK = /[ \t]*\n\s*/g
const trimmedTemplates = new WeakMap<TemplateStringsArray, readonly string[]>()

function trimmed(strings: TemplateStringsArray): readonly string[] {
  let parts = trimmedTemplates.get(strings)
  if (parts === undefined) {
    parts = strings.map((part) => part.replace(INDENTED_LINE_BREAK, '\n'))
    trimmedTemplates.set(strings, parts)
  }
  return parts
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  const parts = trimmed(strings)
  let out = parts[0] ?? ''
  values.forEach((value, index) => {
    out += render(value) + (parts[index + 1] ?? '')
  })
  return new SafeHtml(out)
}

/** Trusts markup as it is: only for the sanitiser's output and fixed markup built in code. */
export function raw(markup: string): SafeHtml {
  return new SafeHtml(markup)
}

const SAFE_SCHEME = /^(?:https?:\/\/|mailto:|tel:)/i

/**
 * An href the page may carry: http(s), mailto: and tel: URLs and paths on this site. Anything
 * else (`javascript:`, `data:`, protocol-relative `//host`) becomes a dead `#`. Every href passes
 * here even when its source was validated, so one mistake upstream cannot make a script link.
 */
export function safeHref(url: string): string {
  const trimmed = url.trim()
  if (SAFE_SCHEME.test(trimmed)) return trimmed
  if (trimmed.startsWith('/') && !trimmed.startsWith('//') && !trimmed.startsWith('/\\')) {
    return trimmed
  }
  if (trimmed.startsWith('#')) return trimmed
  return '#'
}
