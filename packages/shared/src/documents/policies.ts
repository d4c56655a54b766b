import { privacyPolicy } from './privacy-policy.ts'
import { securityPolicy } from './security-policy.ts'
import { systemTerms } from './system-terms.ts'
import { termsOfUse } from './terms-of-use.ts'
import type { PolicyDocument } from './types.ts'

/** 利用規約・各種ポリシーのページに載せる順（SPEC §2.3, §8.4 の並び）。 */
export const policyDocuments: readonly PolicyDocument[] = [
  termsOfUse,
  systemTerms,
  privacyPolicy,
  securityPolicy,
]
