// The payment module's published reads (issue #18): the metrics read the payment outcomes
// through these, never through the payment repository.
export { countAttemptsByOutcome } from './payment-repository.ts'
