import PDFDocument from 'pdfkit'
import { csvLine } from '../audit/audit-csv.ts'
import { certificateFont } from '../certificate/certificate-font.ts'

// The first-entry letters of a roster's publish (issue #21 point 2, ADR 0030): a CSV (UTF-8
// with a BOM, CRLF, formula-guarded cells as the audit CSV) and a PDF of one A4 letter a member
// in Noto Sans JP, for mailing. Built in memory for the one answer that carries them: never
// written to disk, never logged. A type "1" roster holds no names (docs/roster-import.md), so a
// letter addresses the member by member code.

export interface Letter {
  memberCode: string
  firstEntryId: string
  initialPassword: string
}

export interface LetterContext {
  groupName: string
  /** the enrolment page's address (the product's first link) */
  entryUrl: string
}

const CSV_HEADER = ['団体名', '会員番号', '初回登録ID', '初期パスワード', '加入申込のURL']

export function lettersCsv(context: LetterContext, letters: readonly Letter[]): Buffer {
  const lines = [
    csvLine(CSV_HEADER),
    ...letters.map((letter) =>
      csvLine([
        context.groupName,
        letter.memberCode,
        letter.firstEntryId,
        letter.initialPassword,
        context.entryUrl,
      ]),
    ),
  ]
  return Buffer.from(`\uFEFF${lines.join('')}`, 'utf8')
}

const FONT = 'NotoSansJP'
const MARGIN = 60

const EXPLANATION = [
  'このたび、団体保険のお申し込みをインターネットで受け付けることになりました。',
  '下記のURLからお申し込みのページを開き、初回登録IDと初期パスワードを入力してください。',
  'ご本人の確認の後、メールアドレスとパスワードを登録していただきます。',
  '初回登録IDと初期パスワードは、ほかの方に知られないよう大切に保管してください。',
]

/** One page a member; the PDF's bytes. */
export async function lettersPdf(
  context: LetterContext,
  letters: readonly Letter[],
): Promise<Buffer> {
  const font = await certificateFont()
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    autoFirstPage: false,
    info: { Title: '初回登録のご案内', Subject: `${context.groupName} 初回登録のご案内` },
  })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve)
    doc.on('error', reject)
  })
  doc.registerFont(FONT, font as unknown as Buffer)
  const width = 595.28 - 2 * MARGIN
  for (const letter of letters) {
    doc.addPage()
    doc.font(FONT).fillColor('#1a1a1a')
    doc.fontSize(11).text(`会員番号 ${letter.memberCode} の方へ`, { width })
    doc.moveDown(1.5)
    doc.fontSize(18).text('初回登録のご案内', { width, align: 'center' })
    doc.moveDown(0.5)
    doc.fontSize(12).text(context.groupName, { width, align: 'center' })
    doc.moveDown(1.5)
    doc.fontSize(10.5)
    for (const line of EXPLANATION) doc.text(line, { width })
    doc.moveDown(1.5)
    doc.fontSize(12)
    doc.text(`会員番号：${letter.memberCode}`, { width })
    doc.text(`初回登録ID：${letter.firstEntryId}`, { width })
    doc.text(`初期パスワード：${letter.initialPassword}`, { width })
    doc.moveDown(1)
    doc.fontSize(10.5).text('お申し込みのページ：', { width })
    doc.text(context.entryUrl, { width, link: context.entryUrl })
  }
  doc.end()
  await ended
  return Buffer.concat(chunks)
}
