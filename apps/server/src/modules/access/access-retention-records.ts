// The access module's published operations for retention (issue #19 point 4): the retention job
// deletes accounts, verification links and sessions only through these.
export {
  deleteAccountsWithoutApplications,
  deleteSessionsEndedBefore,
  deleteVerificationsExpiredBefore,
} from './account-repository.ts'
