// Group images are checked by content, not by name: a renamed file is refused.

export type SniffResult = { ok: true; contentType: string } | { ok: false; message: string }

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  signature.every((byte, index) => bytes[offset + index] === byte)

export function sniffImage(bytes: Buffer): SniffResult {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { ok: true, contentType: 'image/png' }
  }
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { ok: true, contentType: 'image/jpeg' }
  if (
    startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) &&
    startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)
  ) {
    return { ok: true, contentType: 'image/webp' }
  }
  const head = bytes.subarray(0, 1024).toString('utf8').trimStart()
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(head)) {
    const svg = bytes.toString('utf8')
    // An SVG is a document: refuse anything active, even though it is served with a sandbox CSP.
    if (
      /<script|<foreignObject|\son[a-z]+\s*=|javascript:|<!ENTITY|xlink:href\s*=\s*["']?(?!#)/i.test(
        svg,
      )
    ) {
      return { ok: false, message: 'SVG画像にスクリプトや外部参照を含めることはできません。' }
    }
    return { ok: true, contentType: 'image/svg+xml' }
  }
  return { ok: false, message: '画像は PNG・JPEG・WebP・SVG のいずれかにしてください。' }
}
