import { formatJapaneseDate, formatYen } from '@app/shared'
import { plainMail, type MyPageMailContext } from './my-page-templates.ts'
import type { MailContent } from './outbox.ts'

// The unpaid follow-up's mail (issue #21 point 4, ADR 0032), in the my-page mail's style:
// Japanese, plain text, the agency contact closing every mail. Nothing personal beyond what the
// completion mail already holds (the policy holder number, the amount, the account to pay into).

type MailTemplate = Omit<MailContent, 'recipient'>

export interface FollowUpMailContext extends MyPageMailContext {
  /** 加入者番号 */
  groupPfPolicyHolderNo: string
  /** the my-page login screen */
  myPageUrl: string
}

/** The transfer's account as the completion mail shows it. */
export interface AccountLines {
  bankName: string
  branchName: string
  accountType: string
  accountNumber: string
  accountHolder: string
  /** yen still to pay */
  amount: number
  /** YYYYMMDD */
  dueDate: string
}

function accountLines(account: AccountLines): string {
  return [
    '■お振込先',
    `・金融機関：${account.bankName} ${account.branchName}`,
    `・口座：${account.accountType} ${account.accountNumber}`,
    `・口座名義：${account.accountHolder}`,
    `・お振込金額：${formatYen(account.amount)}`,
    `・お振込期限：${formatJapaneseDate(account.dueDate)}`,
  ].join('\n')
}

/** お振込期限のお知らせ: the deadline of the transfer is near and the money has not arrived. */
export function transferReminderMail(
  context: FollowUpMailContext & { account: AccountLines; daysLeft: number },
): MailTemplate {
  const when = context.daysLeft === 0 ? '本日' : `${context.daysLeft}日後`
  return plainMail('followUpReminder', context, 'お振込期限のお知らせ', [
    `${context.groupName}の団体保険について、お振込期限が${when}に迫っています。`,
    `加入者番号：${context.groupPfPolicyHolderNo}`,
    accountLines(context.account),
    '期限までにお振込みが確認できない場合、お手続きが完了しないことがあります。既にお振込みいただいた場合は、行き違いですのでご容赦ください。',
  ])
}

/** お振込期限経過のお知らせ: the deadline passed unpaid; the agency is the way forward. */
export function transferExpiredMail(
  context: FollowUpMailContext & { account: AccountLines },
): MailTemplate {
  return plainMail('followUpExpiry', context, 'お振込期限経過のお知らせ', [
    `${context.groupName}の団体保険について、お振込期限（${formatJapaneseDate(context.account.dueDate)}）までにお振込みを確認できませんでした。`,
    `加入者番号：${context.groupPfPolicyHolderNo}`,
    'お手続きを続ける場合は、お手数ですが、下記のお問い合わせ先へご連絡ください。既にお振込みいただいた場合は、行き違いですのでご容赦ください。',
  ])
}

/** 保険料のご請求: an auto-renewed contract's premium, paid from the my-page. */
export function invoiceMail(
  context: FollowUpMailContext & { invoiceAmount: number; inceptionDate: string },
): MailTemplate {
  return plainMail('followUpInvoice', context, '保険料のご請求', [
    `${context.groupName}の団体保険は自動更新されました。更新後のご契約の保険料をご請求いたします。`,
    [
      `・加入者番号：${context.groupPfPolicyHolderNo}`,
      `・ご請求金額：${formatYen(context.invoiceAmount)}`,
      `・保険期間の始期：${formatJapaneseDate(context.inceptionDate)}`,
    ].join('\n'),
    `下記のマイページ「保険料のお支払い」から、クレジットカードまたはお振込みでお支払いください（ログインが必要です）。\n${context.myPageUrl}`,
  ])
}
