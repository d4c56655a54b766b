// The security module's published operations: for retention (issue #19 point 4), and for the back
// office's unlock (issue #20 point 6), which finds and ends the locks of a member's subjects.
export {
  deleteLockouts,
  deleteLockoutsEndedBefore,
  deleteRateLimitHitsBefore,
  findLockedSubjects,
} from './security-repository.ts'
