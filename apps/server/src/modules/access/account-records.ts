// The access module's published operations on the account (issue #18): my-page changes an
// account only through these, never through the table.
export { changeMailAddress, registerPhone, setPasswordHash } from './account-repository.ts'
