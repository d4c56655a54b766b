import sanitizeHtml from 'sanitize-html'
import { raw, type SafeHtml } from './html.ts'

// Group-supplied rich text (announcement bodies, the other announcement) is written by an
// operator but read by every member, so it is treated as untrusted (issue #4 item 4). An
// allow-list keeps paragraphs, line breaks, emphasis, lists and links; any other tag is
// ESCAPED, so `<script>` or `<img onerror>` shows as harmless text instead of vanishing (an
// operator sees the mistake on the page) and never becomes an element.

const ALLOWED_TAGS: ReadonlySet<string> = new Set([
  'p',
  'br',
  'strong',
  'em',
  'ul',
  'ol',
  'li',
  'a',
])
const LINK_SCHEME = /^(?:https?:\/\/|mailto:|tel:)/i
const LINK_REL = 'noopener noreferrer'
/** A start or end tag as written, up to its first `>` (or the end of the text). */
const TAG = /<\/?([A-Za-z][A-Za-z0-9-]*)[^>]*>?/g

/**
 * Turns every tag outside the allow-list into text exactly as the operator wrote it. (sanitize-html's
 * own escaping drops the tag's attributes first, so `<img src=x onerror=…>` would read `<img />`.)
 * Cosmetic only: sanitize-html runs afterwards and is what keeps the output safe.
 */
function escapeDisallowedTags(text: string): string {
  return text.replace(TAG, (tag, name: string) =>
    ALLOWED_TAGS.has(name.toLowerCase())
      ? tag
      : tag.replaceAll('<', '&lt;').replaceAll('>', '&gt;'),
  )
}

const options: sanitizeHtml.IOptions = {
  allowedTags: [...ALLOWED_TAGS],
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'escape',
  enforceHtmlBoundary: false,
  parseStyleAttributes: false,
  transformTags: {
    // The parser has decoded entities here, so `&#106;avascript:` is seen as `javascript:`.
    // Relative links are dropped too: on this page they would point into our own app.
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const href = attribs.href?.trim() ?? ''
      const kept: sanitizeHtml.Attributes = LINK_SCHEME.test(href) ? { href } : {}
      return { tagName, attribs: { ...kept, rel: LINK_REL } }
    },
  },
  // A link whose href was refused keeps its text and loses the element.
  exclusiveFilter: (frame) => (frame.tag === 'a' && !frame.attribs.href ? 'excludeTag' : false),
}

/** お知らせの本文（groupPfInfo.announcementArray[].bodyHtml, otherAnnouncementHtml）を安全な HTML にする。 */
export function sanitizeRichText(dirty: string): SafeHtml {
  return raw(sanitizeHtml(escapeDisallowedTags(dirty), options))
}
