import {
  formatJapaneseDate,
  formatJapaneseDateTime,
  formatYen,
  paymentScopeText,
  t,
  VERIFICATION_LINK_MINUTES,
} from '@app/shared'
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
        `リンクの有効期限：${formatJapaneseDateTime(input.expiresAt)}まで（送信から${VERIFICATION_LINK_MINUTES / 60}時間）`,
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

/** The account the applicant pays into (payment method "3"), as the provider issued it. */
export interface CompletionMailAccount {
  bankName: string
  bankCode: string
  branchName: string
  branchCode: string
  accountType: string
  accountNumber: string
  accountHolder: string
  /** yen */
  amount: number
  /** YYYYMMDD */
  dueDate: string
}

/** Every field of an account, the amount and the due date: the completion's and an instalment's. */
export function accountListItems(account: CompletionMailAccount): string[] {
  return [
    `金融機関：${account.bankName}（金融機関コード ${account.bankCode}）`,
    `支店：${account.branchName}（支店コード ${account.branchCode}）`,
    `口座番号：${account.accountType} ${account.accountNumber}`,
    `口座名義：${account.accountHolder}`,
    `お振込金額：${formatYen(account.amount)}`,
    `振込期日：${formatJapaneseDate(account.dueDate)}`,
  ]
}

export interface CompletionMailInput {
  /** 団体名 (groupPfInfo.groupNameKanji) */
  groupName: string
  /** 加入者番号, given at completion */
  groupPfPolicyHolderNo: string
  /**
   * マイページのID and the my-page login screen (/app/myp/{groupPfCode}/{urlKey}/login); null
   * when the group does not use the my-page (SPEC §6 policy-holder-page use division "2")
   */
  myPage: { userId: string; url: string } | null
  /** YYYYMMDD (JST) */
  applicationDate: string
  /** yen */
  invoiceAmount: number
  pymntMethod: '1' | '3' | '4'
  /** SPEC §3.3 payment count: what the amount is for (issue #23 point 4) */
  pymntCount: number
  /**
   * SPEC §3.3 closing day, given when a schedule was written: the later instalments are charged
   * to the stored card (issue #24), or transferred by it (ADR 0039); the mail says when
   */
  closingDay?: number | null
  /** the issued account when pymntMethod is "3" */
  virtualAccount: CompletionMailAccount | null
  /** the group's payee account text, when payeeAccntDisplayDiv is "1" */
  payeeAccntInfo: string | null
  /** the branch's refFreeField (SPEC §3.4), several lines */
  agencyContact: string
  /** a renewal procedure's application: the holder keeps the my-page password in use */
  isRenewal?: boolean
}

const paymentMethodText: Record<CompletionMailInput['pymntMethod'], string> = {
  '1': 'クレジットカード（お支払い済み）',
  '3': '銀行振込（専用の振込口座）',
  '4': '団体扱（ご所属の団体を通じてお支払い）',
}

/**
 * お申し込み完了のお知らせ (completeApplication, issue #7): the policy holder number, the
 * my-page ID, the amount and how it is paid; for a virtual account every field of the account
 * and the due date. Never card data: a card payment says only that it is paid.
 */
export function completionMail(input: CompletionMailInput): MailTemplate {
  const account = input.virtualAccount
  const payeeLines = input.payeeAccntInfo === null ? [] : splitLines(input.payeeAccntInfo)
  const blocks: Block[] = [
    paragraph(
      `このたびは、${input.groupName}の団体保険にお申し込みいただき、ありがとうございます。`,
      'お申し込みを受け付けましたので、内容をお知らせします。',
    ),
    paragraph('■お申し込みの内容'),
    {
      kind: 'list',
      items: [
        `加入者番号：${input.groupPfPolicyHolderNo}`,
        ...(input.myPage === null ? [] : [`マイページのID：${input.myPage.userId}`]),
        `お申込日：${formatJapaneseDate(input.applicationDate)}`,
        `お支払い金額：${formatYen(input.invoiceAmount)}`,
        `お支払い方法：${paymentMethodText[input.pymntMethod]}`,
      ],
    },
  ]
  const scope = paymentScopeText({
    pymntMethod: input.pymntMethod,
    pymntCount: input.pymntCount,
    ...(input.closingDay === undefined ? {} : { closingDay: input.closingDay }),
  })
  blocks.push(
    input.pymntMethod === '4'
      ? paragraph(scope, 'このメールでのお振り込みのお願いはありません。')
      : paragraph(scope),
  )
  if (account !== null) {
    blocks.push(
      paragraph('■お振込先'),
      {
        kind: 'list',
        items: accountListItems(account),
      },
      paragraph(
        '振込期日までに、上記の口座へお振り込みください。この口座は、お客さま専用の振込口座です。',
        '振込手数料はお客さまのご負担となります。',
      ),
    )
  }
  if (payeeLines.length > 0) blocks.push(paragraph('■お振込先のご案内', ...payeeLines))
  if (input.myPage !== null) {
    blocks.push(
      paragraph(
        'マイページでは、ご契約の内容の確認などができます。',
        // issue #23 point 19: a renewal keeps the password in use, which may have changed since
        input.isRenewal === true
          ? 'ログインには、上記のマイページのIDと、いまお使いのマイページのパスワードをお使いください。'
          : 'ログインには、上記のマイページのIDと、お申し込みのときに設定したパスワードをお使いください。',
      ),
      { kind: 'link', href: input.myPage.url },
      paragraph('加入者番号とマイページのIDは、大切に保管してください。'),
    )
  } else {
    blocks.push(paragraph('加入者番号は、大切に保管してください。'))
  }
  blocks.push(...contactBlocks(input.agencyContact), ...noReplyBlocks)
  return renderMail('completion', `【${input.groupName}】お申し込み完了のお知らせ`, blocks)
}

export interface DepositMailInput {
  groupName: string
  groupPfPolicyHolderNo: string
  /** yen due on the account */
  amount: number
  /** yen paid in so far, this deposit included */
  paidAmount: number
  outcome: 'paid' | 'underpaid' | 'overpaid'
  agencyContact: string
}

const depositSubjects: Record<DepositMailInput['outcome'], string> = {
  paid: 'ご入金を確認しました',
  underpaid: 'ご入金額が不足しています',
  overpaid: 'ご入金額が超過しています',
}

/**
 * ご入金の確認 (issue #23 point 17): each reconciled transfer tells the applicant what arrived
 * and whether the premium is now paid, short (by how much, and where to pay the rest) or over
 * (the agency refunds). The same sentences as the completion screen's deposit status.
 */
export function depositMail(input: DepositMailInput): MailTemplate {
  const difference = formatYen(Math.abs(input.amount - input.paidAmount))
  const status =
    input.outcome === 'paid'
      ? 'お振り込みいただいた保険料のご入金を確認しました。ありがとうございます。'
      : t(`vaccount.status.${input.outcome}`, { difference })
  return renderMail('deposit', `【${input.groupName}】${depositSubjects[input.outcome]}`, [
    paragraph(`${input.groupName}の団体保険のお申し込みについて、ご入金をお知らせします。`),
    {
      kind: 'list',
      items: [
        `加入者番号：${input.groupPfPolicyHolderNo}`,
        `お振込金額：${formatYen(input.amount)}`,
        `ご入金額（合計）：${formatYen(input.paidAmount)}`,
      ],
    },
    paragraph(status),
    ...contactBlocks(input.agencyContact),
    ...noReplyBlocks,
  ])
}

export interface AgencyCompletionInput {
  groupName: string
  /** 枝番 and its name (the branch the applicant came through) */
  groupPfBranchNo: string
  groupPfPolicyHolderNo: string
  applicationDate: string
  invoiceAmount: number
  pymntMethod: CompletionMailInput['pymntMethod']
}

/**
 * The agency's copy of a completion (SPEC §3.4 agentMail, issue #17 point 13): that an
 * application was made and under which number, so the agency can follow it up in the core
 * system. No name, address, mail address, health answer or my-page ID: the number is the key.
 */
export function agencyCompletionMail(input: AgencyCompletionInput): MailTemplate {
  return renderMail('agencyCompletion', `【${input.groupName}】お申し込みがありました`, [
    paragraph(`${input.groupName}の団体保険に、Web加入のお申し込みがありました。`),
    {
      kind: 'list',
      items: [
        `枝番：${input.groupPfBranchNo}`,
        `加入者番号：${input.groupPfPolicyHolderNo}`,
        `お申込日：${formatJapaneseDate(input.applicationDate)}`,
        `お支払い金額：${formatYen(input.invoiceAmount)}`,
        `お支払い方法：${paymentMethodText[input.pymntMethod]}`,
      ],
    },
    paragraph(
      'お申し込みの内容は、加入者番号で基幹システムからご確認ください。',
      'このメールには、お客さまの個人情報を記載していません。',
    ),
    ...noReplyBlocks,
  ])
}
