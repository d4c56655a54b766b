import Encoding from 'encoding-japanese'
import type { ContractRow } from '../application/application-records.ts'

// The file the insurer's core policy system reads (docs/core-export.md): one row per insured
// person of an applied application, codes as the spec's wire values, RFC 4180 quoting, CRLF.

/** The columns in file order: the Japanese name, the English (spec) name. */
export const CORE_COLUMNS = [
  ['申込ID', 'applicationId'],
  ['団体PFコード', 'groupPfCode'],
  ['団体PF始期年月', 'groupPfCodeInceptionDateYm'],
  ['団体PF枝番', 'groupPfBranchNo'],
  ['契約者番号', 'groupPfPolicyHolderNo'],
  ['ステータスパターン', 'statusPattern'],
  ['払込方法', 'pymntMethod'],
  ['申込日', 'applicationDate'],
  ['個人法人区分', 'policyHolderDiv'],
  ['契約者氏名カナ', 'policyHolderNameKana'],
  ['契約者氏名漢字', 'policyHolderNameKanji'],
  ['契約者生年月日', 'policyHolderBirthDate'],
  ['契約者性別', 'policyHolderSex'],
  ['契約者郵便番号', 'policyHolderZipCd'],
  ['契約者住所漢字', 'policyHolderAddressKanji'],
  ['契約者住所カナ', 'policyHolderAddressKana'],
  ['自宅電話番号', 'homeTelNo'],
  ['携帯電話番号', 'mobileTelNo'],
  ['FAX番号', 'faxNo'],
  ['メールアドレス', 'policyHolderEmailAddress'],
  ['保険始期日', 'policyHolderInceptionDate'],
  ['保険終期日', 'policyHolderExpiryDate'],
  ['行区分', 'rowKind'],
  ['被保険者連番', 'insrdSeqNo'],
  ['ユニット番号', 'unit'],
  ['ユニット種別コード', 'unitTypeCd'],
  ['ユニット保険料', 'unitPremium'],
  ['被保険者ID', 'insrdId'],
  ['被保険者氏名カナ', 'insrdNameKana'],
  ['被保険者氏名漢字', 'insrdNameKanji'],
  ['被保険者生年月日', 'insrdBirthDate'],
  ['被保険者性別', 'insrdSex'],
  ['合計保険料', 'totalPremium'],
  ['初回保険料', 'initTotalPremium'],
] as const

export type CoreColumn = (typeof CORE_COLUMNS)[number][1]

/** The header line's cells: 「申込ID(applicationId)」. */
export const CORE_HEADER: string[] = CORE_COLUMNS.map(([ja, en]) => `${ja}(${en})`)

/** YYYYMMDD from a stored date ('19850415', '1985/04/15' or '1985-04-15'); '' stays ''. */
function yyyymmdd(value: string | null): string {
  return (value ?? '').replace(/\D/g, '')
}

/** The rows of one applied application: one per insured person, else one for the holder. */
export function coreRows(contract: ContractRow): Record<CoreColumn, string>[] {
  const { basicInfo, policyHolderInfo: holder, cvrgeInfo, insrdInfoArray } = contract.applyInfo
  const unitOf = (unit: number | null) => cvrgeInfo.unitArray.find((entry) => entry.unit === unit)
  const common = {
    applicationId: contract.id,
    groupPfCode: contract.groupPfCode,
    groupPfCodeInceptionDateYm: contract.groupPfCodeInceptionDateYm,
    groupPfBranchNo: contract.groupPfBranchNo,
    groupPfPolicyHolderNo: contract.groupPfPolicyHolderNo ?? basicInfo.groupPfPolicyHolderNo ?? '',
    statusPattern: basicInfo.statusPattern,
    pymntMethod: basicInfo.pymntMethod,
    applicationDate: yyyymmdd(basicInfo.applicationDate),
    policyHolderDiv: holder.policyHolderDiv ?? '',
    policyHolderNameKana: holder.policyHolderNameKana,
    policyHolderNameKanji: holder.policyHolderNameKanji,
    policyHolderBirthDate: yyyymmdd(holder.policyHolderBirthDate),
    policyHolderSex: holder.policyHolderSex,
    policyHolderZipCd: holder.policyHolderZipCd.replace(/\D/g, ''),
    policyHolderAddressKanji: holder.policyHolderAddressKanji,
    policyHolderAddressKana: holder.policyHolderAddressKana,
    homeTelNo: holder.homeTelNo,
    mobileTelNo: holder.mobileTelNo,
    faxNo: holder.faxNo,
    policyHolderEmailAddress: basicInfo.policyHolderEmailAddress,
    policyHolderInceptionDate: yyyymmdd(holder.policyHolderInceptionDate),
    policyHolderExpiryDate: yyyymmdd(holder.policyHolderExpiryDate),
    totalPremium: String(cvrgeInfo.totalPremium),
    initTotalPremium: String(cvrgeInfo.initTotalPremium),
  }
  if (insrdInfoArray.length === 0) {
    const unit = unitOf(cvrgeInfo.planUnitNo)
    return [
      {
        ...common,
        rowKind: '2',
        insrdSeqNo: '',
        unit: cvrgeInfo.planUnitNo === null ? '' : String(cvrgeInfo.planUnitNo),
        unitTypeCd: unit?.unitTypeCd ?? '',
        unitPremium: unit === undefined ? '' : String(unit.unitPremium),
        insrdId: '',
        insrdNameKana: '',
        insrdNameKanji: '',
        insrdBirthDate: '',
        insrdSex: '',
      },
    ]
  }
  return insrdInfoArray.map((person, index) => {
    const unit = unitOf(person.unit)
    return {
      ...common,
      rowKind: '1',
      insrdSeqNo: String(index + 1),
      unit: String(person.unit),
      unitTypeCd: unit?.unitTypeCd ?? '',
      unitPremium: unit === undefined ? '' : String(unit.unitPremium),
      insrdId: person.insrdId,
      insrdNameKana: person.insrdNameKana,
      insrdNameKanji: person.insrdNameKanji,
      insrdBirthDate: yyyymmdd(person.insrdBirthDate),
      insrdSex: person.insrdSex,
    }
  })
}

/** RFC 4180: a field with a comma, a quote, CR or LF is quoted, its quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value
}

export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvField).join(',')}\r\n`
}

/** A character CP932 cannot encode: the file's line (the header is line 1) and column. */
export interface Unmappable {
  line: number
  column: string
  character: string
  /** U+20BB7 */
  codePoint: string
}

/** 〓 (GETA MARK), CP932 0x81AC: what --replace writes for a character CP932 lacks. */
export const REPLACEMENT = '〓'

function toCp932(text: string): Buffer | undefined {
  try {
    const codes = Encoding.convert(Encoding.stringToCode(text), {
      to: 'SJIS',
      from: 'UNICODE',
      fallback: 'error',
    })
    return Buffer.from(codes)
  } catch {
    return undefined
  }
}

/**
 * Encodes lines for the file. CP932: a line that does not encode is looked at field by field
 * and character by character; each character CP932 lacks is reported (`onUnmappable`) and, with
 * `replace`, written as 〓. Without `replace` the line's bytes are still produced (with 〓) so
 * that the whole file is checked, but the caller fails the export.
 */
export class CoreLineEncoder {
  readonly #encoding: 'cp932' | 'utf8bom'
  readonly #onUnmappable: (found: Unmappable) => void

  constructor(encoding: 'cp932' | 'utf8bom', onUnmappable: (found: Unmappable) => void) {
    this.#encoding = encoding
    this.#onUnmappable = onUnmappable
  }

  /** The bytes that start the file: the BOM for UTF-8. */
  preamble(): Buffer {
    return this.#encoding === 'utf8bom' ? Buffer.from([0xef, 0xbb, 0xbf]) : Buffer.alloc(0)
  }

  /** One line's bytes; `line` is its number in the file (the header is 1). */
  encode(cells: readonly string[], columns: readonly string[], line: number): Buffer {
    const text = csvLine(cells)
    if (this.#encoding === 'utf8bom') return Buffer.from(text, 'utf8')
    const bytes = toCp932(text)
    if (bytes !== undefined) return bytes
    const fixed = cells.map((cell, index) => {
      if (toCp932(cell) !== undefined) return cell
      return Array.from(cell, (character) => {
        if (toCp932(character) !== undefined) return character
        this.#onUnmappable({
          line,
          column: columns[index] ?? String(index + 1),
          character,
          codePoint: `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`,
        })
        return REPLACEMENT
      }).join('')
    })
    const replaced = toCp932(csvLine(fixed))
    if (replaced === undefined) throw new Error('a line does not encode after replacement')
    return replaced
  }
}
