import { findIn, translator, type TemplateParams } from './format.ts'
import { ja } from './ja.ts'

// The whole catalogue, for the server. Browser modules use the translator of their area
// (shell.ts, fields.ts, documents.ts, verify-user.ts…), so they download only their own texts.

export type MessageKey = keyof typeof ja

/** `t()`'s arguments after the key: none without placeholders, else one value per placeholder. */
export type ParamsOf<K extends MessageKey> = TemplateParams<(typeof ja)[K]>

/**
 * メッセージを取り出し、`{name}` を値で置き換える（STYLE.md §8）。
 * `t('errorScreen.codeLine', { code: 'E9999' })` → '（エラーコード：E9999）'
 */
export const t = translator(ja)

/** The message under a key built at run time (an error code's `error.<code>`), if there is one. */
export function findMessage(key: string): string | undefined {
  return findIn(ja, key)
}
