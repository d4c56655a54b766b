import { describe, expect, it, vi } from 'vitest'
import { saveFile } from './download-endpoint.ts'

// saveFile hands bytes to the browser as a named download: a hidden <a download> to a blob:
// address, clicked once and removed. In the tests' shared window (vite.config.ts) that click must
// not move the window: a later file's test resolved addresses against a blob: location.

describe('saveFile', () => {
  it('名前つきのダウンロードとして一度だけクリックし、リンクを残さず、ウィンドウの場所を変えないこと', () => {
    const before = window.location.href
    const clicks: { href: string; download: string }[] = []
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementationOnce(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push({ href: this.href, download: this.download })
      HTMLElement.prototype.click.call(this)
    })

    saveFile(new Blob(['a,b\n'], { type: 'text/csv' }), '加入者一覧.csv')

    expect(click).toHaveBeenCalledTimes(1)
    expect(clicks).toEqual([{ href: expect.stringMatching(/^blob:/), download: '加入者一覧.csv' }])
    expect(document.querySelectorAll('a[download]')).toHaveLength(0)
    expect(window.location.href).toBe(before)
  })
})
