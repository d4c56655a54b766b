import { formatJapaneseDate, formatYen, formatYyyymmdd } from '@app/shared'
import { formatJapaneseYearMonth } from '@app/shared/format/display'
import { plainMail, type MyPageMailContext } from './my-page-templates.ts'
import type { MailContent } from './outbox.ts'
import { accountListItems, type CompletionMailAccount } from './templates.ts'

// The instalment job's mails (issue #24 point 3, ADR 0038): a declined monthly charge, with when
// it is tried again, and the last refusal. No card detail beyond what the my-page shows is ever in
// them (none at all here). By transfer (ADR 0039): the invoice with the instalment's own account,
// the deposit received, and the deposit missing after the due date.

type MailTemplate = Omit<MailContent, 'recipient'>

export interface InstalmentMailInput extends MyPageMailContext {
  groupPfPolicyHolderNo: string
  /** YYYYMM */
  coversMonth: string
  amount: number
  myPageUrl: string
}

/** 「2027年2月分」 */
function monthText(yyyymm: string): string {
  return `${formatJapaneseYearMonth(yyyymm)}分`
}

/** 保険料のお支払いができませんでした（再度お手続きします） */
export function instalmentDeclinedMail(
  input: InstalmentMailInput & { nextTryDate: string },
): MailTemplate {
  return plainMail('instalmentDeclined', input, '保険料のお支払いができませんでした', [
    `${input.groupName}の団体保険の保険料（${monthText(input.coversMonth)}）を、ご登録のクレジットカードでお支払いできませんでした。`,
    [
      `・加入者番号：${input.groupPfPolicyHolderNo}`,
      `・保険料：${formatYen(input.amount)}（${monthText(input.coversMonth)}）`,
      `・次回のお支払い手続き：${formatYyyymmdd(input.nextTryDate)}`,
    ].join('\n'),
    `カードの有効期限や利用限度額をご確認ください。カードを変更する場合は、マイページからお手続きください。\n${input.myPageUrl}`,
  ])
}

/** 保険料のお支払いができませんでした（最終） */
export function instalmentFailedMail(input: InstalmentMailInput): MailTemplate {
  return plainMail(
    'instalmentFailed',
    input,
    '保険料のお支払いができませんでした（最終のご案内）',
    [
      `${input.groupName}の団体保険の保険料（${monthText(input.coversMonth)}）を、ご登録のクレジットカードで何度かお支払い手続きしましたが、お支払いできませんでした。`,
      [
        `・加入者番号：${input.groupPfPolicyHolderNo}`,
        `・保険料：${formatYen(input.amount)}（${monthText(input.coversMonth)}）`,
      ].join('\n'),
      `マイページでお支払いカードを変更いただくと、新しいカードで改めてお支払い手続きします。\n${input.myPageUrl}`,
      'このままでは保障を続けられない場合があります。カードを変更できない場合は、お手数ですが、下記のお問い合わせ先までご連絡ください。',
    ],
  )
}

export interface AgencyInstalmentFailedInput {
  groupName: string
  groupPfBranchNo: string
  groupPfPolicyHolderNo: string
  coversMonth: string
  amount: number
  /** the provider's code of the last refusal */
  errorCode: string
}

/** To the agency (SPEC §3.4 agentMail): an instalment refused three times. No personal data. */
export function agencyInstalmentFailedMail(input: AgencyInstalmentFailedInput): MailTemplate {
  return plainMail(
    'agencyInstalmentFailed',
    { groupName: input.groupName, agencyContact: '' },
    '保険料（クレジットカード）をお支払いいただけませんでした',
    [
      `${input.groupName}の団体保険で、ご登録のクレジットカードによる保険料のお支払いが、3回のお手続きでできませんでした。`,
      [
        `・枝番：${input.groupPfBranchNo}`,
        `・加入者番号：${input.groupPfPolicyHolderNo}`,
        `・保険料：${formatYen(input.amount)}（${monthText(input.coversMonth)}）`,
        `・決済代行会社の理由コード：${input.errorCode}`,
      ].join('\n'),
      'ご契約者さまへは、お支払いできなかったことをメールでお知らせしています。ご契約の継続について、ご対応をお願いします。\nこのメールには、お客さまの個人情報を記載していません。',
    ],
  )
}

// ---- transfers (ADR 0039) ----

/** A transferred instalment's account (its amount and due date): as in the completion mail. */
function accountLines(account: CompletionMailAccount): string {
  return accountListItems(account)
    .map((item) => `・${item}`)
    .join('\n')
}

/** 保険料のお振込みのお願い: a later instalment's own account, mailed before its due date. */
export function instalmentInvoiceMail(
  input: InstalmentMailInput & { account: CompletionMailAccount },
): MailTemplate {
  return plainMail(
    'instalmentInvoice',
    input,
    `保険料のお振込みのお願い（${monthText(input.coversMonth)}）`,
    [
      `${input.groupName}の団体保険の保険料（${monthText(input.coversMonth)}）のお振込先をお知らせします。振込期日までに、下記の口座へお振り込みください。`,
      `・加入者番号：${input.groupPfPolicyHolderNo}`,
      `■お振込先\n${accountLines(input.account)}`,
      'この口座は、この回の保険料のお振り込み専用です。ほかの回の保険料や、前回までの口座へのお振り込みと取り違えないようご注意ください。振込手数料はお客さまのご負担となります。',
      `お支払いの状況は、マイページでもご確認いただけます。\n${input.myPageUrl}`,
    ],
  )
}

/** 保険料のご入金を確認できませんでした: the due date passed without the deposit. */
export function instalmentUnpaidMail(
  input: InstalmentMailInput & { account: CompletionMailAccount },
): MailTemplate {
  return plainMail(
    'instalmentUnpaid',
    input,
    `保険料のご入金を確認できませんでした（${monthText(input.coversMonth)}）`,
    [
      `${input.groupName}の団体保険の保険料（${monthText(input.coversMonth)}）について、振込期日（${formatJapaneseDate(input.account.dueDate)}）までにご入金を確認できませんでした。`,
      `・加入者番号：${input.groupPfPolicyHolderNo}`,
      `お手数ですが、至急、下記の口座へお振り込みください。行き違いでお振り込みいただいている場合は、ご容赦ください。\n■お振込先\n${accountLines(input.account)}`,
      'このままでは保障を続けられない場合があります。お振り込みが難しい場合は、下記のお問い合わせ先までご連絡ください。',
      `お支払いの状況は、マイページでもご確認いただけます。\n${input.myPageUrl}`,
    ],
  )
}

export interface InstalmentDepositMailInput extends MyPageMailContext {
  groupPfPolicyHolderNo: string
  coversMonth: string
  /** yen due */
  amount: number
  /** yen deposited so far */
  paidAmount: number
  outcome: 'paid' | 'underpaid' | 'overpaid'
}

const instalmentDepositLead: Record<InstalmentDepositMailInput['outcome'], string> = {
  paid: 'ご入金を確認しました。ありがとうございます。',
  underpaid:
    'ご入金を確認しましたが、お振込金額に{difference}足りません。不足分を同じ口座へお振り込みください。',
  overpaid:
    'ご入金を確認しましたが、お振込金額より{difference}多くお振り込みいただいています。取扱代理店から返金についてご連絡します。',
}

/** 保険料のご入金のお知らせ: a deposit into a later instalment's account. */
export function instalmentDepositMail(input: InstalmentDepositMailInput): MailTemplate {
  const difference = formatYen(Math.abs(input.amount - input.paidAmount))
  return plainMail(
    'instalmentDeposit',
    input,
    `保険料のご入金のお知らせ（${monthText(input.coversMonth)}）`,
    [
      `${input.groupName}の団体保険の保険料（${monthText(input.coversMonth)}）について、${instalmentDepositLead[input.outcome].replace('{difference}', difference)}`,
      [
        `・加入者番号：${input.groupPfPolicyHolderNo}`,
        `・お振込金額：${formatYen(input.amount)}`,
        `・ご入金額（合計）：${formatYen(input.paidAmount)}`,
      ].join('\n'),
    ],
  )
}

export interface AgencyInstalmentUnpaidInput {
  groupName: string
  groupPfBranchNo: string
  groupPfPolicyHolderNo: string
  coversMonth: string
  amount: number
  /** YYYYMMDD */
  dueDate: string
}

/** To the agency (SPEC §3.4 agentMail): a transferred instalment not paid by its due date. */
export function agencyInstalmentUnpaidMail(input: AgencyInstalmentUnpaidInput): MailTemplate {
  return plainMail(
    'agencyInstalmentUnpaid',
    { groupName: input.groupName, agencyContact: '' },
    '保険料（お振込み）のご入金を確認できませんでした',
    [
      `${input.groupName}の団体保険で、振込期日までに保険料のご入金を確認できませんでした。`,
      [
        `・枝番：${input.groupPfBranchNo}`,
        `・加入者番号：${input.groupPfPolicyHolderNo}`,
        `・保険料：${formatYen(input.amount)}（${monthText(input.coversMonth)}）`,
        `・振込期日：${formatJapaneseDate(input.dueDate)}`,
      ].join('\n'),
      'ご契約者さまへは、ご入金を確認できなかったことと、お振込先をメールでお知らせしています。ご契約の継続について、ご対応をお願いします。\nこのメールには、お客さまの個人情報を記載していません。',
    ],
  )
}
