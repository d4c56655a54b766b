// The mail module's published operation for retention (issue #19 point 4).
export { deleteMessagesCreatedBefore } from './outbox-repository.ts'
