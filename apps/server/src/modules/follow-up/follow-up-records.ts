// The follow-up module's published reads (issue #18): the payment module finds the contract an
// invoice is for through this (ADR 0032).
export { findInvoiceContract, type InvoiceContract } from './follow-up-repository.ts'
