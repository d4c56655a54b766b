import { describe, expect, it } from 'vitest'
import { escapeHtml, html, raw, safeHref } from './html.ts'

describe('HTML テンプレート', () => {
  it('埋め込んだ文字列はすべてエスケープすること', () => {
    const value = `<b>"太字"</b> & 'x'`
    expect(html`<p title="${value}">${value}</p>`.value).toBe(
      '<p title="&lt;b&gt;&quot;太字&quot;&lt;/b&gt; &amp; &#39;x&#39;">&lt;b&gt;&quot;太字&quot;&lt;/b&gt; &amp; &#39;x&#39;</p>',
    )
  })

  it('テンプレートと raw の HTML はそのまま、配列はつなぎ、false・null・undefined は何も出さないこと', () => {
    const items = ['一', '<二>'].map((item) => html`<li>${item}</li>`)
    expect(
      html`<ul>
          ${items}
        </ul>
        ${false}${null}${undefined}${0}${raw('<br>')}`.value,
    ).toBe('<ul>\n<li>一</li><li>&lt;二&gt;</li>\n</ul>\n0<br>')
  })

  it('テンプレート自身の改行後の字下げは詰め、値の空白と改行は残すこと', () => {
    const value = '一行目\n    二行目'
    expect(
      html`<div>
        <p>${value}</p>
      </div>`.value,
    ).toBe('<div>\n<p>一行目\n    二行目</p>\n</div>')
  })

  it('escapeHtml は5つの記号だけを置き換えること', () => {
    expect(escapeHtml(`a<b>c&d"e'f`)).toBe('a&lt;b&gt;c&amp;d&quot;e&#39;f')
  })

  it.each([
    ['https://www.example.jp/a', 'https://www.example.jp/a'],
    ['http://www.example.jp/', 'http://www.example.jp/'],
    ['mailto:hoken@example.jp', 'mailto:hoken@example.jp'],
    ['tel:0120000101', 'tel:0120000101'],
    [
      '/app/ent/G1/202701/00001/Abcde12345/termsOfService',
      '/app/ent/G1/202701/00001/Abcde12345/termsOfService',
    ],
    ['#apply', '#apply'],
    ['javascript:alert(1)', '#'],
    [' JavaScript:alert(1)', '#'],
    ['data:text/html,x', '#'],
    ['//evil.example/', '#'],
    ['/\\evil.example/', '#'],
    ['vbscript:x', '#'],
  ])('safeHref(%s) は %s', (input, expected) => {
    expect(safeHref(input)).toBe(expected)
  })
})
