// The mail module's published operations (issue #18): the metrics read the outbox's backlog, and
// the retention job deletes old usage records (issue #19 point 4), through these, never through
// the outbox repository.
export { countOutbox, deleteMessagesCreatedBefore } from './outbox-repository.ts'
