import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { findStylesheetHref } from './stylesheet.ts'

const dirs: string[] = []
function distWith(indexHtml: string | undefined): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pamphlet-dist-'))
  dirs.push(dir)
  if (indexHtml !== undefined) fs.writeFileSync(path.join(dir, 'index.html'), indexHtml)
  return dir
}
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true })
})

describe('Web ビルドのスタイルシート', () => {
  it('index.html の stylesheet の link から href を読むこと', () => {
    const dir = distWith(
      '<head><link rel="icon" href="/app/favicon.svg"><script type="module" crossorigin src="/app/assets/index-a1.js"></script><link rel="stylesheet" crossorigin href="/app/assets/index-Dx-DRMgT.css"></head>',
    )
    expect(findStylesheetHref(dir)).toBe('/app/assets/index-Dx-DRMgT.css')
  })

  it('ビルドがない、または /app/assets/ の CSS でなければ undefined を返すこと', () => {
    expect(findStylesheetHref(distWith(undefined))).toBeUndefined()
    expect(
      findStylesheetHref(distWith('<link rel="stylesheet" href="https://cdn.example/x.css">')),
    ).toBeUndefined()
  })
})
