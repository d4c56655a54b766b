// Required-document uploads (SPEC §5.2 "upload extension", "upload size"; §9; PRODUCT.md "Files"):
// the extension must be on the list, the file at most 2 MB, and its content must be what the
// extension says, so a renamed file is refused.
import { TextDecoder } from 'node:util'
import {
  maxUploadBytes,
  t,
  uploadExtensionOf,
  uploadExtensions,
  type UploadExtension,
} from '@app/shared'

export type UploadCheck =
  | { ok: true; extension: UploadExtension; contentType: string; bytes: Buffer }
  | { ok: false; reason: 'extension' | 'size' | 'content' | 'empty'; message: string }

/**
 * 添付ファイルを確かめる: 拡張子、サイズ（読みながら数え、2MBを超えたらそこで読むのをやめる）、
 * 中身の形式（マジックバイト）。
 * `content` is read only as far as the decision needs: not at all when the name is refused (the
 * caller discards it), and up to the chunk that passes 2 MB when the size is, after which the loop
 * calls the iterator's `return()`, so a generator finishes and a Node stream is destroyed.
 */
export async function checkUpload(
  fileName: string,
  content: AsyncIterable<Uint8Array>,
): Promise<UploadCheck> {
  const extension = uploadExtensionOf(fileName)
  if (extension === undefined) {
    const extensions = uploadExtensions.join('、')
    return { ok: false, reason: 'extension', message: t('upload.extension', { extensions }) }
  }

  const chunks: Uint8Array[] = []
  let total = 0
  for await (const chunk of content) {
    total += chunk.byteLength
    if (total > maxUploadBytes) {
      // Leaving the loop calls return() on the iterator: nothing more is read.
      const maxMegabytes = maxUploadBytes / (1024 * 1024)
      return { ok: false, reason: 'size', message: t('upload.size', { maxMegabytes }) }
    }
    chunks.push(chunk)
  }
  if (total === 0) return { ok: false, reason: 'empty', message: t('upload.empty') }

  const bytes = Buffer.concat(chunks, total)
  const contentType = sniffers[extension](bytes)
  if (contentType === undefined) {
    const message =
      extension === 'txt' ? t('upload.contentText') : t('upload.content', { extension })
    return { ok: false, reason: 'content', message }
  }
  return { ok: true, extension, contentType, bytes }
}

/** Each extension's check: the content type to store, or undefined when the content is not that format. */
const sniffers: Record<UploadExtension, (bytes: Buffer) => string | undefined> = {
  jpg: (bytes) => (startsWith(bytes, [0xff, 0xd8, 0xff]) ? 'image/jpeg' : undefined),
  png: (bytes) =>
    startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) &&
    bytes.toString('latin1', 12, 16) === 'IHDR'
      ? 'image/png'
      : undefined,
  pdf: (bytes) => (bytes.toString('latin1', 0, 5) === '%PDF-' ? 'application/pdf' : undefined),
  xls: (bytes) => {
    const names = compoundFileStreamNames(bytes)
    return names.has('WORKBOOK') || names.has('BOOK') ? 'application/vnd.ms-excel' : undefined
  },
  doc: (bytes) =>
    compoundFileStreamNames(bytes).has('WORDDOCUMENT') ? 'application/msword' : undefined,
  xlsx: (bytes) =>
    hasOfficeMainPart(bytes, 'xl/workbook.xml')
      ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
      : undefined,
  docx: (bytes) =>
    hasOfficeMainPart(bytes, 'word/document.xml')
      ? 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
      : undefined,
  txt: textContentType,
}

function startsWith(bytes: Buffer, signature: readonly number[]): boolean {
  return bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte)
}

// ---------------------------------------------------------------------------------------------
// xls, doc: OLE2 compound files ([MS-CFB]). Excel keeps its data in a stream named "Workbook"
// ("Book" before Excel 97), Word in "WordDocument".

const COMPOUND_FILE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]
const END_OF_CHAIN = 0xfffffffe
const DIRECTORY_ENTRY_BYTES = 128
const STREAM_OBJECT = 2
// The header lists the first 109 FAT sectors, which map 109 × 128 sectors of 512 bytes (about
// 7 MB): more than an upload may hold, so the DIFAT chain is never needed.
const HEADER_FAT_SECTORS = 109

/** Names of the streams in a compound file's directory, upper-cased (names compare case-insensitively). */
function compoundFileStreamNames(bytes: Buffer): Set<string> {
  const names = new Set<string>()
  if (bytes.length < 512 || !startsWith(bytes, COMPOUND_FILE)) return names
  const sectorShift = bytes.readUInt16LE(0x1e)
  if (sectorShift !== 9 && sectorShift !== 12) return names
  const sectorSize = 2 ** sectorShift
  const fatSectorCount = bytes.readUInt32LE(0x2c)
  if (fatSectorCount > HEADER_FAT_SECTORS) return names
  const fatEntriesPerSector = sectorSize / 4
  // Sector n starts after the header, which takes one sector (512 bytes, or 4096 in version 4).
  const sectorOffset = (sector: number) => (sector + 1) * sectorSize

  const nextSector = (sector: number): number | undefined => {
    const fatIndex = Math.floor(sector / fatEntriesPerSector)
    if (fatIndex >= fatSectorCount) return undefined
    const fatSector = bytes.readUInt32LE(0x4c + fatIndex * 4)
    const at = sectorOffset(fatSector) + (sector % fatEntriesPerSector) * 4
    return at + 4 <= bytes.length ? bytes.readUInt32LE(at) : undefined
  }

  // Follow the directory's sector chain; a chain longer than the file has sectors is a loop.
  const sectorCount = Math.floor(bytes.length / sectorSize)
  let sector: number | undefined = bytes.readUInt32LE(0x30)
  for (let visited = 0; sector !== undefined && sector !== END_OF_CHAIN; visited += 1) {
    const start = sectorOffset(sector)
    if (visited >= sectorCount || start + sectorSize > bytes.length) break
    for (let entry = start; entry < start + sectorSize; entry += DIRECTORY_ENTRY_BYTES) {
      // The name is UTF-16LE, at most 32 code units including its terminating NUL.
      const nameBytes = bytes.readUInt16LE(entry + 0x40)
      if (bytes[entry + 0x42] !== STREAM_OBJECT || nameBytes < 4 || nameBytes > 64) continue
      names.add(bytes.toString('utf16le', entry, entry + nameBytes - 2).toUpperCase())
    }
    sector = nextSector(sector)
  }
  return names
}

// ---------------------------------------------------------------------------------------------
// xlsx, docx: Office Open XML packages, i.e. ZIP files. The entry names are read from the central
// directory, which the end record at the end of the file points to.

const ZIP_LOCAL_FILE = [0x50, 0x4b, 0x03, 0x04]
const ZIP_END_SIGNATURE = 0x06054b50
const ZIP_END_BYTES = 22
const ZIP_CENTRAL_SIGNATURE = 0x02014b50
const ZIP_CENTRAL_BYTES = 46

function hasOfficeMainPart(bytes: Buffer, mainPart: string): boolean {
  const names = zipEntryNames(bytes)
  return names.has('[content_types].xml') && names.has(mainPart)
}

/** Entry names of a ZIP file, lower-cased (OPC part names compare case-insensitively). */
function zipEntryNames(bytes: Buffer): Set<string> {
  const names = new Set<string>()
  if (!startsWith(bytes, ZIP_LOCAL_FILE) || bytes.length < ZIP_END_BYTES) return names
  // The end record may be followed by a comment of up to 65,535 bytes: search back for it.
  let end = -1
  const earliest = Math.max(0, bytes.length - ZIP_END_BYTES - 0xffff)
  for (let at = bytes.length - ZIP_END_BYTES; at >= earliest; at -= 1) {
    if (
      bytes.readUInt32LE(at) === ZIP_END_SIGNATURE &&
      at + ZIP_END_BYTES + bytes.readUInt16LE(at + 20) <= bytes.length
    ) {
      end = at
      break
    }
  }
  if (end < 0) return names
  const entryCount = bytes.readUInt16LE(end + 10)
  const directoryBytes = bytes.readUInt32LE(end + 12)
  let at = bytes.readUInt32LE(end + 16)
  // ZIP64 (0xFFFFFFFF here) is not read: a package under 2 MB never needs it.
  if (at + directoryBytes > end) return new Set()
  for (let index = 0; index < entryCount; index += 1) {
    if (at + ZIP_CENTRAL_BYTES > end || bytes.readUInt32LE(at) !== ZIP_CENTRAL_SIGNATURE) {
      return new Set()
    }
    const nameEnd = at + ZIP_CENTRAL_BYTES + bytes.readUInt16LE(at + 28)
    if (nameEnd > end) return new Set()
    names.add(bytes.toString('utf8', at + ZIP_CENTRAL_BYTES, nameEnd).toLowerCase())
    at = nameEnd + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32)
  }
  return names
}

// ---------------------------------------------------------------------------------------------
// txt: UTF-8 (a BOM allowed) or Shift_JIS, without NUL or other control characters, so a binary
// file renamed .txt is refused.

const UTF8_BOM = [0xef, 0xbb, 0xbf]
const utf8Decoder = new TextDecoder('utf-8', { fatal: true })
// Node's Shift_JIS (ICU) also reads the Windows extensions (①, ⅰ…) and refuses 0x80 and 0xA0.
const shiftJisDecoder = new TextDecoder('shift_jis', { fatal: true })

function textContentType(bytes: Buffer): string | undefined {
  const utf8 = decode(utf8Decoder, bytes)
  if (utf8 !== undefined) return isPlainText(utf8) ? 'text/plain; charset=utf-8' : undefined
  // A BOM says UTF-8: do not read the rest as Shift_JIS, where EF BB is a valid character.
  if (startsWith(bytes, UTF8_BOM)) return undefined
  const shiftJis = decode(shiftJisDecoder, bytes)
  return shiftJis !== undefined && isPlainText(shiftJis)
    ? 'text/plain; charset=shift_jis'
    : undefined
}

function decode(decoder: TextDecoder, bytes: Buffer): string | undefined {
  try {
    return decoder.decode(bytes)
  } catch {
    return undefined
  }
}

/** No control character (C0, DEL, C1) other than tab, LF and CR. */
function isPlainText(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index)
    const isControl = code < 0x20 || (code >= 0x7f && code <= 0x9f)
    if (isControl && code !== 0x09 && code !== 0x0a && code !== 0x0d) return false
  }
  return true
}
