// The payment module's published operations for retention (issue #19 point 4).
export { deleteExpiredPuzzles, deleteFailedAttemptsOf } from './payment-repository.ts'
