import { applicationFormsCatalogue } from './application-forms-common.ts'
import { insuredFormMessages } from './insured-form.ja.ts'
import { policyHolderFormMessages } from './policy-holder-form.ja.ts'
import { requiredDocsMessages } from './required-docs.ja.ts'
import { translator } from './format.ts'

// Every text of the application's input screens (issue #6), for the tests and the server. The
// screens themselves use application-forms-common.ts and their own file, so each downloads only
// its texts (ADR 0011).

/** t() over all the texts of the application's input screens. */
export const t = translator({
  ...applicationFormsCatalogue,
  ...policyHolderFormMessages,
  ...insuredFormMessages,
  ...requiredDocsMessages,
})
