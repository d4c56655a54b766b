import * as z from 'zod/mini'
import { consentDocumentIds } from './types.ts'

const DOCUMENT_VERSION = /^\d{4}-\d{2}-\d{2}$/

function consentSchema() {
  return z.strictObject({
    documentId: z.enum(consentDocumentIds),
    version: z.string().check(z.regex(DOCUMENT_VERSION)),
    /** ISO 8601 (UTC) */
    agreedAt: z.iso.datetime(),
  })
}

/**
 * 同意の記録: どの文書のどの版に、いつ同意したか。申込の作成時にまとめて送り、サーバーは自分の時刻で
 * 記録し直す（agreedAt はブラウザの記録で、証跡にはしない）。
 */
// Built by a call marked pure, so a bundle that never reads it drops it.
export const documentConsentSchema = /* @__PURE__ */ consentSchema()
export type DocumentConsent = z.infer<typeof documentConsentSchema>

const consentKeys = new Set(['documentId', 'version', 'agreedAt'])
/** z.iso.datetime(): a calendar date, a time with seconds (any fraction) and `Z`. */
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?Z$/

function isIsoDateTime(value: string): boolean {
  const match = ISO_DATE_TIME.exec(value)
  if (match === null) return false
  const year = Number(match[1])
  const month = Number(match[2])
  const day = Number(match[3])
  const isLeapYear = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
  const daysInMonth = [31, isLeapYear ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
  return month >= 1 && month <= 12 && day >= 1 && day <= (daysInMonth[month - 1] ?? 0)
}

/**
 * A consent record read without zod (the browser reads the ones it kept in sessionStorage, and
 * the consent pages should not download zod for it, ADR 0037 round 2): the record
 * `documentConsentSchema.safeParse(value)` gives, or undefined where it fails. documents.test.ts
 * holds the two equal.
 */
export function readDocumentConsent(value: unknown): DocumentConsent | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
  if (Object.keys(value).some((key) => !consentKeys.has(key))) return undefined
  const { documentId, version, agreedAt } = value as Record<string, unknown>
  if (!(consentDocumentIds as readonly unknown[]).includes(documentId)) return undefined
  if (typeof version !== 'string' || !DOCUMENT_VERSION.test(version)) return undefined
  if (typeof agreedAt !== 'string' || !isIsoDateTime(agreedAt)) return undefined
  return { documentId: documentId as DocumentConsent['documentId'], version, agreedAt }
}
