// 規約・方針と入口の画面の文書（利用規約・各種ポリシーのページ、申込の入口の画面）。
//
// Web modules import this index (@app/shared/documents), and Rolldown puts every module an index
// reaches statically into the importer's chunk (rolldown/rolldown#8920), whether it is used or
// not. So the index exports only the small parts (ids, types, versions, the consent record,
// formatting) and loaders for the text, which the screens await in their lazily loaded modules:
// each loader becomes a chunk of its own.
import type * as EntryGuides from './entry-guides.ts'
import type * as Policies from './policies.ts'
import type * as TermsOfUse from './terms-of-use.ts'

export * from './types.ts'
export * from './versions.ts'
export * from './consent.ts'
export * from './format.ts'

/** 利用規約・システム利用規約・個人情報保護方針・情報セキュリティ方針（ページの順）。 */
export function loadPolicyDocuments(): Promise<typeof Policies> {
  return import('./policies.ts')
}

/** 利用規約だけ（申込の入口の利用規約の画面）。 */
export function loadTermsOfUse(): Promise<typeof TermsOfUse> {
  return import('./terms-of-use.ts')
}

/** 団体ごとの入口の文書（申込URLのご案内、利用規約の前書き、同意事項、重要事項）。 */
export function loadEntryGuides(): Promise<typeof EntryGuides> {
  return import('./entry-guides.ts')
}
