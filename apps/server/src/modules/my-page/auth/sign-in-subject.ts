import { subjectHash, type ServerKeys } from '../../security/secrets.ts'

/**
 * Whose my-page sign-in tries are counted: a keyed hash of the group and the ID, known or not.
 * Also named by the back office's unlock (issue #20 point 6).
 */
export function myPageSignInSubject(keys: ServerKeys, groupPfCode: string, userId: string): string {
  return subjectHash(keys, 'my-page-sign-in', groupPfCode, userId)
}
