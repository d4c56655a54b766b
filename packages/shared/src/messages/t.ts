import { ja } from './ja.ts'

export type MessageKey = keyof typeof ja

/** Names of the `{name}` placeholders in a template literal type. */
type PlaceholderNames<Template extends string> =
  Template extends `${string}{${infer Name}}${infer Rest}` ? Name | PlaceholderNames<Rest> : never

/** `t()`'s arguments after the key: none without placeholders, else one value per placeholder. */
export type ParamsOf<K extends MessageKey> = [PlaceholderNames<(typeof ja)[K]>] extends [never]
  ? []
  : [params: Record<PlaceholderNames<(typeof ja)[K]>, string | number>]

const PLACEHOLDER = /\{([^{}]+)\}/g
const messages: Readonly<Record<string, string>> = ja

/**
 * メッセージを取り出し、`{name}` を値で置き換える（STYLE.md §8）。
 * `t('errorScreen.codeLine', { code: 'E9999' })` → '（エラーコード：E9999）'
 */
export function t<K extends MessageKey>(key: K, ...params: ParamsOf<K>): string {
  // Keys are checked by the compiler; an unchecked caller gets the key back rather than undefined.
  const template = messages[key] ?? key
  const values = params[0] as Readonly<Record<string, string | number>> | undefined
  if (values === undefined) return template
  return template.replace(PLACEHOLDER, (placeholder, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : placeholder,
  )
}

/** The message under a key built at run time (an error code's `error.<code>`), if there is one. */
export function findMessage(key: string): string | undefined {
  return Object.hasOwn(messages, key) ? messages[key] : undefined
}
