// Field rules (SPEC §5.2), once for the browser forms and the server routes (issue #3).
// field-schema.ts wraps them in zod; the messages are in messages/fields.ja.ts (SPEC §5.3).
import { t, type FieldMessageKey } from '../messages/fields.ts'
import { isValidYyyymm, isValidYyyymmdd } from '../time/business-date.ts'
import { findDisallowedCharacter } from './gaiji.ts'
import { maxUploadBytes, uploadExtensions } from './upload.ts'

/** 入力チェックのルール名（SPEC §5.2 の名前そのまま）。 */
export const fieldRuleNames = [
  'required',
  'multipleRequired',
  'email',
  'telNo',
  'telephone',
  'gaiji',
  'onlyFull',
  'onlyFullKatakana',
  'onlyHalfKatakana',
  'onlyNumeric',
  'onlyNumberAndAllAlphabet',
  'onlyNumberAndAllAlphabetAndSymbol',
  'connectPassword',
  'onlyNumberAndUpperAlphabet',
  'onlyNumberAndLowerAlphabet',
  'password',
  'disabledCharInPassword',
  'yearMonth',
  'yearMonthDate',
  'zipCode',
  'creditCard',
  'securityCode',
  'between',
  'min',
  'max',
  'digits',
  'ext',
  'size',
  'regex',
  'uploadExtension',
  'uploadSize',
] as const
export type FieldRuleName = (typeof fieldRuleNames)[number]

/**
 * A field-rule message without `{placeholder}`: the only kind a rule can show as it is
 * (messages/fields.ts).
 */
export type PlainMessageKey = FieldMessageKey

export interface FieldRuleParams {
  /** between: the smallest number allowed; min: the fewest characters (code points). */
  min?: number
  /** between: the largest number allowed; max: the most characters (code points). */
  max?: number
  /** digits: how many half-width digits. */
  length?: number
  /** ext: the allowed extensions, without the dot, compared case-insensitively (default: uploads). */
  extensions?: readonly string[]
  /** size: the largest file in bytes (default: uploads, 2 MB). */
  maxBytes?: number
  /** regex: the pattern the whole value must match (anchor it with ^…$). */
  pattern?: RegExp
  /** regex: the message to show (required there). Any other rule: replaces the rule's own message. */
  messageKey?: PlainMessageKey
  /** gaiji: accept CR and LF too (multi-line fields). */
  allowLineBreaks?: boolean
}

type FileValue = { readonly name: string; readonly size: number }

/** a text value; a group of values (multipleRequired); a file's name and size (ext, size, upload*) */
export type FieldValue = string | readonly string[] | FileValue | null | undefined

export type RuleSpec = FieldRuleName | readonly [FieldRuleName, FieldRuleParams]

const MEBIBYTE = 1024 * 1024
const KIBIBYTE = 1024

// SPEC §5.2: an empty value passes every rule except required and multipleRequired. Only these
// are empty; a value of spaces is checked like any other text (no normalisation, STYLE.md §4).
function isEmpty(value: FieldValue): value is '' | readonly [] | null | undefined {
  return (
    value === undefined || value === null || value === '' || (isGroup(value) && value.length === 0)
  )
}

function isGroup(value: FieldValue): value is readonly string[] {
  return Array.isArray(value)
}

function isFile(value: FieldValue): value is FileValue {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

// For required, a value of nothing but white space is not a value: a lone full-width space (U+3000,
// what a Japanese IME types for the space bar) gets 必須項目です。, as it would never be a name.
const BLANK = /^\s*$/u

function isBlank(text: string): boolean {
  return BLANK.test(text)
}

// --- Character sets (SPEC §5.2). Every class is half-width ASCII unless it says otherwise. ---

// onlyFull: a half-width character is printable ASCII (U+0020–U+007E) or a Halfwidth Form of the
// Halfwidth and Fullwidth Forms block: katakana U+FF61–U+FF9F, Hangul U+FFA0–U+FFDC, symbols
// U+FFE8–U+FFEE. Latin-1 signs such as ¢ £ ¬ are left alone: Mac IMEs type them for the
// full-width JIS cells (see gaiji.ts), and gaiji decides which characters the system accepts.
const HALF_WIDTH = /[\u0020-\u007E\uFF61-\uFFDC\uFFE8-\uFFEE]/u

// onlyFullKatakana: katakana U+30A1–U+30FA (small kana and ヴヵヶ included), ・ ー ヽ ヾ
// (U+30FB–U+30FE), the Fullwidth Forms (digits, letters, symbols U+FF01–U+FF5E; ￠￡￢￣￤￥￦
// U+FFE0–U+FFE6), roman numerals U+2160–U+217F and the full-width space U+3000. 〜 (U+301C) and
// − (U+2212) are what Mac IMEs type for ～ and －, so both forms are accepted, as gaiji.ts does.
const FULL_KATAKANA = /^[\u30A1-\u30FE\uFF01-\uFF5E\uFFE0-\uFFE6\u2160-\u217F\u3000\u301C\u2212]+$/u

// onlyHalfKatakana: half-width kana and their punctuation ｡｢｣､･ﾞﾟ (U+FF61–U+FF9F) and printable
// ASCII, the space included.
const HALF_KATAKANA = /^[\u0020-\u007E\uFF61-\uFF9F]+$/u

const NUMERIC = /^[0-9]+$/
const NUMBER_AND_ALPHABET = /^[0-9A-Za-z]+$/
const NUMBER_AND_UPPER_ALPHABET = /^[0-9A-Z]+$/
const NUMBER_AND_LOWER_ALPHABET = /^[0-9a-z]+$/
// Digits, letters and the 32 ASCII symbols: U+0021–U+007E. The space is not a symbol.
const NUMBER_ALPHABET_AND_SYMBOL = /^[\u0021-\u007E]+$/
const ASCII_SYMBOL = /[!-/:-@[-`{-~]/

const PASSWORD_MIN_LENGTH = 10

// email: the WHATWG HTML "valid e-mail address" (what <input type="email"> accepts). Its local part
// allows consecutive dots and a dot before the @ (taro..yamada.@docomo.ne.jp), which RFC 5322 does
// not but old Japanese carrier addresses have, and they are real and deliverable. Two changes: the
// domain needs a dot (`+` for the HTML pattern's `*`, so no intranet hosts such as user@localhost),
// and the lengths of SPEC §5.2. Labels are 1–63 characters and neither start nor end with '-'.
// ASCII only: a full-width ＠ or an internationalised domain fails (enter its xn-- form).
const EMAIL_LABEL = '[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?'
const EMAIL = new RegExp(`^[a-zA-Z0-9.!#$%&'*+/=?^_\`{|}~-]+@${EMAIL_LABEL}(?:\\.${EMAIL_LABEL})+$`)
const EMAIL_MAX_LENGTH = 254
const EMAIL_LOCAL_MAX_LENGTH = 64
const EMAIL_DOMAIN_MAX_LENGTH = 253

// telNo: groups of digits joined by single hyphens, at most 3 groups (03-1234-5678).
const TEL_NO = /^[0-9]+(?:-[0-9]+){0,2}$/
const TELEPHONE = /^[0-9]{10,11}$/
const TEL_MIN_DIGITS = 10
const TEL_MAX_DIGITS = 11

const YEAR_MONTH = /^[0-9]{6}$/
const YEAR_MONTH_DATE = /^[0-9]{8}$/
const ZIP_CODE = /^[0-9]{7}$/
// creditCard: the number's length only. No Luhn check: SPEC §5.2 does not ask for one, and the
// payment provider validates the number itself.
const CREDIT_CARD = /^[0-9]{14,16}$/
const SECURITY_CODE = /^[0-9]{3,4}$/

// between: half-width digits, an optional leading '-' and an optional decimal part (170.5).
// No '+', no exponent, no thousands commas, no surrounding spaces.
const DECIMAL = /^-?[0-9]+(?:\.[0-9]+)?$/

// --- Messages ---

// The character is named only when it can be seen; a control, format or combining character, or a
// space, would show as 「」, so the spec's sentence stands alone then.
const VISIBLE_CHARACTER = /^[\p{L}\p{N}\p{P}\p{S}]$/u

function gaijiMessage(character: string): string {
  return VISIBLE_CHARACTER.test(character)
    ? t('validation.gaiji.character', { char: character })
    : t('validation.gaiji')
}

function formatBytes(bytes: number): string {
  if (bytes % MEBIBYTE === 0) return `${bytes / MEBIBYTE}MB`
  if (bytes % KIBIBYTE === 0) return `${bytes / KIBIBYTE}KB`
  return `${bytes}バイト`
}

function listExtensions(extensions: readonly string[]): string {
  return extensions.join('、')
}

// --- Parameters: a missing or impossible parameter is a bug, so it throws (STYLE.md §7). ---

function isCount(value: number | undefined): value is number {
  return value !== undefined && Number.isSafeInteger(value) && value >= 0
}

function assertParams(rule: FieldRuleName, params: FieldRuleParams): void {
  const problem = paramsProblem(rule, params)
  if (problem !== undefined) throw new TypeError(`field rule ${rule}: ${problem}`)
}

function paramsProblem(rule: FieldRuleName, params: FieldRuleParams): string | undefined {
  switch (rule) {
    case 'between': {
      const { min, max } = params
      if (min === undefined && max === undefined) return 'needs min, max or both'
      if (min !== undefined && !Number.isFinite(min)) return 'min must be a finite number'
      if (max !== undefined && !Number.isFinite(max)) return 'max must be a finite number'
      if (min !== undefined && max !== undefined && min > max) return 'min is greater than max'
      return undefined
    }
    case 'min':
      return isCount(params.min) ? undefined : 'needs min, a whole number of characters'
    case 'max':
      return isCount(params.max) ? undefined : 'needs max, a whole number of characters'
    case 'digits':
      return isCount(params.length) && params.length > 0
        ? undefined
        : 'needs length, a whole number of digits'
    case 'ext':
      return params.extensions === undefined || params.extensions.length > 0
        ? undefined
        : 'extensions must not be empty'
    case 'size':
      return params.maxBytes === undefined || isCount(params.maxBytes)
        ? undefined
        : 'maxBytes must be a whole number of bytes'
    case 'regex':
      if (!(params.pattern instanceof RegExp)) return 'needs pattern'
      return params.messageKey === undefined ? 'needs messageKey' : undefined
    default:
      return undefined
  }
}

// --- Checks of one non-empty text; each returns the message or undefined. ---

type TextCheck = (text: string, params: FieldRuleParams) => string | undefined

function failsUnless(pattern: RegExp, key: PlainMessageKey): TextCheck {
  return (text) => (pattern.test(text) ? undefined : t(key))
}

function checkEmail(text: string): string | undefined {
  // The length first, so that the pattern never runs over a very long input.
  if (text.length > EMAIL_MAX_LENGTH || !EMAIL.test(text)) return t('validation.email')
  // The pattern allows one '@' only, and only ASCII, so lengths are characters and octets alike.
  const at = text.indexOf('@')
  const isWithinLimits =
    at <= EMAIL_LOCAL_MAX_LENGTH && text.length - at - 1 <= EMAIL_DOMAIN_MAX_LENGTH
  return isWithinLimits ? undefined : t('validation.email')
}

function checkTelNo(text: string): string | undefined {
  if (!TEL_NO.test(text)) return t('validation.telNo')
  const digitCount = text.replaceAll('-', '').length
  return digitCount >= TEL_MIN_DIGITS && digitCount <= TEL_MAX_DIGITS
    ? undefined
    : t('validation.telNo')
}

function checkPassword(text: string): string | undefined {
  const isStrong =
    text.length >= PASSWORD_MIN_LENGTH &&
    NUMBER_ALPHABET_AND_SYMBOL.test(text) &&
    /[a-z]/.test(text) &&
    /[A-Z]/.test(text) &&
    /[0-9]/.test(text) &&
    ASCII_SYMBOL.test(text)
  return isStrong ? undefined : t('validation.password')
}

function checkOnlyFull(text: string): string | undefined {
  return HALF_WIDTH.test(text) ? t('validation.onlyFull') : undefined
}

function checkGaiji(text: string, params: FieldRuleParams): string | undefined {
  const character = findDisallowedCharacter(text, {
    allowLineBreaks: params.allowLineBreaks === true,
  })
  return character === undefined ? undefined : gaijiMessage(character)
}

function checkYearMonth(text: string): string | undefined {
  if (!YEAR_MONTH.test(text)) return t('validation.yearMonth.format')
  return isValidYyyymm(text) ? undefined : t('validation.yearMonth.invalid')
}

function checkYearMonthDate(text: string): string | undefined {
  if (!YEAR_MONTH_DATE.test(text)) return t('validation.yearMonthDate.format')
  return isValidYyyymmdd(text) ? undefined : t('validation.yearMonthDate.invalid')
}

function checkBetween(text: string, params: FieldRuleParams): string | undefined {
  const { min, max } = params
  const number = Number(text)
  const isWithin =
    DECIMAL.test(text) &&
    (min === undefined || number >= min) &&
    (max === undefined || number <= max)
  if (isWithin) return undefined
  if (min !== undefined && max !== undefined) return t('validation.between', { min, max })
  if (min !== undefined) return t('validation.between.min', { min })
  return t('validation.between.max', { max: max ?? 0 })
}

// Characters are code points, so 𠮷 (a surrogate pair) is one. A grapheme of several code points
// (an emoji sequence, a kana with a combining mark) counts as several.
function characterCount(text: string): number {
  return Array.from(text).length
}

function checkMin(text: string, params: FieldRuleParams): string | undefined {
  const min = params.min ?? 0
  return characterCount(text) >= min ? undefined : t('validation.min', { min })
}

function checkMax(text: string, params: FieldRuleParams): string | undefined {
  const max = params.max ?? 0
  return characterCount(text) <= max ? undefined : t('validation.max', { max })
}

function checkDigits(text: string, params: FieldRuleParams): string | undefined {
  const length = params.length ?? 0
  return NUMERIC.test(text) && text.length === length
    ? undefined
    : t('validation.digits', { length })
}

function checkRegex(text: string, params: FieldRuleParams): string | undefined {
  const { pattern, messageKey } = params
  if (pattern === undefined || messageKey === undefined) return undefined
  // A global or sticky pattern remembers lastIndex between test() calls: use a stateless copy.
  const stateless =
    pattern.global || pattern.sticky
      ? new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, ''))
      : pattern
  return stateless.test(text) ? undefined : t(messageKey)
}

const textChecks = {
  email: checkEmail,
  telNo: checkTelNo,
  telephone: failsUnless(TELEPHONE, 'validation.telephone'),
  gaiji: checkGaiji,
  onlyFull: checkOnlyFull,
  onlyFullKatakana: failsUnless(FULL_KATAKANA, 'validation.onlyFullKatakana'),
  onlyHalfKatakana: failsUnless(HALF_KATAKANA, 'validation.onlyHalfKatakana'),
  onlyNumeric: failsUnless(NUMERIC, 'validation.onlyNumeric'),
  onlyNumberAndAllAlphabet: failsUnless(NUMBER_AND_ALPHABET, 'validation.onlyNumberAndAllAlphabet'),
  onlyNumberAndAllAlphabetAndSymbol: failsUnless(
    NUMBER_ALPHABET_AND_SYMBOL,
    'validation.onlyNumberAndAllAlphabetAndSymbol',
  ),
  // SPEC §5.2 gives connectPassword the same characters, so it shares the message.
  connectPassword: failsUnless(
    NUMBER_ALPHABET_AND_SYMBOL,
    'validation.onlyNumberAndAllAlphabetAndSymbol',
  ),
  onlyNumberAndUpperAlphabet: failsUnless(
    NUMBER_AND_UPPER_ALPHABET,
    'validation.onlyNumberAndUpperAlphabet',
  ),
  onlyNumberAndLowerAlphabet: failsUnless(
    NUMBER_AND_LOWER_ALPHABET,
    'validation.onlyNumberAndLowerAlphabet',
  ),
  password: checkPassword,
  disabledCharInPassword: failsUnless(
    NUMBER_ALPHABET_AND_SYMBOL,
    'validation.disabledCharInPassword',
  ),
  yearMonth: checkYearMonth,
  yearMonthDate: checkYearMonthDate,
  zipCode: failsUnless(ZIP_CODE, 'validation.zipCode'),
  creditCard: failsUnless(CREDIT_CARD, 'validation.creditCard'),
  securityCode: failsUnless(SECURITY_CODE, 'validation.securityCode'),
  between: checkBetween,
  min: checkMin,
  max: checkMax,
  digits: checkDigits,
  regex: checkRegex,
} satisfies Record<string, TextCheck>

type TextRuleName = keyof typeof textChecks

// --- Files: the name for the extension rules, the size for the size rules. ---

// The text after the last dot, in lower case; none for "file", ".pdf" (a hidden file) or "a.".
function extensionOf(fileName: string): string | undefined {
  const dot = fileName.lastIndexOf('.')
  if (dot <= 0 || dot === fileName.length - 1) return undefined
  return fileName.slice(dot + 1).toLowerCase()
}

function hasExtension(fileName: string, extensions: readonly string[]): boolean {
  const extension = extensionOf(fileName)
  return (
    extension !== undefined && extensions.some((allowed) => allowed.toLowerCase() === extension)
  )
}

function checkExt(fileName: string, params: FieldRuleParams): string | undefined {
  const extensions = params.extensions ?? uploadExtensions
  return hasExtension(fileName, extensions)
    ? undefined
    : t('validation.ext', { extensions: listExtensions(extensions) })
}

function checkUploadExtension(fileName: string): string | undefined {
  return hasExtension(fileName, uploadExtensions)
    ? undefined
    : t('validation.uploadExtension', { extensions: listExtensions(uploadExtensions) })
}

function checkSize(bytes: number, params: FieldRuleParams): string | undefined {
  const maxBytes = params.maxBytes ?? maxUploadBytes
  return bytes <= maxBytes ? undefined : t('validation.size', { maxSize: formatBytes(maxBytes) })
}

function checkUploadSize(bytes: number): string | undefined {
  return bytes <= maxUploadBytes
    ? undefined
    : t('validation.uploadSize', { maxSize: formatBytes(maxUploadBytes) })
}

// --- Dispatch ---

function isTextRule(rule: FieldRuleName): rule is TextRuleName {
  return Object.hasOwn(textChecks, rule)
}

function firstFailure(
  texts: readonly string[],
  check: (text: string) => string | undefined,
): string | undefined {
  for (const text of texts) {
    if (text === '') continue
    const failure = check(text)
    if (failure !== undefined) return failure
  }
  return undefined
}

function wrongValue(rule: FieldRuleName, expected: string): TypeError {
  return new TypeError(`field rule ${rule} checks ${expected}`)
}

function checkPresent(rule: 'required' | 'multipleRequired', value: FieldValue): boolean {
  if (value === undefined || value === null) return false
  if (typeof value === 'string') return !isBlank(value)
  if (isFile(value)) return true
  // required: a group needs one value (a checkbox group with one box ticked);
  // multipleRequired: every value of the group (SPEC §5.2 "fails if any value is empty").
  return rule === 'required'
    ? value.some((text) => !isBlank(text))
    : value.length > 0 && value.every((text) => !isBlank(text))
}

function checkNonEmpty(
  rule: FieldRuleName,
  value: NonNullable<FieldValue>,
  params: FieldRuleParams,
): string | undefined {
  if (rule === 'ext' || rule === 'uploadExtension') {
    const check = rule === 'ext' ? checkExt : checkUploadExtension
    const names = isFile(value) ? [value.name] : isGroup(value) ? value : [value]
    return firstFailure(names, (name) => check(name, params))
  }
  if (rule === 'size' || rule === 'uploadSize') {
    if (!isFile(value)) throw wrongValue(rule, 'a file ({ name, size })')
    return rule === 'size' ? checkSize(value.size, params) : checkUploadSize(value.size)
  }
  if (!isTextRule(rule)) throw wrongValue(rule, 'presence only')
  if (isFile(value)) throw wrongValue(rule, 'text, not a file')
  const check: TextCheck = textChecks[rule]
  // A group is checked value by value: fieldGroupSchema('onlyNumeric') checks every value.
  return firstFailure(isGroup(value) ? value : [value], (text) => check(text, params))
}

/**
 * 入力チェック（SPEC §5.2）の唯一の入口（issue #3）。値が通れば undefined、通らなければ日本語のメッセージ
 * （SPEC §5.3）を返す。空の値（''・null・undefined・[]）は required と multipleRequired 以外のすべてを通る。
 * パラメータが足りない・おかしいときと、ルールに合わない種類の値（size に文字列など）は TypeError（バグ）。
 */
export function validateField(
  rule: FieldRuleName,
  value: FieldValue,
  params: FieldRuleParams = {},
): string | undefined {
  assertParams(rule, params)
  let failure: string | undefined
  if (rule === 'required') {
    failure = checkPresent(rule, value) ? undefined : t('validation.required')
  } else if (rule === 'multipleRequired') {
    failure = checkPresent(rule, value) ? undefined : t('validation.multipleRequired')
  } else if (!isEmpty(value)) {
    failure = checkNonEmpty(rule, value, params)
  }
  if (failure === undefined || params.messageKey === undefined) return failure
  return t(params.messageKey)
}

/**
 * ルールを順に調べ、最初に通らなかったルールのメッセージを返す（SPEC §5.3）。
 * 空の必須項目には「必須項目です。」だけが出る。
 */
export function validateRules(rules: readonly RuleSpec[], value: FieldValue): string | undefined {
  for (const spec of rules) {
    const failure =
      typeof spec === 'string' ? validateField(spec, value) : validateField(spec[0], value, spec[1])
    if (failure !== undefined) return failure
  }
  return undefined
}
