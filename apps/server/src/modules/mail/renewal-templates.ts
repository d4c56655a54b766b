import {
  formatJapaneseDate,
  formatJapaneseDateTime,
  formatYen,
  totalPremiumLabel,
} from '@app/shared'
import { plainMail, type MyPageMailContext } from './my-page-templates.ts'
import type { MailContent } from './outbox.ts'

// The renewal's mail (issue #9, SPEC §3.7, §4; ADR 0016), in the my-page mail's style: Japanese,
// plain text, the agency contact closing every mail. Nothing personal beyond what the
// completion mail already holds (the policy holder number, periods and the amount).

type MailTemplate = Omit<MailContent, 'recipient'>

/** What every renewal mail names besides the group and the agency. */
export interface RenewalMailContext extends MyPageMailContext {
  /** last year's 加入者番号 */
  groupPfPolicyHolderNo: string
  /** the my-page login screen */
  myPageUrl: string
}

const myPageLines = (url: string) => `ご契約の内容は、マイページでご確認いただけます。\n${url}`

/** 自動更新停止の受付: the stop is taken; the contract ends at its expiry. */
export function autoRenewStoppedMail(
  context: RenewalMailContext & { expiryDate: string; stoppedAt: Date },
): MailTemplate {
  return plainMail('renewalAutoRenewStopped', context, '自動更新停止の受付', [
    `${context.groupName}の団体保険について、ご契約の自動更新を停止するお申し出を受け付けました。`,
    [
      `・加入者番号：${context.groupPfPolicyHolderNo}`,
      `・受付日時：${formatJapaneseDateTime(context.stoppedAt)}`,
      `・現在のご契約の満期日：${formatJapaneseDate(context.expiryDate)}`,
    ].join('\n'),
    'ご契約は満期日をもって終了し、次年度へは更新されません。',
    myPageLines(context.myPageUrl),
    'このお申し出にお心当たりのない場合は、お手数ですが、下記のお問い合わせ先へご連絡ください。',
  ])
}

/** ご契約を更新しました: the renewal job (or the procedure) made next year's contract. */
export function renewedMail(
  context: RenewalMailContext & {
    newPolicyHolderNo: string
    inceptionDate: string
    expiryDate: string
    totalPremium: number
    /** SPEC §3.3 payment count of next year's product */
    pymntCount: number
  },
): MailTemplate {
  return plainMail('renewalRenewed', context, 'ご契約を更新しました', [
    `${context.groupName}の団体保険のご契約を、前年度と同じ内容で次年度へ更新しました。`,
    [
      `・前年度の加入者番号：${context.groupPfPolicyHolderNo}`,
      `・新しい加入者番号：${context.newPolicyHolderNo}`,
      `・保険期間：${formatJapaneseDate(context.inceptionDate)}から${formatJapaneseDate(context.expiryDate)}まで`,
      `・${totalPremiumLabel(context.pymntCount)}：${formatYen(context.totalPremium)}`,
    ].join('\n'),
    '保険料のお支払い方法は、取扱代理店または団体からあらためてご案内します。',
    myPageLines(context.myPageUrl),
  ])
}

/** ご契約の自動更新のご案内: it renews on the fix date unless stopped before it. */
export function renewalNoticeMail(
  context: RenewalMailContext & { renewalFixDate: string; nextInceptionDate: string | null },
): MailTemplate {
  const next =
    context.nextInceptionDate === null
      ? '次年度のご契約内容（保険料など）で'
      : `${formatJapaneseDate(context.nextInceptionDate)}からの次年度のご契約内容（保険料など）で`
  return plainMail('renewalNotice', context, 'ご契約の自動更新のご案内', [
    `${context.groupName}の団体保険のご契約（加入者番号：${context.groupPfPolicyHolderNo}）は、${formatJapaneseDate(context.renewalFixDate)}に、${next}自動的に更新されます。`,
    [
      '・プランや特約を変更される場合は、マイページから更新のお手続きをしてください。',
      `・更新を希望されない場合は、${formatJapaneseDate(context.renewalFixDate)}の前日までに、マイページから自動更新の停止をお申し出ください。`,
      '・この日を過ぎると、マイページからは停止できません。取扱代理店へご連絡ください。',
    ].join('\n'),
    myPageLines(context.myPageUrl),
  ])
}
