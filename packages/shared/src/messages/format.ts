// The typed message lookup behind every `t()` (STYLE.md §8). A translator is made over the
// catalogues its callers need, so a browser module downloads only its own texts (ADR 0011).

export type Catalogue = Readonly<Record<string, string>>

/** Names of the `{name}` placeholders in a template literal type. */
type PlaceholderNames<Template extends string> =
  Template extends `${string}{${infer Name}}${infer Rest}` ? Name | PlaceholderNames<Rest> : never

/** The arguments after the key: none without placeholders, else one value per placeholder. */
export type TemplateParams<Template extends string> = [PlaceholderNames<Template>] extends [never]
  ? []
  : [params: Record<PlaceholderNames<Template>, string | number>]

/** The catalogue's keys whose text has no `{placeholder}`. */
export type PlainKey<C extends Catalogue> = {
  [K in keyof C & string]: TemplateParams<C[K]> extends [] ? K : never
}[keyof C & string]

export type Translate<C extends Catalogue> = <K extends keyof C & string>(
  key: K,
  ...params: TemplateParams<C[K]>
) => string

const PLACEHOLDER = /\{([^{}]+)\}/g

/** `{name}` in the template replaced by the value of that name; unknown names are kept. */
export function fillTemplate(
  template: string,
  values: Readonly<Record<string, string | number>> | undefined,
): string {
  if (values === undefined) return template
  return template.replace(PLACEHOLDER, (placeholder, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : placeholder,
  )
}

/** The text under a key built at run time (an error code's `error.<code>`), if there is one. */
export function findIn(catalogue: Catalogue, key: string): string | undefined {
  return Object.hasOwn(catalogue, key) ? catalogue[key] : undefined
}

/**
 * `t()` over a catalogue: `translator(ja)('errorScreen.codeLine', { code: 'E9999' })` →
 * '（エラーコード：E9999）'. Keys and placeholders are checked by the compiler; an unchecked
 * caller gets the key back rather than undefined.
 */
export function translator<const C extends Catalogue>(catalogue: C): Translate<C> {
  return (key, ...params) => fillTemplate(findIn(catalogue, key) ?? key, params[0])
}
