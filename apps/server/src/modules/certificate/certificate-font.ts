import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { create, type Font } from 'fontkit'

// The certificate's typeface: Noto Sans JP Regular (SIL OFL 1.1), a TrueType file shipped in an
// npm package, so nothing is fetched at run time. pdf-lib's subsetting corrupts Noto fonts
// (STACK.md); pdfkit embeds only the glyphs a certificate uses. The 5.5 MB file is read and
// parsed once, on the first certificate, and the parsed font serves every later one: fontkit
// keeps its parsed tables and glyphs, so a certificate costs the layout and the subset only.

const FONT_FILE = '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf'

let loading: Promise<Font> | undefined

async function load(): Promise<Font> {
  const path = createRequire(import.meta.url).resolve(FONT_FILE)
  const font = create(await readFile(path))
  if (!('layout' in font)) throw new Error(`${FONT_FILE} is a font collection, not a font`)
  return font
}

/** Noto Sans JP Regular, loaded on first use and kept (a failed load is tried again). */
export function certificateFont(): Promise<Font> {
  loading ??= load().catch((error: unknown) => {
    loading = undefined
    throw error
  })
  return loading
}
