import { subjectHash, type ServerKeys } from '../security/secrets.ts'

// Whose tries the identity checks count (PRODUCT.md "Lockout"): keyed hashes of what was tried.
// One definition, used by the checks themselves and by the back office's unlock (issue #20
// point 6), which must name exactly the same subjects.

export interface ProductKey {
  groupPfCode: string
  groupPfCodeInceptionDateYm: string
}

function productKey(product: ProductKey): string {
  return `${product.groupPfCode}|${product.groupPfCodeInceptionDateYm}`
}

/** verifyUser by first-entry ID (authenticationType "1"): the product and the ID tried. */
export function verifyIdSubject(
  keys: ServerKeys,
  product: ProductKey,
  firstEntryId: string,
): string {
  return subjectHash(keys, 'verify-id', productKey(product), firstEntryId)
}

/** Three-item verifyUser ("2"): the product and the first item's normalised value. */
export function verifyItemSubject(
  keys: ServerKeys,
  product: ProductKey,
  firstItem: string,
): string {
  return subjectHash(keys, 'verify-item', productKey(product), firstItem)
}

/** The password asked on a verification link's page: the link. */
export function verificationSubject(keys: ServerKeys, verificationId: string): string {
  return subjectHash(keys, 'verification', verificationId)
}
