import { formatYen, formatYyyymmdd } from '@app/shared'
import { formatJapaneseYearMonth } from '@app/shared/format/display'
import { plainMail, type MyPageMailContext } from './my-page-templates.ts'
import type { MailContent } from './outbox.ts'

// The instalment charge job's mails to the holder (issue #24 point 3, ADR 0038): a declined
// monthly charge, with when it is tried again, and the last refusal. No card detail beyond what
// the my-page shows is ever in them (none at all here).

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
