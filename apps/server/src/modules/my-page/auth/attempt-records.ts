// The my-page module's published operation for retention (issue #19 point 4).
export { deleteAttemptsExpiredBefore } from './attempt-repository.ts'
