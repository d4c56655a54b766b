import PDFDocument from 'pdfkit'
import {
  formatJapaneseDate,
  formatYen,
  premiumPeriodLabel,
  t,
  totalPremiumLabel,
  type PremiumBasis,
} from '@app/shared'
import { certificateFont } from './certificate-font.ts'

// 加入者証 (issue #8, SPEC §7.6 /policyHolderCertificate/): one A4 page (more when there are many
// insured persons) in Noto Sans JP Regular, of which pdfkit embeds only the glyphs used. What
// the certificate says comes in as plain values (CertificateContent); this module only lays it
// out. One weight only: a second one would embed a second subset.

/** One plan or option of the contract (cvrgeInfo.unitArray with the unit's display name). */
export interface CertificateCoverage {
  /** SPEC §3.3 coverageTypeFlg "1": プラン; anything else: 特約 (option) */
  isPlan: boolean
  displayName: string
  /** yen per insured person, or for all of them (premiumBasis 'perUnit') */
  unitPremium: number
  /** shared rules/premium-basis.ts; absent: per insured person */
  premiumBasis?: PremiumBasis | undefined
  /** insured persons registered in the unit (the premium counts at least one) */
  insuredCount: number
  /** yen: the unit's share of totalPremium */
  premium: number
}

/** An insured person (被保険者) and the units they are insured under. */
export interface CertificateInsured {
  nameKanji: string
  nameKana: string
  /** YYYYMMDD */
  birthDate: string
  unitNames: string[]
}

export interface CertificateContent {
  /** 団体名 (groupNameKanji) */
  groupName: string
  /** #RRGGBB: the group's theme colour, a thin band on top */
  themeColor: string
  /** 加入者番号 */
  groupPfPolicyHolderNo: string
  policyHolder: {
    isCorporate: boolean
    nameKanji: string
    nameKana: string
    /** 7 digits, or '' */
    zipCd: string
    addressKanji: string
  }
  /** 保険期間: YYYYMMDD and HHMM ('' when the application fixed no time, SPEC §4) */
  period: {
    inceptionDate: string | null
    inceptionTime: string
    expiryDate: string | null
    expiryTime: string
  }
  coverages: CertificateCoverage[]
  insured: CertificateInsured[]
  totalPremium: number
  pymntMethod: '1' | '3' | '4'
  /** SPEC §3.3 payment count: the premiums are per month (12) or per year (1) */
  pymntCount: number
  /** a card-paid contract's instalments in words (issue #24), absent without instalments */
  paymentPlan?: string
  /** YYYYMMDD */
  applicationDate: string
  /** the branch's refFreeField (SPEC §3.4), several lines */
  agencyContact: string
  /** SPEC §3.3 certificate comments, '' for none */
  certificateComment: string
  /** 発行日: the product clock's business date, YYYYMMDD */
  issueDate: string
  /** the moment of issue (the PDF's creation date) */
  issuedAt: Date
}

const text = {
  title: '加入者証',
  issueDate: '発行日',
  holderSection: 'ご加入者',
  policyHolderNo: '加入者番号',
  address: t('policyHolder.policyHolderAddressKanji'),
  applicationDate: 'お申込日',
  periodSection: '保険期間',
  period: '保険期間',
  undecided: '未定',
  coverageSection: 'ご加入内容',
  kind: '区分',
  coverageName: 'プラン・特約',
  premium: '保険料',
  plan: 'プラン',
  option: '特約',
  pymntMethod: t('payment.method'),
  paymentPlan: 'お支払い予定',
  insuredSection: '補償の対象となる方（被保険者）',
  insuredName: '氏名（フリガナ）',
  birthDate: '生年月日',
  insuredUnits: 'ご加入のプラン・特約',
  noInsured: '被保険者の登録はありません。',
  contactSection: 'お問い合わせ先（取扱代理店）',
  documentSubject: '団体保険の加入者証',
} as const

const FONT = 'NotoSansJP'
const PAGE_WIDTH = 595.28
const PAGE_HEIGHT = 841.89
const MARGIN = 50
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN
const LABEL_WIDTH = 124
const INK = '#1a1a1a'
const MUTED = '#4d4d4d'
const RULE = '#9e9e9e'
/** 全角スペース: separates a label's parts as Japanese forms do */
const WIDE_SPACE = '\u3000'

/** 「2026年12月1日」 from YYYYMMDD (the value as it is when not 8 digits). */
export const japaneseDate = formatJapaneseDate

/** 「午前0時」「午後4時」「午後4時30分」 from HHMM; '' for no time. */
function japaneseTime(hhmm: string): string {
  const match = /^(\d{2})(\d{2})$/.exec(hhmm)
  if (match === null) return ''
  const hour = Number(match[1])
  const minute = Number(match[2])
  const half = hour < 12 ? '午前' : '午後'
  return `${half}${hour % 12}時${minute === 0 ? '' : `${minute}分`}`
}

function moment(date: string | null, time: string): string {
  if (date === null) return text.undecided
  const clock = japaneseTime(time)
  return clock === '' ? japaneseDate(date) : `${japaneseDate(date)} ${clock}`
}

/** 保険期間: 「2026年12月1日 午前0時〜2027年11月30日 午後4時」 */
export function periodText(period: CertificateContent['period']): string {
  return `${moment(period.inceptionDate, period.inceptionTime)}〜${moment(period.expiryDate, period.expiryTime)}`
}

export const yen = formatYen

function zipText(zipCd: string): string {
  return /^\d{7}$/.test(zipCd) ? `〒${zipCd.slice(0, 3)}-${zipCd.slice(3)}` : zipCd
}

/** 「2,460円（1,230円×2名）」, or 「2,180円（2名分）」 for a couple's or family's premium. */
function premiumText(coverage: CertificateCoverage): string {
  if (coverage.insuredCount <= 1) return yen(coverage.premium)
  if (coverage.premiumBasis === 'perUnit') {
    return `${yen(coverage.premium)}（${coverage.insuredCount}名分）`
  }
  return `${yen(coverage.premium)}（${yen(coverage.unitPremium)}×${coverage.insuredCount}名）`
}

const orDash = (value: string): string => (value.trim() === '' ? '－' : value)

/** Lays text out top to bottom, starting a new page when the next block does not fit. */
class Layout {
  readonly doc: PDFKit.PDFDocument
  y = MARGIN

  constructor(doc: PDFKit.PDFDocument) {
    this.doc = doc
  }

  #fit(height: number): void {
    if (this.y + height <= PAGE_HEIGHT - MARGIN) return
    this.doc.addPage()
    this.y = MARGIN
  }

  gap(points: number): void {
    this.y += points
  }

  centred(value: string, size: number, color = INK): void {
    const options = { width: CONTENT_WIDTH, align: 'center' as const }
    this.doc.fontSize(size)
    const height = this.doc.heightOfString(value, options)
    this.#fit(height)
    this.doc.fillColor(color).text(value, MARGIN, this.y, options)
    this.y += height
  }

  right(value: string, size: number): void {
    const options = { width: CONTENT_WIDTH, align: 'right' as const }
    this.doc.fontSize(size)
    const height = this.doc.heightOfString(value, options)
    this.#fit(height)
    this.doc.fillColor(MUTED).text(value, MARGIN, this.y, options)
    this.y += height
  }

  heading(value: string): void {
    this.doc.fontSize(12)
    const height = this.doc.heightOfString(value, { width: CONTENT_WIDTH })
    this.#fit(height + 40)
    this.y += 12
    this.doc.fillColor(INK).text(value, MARGIN, this.y, { width: CONTENT_WIDTH })
    this.y += height + 2
    this.rule()
    this.y += 6
  }

  rule(): void {
    this.doc
      .moveTo(MARGIN, this.y)
      .lineTo(MARGIN + CONTENT_WIDTH, this.y)
      .lineWidth(0.6)
      .strokeColor(RULE)
      .stroke()
  }

  /** Cells side by side: [text, width, align]; the row is as tall as its tallest cell. */
  cells(row: [string, number, 'left' | 'right'][], size = 10, colors: string[] = []): void {
    this.doc.fontSize(size)
    const heights = row.map(([value, width]) =>
      this.doc.heightOfString(value, { width: width - 6, lineGap: 2 }),
    )
    const height = Math.max(...heights)
    this.#fit(height)
    let x = MARGIN
    row.forEach(([value, width, align], index) => {
      this.doc
        .fillColor(colors[index] ?? INK)
        .text(value, x, this.y, { width: width - 6, align, lineGap: 2 })
      x += width
    })
    this.y += height + 5
  }

  labelled(label: string, value: string): void {
    this.cells(
      [
        [label, LABEL_WIDTH, 'left'],
        [orDash(value), CONTENT_WIDTH - LABEL_WIDTH, 'left'],
      ],
      10,
      [MUTED, INK],
    )
  }

  paragraph(value: string, size = 10): void {
    this.doc.fontSize(size)
    const options = { width: CONTENT_WIDTH, lineGap: 2 }
    const height = this.doc.heightOfString(value, options)
    this.#fit(height)
    this.doc.fillColor(INK).text(value, MARGIN, this.y, options)
    this.y += height + 4
  }
}

function drawCertificate(doc: PDFKit.PDFDocument, content: CertificateContent): void {
  const layout = new Layout(doc)
  doc.rect(0, 0, PAGE_WIDTH, 10).fill(content.themeColor)

  layout.centred(text.title, 22)
  layout.gap(4)
  layout.centred(content.groupName, 12, MUTED)
  layout.gap(8)
  layout.right(`${text.issueDate}${WIDE_SPACE}${japaneseDate(content.issueDate)}`, 9)

  const holder = content.policyHolder
  layout.heading(text.holderSection)
  layout.labelled(text.policyHolderNo, content.groupPfPolicyHolderNo)
  layout.labelled(
    t(
      holder.isCorporate ? 'policyHolder.corporateNameKanji' : 'policyHolder.policyHolderNameKanji',
    ),
    holder.nameKanji,
  )
  layout.labelled(
    t(holder.isCorporate ? 'policyHolder.corporateNameKana' : 'policyHolder.policyHolderNameKana'),
    holder.nameKana,
  )
  layout.labelled(text.address, `${zipText(holder.zipCd)}${WIDE_SPACE}${holder.addressKanji}`)
  layout.labelled(text.applicationDate, japaneseDate(content.applicationDate))

  layout.heading(text.periodSection)
  layout.labelled(text.period, periodText(content.period))

  const kindWidth = 60
  const premiumWidth = 170
  const nameWidth = CONTENT_WIDTH - kindWidth - premiumWidth
  layout.heading(text.coverageSection)
  layout.cells(
    [
      [text.kind, kindWidth, 'left'],
      [text.coverageName, nameWidth, 'left'],
      [`${text.premium}（${premiumPeriodLabel(content.pymntCount)}）`, premiumWidth, 'right'],
    ],
    9,
    [MUTED, MUTED, MUTED],
  )
  for (const coverage of content.coverages) {
    layout.cells([
      [coverage.isPlan ? text.plan : text.option, kindWidth, 'left'],
      [coverage.displayName, nameWidth, 'left'],
      [premiumText(coverage), premiumWidth, 'right'],
    ])
  }
  layout.rule()
  layout.gap(5)
  layout.cells([
    [totalPremiumLabel(content.pymntCount), kindWidth + nameWidth, 'left'],
    [yen(content.totalPremium), premiumWidth, 'right'],
  ])
  layout.labelled(text.pymntMethod, t(`payment.method.${content.pymntMethod}`))
  if (content.paymentPlan !== undefined) layout.labelled(text.paymentPlan, content.paymentPlan)

  const personWidth = 190
  const birthWidth = 95
  const unitsWidth = CONTENT_WIDTH - personWidth - birthWidth
  layout.heading(text.insuredSection)
  if (content.insured.length === 0) layout.paragraph(text.noInsured)
  else {
    layout.cells(
      [
        [text.insuredName, personWidth, 'left'],
        [text.birthDate, birthWidth, 'left'],
        [text.insuredUnits, unitsWidth, 'left'],
      ],
      9,
      [MUTED, MUTED, MUTED],
    )
  }
  for (const insured of content.insured) {
    layout.cells([
      [`${insured.nameKanji}（${insured.nameKana}）`, personWidth, 'left'],
      [japaneseDate(insured.birthDate), birthWidth, 'left'],
      [insured.unitNames.join('、'), unitsWidth, 'left'],
    ])
  }

  layout.heading(text.contactSection)
  layout.paragraph(orDash(content.agencyContact))
  if (content.certificateComment.trim() !== '') {
    layout.gap(10)
    layout.paragraph(content.certificateComment, 9)
  }
}

/** The 加入者証 as PDF bytes. */
export async function renderCertificate(content: CertificateContent): Promise<Buffer> {
  const font = await certificateFont()
  // `font: null`: no standard font is loaded or written; the @types know only the object form.
  const options = {
    size: 'A4',
    margin: MARGIN,
    font: null,
    lang: 'ja-JP',
    displayTitle: true,
    info: {
      Title: text.title,
      Subject: text.documentSubject,
      Author: content.groupName,
      CreationDate: content.issuedAt,
    },
  } as unknown as PDFKit.PDFDocumentOptions
  const doc = new PDFDocument(options)
  const chunks: Buffer[] = []
  const ended = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  // pdfkit takes a parsed fontkit font as well as bytes (the @types list only bytes and paths).
  doc.registerFont(FONT, font as unknown as Buffer)
  doc.font(FONT)
  drawCertificate(doc, content)
  doc.end()
  return ended
}
