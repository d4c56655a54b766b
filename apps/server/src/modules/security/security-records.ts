// The security module's published operations for retention (issue #19 point 4).
export { deleteLockoutsEndedBefore, deleteRateLimitHitsBefore } from './security-repository.ts'
