import * as z from 'zod/mini'
import { defineEndpoint } from '../endpoint.ts'
import {
  productCheckRoute,
  productDocumentRoute,
  productPublishRoute,
  rosterCheckRoute,
  rosterPublishRoute,
} from './setup-routes.ts'

// Group products and rosters in the console (issue #21 points 1 and 2, ADR 0030). Each has a dry
// run ("check") that writes nothing and answers a version token of what it compared with, and a
// publish that names that token: 409 ADMC0001 when the published version changed in between. A
// document or file with errors is refused at publish with 400 APFV0001 and the same issues.
// Files travel as base64 in JSON (the console reads them with FileReader): at most a few MB.

// ── Endpoints ─────────────────────────────────────────────────────────────────────────────
const code = z.string().check(z.minLength(1), z.maxLength(32))
const yearMonth = z.string().check(z.regex(/^\d{6}$/))
/** base64 of a file: at most ~6 MB of bytes */
const base64 = z.string().check(z.maxLength(8_000_000), z.regex(/^[A-Za-z0-9+/]*={0,2}$/))
/** sha256 hex of what was compared ("none" when nothing is published) */
const versionToken = z.string().check(z.regex(/^(none|[0-9a-f]{64})$/))
const issue = z.strictObject({ path: z.string(), message: z.string() })

/** The upload: the document (the CLI's JSON) and the image files it names, by name. */
const productUpload = {
  document: z.unknown(),
  /** image files by the name the document gives them; "stored:<fileId>" names a published one */
  images: z.record(z.string().check(z.minLength(1), z.maxLength(500)), base64),
}

export const productChangeSchema = z.strictObject({
  path: z.string(),
  kind: z.enum(['added', 'removed', 'changed']),
  /** JSON of the published value (an image: its hash and alt text), null when added */
  before: z.nullable(z.string()),
  after: z.nullable(z.string()),
})
export type ProductChange = z.infer<typeof productChangeSchema>

export const productCheckApi = defineEndpoint(productCheckRoute, {
  body: z.strictObject(productUpload),
  response: z.strictObject({
    /** every error with its path; the diff is empty when there is one */
    issues: z.array(issue),
    groupPfCode: z.nullable(z.string()),
    groupPfCodeInceptionDateYm: z.nullable(z.string()),
    /** no version of this product is published yet */
    isNew: z.boolean(),
    changes: z.array(productChangeSchema),
    versionToken,
  }),
})

export const productPublishApi = defineEndpoint(productPublishRoute, {
  body: z.strictObject({ ...productUpload, versionToken }),
  response: z.strictObject({
    groupPfCode: z.string(),
    groupPfCodeInceptionDateYm: z.string(),
    links: z.array(
      z.strictObject({ groupPfBranchNo: z.string(), urlKey: z.string(), isNew: z.boolean() }),
    ),
    versionToken,
  }),
})

export const productDocumentApi = defineEndpoint(productDocumentRoute, {
  querystring: z.strictObject({ groupPfCode: code, groupPfCodeInceptionDateYm: yearMonth }),
  response: z.strictObject({
    /** the document as the CLI reads it; images named "stored:<fileId>" */
    document: z.unknown(),
    versionToken,
  }),
})

const rosterUpload = {
  groupPfCode: code,
  groupPfCodeInceptionDateYm: yearMonth,
  /** the CSV's bytes (UTF-8 or Shift_JIS, detected as the CLI does) */
  csv: base64,
}

export const rosterCheckApi = defineEndpoint(rosterCheckRoute, {
  body: z.strictObject(rosterUpload),
  response: z.strictObject({
    /** bad rows by line (null: the whole file) */
    errors: z.array(z.strictObject({ line: z.nullable(z.number()), message: z.string() })),
    encoding: z.nullable(z.enum(['utf8', 'sjis'])),
    additions: z.array(z.strictObject({ line: z.number(), memberCode: z.string() })),
    /** members whose values change: the names of the columns that change, never the values */
    changes: z.array(
      z.strictObject({ line: z.number(), memberCode: z.string(), fields: z.array(z.string()) }),
    ),
    /** members in the roster but not in the file; refusal: why one cannot be removed */
    removals: z.array(z.strictObject({ memberCode: z.string(), refusal: z.nullable(z.string()) })),
    unchanged: z.number(),
    versionToken,
  }),
})

export const letterFileSchema = z.strictObject({
  fileName: z.string(),
  contentType: z.string(),
  base64: z.string(),
})

export const rosterPublishApi = defineEndpoint(rosterPublishRoute, {
  body: z.strictObject({ ...rosterUpload, versionToken }),
  response: z.strictObject({
    added: z.number(),
    changed: z.number(),
    removed: z.number(),
    /** the new members' first-entry letters, in this answer only (never stored); null: none */
    letters: z.nullable(z.strictObject({ csv: letterFileSchema, pdf: letterFileSchema })),
    versionToken,
  }),
})
