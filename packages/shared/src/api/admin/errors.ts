import { AppError, type Issue } from '../../errors.ts'

// The back office's own error codes (issue #20, ADR 0026). They live here, not in errors.ts's
// catalogue, so that no byte of the back office reaches an applicant screen (the catalogue is in
// the applicant app's first download): the console shows these codes with its own texts
// (messages/admin-errors.ja.ts), never the applicant's error screens.

export const adminErrorCodes = {
  /** スタッフのセッションがない・切れた */
  staffSession: 'ADMA0001',
  /** その役割では使えない操作 */
  staffForbidden: 'ADMA0002',
  /** スタッフのサインインに失敗: unknown address, wrong password, code or passkey alike */
  staffSignInFailed: 'ADMA0003',
  /** スタッフのサインインがロック中（Retry-After） */
  staffLocked: 'ADMA0004',
  /** 登録リンクが使用済み・期限切れ */
  staffEnrolmentExpired: 'ADMA0005',
  /** 担当範囲にない・存在しない記録 */
  adminRecordNotFound: 'ADMN0001',
  /** その状態からはできない操作 */
  adminStateConflict: 'ADMC0001',
} as const

export type AdminErrorCode = (typeof adminErrorCodes)[keyof typeof adminErrorCodes]

/** The HTTP status of each code. */
export const adminErrorStatus: Readonly<Record<AdminErrorCode, number>> = {
  ADMA0001: 401,
  ADMA0002: 403,
  ADMA0003: 401,
  ADMA0004: 423,
  ADMA0005: 410,
  ADMN0001: 404,
  ADMC0001: 409,
}

/** A refusal of the back office: an AppError whose status is its code's (adminErrorStatus). */
export class AdminError extends AppError {
  override readonly status: number

  constructor(
    errorCode: AdminErrorCode,
    options: { message?: string; issues?: Issue[]; retryAfterSeconds?: number } = {},
  ) {
    super(errorCode, options)
    this.status = adminErrorStatus[errorCode]
  }
}
