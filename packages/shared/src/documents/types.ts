// The shape of the product's documents: the four policies of the system terms page (SPEC §2.3,
// §8.4) and the group-specific texts of the enrolment entry screens (SPEC §2.1). Plain data, so
// the browser renders them, the server can store which version a person agreed to, and a later
// PDF can print the same words.
import type { GroupPfInfoResponse } from '../api/group/endpoints.ts'
import type { GroupPfInfo, GroupPfInfoBranchNo } from '../api/group/group-pf-info.ts'
import type { ItemDefinition } from '../api/group/item-definition.ts'

/** 規約・方針の識別子。利用規約・各種ポリシーのページでは、そのままページ内リンクのアンカーになる。 */
export const policyDocumentIds = [
  'terms-of-use',
  'system-terms',
  'privacy-policy',
  'security-policy',
] as const
export type PolicyDocumentId = (typeof policyDocumentIds)[number]

/**
 * 同意を得る文書: 申込の入口で利用規約、お申し込みにあたっての同意事項、個人情報の取扱い、
 * 申込内容の確認のあとで重要事項（pamphletImportantNotes）。
 */
export const consentDocumentIds = [
  'terms-of-use',
  'entry-terms',
  'privacy-policy',
  'important-notes',
] as const
export type ConsentDocumentId = (typeof consentDocumentIds)[number]

/** 文書の版: 制定・改定の日付（YYYY-MM-DD）。同意の記録はこの版と組で残す。 */
export type DocumentVersion = `${number}-${number}-${number}`

/** 項。`items` は号（（1）（2）…）。 */
export interface DocumentParagraph {
  text: string
  items?: readonly string[]
}

/** 条。条番号は並び順から付ける（第1条（目的））ので、データには持たない。 */
export interface DocumentArticle {
  /** 条の見出し（「目的」）。括弧は付けない。 */
  heading: string
  /** 項が2つ以上あれば 1, 2, … と番号を付けて表示する。 */
  paragraphs: readonly DocumentParagraph[]
}

/** 規約・方針の1文書。 */
export interface PolicyDocument {
  documentId: PolicyDocumentId
  version: DocumentVersion
  /** 文書名（「利用規約」） */
  title: string
  /** 前文 */
  preamble: readonly string[]
  articles: readonly DocumentArticle[]
}

/** 入口の画面の案内文の一かたまり。 */
export type GuideBlock =
  | { type: 'paragraph'; text: string; isEmphasised?: boolean }
  | { type: 'list'; isOrdered: boolean; items: readonly GuideListItem[] }
  | { type: 'definitions'; entries: readonly GuideDefinition[] }
  /** 団体が入力した改行を含む文（事故の連絡先など）。改行をそのまま表示する。 */
  | { type: 'preformatted'; text: string }
  /** 利用規約・各種ポリシーのページの、その文書へのリンク。 */
  | { type: 'policyLink'; documentId: PolicyDocumentId; text: string }

export interface GuideListItem {
  /** 太字で先に出す見出し（書類名、手順名） */
  title?: string
  text: string
}

export interface GuideDefinition {
  term: string
  description: string
}

/** 見出しのあるまとまり。`subsections` は一段下の見出しで表示する。 */
export interface GuideSection {
  /** 画面の中で一意の識別子（見出しの id、テスト） */
  id: string
  heading: string
  blocks: readonly GuideBlock[]
  subsections?: readonly GuideSection[]
}

/** 団体ごとの入口の文書（申込URLのご案内、同意事項、重要事項）。 */
export interface GuideDocument {
  documentId: string
  version: DocumentVersion
  sections: readonly GuideSection[]
}

/** 募集の区分（SPEC §4）: 一括募集中、中途募集中、募集期間外。 */
export type RecruitmentPhase = GroupPfInfoResponse['recruitmentPhase']

/** What the entry documents read from the loaded group. */
export interface EntryDocumentInput {
  groupPfInfo: GroupPfInfo
  groupPfInfoBranchNo: GroupPfInfoBranchNo
  /** not loaded under /myp/ (SPEC §2.6); the entry screens always have it */
  itemDefinitionArray?: readonly ItemDefinition[] | undefined
  recruitmentPhase: RecruitmentPhase
}
