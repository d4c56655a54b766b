import { Readable } from 'node:stream'
import { setImmediate as nextTurn } from 'node:timers/promises'
import zlib from 'node:zlib'
import { describe, it, expect } from 'vitest'
import { maxUploadBytes } from '@app/shared'
import { checkUpload } from './upload-check.ts'

// Every file here is built by the helpers below, byte by byte: no binary fixtures. The sources
// wait a turn before each chunk, as a request body does.

async function* chunksOf(bytes: Uint8Array, chunkBytes = 64 * 1024): AsyncGenerator<Uint8Array> {
  for (let start = 0; start < bytes.length; start += chunkBytes) {
    await nextTurn()
    yield bytes.subarray(start, start + chunkBytes)
  }
}

/** A source of `totalBytes` that records how much the check pulled and whether it was closed. */
function meteredSource(totalBytes: number, chunkBytes = 64 * 1024) {
  const meter = { pulled: 0, isClosed: false }
  async function* source(): AsyncGenerator<Uint8Array> {
    try {
      for (let sent = 0; sent < totalBytes; sent += chunkBytes) {
        await nextTurn()
        const chunk = new Uint8Array(Math.min(chunkBytes, totalBytes - sent)).fill(0x61)
        meter.pulled += chunk.byteLength
        yield chunk
      }
    } finally {
      meter.isClosed = true
    }
  }
  return { meter, source: source() }
}

const check = (fileName: string, bytes: Uint8Array) => checkUpload(fileName, chunksOf(bytes))

// --- PNG: signature, IHDR, IDAT (zlib), IEND, each chunk with its CRC ------------------------

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(zlib.crc32(typeAndData))
  return Buffer.concat([length, typeAndData, crc])
}

function png(): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(1, 0) // width
  header.writeUInt32BE(1, 4) // height
  header[8] = 8 // bit depth
  header[9] = 2 // colour type: RGB
  const scanline = Buffer.from([0x00, 0xa8, 0x28, 0x4f]) // filter "none", one pixel
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(scanline)),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

// --- JPEG: SOI, a JFIF APP0 segment, EOI ------------------------------------------------------

function jpeg(): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0', 'latin1'),
    Buffer.from([0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
    Buffer.from([0xff, 0xd9]),
  ])
}

// --- PDF: one empty A4 page, with a correct cross-reference table ------------------------------

function pdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
  ]
  let text = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, index) => {
    offsets.push(text.length)
    text += `${index + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = text.length
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) text += `${String(offset).padStart(10, '0')} 00000 n \n`
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(text, 'latin1')
}

// --- ZIP (stored entries): local headers, central directory, end record ------------------------

const DOS_DATE = ((2026 - 1980) << 9) | (4 << 5) | 1 // 2026-04-01

function zip(entries: [name: string, text: string][], comment = ''): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const [name, text] of entries) {
    const nameBytes = Buffer.from(name, 'utf8')
    const data = Buffer.from(text, 'utf8')
    const crc = zlib.crc32(data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4) // version needed
    local.writeUInt16LE(0x0800, 6) // names are UTF-8
    local.writeUInt16LE(0, 8) // stored
    local.writeUInt16LE(DOS_DATE, 12)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(data.length, 18)
    local.writeUInt32LE(data.length, 22)
    local.writeUInt16LE(nameBytes.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4) // version made by
    central.writeUInt16LE(20, 6) // version needed
    central.writeUInt16LE(0x0800, 8)
    central.writeUInt16LE(0, 10)
    central.writeUInt16LE(DOS_DATE, 14)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(data.length, 20)
    central.writeUInt32LE(data.length, 24)
    central.writeUInt16LE(nameBytes.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, nameBytes, data)
    centrals.push(central, nameBytes)
    offset += local.length + nameBytes.length + data.length
  }
  const directory = Buffer.concat(centrals)
  const commentBytes = Buffer.from(comment, 'utf8')
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  end.writeUInt16LE(commentBytes.length, 20)
  return Buffer.concat([...locals, directory, end, commentBytes])
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
const PACKAGE_RELS = 'http://schemas.openxmlformats.org/package/2006/relationships'
const OFFICE_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
const SPREADSHEET = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
const OFFICE_TYPE = 'application/vnd.openxmlformats-officedocument'

const contentTypes = (overrides: [part: string, type: string][]) =>
  `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  overrides.map(([part, type]) => `<Override PartName="${part}" ContentType="${type}"/>`).join('') +
  '</Types>'

const relationships = (relations: [type: string, target: string][]) =>
  `${XML}<Relationships xmlns="${PACKAGE_RELS}">` +
  relations
    .map(
      ([type, target], index) =>
        `<Relationship Id="rId${index + 1}" Type="${OFFICE_RELS}/${type}" Target="${target}"/>`,
    )
    .join('') +
  '</Relationships>'

const xlsxEntries: [string, string][] = [
  [
    '[Content_Types].xml',
    contentTypes([
      ['/xl/workbook.xml', `${OFFICE_TYPE}.spreadsheetml.sheet.main+xml`],
      ['/xl/worksheets/sheet1.xml', `${OFFICE_TYPE}.spreadsheetml.worksheet+xml`],
    ]),
  ],
  ['_rels/.rels', relationships([['officeDocument', 'xl/workbook.xml']])],
  [
    'xl/workbook.xml',
    `${XML}<workbook xmlns="${SPREADSHEET}" xmlns:r="${OFFICE_RELS}">` +
      '<sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
  ],
  ['xl/_rels/workbook.xml.rels', relationships([['worksheet', 'worksheets/sheet1.xml']])],
  [
    'xl/worksheets/sheet1.xml',
    `${XML}<worksheet xmlns="${SPREADSHEET}"><sheetData><row r="1">` +
      '<c r="A1" t="inlineStr"><is><t>被保険者名簿</t></is></c></row></sheetData></worksheet>',
  ],
]
const xlsx = (comment = '') => zip(xlsxEntries, comment)

const docxEntries: [string, string][] = [
  [
    '[Content_Types].xml',
    contentTypes([['/word/document.xml', `${OFFICE_TYPE}.wordprocessingml.document.main+xml`]]),
  ],
  ['_rels/.rels', relationships([['officeDocument', 'word/document.xml']])],
  [
    'word/document.xml',
    `${XML}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">` +
      '<w:body><w:p><w:r><w:t>診断書</w:t></w:r></w:p></w:body></w:document>',
  ],
]
const docx = () => zip(docxEntries)

// --- OLE2 compound file: header, one FAT sector, a directory chain of sectors ------------------

const FREE_SECTOR = 0xffffffff
const END_OF_CHAIN = 0xfffffffe
const FAT_SECTOR = 0xfffffffd
const NO_STREAM = 0xffffffff

function directoryEntry(name: string, type: number, child = NO_STREAM, right = NO_STREAM): Buffer {
  const entry = Buffer.alloc(128)
  entry.write(name, 0, 'utf16le')
  entry.writeUInt16LE((name.length + 1) * 2, 0x40)
  entry[0x42] = type
  entry[0x43] = 1 // black
  entry.writeUInt32LE(NO_STREAM, 0x44)
  entry.writeUInt32LE(right, 0x48)
  entry.writeUInt32LE(child, 0x4c)
  entry.writeUInt32LE(END_OF_CHAIN, 0x74)
  return entry
}

/**
 * A compound file whose directory holds a root entry and empty streams named `streamNames`.
 * Sector 0 is the FAT; the directory runs from sector 1 on, as many sectors as it needs.
 */
function compoundFile(
  streamNames: string[],
  { sectorShift = 9, isLooped = false }: { sectorShift?: 9 | 12; isLooped?: boolean } = {},
): Buffer {
  const sectorSize = 2 ** sectorShift
  const entries = [
    directoryEntry('Root Entry', 5, streamNames.length > 0 ? 1 : NO_STREAM),
    ...streamNames.map((name, index) =>
      directoryEntry(name, 2, NO_STREAM, index + 2 <= streamNames.length ? index + 2 : NO_STREAM),
    ),
  ]
  const entriesPerSector = sectorSize / 128
  const directorySectors = Math.ceil(entries.length / entriesPerSector)
  const directory = Buffer.alloc(directorySectors * sectorSize)
  entries.forEach((entry, index) => entry.copy(directory, index * 128))
  for (let index = entries.length; index < directorySectors * entriesPerSector; index += 1) {
    const unused = Buffer.alloc(128)
    unused.writeUInt32LE(NO_STREAM, 0x44)
    unused.writeUInt32LE(NO_STREAM, 0x48)
    unused.writeUInt32LE(NO_STREAM, 0x4c)
    unused.copy(directory, index * 128)
  }

  const header = Buffer.alloc(sectorSize)
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0)
  header.writeUInt16LE(0x003e, 0x18) // minor version
  header.writeUInt16LE(sectorShift === 9 ? 3 : 4, 0x1a) // major version
  header.writeUInt16LE(0xfffe, 0x1c) // byte order
  header.writeUInt16LE(sectorShift, 0x1e)
  header.writeUInt16LE(6, 0x20) // mini sector shift
  header.writeUInt32LE(sectorShift === 9 ? 0 : directorySectors, 0x28)
  header.writeUInt32LE(1, 0x2c) // FAT sectors
  header.writeUInt32LE(1, 0x30) // first directory sector
  header.writeUInt32LE(4096, 0x38) // mini stream cutoff
  header.writeUInt32LE(END_OF_CHAIN, 0x3c) // first mini FAT sector
  header.writeUInt32LE(END_OF_CHAIN, 0x44) // first DIFAT sector
  for (let index = 0; index < 109; index += 1) {
    header.writeUInt32LE(index === 0 ? 0 : FREE_SECTOR, 0x4c + index * 4)
  }

  const fat = Buffer.alloc(sectorSize, 0xff)
  fat.writeUInt32LE(FAT_SECTOR, 0)
  for (let sector = 1; sector <= directorySectors; sector += 1) {
    const next = sector < directorySectors ? sector + 1 : isLooped ? 1 : END_OF_CHAIN
    fat.writeUInt32LE(next, sector * 4)
  }
  return Buffer.concat([header, fat, directory])
}

const xls = () => compoundFile(['Workbook', '\x05SummaryInformation'])
const doc = () => compoundFile(['1Table', 'WordDocument', '\x05SummaryInformation'])

// --- Text -------------------------------------------------------------------------------------

const utf8Text = () => Buffer.from('加入者名簿\r\n番号\t氏名\r\n1\tヤマダ　タロウ\r\n', 'utf8')
// Shift_JIS by hand: あ 82A0, い 82A2, う 82A4, テ 8365, ス 8358, ト 8367, half-width ｱ B1.
const shiftJisText = () =>
  Buffer.from([0x82, 0xa0, 0x82, 0xa2, 0x82, 0xa4, 0x0d, 0x0a, 0x83, 0x65, 0x83, 0x58, 0x83, 0x67])
const withUtf8Bom = (bytes: Buffer) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes])

const contentMessage = (extension: string) =>
  `ファイルの内容が拡張子（.${extension}）の形式と合っていないため、添付できません。.${extension} の形式で保存し直してから、もう一度選んでください。`
const textMessage =
  'テキストファイルの文字コードがUTF-8・Shift_JISのどちらでもないか、使えない制御文字が含まれているため、添付できません。UTF-8で保存し直してから、もう一度選んでください。'

const XLSX_TYPE = `${OFFICE_TYPE}.spreadsheetml.sheet`
const DOCX_TYPE = `${OFFICE_TYPE}.wordprocessingml.document`

describe('添付ファイルの確認（SPEC §5.2 拡張子・サイズ、PRODUCT.md Files 中身の形式）', () => {
  describe('受け付けるファイル', () => {
    it.each<[string, () => Buffer, string, string]>([
      ['写真.jpg', jpeg, 'jpg', 'image/jpeg'],
      ['写真.png', png, 'png', 'image/png'],
      ['診断書.pdf', pdf, 'pdf', 'application/pdf'],
      ['名簿.xlsx', xlsx, 'xlsx', XLSX_TYPE],
      ['名簿.xls', xls, 'xls', 'application/vnd.ms-excel'],
      ['診断書.docx', docx, 'docx', DOCX_TYPE],
      ['診断書.doc', doc, 'doc', 'application/msword'],
      ['名簿.txt', utf8Text, 'txt', 'text/plain; charset=utf-8'],
      ['BOM付き.txt', () => withUtf8Bom(utf8Text()), 'txt', 'text/plain; charset=utf-8'],
      ['シフトJIS.txt', shiftJisText, 'txt', 'text/plain; charset=shift_jis'],
      [
        '半角カナ.txt',
        () => Buffer.from([0xb1, 0xb2, 0xb3]),
        'txt',
        'text/plain; charset=shift_jis',
      ],
      ['ascii.txt', () => Buffer.from('plain ASCII\n'), 'txt', 'text/plain; charset=utf-8'],
      // SPEC §5.2: the extension may be upper case.
      ['SCAN.PDF', pdf, 'pdf', 'application/pdf'],
      ['Photo.JPG', jpeg, 'jpg', 'image/jpeg'],
      ['診断書.Docx', docx, 'docx', DOCX_TYPE],
      ['archive.tar.xlsx', xlsx, 'xlsx', XLSX_TYPE],
    ])('%s を受け付けること', async (fileName, build, extension, contentType) => {
      const bytes = build()
      expect(await check(fileName, bytes)).toEqual({ ok: true, extension, contentType, bytes })
    })

    it.each<[string, string, () => Buffer]>([
      ['コメント付きの ZIP', '名簿.xlsx', () => xlsx('exported by 名簿ツール')],
      [
        'ディレクトリが2セクタ目に続く xls',
        '名簿.xls',
        () =>
          compoundFile([
            '\x05SummaryInformation',
            '\x05DocumentSummaryInformation',
            'CompObj',
            'Workbook',
          ]),
      ],
      ['Excel 5.0/95 の xls（Book）', '旧形式.xls', () => compoundFile(['Book'])],
      [
        '4096バイトセクタ（バージョン4）の doc',
        '診断書.doc',
        () => compoundFile(['WordDocument'], { sectorShift: 12 }),
      ],
      ['ストリーム名の大文字・小文字の違い', '名簿.xls', () => compoundFile(['WORKBOOK'])],
      ['タブ・CR・LF だけの制御文字', 'memo.txt', () => Buffer.from('a\tb\rc\nd')],
      ['Windows 拡張文字の Shift_JIS（①）', 'memo.txt', () => Buffer.from([0x87, 0x40])],
    ])('%s を受け付けること', async (_name, fileName, build) => {
      expect(await check(fileName, build())).toMatchObject({ ok: true })
    })

    it('1バイトずつ届いても形式を判定できること', async () => {
      const bytes = png()
      expect(await checkUpload('写真.png', chunksOf(bytes, 1))).toEqual({
        ok: true,
        extension: 'png',
        contentType: 'image/png',
        bytes,
      })
    })

    it('Node のストリームをそのまま渡せること', async () => {
      const bytes = pdf()
      expect(await checkUpload('診断書.pdf', Readable.from([bytes]))).toMatchObject({
        ok: true,
        contentType: 'application/pdf',
      })
    })
  })

  describe('拡張子', () => {
    const refused = {
      ok: false,
      reason: 'extension',
      message:
        '添付できない種類のファイルです。jpg、png、txt、xlsx、xls、pdf、doc、docx のいずれかのファイルを選んでください。',
    }

    it.each([
      // .jpeg is not on the SPEC §5.2 list (jpg only), so it is refused like any other.
      'photo.jpeg',
      'photo.gif',
      'archive.zip',
      'macro.xlsm',
      'noextension',
      '.png',
      'file.',
      'report.pdf.exe',
      'memo.txt ',
    ])('%s は拡張子で断り、中身を読まないこと', async (fileName) => {
      const { meter, source } = meteredSource(1024)
      expect(await checkUpload(fileName, source)).toEqual(refused)
      expect(meter.pulled).toBe(0)
    })

    it('拡張子で断ったときは Node のストリームに触れないこと（呼び出し側が捨てる）', async () => {
      const stream = Readable.from([jpeg()])
      expect(await checkUpload('photo.jpeg', stream)).toEqual(refused)
      expect(stream.readableFlowing).toBe(null)
      expect(stream.destroyed).toBe(false)
      stream.destroy()
    })
  })

  describe('サイズ（2MB まで）', () => {
    const refused = {
      ok: false,
      reason: 'size',
      message:
        'ファイルのサイズが2MBを超えているため、添付できません。2MB以下のファイルを選んでください。',
    }

    it('ちょうど 2MB（2,097,152バイト）は受け付けること', async () => {
      const bytes = Buffer.alloc(maxUploadBytes, 0x61)
      const result = await check('memo.txt', bytes)
      expect(maxUploadBytes).toBe(2_097_152)
      expect(result).toMatchObject({ ok: true, extension: 'txt' })
      expect(result.ok && result.bytes.length).toBe(maxUploadBytes)
    })

    it('2MB + 1バイトは断ること', async () => {
      expect(await check('memo.txt', Buffer.alloc(maxUploadBytes + 1, 0x61))).toEqual(refused)
    })

    it('10MB のファイルは 2MB を超えたところで読むのをやめること', async () => {
      const chunkBytes = 64 * 1024
      const { meter, source } = meteredSource(10 * 1024 * 1024, chunkBytes)
      expect(await checkUpload('memo.txt', source)).toEqual(refused)
      expect(meter.pulled).toBe(maxUploadBytes + chunkBytes)
      expect(meter.isClosed).toBe(true)
    })

    it('1つの大きなチャンクでも断り、Node のストリームを閉じること', async () => {
      const stream = Readable.from([Buffer.alloc(3 * 1024 * 1024)])
      expect(await checkUpload('写真.png', stream)).toEqual(refused)
      expect(stream.destroyed).toBe(true)
    })
  })

  describe('空のファイル', () => {
    const refused = {
      ok: false,
      reason: 'empty',
      message:
        'ファイルの中身が空のため、添付できません。内容を確認してから、もう一度選んでください。',
    }

    it.each<[string, Uint8Array[]]>([
      ['チャンクなし', []],
      ['長さ0のチャンクだけ', [new Uint8Array(0), new Uint8Array(0)]],
    ])('%s は空として断ること', async (_name, chunks) => {
      expect(await checkUpload('診断書.pdf', Readable.from(chunks))).toEqual(refused)
    })
  })

  describe('中身が拡張子と合わないファイル', () => {
    const onlyTextPart = () => zip([['readme.txt', 'not a workbook']])
    const withoutContentTypes = () =>
      zip(xlsxEntries.filter(([name]) => name !== '[Content_Types].xml'))

    it.each<[string, string, () => Buffer]>([
      ['PNG を .pdf に名前変更', 'scan.pdf', png],
      ['PDF を .jpg に名前変更', 'scan.jpg', pdf],
      ['JPEG を .png に名前変更', 'photo.png', jpeg],
      ['署名だけの PNG（IHDR なし）', 'photo.png', () => png().subarray(0, 8)],
      ['workbook のない ZIP を .xlsx に名前変更', '名簿.xlsx', onlyTextPart],
      ['docx を .xlsx に名前変更', '名簿.xlsx', docx],
      ['xlsx を .docx に名前変更', '診断書.docx', xlsx],
      ['[Content_Types].xml のない xlsx', '名簿.xlsx', withoutContentTypes],
      ['終わりのレコードのない ZIP', '名簿.xlsx', () => xlsx().subarray(0, 200)],
      ['xlsx を .xls に名前変更', '名簿.xls', xlsx],
      ['xls（Workbook）を .doc に名前変更', '診断書.doc', xls],
      ['doc（WordDocument）を .xls に名前変更', '名簿.xls', doc],
      ['ヘッダーだけの複合ファイル', '名簿.xls', () => xls().subarray(0, 512)],
      [
        'ディレクトリが循環する複合ファイル',
        '名簿.xls',
        () => compoundFile(['CompObj', 'Data', '1Table', 'Other'], { isLooped: true }),
      ],
      ['PDF を .doc に名前変更', '診断書.doc', pdf],
    ])('%s は断ること', async (_name, fileName, build) => {
      const extension = fileName.slice(fileName.lastIndexOf('.') + 1)
      expect(await check(fileName, build())).toEqual({
        ok: false,
        reason: 'content',
        message: contentMessage(extension),
      })
    })

    it.each<[string, () => Buffer]>([
      ['NUL を含むテキスト', () => Buffer.from('氏名\0ヤマダ', 'utf8')],
      ['ESC を含むテキスト', () => Buffer.from('\x1b[31m赤\x1b[0m', 'utf8')],
      ['DEL を含むテキスト', () => Buffer.from('abc\x7f', 'utf8')],
      ['C1 制御文字（U+0085）を含む UTF-8', () => Buffer.from('abc\u0085', 'utf8')],
      ['UTF-16LE のテキスト', () => Buffer.from('\ufeff加入者', 'utf16le')],
      ['PNG を .txt に名前変更', png],
      ['BOM の後が UTF-8 でないテキスト', () => withUtf8Bom(shiftJisText())],
      ['2バイト目が欠けた Shift_JIS', () => Buffer.from([0x82, 0xa0, 0x82])],
      ['Shift_JIS にない 0xFF', () => Buffer.from([0x82, 0xa0, 0xff])],
      ['Shift_JIS の 0x80', () => Buffer.from([0x82, 0xa0, 0x80])],
    ])('%s は .txt として断ること', async (_name, build) => {
      expect(await check('memo.txt', build())).toEqual({
        ok: false,
        reason: 'content',
        message: textMessage,
      })
    })
  })
})
