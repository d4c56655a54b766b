// The payment module's published operations (issue #18): the metrics read the payment outcomes,
// and the retention job deletes spent rows (issue #19 point 4), through these, never through the
// payment repository.
export {
  countAttemptsByOutcome,
  deleteExpiredPuzzles,
  deleteFailedAttemptsOf,
} from './payment-repository.ts'

// The my-page's view of a card-paid contract's instalments (issue #24, ADR 0038).
export {
  findStoredCardInUse,
  listInstalments,
  type InstalmentRow,
} from './instalment-repository.ts'
