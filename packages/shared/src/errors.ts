/** エラー画面の文言グループ（SPEC §8.3）。文言は messages/errors.ja.ts の `errorScreen.<group>.*`。 */
export type ErrorScreenGroup =
  | 'maintenance'
  | 'notFound'
  | 'enrolmentClosed'
  | 'contactAgency'
  | 'systemError'
  | 'verificationUrlExpired'
  | 'renewalStopDeadlinePassed'
  | 'deadlinePassedPaymentCancelled'
  | 'paymentCancelledRetry'
  | 'notCompletedContactAgency'
  | 'authenticationFailed'
  | 'paymentFailed'
  | 'default'

/** エラーコードごとの HTTP ステータスとエラー画面の出し方（SPEC §2.9, §8.2, §8.3）。 */
export interface ErrorDefinition {
  status: number
  screen: ErrorScreenGroup
  /** 「（エラーコード：X）」の行を出すか */
  showCodeLine: boolean
  /** ログイン画面・ホームへ戻るボタンを出すか */
  showButton: boolean
  /** 代理店のお問い合わせ先を出すか */
  showContact: boolean
}

/** 名前で参照するエラーコード。ここにないコードも errorCatalogue にはすべて載っている。 */
export const errorCodes = {
  /** URLが不正（汎用）。SPEC §2.6, §8.1 */
  invalidUrl: 'APFF0001',
  /** 団体商品が見つからない */
  groupNotFound: 'APFA1001',
  /** 枝番が見つからない */
  branchNotFound: 'APFA1002',
  /** リンク（urlKey）が見つからない */
  linkNotFound: 'APFA1003',
  /** 不明なエラー（ブラウザの既定コード）。SPEC §4 */
  unknown: 'XPFF0001',
  /** セッションエラー（401）。SPEC §4 */
  session: 'E0003',
  /** 認証の有効期限切れ・複数回の失敗 */
  authenticationFailed: 'APFA2008',
  /** システムエラー（サーバーの想定外の失敗も含む） */
  system: 'E9999',
  /** 申込期限切れ・募集期間外 */
  recruitmentClosed: 'APFA2001',
  /** 申込済み */
  alreadyApplied: 'APFA2002',
  /** 更新前の加入者情報を取得できない */
  preRenewalInfoUnavailable: 'APFA2004',
  /** 本人確認URLの有効期限切れ */
  verificationUrlExpired: 'APFA2007',
  /** 申込期限切れ、クレジットカード決済の登録を取消 */
  deadlinePassedCreditCancelled: 'APFA2012',
  /** 申込期限切れ、バーチャル口座の登録を取消 */
  deadlinePassedVAccountCancelled: 'APFA2013',
  /** システムエラー、未完了、決済登録を取消、再度お手続き */
  paymentCancelledRetry: 'APFA2016',
  /** システムエラー、未完了、取扱代理店へ連絡 */
  notCompletedContactAgency: 'APFA2026',
  /** 更新できない */
  renewalNotPossible: 'APFA2029',
  /** 自動更新停止の期限切れ */
  renewalStopDeadlinePassed: 'APFA2031',
  // Our own codes, in the spec's form (ADR 0002).
  /** 入力チェックエラー（本文に issues） */
  validationFailed: 'APFV0001',
  /** メンテナンス中 */
  maintenance: 'APFS0001',
  /** 一時的にデータベースにつながらない（503、Retry-After）。issue #17 point 7 */
  temporarilyUnavailable: 'APFS0002',
  /** リクエストが多すぎる */
  rateLimited: 'APFR0001',
  /** API のルートがない */
  apiNotFound: 'APFN0001',
  /** 本文が大きすぎる */
  payloadTooLarge: 'APFP0001',
  /** 対応していない Content-Type・Content-Encoding */
  unsupportedMediaType: 'APFU0001',
  /** 本文を読み取れない（JSON・gzip の破損） */
  badRequest: 'APFB0001',
  // Applicant access (issue #5, ADR 0010): in-flow messages of SPEC §8.4 "Login" and
  // "Verification link", shown on the screen rather than on the error screen.
  /** 初回登録IDまたはパスワードの誤り */
  wrongFirstEntryCredentials: 'APFL0001',
  /** 三項目認証の入力誤り */
  threeItemMismatch: 'APFL0002',
  /** 本人確認の失敗が続いたためのロック */
  verifyUserLocked: 'APFL0003',
  /** 確認メールのURLのページでのパスワードの誤り */
  verificationPasswordWrong: 'APFL0004',
  /** 確認メールのURLのページでのロック */
  verificationLocked: 'APFL0005',
  /** 確認メールの送信に失敗（送信先に受け取りを拒否された） */
  verificationMailFailed: 'APFM0001',
  // The application (issue #6, ADR 0012)
  /** 別のタブ・古い画面からの保存（申込情報の版が違う） */
  applicationVersionConflict: 'APFC0001',
  /** まだ開いていない手順への保存（SPEC §2.5 の直接アクセスの防止をサーバーでも） */
  stepNotOpen: 'APFD0001',
  /** 署名付きURLの期限切れ・使用済み */
  signedUrlExpired: 'APFX0001',
  // Payment (issue #7, ADR 0014): SPEC §8.4 "Card" and "Payment provider" messages, shown on the
  // payment screen beside the form rather than on the error screen.
  /** カード番号・有効期限・セキュリティコードの未入力 */
  cardRequired: 'APFK0001',
  /** 取り扱えない、または誤ったカード番号 */
  cardNumberInvalid: 'APFK0002',
  /** 決済できなかった（一般） */
  cardDeclined: 'APFK0003',
  /** 決済できなかった（時間をおいて再度） */
  cardDeclinedRetryLater: 'APFK0004',
  /** 決済代行会社が混み合っている */
  paymentProviderBusy: 'APFK0005',
  /** カード情報の入力内容の誤り（有効期限・セキュリティコードなど） */
  cardDetailsInvalid: 'APFK0006',
  /** 利用できないカード */
  cardNotUsable: 'APFK0007',
  /** パズル（ロボットでないことの確認）が済んでいない */
  puzzleNotCompleted: 'APFK0008',
  /** パズルの有効期限（5分）切れ・使用済み */
  puzzleExpired: 'APFK0009',
  /** 決済代行会社のメンテナンス中 */
  paymentProviderMaintenance: 'APFK0010',
  /** クレジットカード決済のシステムエラー（決済代行会社に届かない・想定外の応答） */
  cardSystemError: 'APFK0011',
  /** 本人認証（3Dセキュア）が完了しなかった */
  threeDSecureFailed: 'APFK0012',
  /** 同じ支払いの処理がまだ終わっていない（同じ冪等キーの実行中） */
  paymentInProgress: 'APFY0001',
  /** 入金通知の署名が正しくない */
  depositNotificationRejected: 'APFW0001',
  // My-page (issue #8, ADR 0015): SPEC §8.4 "My-page login", "Authentication code", "Password
  // change", "Telephone" and the contract message, shown on the screen beside the form.
  /** マイページのIDまたはパスワードの誤り（知らないIDも同じ答え） */
  myPageLoginFailed: 'APFL0011',
  /** マイページのサインインの失敗が続いたためのロック */
  myPageLocked: 'APFL0012',
  /** 認証コードの誤り */
  codeWrong: 'APFL0013',
  /** 認証コード（または手続き）の有効期限切れ */
  codeExpired: 'APFL0014',
  /** 認証コードの誤りが続いたため、手続きが無効になった（最初からやり直す） */
  codeFailedRepeatedly: 'APFL0015',
  /** 手続き（サインイン・変更・再設定・電話番号の登録）が見つからない、または本人のものでない */
  attemptNotFound: 'APFL0016',
  /** 新しいパスワードが今のパスワードと同じ */
  passwordSameAsCurrent: 'APFL0017',
  /** 今のパスワードの誤り */
  currentPasswordWrong: 'APFL0018',
  /** パスワードの変更が短い時間に繰り返された */
  passwordChangeTooMany: 'APFL0019',
  /** 認証コードのメールを送れなかった（送信先に受け取りを拒否された） */
  codeMailFailed: 'APFM0002',
  /** SMS を受け取れない電話番号 */
  smsUnavailable: 'APFT0001',
  /** 認証コードの SMS・音声の発信に失敗 */
  phoneCodeSendingFailed: 'APFT0002',
  /** 電話番号認証を提供していない（本番で SMS・音声の送信先がない。issue #19 point 3） */
  telephoneAuthNotOffered: 'APFT0003',
  /** 指定された保険期間の契約は表示できない */
  contractNotShown: 'APFH0001',
} as const

export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes]

function define(
  status: number,
  screen: ErrorScreenGroup,
  options: Partial<Pick<ErrorDefinition, 'showCodeLine' | 'showButton' | 'showContact'>> = {},
): ErrorDefinition {
  return Object.freeze({
    status,
    screen,
    showCodeLine: options.showCodeLine ?? true,
    showButton: options.showButton ?? true,
    showContact: options.showContact ?? true,
  })
}

// SPEC §2.9 "no button … for a fixed list of error codes": an invalid or unknown link has no
// login screen to go back to (the button led to the same error again; issue #23 point 18).
const notFound = define(404, 'notFound', { showButton: false })
const maintenance = define(503, 'maintenance', {
  showCodeLine: false,
  showButton: false,
  showContact: false,
})
const authenticationFailed = define(401, 'authenticationFailed', { showContact: false })
// Codes from back-office and partner systems that end in "contact the agency" (SPEC §2.9 E-rule
// and three-character rule): the request conflicts with the contract on record.
const backOfficeContactAgency = define(409, 'contactAgency', { showButton: false })
const paymentProviderError = define(502, 'systemError')
const paymentGatewayError = define(502, 'default')
const telephoneProviderError = define(502, 'default')
const ownDefault = (status: number): ErrorDefinition => define(status, 'default')

const esoeNumbers = [
  0, 1, 2, 3, 4, 5, 7, 11, 12, 13, 14, 15, 18, 19, 20, 23, 24, 25, 29, 30, 31, 32, 33, 35, 36, 37,
  38, 39, 40, 41, 42, 46, 47,
]

/**
 * エラーコード一覧（SPEC §8.2 のすべてと当システム独自のコード）。
 * ステータスと画面の対応は ADR 0002。載っていないコードは describeError のパターンで決める。
 */
export const errorCatalogue: Readonly<Record<string, ErrorDefinition>> = Object.freeze({
  // SPEC §8.1, §8.3 "Not-found codes"
  APFF0001: define(400, 'notFound', { showButton: false }),
  APFA1001: notFound,
  APFA1002: notFound,
  APFA1003: notFound,
  // SPEC §4 "unknown error (default code)"
  XPFF0001: define(500, 'default'),
  // SPEC §4 "unauthorized (status 401, giving a session error code)"; E-rule: no button
  E0003: define(401, 'authenticationFailed', {
    showCodeLine: false,
    showButton: false,
    showContact: false,
  }),
  APFA2008: authenticationFailed,
  E9999: define(500, 'systemError', { showButton: false }),
  APFA2001: define(403, 'enrolmentClosed', { showCodeLine: false, showButton: false }),
  APFA2002: define(409, 'contactAgency', { showButton: false }),
  APFA2004: define(404, 'contactAgency', { showButton: false }),
  APFA2007: define(410, 'verificationUrlExpired', { showCodeLine: false }),
  APFA2012: define(409, 'deadlinePassedPaymentCancelled', { showButton: false }),
  APFA2013: define(409, 'deadlinePassedPaymentCancelled', { showButton: false }),
  APFA2016: define(500, 'paymentCancelledRetry'),
  APFA2026: define(500, 'notCompletedContactAgency', { showButton: false }),
  APFA2029: define(409, 'contactAgency', { showButton: false }),
  APFA2031: define(409, 'renewalStopDeadlinePassed', { showCodeLine: false, showButton: false }),
  // SPEC §8.2 ESOE: payment provider errors. §2.9 excepts ESOE from the E-rule: button shown.
  ...Object.fromEntries(
    esoeNumbers.map((n) => [`ESOE${String(n).padStart(4, '0')}`, paymentProviderError]),
  ),
  // SPEC §8.2 "Others"
  E01170001: backOfficeContactAgency,
  E01170006: backOfficeContactAgency,
  E01180001: backOfficeContactAgency,
  E01460008: backOfficeContactAgency,
  E11010100: backOfficeContactAgency,
  E01260010: backOfficeContactAgency,
  E41170099: backOfficeContactAgency,
  '100': backOfficeContactAgency,
  '101': backOfficeContactAgency,
  '102': backOfficeContactAgency,
  '110': backOfficeContactAgency,
  '121': backOfficeContactAgency,
  '122': backOfficeContactAgency,
  '902': backOfficeContactAgency,
  '42G440000': paymentGatewayError,
  '42G450000': paymentGatewayError,
  '42G650000': paymentGatewayError,
  '42G830000': paymentGatewayError,
  GA1000002: define(500, 'contactAgency', { showButton: false }),
  M01531011: define(500, 'contactAgency', { showButton: false }),
  TW000004: telephoneProviderError,
  TW000005: telephoneProviderError,
  TW000006: telephoneProviderError,
  // Our own codes (ADR 0002)
  APFV0001: ownDefault(400),
  APFS0001: maintenance,
  APFS0002: define(503, 'systemError', { showButton: false }),
  APFR0001: ownDefault(429),
  APFN0001: ownDefault(404),
  APFP0001: ownDefault(413),
  APFU0001: ownDefault(415),
  APFB0001: ownDefault(400),
  APFL0001: define(401, 'authenticationFailed'),
  APFL0002: define(401, 'authenticationFailed'),
  APFL0003: define(423, 'authenticationFailed'),
  APFL0004: define(401, 'authenticationFailed'),
  APFL0005: define(423, 'authenticationFailed'),
  APFM0001: define(502, 'default'),
  APFC0001: define(409, 'default'),
  APFD0001: define(409, 'default'),
  APFX0001: define(410, 'default'),
  APFK0001: define(400, 'default'),
  APFK0002: define(400, 'default'),
  APFK0003: define(402, 'default'),
  APFK0004: define(402, 'default'),
  APFK0005: define(503, 'default'),
  APFK0006: define(400, 'default'),
  APFK0007: define(402, 'default'),
  APFK0008: define(400, 'default'),
  APFK0009: define(400, 'default'),
  APFK0010: define(503, 'default'),
  APFK0011: define(502, 'systemError'),
  APFK0012: define(402, 'default'),
  APFY0001: define(409, 'default'),
  APFW0001: define(401, 'default'),
  APFL0011: define(401, 'default'),
  APFL0012: define(423, 'default'),
  APFL0013: define(400, 'default'),
  APFL0014: define(410, 'default'),
  APFL0015: define(423, 'default'),
  APFL0016: define(404, 'default'),
  APFL0017: define(400, 'default'),
  APFL0018: define(400, 'default'),
  APFL0019: define(429, 'default'),
  APFM0002: define(502, 'default'),
  APFT0001: define(400, 'default'),
  APFT0002: define(502, 'default'),
  APFT0003: define(404, 'default'),
  APFH0001: define(404, 'notFound'),
} satisfies Record<ErrorCode, ErrorDefinition> & Record<string, ErrorDefinition>)

const paymentFailed = define(402, 'paymentFailed')
const patternContactAgency = backOfficeContactAgency
const fallback = define(500, 'default')

/** SPEC §2.9: codes starting with E (other than ESOE) or with exactly three characters. */
function isContactAgencyPattern(errorCode: string): boolean {
  return (errorCode.startsWith('E') && !errorCode.startsWith('ESOE')) || errorCode.length === 3
}

/**
 * エラーコードの HTTP ステータスと画面の出し方（SPEC §2.9, §8.3）。
 * 一覧にあればそれを、なければ 42C… は決済失敗、E…（ESOE… を除く）と3文字は代理店へ連絡、
 * それ以外は既定（500）。
 */
export function describeError(errorCode: string): ErrorDefinition {
  if (Object.hasOwn(errorCatalogue, errorCode)) {
    const definition = errorCatalogue[errorCode]
    if (definition !== undefined) return definition
  }
  if (errorCode.startsWith('42C')) return paymentFailed
  if (isContactAgencyPattern(errorCode)) return patternContactAgency
  return fallback
}

/** 入力チェックの指摘ひとつ（issues の要素）。 */
export interface Issue {
  path: string
  message: string
}

/** 2xx 以外の応答本文（PRODUCT.md "Maintenance and errors"）。スキーマは error-body.ts。 */
export interface ErrorBody {
  errorCode: string
  message?: string | undefined
  issues?: Issue[] | undefined
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * An answer's error body as errorBodySchema (error-body.ts) reads it, written without zod: the
 * browser reads every failed call's body from its first download, which then need not carry zod
 * (issue #22, ADR 0037). The same bodies pass, with the same result (other keys left out); undefined
 * for any other value. A test compares the two.
 */
export function readErrorBody(value: unknown): ErrorBody | undefined {
  if (!isObject(value) || typeof value.errorCode !== 'string') return undefined
  const body: ErrorBody = { errorCode: value.errorCode }
  // as zod: an optional key present with undefined stays in the result, with undefined
  if ('message' in value && value.message === undefined) body.message = undefined
  if ('issues' in value && value.issues === undefined) body.issues = undefined
  if (value.message !== undefined) {
    if (typeof value.message !== 'string') return undefined
    body.message = value.message
  }
  if (value.issues !== undefined) {
    if (!Array.isArray(value.issues)) return undefined
    const issues: Issue[] = []
    for (const issue of value.issues as unknown[]) {
      if (!isObject(issue) || typeof issue.path !== 'string' || typeof issue.message !== 'string') {
        return undefined
      }
      issues.push({ path: issue.path, message: issue.message })
    }
    body.issues = issues
  }
  return body
}

/**
 * 想定内の失敗。`userMessage` は利用者に見せてよい日本語、`message` はログ専用。
 * ステータスは describeError(errorCode).status。
 */
export class AppError extends Error {
  readonly errorCode: string
  readonly status: number
  readonly userMessage: string | undefined
  readonly issues: Issue[] | undefined
  /** for refusals that end by themselves (a lock, a rate limit): sent as Retry-After */
  readonly retryAfterSeconds: number | undefined

  constructor(
    errorCode: string,
    options: {
      message?: string
      userMessage?: string
      issues?: Issue[]
      retryAfterSeconds?: number
      cause?: unknown
    } = {},
  ) {
    super(
      options.message ?? errorCode,
      options.cause === undefined ? undefined : { cause: options.cause },
    )
    this.name = 'AppError'
    this.errorCode = errorCode
    this.status = describeError(errorCode).status
    this.userMessage = options.userMessage
    this.issues = options.issues
    this.retryAfterSeconds = options.retryAfterSeconds
  }
}
