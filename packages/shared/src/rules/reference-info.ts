// Reference info (参照情報, SPEC §5.3; `referenceInfoArray`, 4 blocks per SPEC §9): text written
// line by line as 【label】content. How a block is read:
// - 【タイトル】 is the block's title; 【内容タイトル】 starts a new section. Lines before the first
//   section go to a first section without a content title.
// - A line without a 【label】 continues the previous line's text (joined with "\n"), so an
//   operator may write a label on its own line and the content under it. Telephone, mail and URL
//   hold one value: once they have it, such a line becomes content text instead.
// - Nothing is dropped silently. A line with an unknown label or a second 【タイトル】 is kept as
//   content text, label included; a URL that is not http(s) (`javascript:`…) or a mail that is
//   not an address is kept as content text, so it is shown but never becomes a link. Each is
//   reported in `issues` so the group import can show it to the operator.
// - Blank lines, surrounding spaces and labels without content are ignored; CRLF and CR are read
//   as line breaks. Telephone numbers are kept as written.

/** 参照情報のラベル（画面にもこの名前で表示する） */
export const referenceLabels = {
  title: 'タイトル',
  contentTitle: '内容タイトル',
  telephone: '電話番号',
  contentText: '内容',
  note: '注記',
  mail: 'メール',
  url: 'URL',
} as const
export type ReferenceLabelKind = keyof typeof referenceLabels
export type ReferenceItemKind = Exclude<ReferenceLabelKind, 'title' | 'contentTitle'>

export type ReferenceItem = { kind: ReferenceItemKind; value: string }
export type ReferenceSection = { contentTitle: string | undefined; items: ReferenceItem[] }
export type ReferenceInfoIssue = {
  /** 1-based line number in the block */
  line: number
  reason: 'unknownLabel' | 'duplicateTitle' | 'invalidUrl' | 'invalidMail'
  /** the labelled line, trimmed */
  text: string
}
/** 参照情報1ブロックを読んだ結果 */
export type ReferenceInfo = {
  title: string | undefined
  sections: ReferenceSection[]
  issues: ReferenceInfoIssue[]
}

const LABELLED_LINE = /^【([^【】]*)】(.*)$/
const kindByLabel: ReadonlyMap<string, ReferenceLabelKind> = new Map(
  Object.entries(referenceLabels).map(([kind, label]) => [label, kind as ReferenceLabelKind]),
)
const singleValueKinds: ReadonlySet<ReferenceItemKind> = new Set(['telephone', 'mail', 'url'])
// Characters that would change a mailto: link (?, &, #, %) are left out on purpose.
const MAIL = /^[A-Za-z0-9.!$'*+/=^_`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/
const WEB_URL = /^https?:\/\/\S+$/i

type Text = { value: string }
type DraftItem = Text & { kind: ReferenceItemKind; line: number; text: string }
type DraftSection = { contentTitle: Text | undefined; items: DraftItem[] }

/** 参照情報1ブロック（【ラベル】内容 の行）を読む（SPEC §5.3）。 */
export function parseReferenceInfo(text: string): ReferenceInfo {
  let title: Text | undefined
  const sections: DraftSection[] = []
  const issues: ReferenceInfoIssue[] = []
  // What a line without a label continues.
  let open: { text: Text; isMultiline: boolean } | undefined

  const currentSection = (): DraftSection => {
    const last = sections.at(-1)
    if (last) return last
    const first: DraftSection = { contentTitle: undefined, items: [] }
    sections.push(first)
    return first
  }
  const addItem = (kind: ReferenceItemKind, value: string, line: number, lineText: string) => {
    const item: DraftItem = { kind, value, line, text: lineText }
    currentSection().items.push(item)
    open = { text: item, isMultiline: !singleValueKinds.has(kind) }
  }

  text.split(/\r\n|\r|\n/).forEach((rawLine, index) => {
    const line = index + 1
    const lineText = rawLine.trim()
    if (lineText === '') return
    const match = LABELLED_LINE.exec(lineText)
    if (!match) {
      if (open && (open.isMultiline || open.text.value === '')) {
        open.text.value = open.text.value === '' ? lineText : `${open.text.value}\n${lineText}`
      } else {
        addItem('contentText', lineText, line, lineText)
      }
      return
    }
    const [, label = '', content = ''] = match
    const value = content.trim()
    const kind = kindByLabel.get(label)
    if (kind === undefined) {
      issues.push({ line, reason: 'unknownLabel', text: lineText })
      addItem('contentText', lineText, line, lineText)
    } else if (kind === 'title') {
      if (title) {
        issues.push({ line, reason: 'duplicateTitle', text: lineText })
        addItem('contentText', lineText, line, lineText)
      } else {
        title = { value }
        open = { text: title, isMultiline: true }
      }
    } else if (kind === 'contentTitle') {
      const contentTitle = { value }
      sections.push({ contentTitle, items: [] })
      open = { text: contentTitle, isMultiline: true }
    } else {
      addItem(kind, value, line, lineText)
    }
  })

  const finishItem = (item: DraftItem): ReferenceItem => {
    if (item.kind === 'url' && !isWebUrl(item.value)) {
      issues.push({ line: item.line, reason: 'invalidUrl', text: item.text })
      return { kind: 'contentText', value: item.value }
    }
    if (item.kind === 'mail' && !MAIL.test(item.value)) {
      issues.push({ line: item.line, reason: 'invalidMail', text: item.text })
      return { kind: 'contentText', value: item.value }
    }
    return { kind: item.kind, value: item.value }
  }
  const finished = sections
    .map((section) => ({
      contentTitle: nonEmpty(section.contentTitle),
      items: section.items.filter((item) => item.value !== '').map(finishItem),
    }))
    .filter((section) => section.contentTitle !== undefined || section.items.length > 0)

  issues.sort((a, b) => a.line - b.line)
  return { title: nonEmpty(title), sections: finished, issues }
}

function nonEmpty(text: Text | undefined): string | undefined {
  return text === undefined || text.value === '' ? undefined : text.value
}

/** Only http(s) URLs become links: `javascript:` and the like stay text. */
function isWebUrl(value: string): boolean {
  if (!WEB_URL.test(value)) return false
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:'
  } catch {
    return false
  }
}
