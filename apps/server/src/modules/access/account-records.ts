// The access module's published operations on the account (issue #18): my-page reads and changes
// an account only through these, never through the table.
export {
  changeMailAddress,
  findSignInAccountById,
  findSignInAccountByUserId,
  findSignInAccountByUserIdAndMail,
  listAccountsByMail,
  registerPhone,
  setPasswordHash,
  type SignInAccount,
  type StoredConsent,
} from './account-repository.ts'
