import { formatYen, formatYyyymmdd } from '@app/shared'
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

function monthText(yyyymm: string): string {
  return `${Number(yyyymm.slice(0, 4))}年${Number(yyyymm.slice(4, 6))}月分`
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
      'このままでは保障を続けられない場合があります。お手数ですが、下記のお問い合わせ先までご連絡ください。',
    ],
  )
}
