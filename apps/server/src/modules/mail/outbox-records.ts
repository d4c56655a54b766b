// The mail module's published reads (issue #18): the metrics read the outbox's backlog through
// these, never through the outbox repository.
export { countOutbox } from './outbox-repository.ts'
