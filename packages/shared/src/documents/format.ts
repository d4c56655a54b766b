import { formatJapaneseDate } from '../format/display.ts'
const DOCUMENT_VERSION = /^(\d{4})-(\d{2})-(\d{2})$/

/** 第1条（目的）: 条の見出し。番号は1から並び順に付ける。 */
export function articleTitle(index: number, heading: string): string {
  return `第${index + 1}条（${heading}）`
}

/** 号の番号: （1）（2）… */
export function itemNumber(index: number): string {
  return `（${index + 1}）`
}

/** 版（YYYY-MM-DD）を「2026年11月1日」と表示する。形の違う値はそのまま返す。 */
export function formatDocumentVersion(version: string): string {
  const match = DOCUMENT_VERSION.exec(version)
  if (match === null) return version
  return formatJapaneseDate(`${match[1]}${match[2]}${match[3]}`)
}
