import type { VirtualAccount } from '@app/shared/api/payment/virtual-account'
import type { VirtualAccountRow } from './payment-repository.ts'

// A kept virtual account as the screens show it: the completion's, and a transferred
// instalment's in the my-page (ADR 0039).

export function virtualAccountOf(row: VirtualAccountRow): VirtualAccount {
  return {
    bankName: row.bankName,
    bankCode: row.bankCode,
    branchName: row.branchName,
    branchCode: row.branchCode,
    accountType: row.accountType,
    accountNumber: row.accountNumber,
    accountHolder: row.accountHolder,
    amount: row.amount,
    dueDate: row.dueDate,
    paidAmount: row.paidAmount,
    // the table's check constraint allows only these values
    depositStatus: row.depositStatus as VirtualAccount['depositStatus'],
  }
}
