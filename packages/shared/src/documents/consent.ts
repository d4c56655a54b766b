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
