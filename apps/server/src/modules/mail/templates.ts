import { toBusinessDate, toBusinessTime, VERIFICATION_LINK_MINUTES } from '@app/shared'
import { html, safeHref, type SafeHtml } from '../pamphlet/html.ts'
import type { MailContent } from './outbox.ts'

// Every mail the product sends is written here (PRODUCT.md "Messages"): Japanese, polite, plain
// text with an HTML alternative, and the agency contact (the branch's refFreeField, SPEC §3.4).
// A template builds blocks; `renderMail` turns them into both bodies, so the two always agree.

type MailTemplate = Omit<MailContent, 'recipient'>

type Block =
  | { kind: 'paragraph'; lines: string[] }
  | { kind: 'link'; href: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'rule' }

const paragraph = (...lines: string[]): Block => ({ kind: 'paragraph', lines })

const RULE_TEXT = '----------------------------------------'

function splitLines(text: string): string[] {
  const trimmed = text.trim()
  return trimmed === '' ? [] : trimmed.split(/\r\n|\r|\n/).map((line) => line.trimEnd())
}

/** 「■お問い合わせ先」 and the agency's own text; nothing when the branch has none. */
function contactBlocks(agencyContact: string): Block[] {
  const lines = splitLines(agencyContact)
  return lines.length === 0 ? [] : [paragraph('■お問い合わせ先', ...lines)]
}

const noReplyBlocks: Block[] = [
  { kind: 'rule' },
  paragraph('このメールは送信専用です。返信いただいてもお答えできません。'),
]

/** 日本時間で「2026年11月20日 11時00分」。Seconds are cut, so a deadline never reads later than it is. */
function formatJapanDateTime(instant: Date): string {
  const date = toBusinessDate(instant)
  const time = toBusinessTime(instant)
  return (
    `${Number(date.slice(0, 4))}年${Number(date.slice(4, 6))}月${Number(date.slice(6, 8))}日 ` +
    `${Number(time.slice(0, 2))}時${time.slice(2, 4)}分`
  )
}

function renderText(blocks: Block[]): string {
  const parts = blocks.map((block) => {
    switch (block.kind) {
      case 'paragraph':
        return block.lines.join('\n')
      case 'link':
        return block.href
      case 'list':
        return block.items.map((item) => `・${item}`).join('\n')
      case 'rule':
        return RULE_TEXT
    }
  })
  return `${parts.join('\n\n')}\n`
}

function withLineBreaks(lines: string[]): SafeHtml {
  return html`${lines.map((line, index) => (index === 0 ? line : html`<br />${line}`))}`
}

function renderHtml(subject: string, blocks: Block[]): string {
  const body = blocks.map((block) => {
    switch (block.kind) {
      case 'paragraph':
        return html`<p>${withLineBreaks(block.lines)}</p>`
      case 'link':
        return html`<p><a href="${safeHref(block.href)}">${block.href}</a></p>`
      case 'list':
        return html`<ul>
          ${block.items.map((item) => html`<li>${item}</li>`)}
        </ul>`
      case 'rule':
        return html`<hr />`
    }
  })
  return html`<!doctype html>
    <html lang="ja">
      <head>
        <meta charset="utf-8" />
        <title>${subject}</title>
      </head>
      <body>
        ${body.flatMap((block) => [block, '\n'])}
      </body>
    </html>`.value
}

function renderMail(template: string, subject: string, blocks: Block[]): MailTemplate {
  return {
    template,
    subject,
    textBody: renderText(blocks),
    htmlBody: renderHtml(subject, blocks),
  }
}

export interface VerificationMailInput {
  /** 団体名 (groupPfInfo.groupNameKanji) */
  groupName: string
  /** the single-use verification link */
  link: string
  /** when the link stops working: 1 hour after it was issued (SPEC §9) */
  expiresAt: Date
  /** the branch's refFreeField (SPEC §3.4), several lines */
  agencyContact: string
}

/** メールアドレス確認メール (sendVerificationMail, PRODUCT.md "People and how they sign in"). */
export function verificationMail(input: VerificationMailInput): MailTemplate {
  const blocks: Block[] = [
    paragraph(
      `このたびは、${input.groupName}の団体保険 Web加入手続きをご利用いただき、ありがとうございます。`,
    ),
    paragraph(
      'お手続きを続けるために、ご登録いただいたメールアドレスの確認をお願いしております。',
      '下記のリンクを開いてメールアドレスの確認を完了し、お手続きを続けてください。',
    ),
    { kind: 'link', href: input.link },
    {
      kind: 'list',
      items: [
        `リンクの有効期限：${formatJapanDateTime(input.expiresAt)}まで（送信から${VERIFICATION_LINK_MINUTES / 60}時間）`,
        'リンクは1回だけご利用いただけます。',
        'リンク先の画面では、お手続きの際に設定したパスワードを入力してください。',
      ],
    },
    paragraph('有効期限が過ぎた場合は、お手数ですが、はじめからお手続きをやり直してください。'),
    paragraph(
      'このメールにお心当たりのない場合は、ほかの方が誤ってメールアドレスを入力した可能性があります。',
      'リンクは開かずに、このメールを破棄してください。',
    ),
    ...contactBlocks(input.agencyContact),
    ...noReplyBlocks,
  ]
  return renderMail('verification', `【${input.groupName}】メールアドレスの確認のお願い`, blocks)
}
