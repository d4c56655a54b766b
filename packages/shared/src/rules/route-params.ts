import { isValidYyyymm } from '../time/business-date.ts'

/** URLキーの桁数（SPEC §5.1, §9）。 */
export const URL_KEY_LENGTH = 10
/** 団体PF枝番の桁数（SPEC §5.1, §9）。 */
export const BRANCH_NO_LENGTH = 5

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
const URL_KEY = /^[A-Za-z0-9]{10}$/
const GROUP_PF_BRANCH_NO = /^[0-9]{5}$/
const GROUP_PF_CODE = /^[A-Za-z0-9]{1,20}$/

/** URLキー `urlKey`: 半角英数字ちょうど10文字（SPEC §5.1）。 */
export function isUrlKey(value: string): boolean {
  return URL_KEY.test(value)
}

/** 団体PF枝番 `groupPfBranchNo`: 半角数字ちょうど5桁（SPEC §5.1）。 */
export function isGroupPfBranchNo(value: string): boolean {
  return GROUP_PF_BRANCH_NO.test(value)
}

/** 団体PFコード `groupPfCode`: 半角英数字1〜20文字（ADR 0002）。 */
export function isGroupPfCode(value: string): boolean {
  return GROUP_PF_CODE.test(value)
}

/** 団体PFコード始期年月 `groupPfCodeInceptionDateYm`: YYYYMM、月は01〜12（SPEC §2.6, §5.2 yearMonth）。 */
export function isInceptionYm(value: string): boolean {
  return isValidYyyymm(value)
}

// 256 = 4 × 62 + 8: bytes 248-255 are rejected so that each character is equally likely.
const ACCEPTED_BYTE_LIMIT = Math.floor(256 / ALPHANUMERIC.length) * ALPHANUMERIC.length

/**
 * 推測できないURLキー（英数字10文字、PRODUCT.md "Group data"）を作る。
 * `randomBytes` は暗号論的乱数（Node の `crypto.randomBytes`、ブラウザの `crypto.getRandomValues`）を渡す。
 */
export function generateUrlKey(randomBytes: (length: number) => Uint8Array): string {
  let key = ''
  while (key.length < URL_KEY_LENGTH) {
    const bytes = randomBytes(URL_KEY_LENGTH * 2)
    if (bytes.length === 0) {
      throw new Error('randomBytes returned no bytes')
    }
    for (const byte of bytes) {
      if (byte < ACCEPTED_BYTE_LIMIT && key.length < URL_KEY_LENGTH) {
        key += ALPHANUMERIC.charAt(byte % ALPHANUMERIC.length)
      }
    }
  }
  return key
}
