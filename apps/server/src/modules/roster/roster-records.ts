// The roster module's published operations (issue #18): the back office issues a member's
// first-entry password again through this, never through the table (issue #20 point 6).
export { replaceFirstEntryPasswordHash } from './roster-repository.ts'
export { generateInitialPassword } from './credentials.ts'
