import { inflateSync } from 'node:zlib'

// Reads back the text of a PDF that pdfkit wrote (imported by tests only): pdfkit shows text as
// glyph ids of the embedded subset and maps them to Unicode in the font's ToUnicode CMap, as any
// PDF reader or screen reader does to copy or speak the text. Enough for pdfkit's own output
// (flat stream dictionaries, one embedded font), not a general PDF parser.

const STREAM_OBJECT = /\d+ 0 obj\s*<<((?:(?!endobj)[\s\S])*?)>>\s*stream\r?\n/g

function streams(pdf: Buffer): string[] {
  const source = pdf.toString('latin1')
  const found: string[] = []
  for (const match of source.matchAll(STREAM_OBJECT)) {
    const dictionary = match[1] ?? ''
    const length = Number(/\/Length (\d+)/.exec(dictionary)?.[1] ?? Number.NaN)
    if (!Number.isInteger(length)) throw new Error('a stream without its length')
    const start = match.index + match[0].length
    const bytes = pdf.subarray(start, start + length)
    const data = dictionary.includes('/FlateDecode') ? inflateSync(bytes) : bytes
    found.push(data.toString('latin1'))
  }
  return found
}

/** glyph code → text, from every `<first> <last> [<utf16> …]` range of the ToUnicode CMap */
function toUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>()
  for (const range of cmap.matchAll(/<([0-9a-f]+)> <[0-9a-f]+> \[([^\]]*)\]/gi)) {
    let code = Number.parseInt(range[1] ?? '0', 16)
    for (const entry of (range[2] ?? '').matchAll(/<([0-9a-f ]+)>/gi)) {
      const units = (entry[1] ?? '').split(' ').map((unit) => Number.parseInt(unit, 16))
      map.set(code, String.fromCharCode(...units))
      code += 1
    }
  }
  return map
}

/** The text of each text object (BT … ET, one line as pdfkit writes them), in page order. */
export function pdfTextLines(pdf: Buffer): string[] {
  const all = streams(pdf)
  const cmap = all.find((stream) => stream.includes('beginbfrange'))
  if (cmap === undefined) throw new Error('no ToUnicode CMap in the PDF')
  const glyphs = toUnicode(cmap)
  const lines: string[] = []
  for (const content of all.filter((stream) => /\bBT\b[\s\S]*?\bET\b/.test(stream))) {
    for (const block of content.matchAll(/\bBT\b([\s\S]*?)\bET\b/g)) {
      let line = ''
      for (const shown of (block[1] ?? '').matchAll(/\[([^\]]*)\]\s*TJ/g)) {
        for (const hex of (shown[1] ?? '').matchAll(/<([0-9a-f]*)>/gi)) {
          const codes = (hex[1] ?? '').match(/.{4}/g) ?? []
          line += codes.map((code) => glyphs.get(Number.parseInt(code, 16)) ?? '\uFFFD').join('')
        }
      }
      lines.push(line)
    }
  }
  return lines
}
