import type { ConsentDocumentId, DocumentVersion } from './types.ts'

/**
 * 各文書の現在の版。文書を改めるときは、ここの日付を改定日に変える（同意の記録は版ごとに残るので、
 * 前の版への同意は新しい版への同意にならない）。
 */
export const documentVersions = {
  'terms-of-use': '2026-11-01',
  'system-terms': '2026-11-01',
  'privacy-policy': '2026-11-01',
  'security-policy': '2026-11-01',
  'entry-terms': '2026-11-01',
  'apply-link-guide': '2026-11-01',
  'important-notes': '2026-11-01',
} as const satisfies Record<string, DocumentVersion>

/** 同意を得る文書の現在の版。サーバーは受け取った同意の版をこれと照らし合わせる。 */
export const currentConsentVersions: Readonly<Record<ConsentDocumentId, DocumentVersion>> = {
  'terms-of-use': documentVersions['terms-of-use'],
  'entry-terms': documentVersions['entry-terms'],
  'privacy-policy': documentVersions['privacy-policy'],
  'important-notes': documentVersions['important-notes'],
}
