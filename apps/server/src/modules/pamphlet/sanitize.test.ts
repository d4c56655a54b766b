import { describe, expect, it } from 'vitest'
import { sanitizeRichText } from './sanitize.ts'

describe('お知らせ本文のサニタイズ（許可リスト、許可しないタグはエスケープ）', () => {
  it.each([
    ['script', '<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['img onerror', '<img src=x onerror=alert(1)>', '&lt;img src=x onerror=alert(1)&gt;'],
    ['svg onload', '<svg onload=alert(1)>', '&lt;svg onload=alert(1)&gt;'],
    ['a href="javascript:…"', '<a href="javascript:alert(1)">x</a>', 'x'],
    ['a href="JaVaScRiPt:…"', '<a href="JaVaScRiPt:alert(1)">x</a>', 'x'],
    ['実体参照の javascript:', '<a href="&#106;avascript:alert(1)">x</a>', 'x'],
    [
      '16進の実体参照だけの javascript:',
      '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>',
      'x',
    ],
    ['タブを挟んだ javascript:', '<a href="jav&#x09;ascript:alert(1)">x</a>', 'x'],
    ['data: URL', '<a href="data:text/html,<script>alert(1)</script>">d</a>', 'd'],
    ['プロトコル相対 URL', '<a href="//evil.example/">p</a>', 'p'],
    ['相対 URL', '<a href="/app/ent/">r</a>', 'r'],
    [
      'iframe',
      '<iframe src="https://evil.example/"></iframe>',
      '&lt;iframe src="https://evil.example/"&gt;&lt;/iframe&gt;',
    ],
    ['style 属性', '<p style="color:red">x</p>', '<p>x</p>'],
    ['style 要素', '<style>p{color:red}</style>', '&lt;style&gt;p{color:red}&lt;/style&gt;'],
    [
      'form と input',
      '<form action="https://evil.example/"><input name="a"></form>',
      '&lt;form action="https://evil.example/"&gt;&lt;input name="a"&gt;&lt;/form&gt;',
    ],
    ['p onclick', '<p onclick="alert(1)">x</p>', '<p>x</p>'],
    ['見出し（許可していない）', '<h3>見出し</h3>', '&lt;h3&gt;見出し&lt;/h3&gt;'],
    [
      '入れ子にして分断した script',
      '<scr<script>ipt>alert(1)</script>',
      '&lt;scr&lt;script&gt;ipt&gt;alert(1)&lt;/script&gt;',
    ],
    [
      '属性値に > を含むタグ',
      '<img alt="a>b" src=x onerror=y>',
      '&lt;img alt="a&gt;b" src=x onerror=y&gt;',
    ],
    ['閉じていないタグ', '<img src=x onerror=alert(1)', '&lt;img src=x onerror=alert(1)'],
    [
      'textarea の中の script',
      '<textarea><script>x</script></textarea>',
      '&lt;textarea&gt;&lt;script&gt;x&lt;/script&gt;&lt;/textarea&gt;',
    ],
    ['大文字のタグと属性', '<P ONCLICK="alert(1)">大文字</P>', '<p>大文字</p>'],
    [
      'リンクの中の強調（リンクを外し、中身は残す）',
      '<p><a href="javascript:alert(1)"><strong>太字</strong></a></p>',
      '<p><strong>太字</strong></p>',
    ],
  ])('%s は要素にならず、書かれたとおりの文字で表示すること', (_name, input, expected) => {
    expect(sanitizeRichText(input).value).toBe(expected)
  })

  it.each([
    [
      '段落・改行・強調',
      '<p>あ<br>い<strong>う</strong><em>え</em></p>',
      '<p>あ<br />い<strong>う</strong><em>え</em></p>',
    ],
    [
      'リスト',
      '<ul><li>一</li></ul><ol><li>二</li></ol>',
      '<ul><li>一</li></ul><ol><li>二</li></ol>',
    ],
    [
      'https のリンク（target・rel・イベントは外し、rel="noopener noreferrer" を付ける）',
      '<a href="https://www.example.jp/a?b=1&c=2" target="_blank" rel="opener" onclick="x()">案内</a>',
      '<a href="https://www.example.jp/a?b=1&amp;c=2" rel="noopener noreferrer">案内</a>',
    ],
    [
      'mailto と tel のリンク',
      '<a href="mailto:hoken@example.jp">メール</a><a href="tel:0120000101">電話</a>',
      '<a href="mailto:hoken@example.jp" rel="noopener noreferrer">メール</a><a href="tel:0120000101" rel="noopener noreferrer">電話</a>',
    ],
    [
      '前後の空白のある URL',
      '<a href=" https://www.example.jp/ ">案内</a>',
      '<a href="https://www.example.jp/" rel="noopener noreferrer">案内</a>',
    ],
    ['文字としての記号', '<p>&lt;b&gt; &amp; "引用"</p>', '<p>&lt;b&gt; &amp; "引用"</p>'],
    ['閉じていない段落', '<p>途中まで', '<p>途中まで</p>'],
  ])('%s は残すこと', (_name, input, expected) => {
    expect(sanitizeRichText(input).value).toBe(expected)
  })
})
