import { formatYen } from '@app/shared'
import { plainMail, type MyPageMailContext } from './my-page-templates.ts'
import type { MailContent } from './outbox.ts'

// The reconciliation desk's mail to an applicant (issue #21 point 3, ADR 0031): the rest of an
// under-paid transfer asked for. The operator's note is never in it.

type MailTemplate = Omit<MailContent, 'recipient'>

export interface ShortfallRequestInput extends MyPageMailContext {
  groupPfPolicyHolderNo: string
  dueAmount: number
  paidAmount: number
  accountNumber: string
  bankName: string
  branchName: string
}

/** ご入金不足分のお振り込みのお願い */
export function shortfallRequestMail(input: ShortfallRequestInput): MailTemplate {
  const shortfall = formatYen(input.dueAmount - input.paidAmount)
  return plainMail('moneyShortfallRequest', input, 'ご入金不足分のお振り込みのお願い', [
    `${input.groupName}の団体保険のお申し込みについて、保険料のご入金が${shortfall}不足しています。`,
    [
      `・加入者番号：${input.groupPfPolicyHolderNo}`,
      `・お振込金額：${formatYen(input.dueAmount)}`,
      `・ご入金額（合計）：${formatYen(input.paidAmount)}`,
      `・不足額：${shortfall}`,
      `・お振込先：${input.bankName} ${input.branchName} ${input.accountNumber}`,
    ].join('\n'),
    `お手数ですが、不足分の${shortfall}を同じ口座にお振り込みください。`,
  ])
}
