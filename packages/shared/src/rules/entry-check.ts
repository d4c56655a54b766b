import { errorCodes } from '../errors.ts'
import { isGroupPfBranchNo, isGroupPfCode, isInceptionYm, isUrlKey } from './route-params.ts'

/** 入口のチェックをする領域: 申込（/ent）、マイページ（/myp）、パンフレット（/pamphlet）。 */
export type EntryArea = 'ent' | 'myp' | 'pamphlet'

/** 入口で読むルートパラメータ（SPEC §2.6）。空文字は「ない」と同じに扱う。 */
export interface EntryParams {
  groupPfCode?: string
  urlKey?: string
  groupPfCodeInceptionDateYm?: string
  groupPfBranchNo?: string
}

export type EntryCheckResult = { ok: true } | { ok: false; status: 400; errorCode: 'APFF0001' }

const invalidUrl = { ok: false, status: 400, errorCode: errorCodes.invalidUrl } as const

function isPresent(value: string | undefined): value is string {
  return value !== undefined && value !== ''
}

/**
 * 入口のルートパラメータのチェック（SPEC §2.6）。
 * 団体PFコードがない・形式違い、URLキーがない・形式違い、枝番の形式違いは 400 APFF0001。
 * /myp 以外では始期年月と枝番も必須。/myp ではどちらも任意で、あれば形式を確かめる。
 */
export function checkEntryParams(area: EntryArea, params: EntryParams): EntryCheckResult {
  const { groupPfCode, urlKey, groupPfCodeInceptionDateYm, groupPfBranchNo } = params
  const isOptionalInArea = area === 'myp'
  if (!isPresent(groupPfCode) || !isGroupPfCode(groupPfCode)) return invalidUrl
  if (!isPresent(urlKey) || !isUrlKey(urlKey)) return invalidUrl
  if (isPresent(groupPfBranchNo) ? !isGroupPfBranchNo(groupPfBranchNo) : !isOptionalInArea) {
    return invalidUrl
  }
  if (
    isPresent(groupPfCodeInceptionDateYm)
      ? !isInceptionYm(groupPfCodeInceptionDateYm)
      : !isOptionalInArea
  ) {
    return invalidUrl
  }
  return { ok: true }
}

// SPEC §8.1 "three specific error codes": the browser shows them as the invalid-URL code.
const notFoundCodes: ReadonlySet<string> = new Set([
  errorCodes.groupNotFound,
  errorCodes.branchNotFound,
  errorCodes.linkNotFound,
])

/**
 * 団体情報の読み込みに失敗したときのエラー（SPEC §8.1）。
 * APFA1001〜1003 は応答ステータスのまま APFF0001 に置き換え、それ以外はサーバーのコード
 * （なければ XPFF0001）で、入口チェック済みの印を付ける。
 */
export function groupLoadFailure(
  status: number,
  errorCode: string | undefined,
): { status: number; errorCode: string; entryChecked: boolean } {
  if (errorCode !== undefined && notFoundCodes.has(errorCode)) {
    return { status, errorCode: errorCodes.invalidUrl, entryChecked: false }
  }
  return { status, errorCode: errorCode ?? errorCodes.unknown, entryChecked: true }
}
