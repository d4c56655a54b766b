import type { VirtualAccount } from '@app/shared/api/payment/virtual-account'
import type { VirtualAccountRow } from './payment-repository.ts'
import type { IssuedVirtualAccount } from './provider.ts'

// A virtual account between the provider, our table and the screens: the completion's, a renewal
// invoice's, and a transferred instalment's (ADR 0039).

/** The provider's issued account as the columns we keep of it. */
export function issuedAccountColumns(account: IssuedVirtualAccount) {
  return {
    providerAccountId: account.id,
    bankName: account.bankName,
    bankCode: account.bankCode,
    branchName: account.branchName,
    branchCode: account.branchCode,
    accountType: account.accountType,
    accountNumber: account.accountNumber,
    accountHolder: account.accountHolder,
    amount: account.amount,
    dueDate: account.dueDate,
  }
}

/** A kept account as the screens show it. */
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
