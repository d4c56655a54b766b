import { describe, it, expect } from 'vitest'
import { consentRuleMessages } from './consent-rules.ja.ts'
import { documentsMessages } from './documents.ja.ts'
import { errorMessages } from './errors.ja.ts'
import { fieldMessages } from './fields.ja.ts'
import { ja } from './ja.ts'
import { pamphletMessages } from './pamphlet.ja.ts'
import { sendVerificationMailMessages } from './send-verification-mail.ja.ts'
import { flowPhaseMessages } from './flow-phase.ja.ts'
import { serverMessages } from './server.ja.ts'
import { shellMessages } from './shell.ja.ts'
import { verifyUserMessages } from './verify-user.ja.ts'
import { applicationRuleMessages } from './application.ja.ts'
import { applicationFlowMessages } from './application-flow.ja.ts'
import { applicationFormMessages } from './application-forms.ja.ts'
import { policyHolderFormMessages } from './policy-holder-form.ja.ts'
import { insuredFormMessages } from './insured-form.ja.ts'
import { requiredDocsMessages } from './required-docs.ja.ts'
import { paymentMessages } from './payment.ja.ts'
import { myPageMessages } from './my-page.ja.ts'
import { myPageScreenMessages } from './my-page-screens.ja.ts'
import { premiumPaymentsMessages } from './premium-payments.ja.ts'
import { renewalScreenMessages } from './renewal-screens.ja.ts'
import { invoiceMessages } from './invoice.ja.ts'
import { adminErrorMessages } from './admin-errors.ja.ts'
import { adminMailMessages } from './admin-mail.ja.ts'
import { staffIdentityMessages } from './staff-identity.ja.ts'
import { adminConsoleMessages } from './admin-console.ja.ts'
import { adminNoticeMailMessages } from './admin-notice-mail.ja.ts'

const sources: [string, Readonly<Record<string, string>>][] = [
  ['errors.ja.ts', errorMessages],
  ['fields.ja.ts', fieldMessages],
  ['consent-rules.ja.ts', consentRuleMessages],
  ['shell.ja.ts', shellMessages],
  ['documents.ja.ts', documentsMessages],
  ['verify-user.ja.ts', verifyUserMessages],
  ['send-verification-mail.ja.ts', sendVerificationMailMessages],
  ['flow-phase.ja.ts', flowPhaseMessages],
  ['pamphlet.ja.ts', pamphletMessages],
  ['server.ja.ts', serverMessages],
  ['application.ja.ts', applicationRuleMessages],
  ['application-flow.ja.ts', applicationFlowMessages],
  ['application-forms.ja.ts', applicationFormMessages],
  ['policy-holder-form.ja.ts', policyHolderFormMessages],
  ['insured-form.ja.ts', insuredFormMessages],
  ['required-docs.ja.ts', requiredDocsMessages],
  ['payment.ja.ts', paymentMessages],
  ['my-page.ja.ts', myPageMessages],
  ['my-page-screens.ja.ts', myPageScreenMessages],
  ['premium-payments.ja.ts', premiumPaymentsMessages],
  ['renewal-screens.ja.ts', renewalScreenMessages],
  ['invoice.ja.ts', invoiceMessages],
  ['admin-errors.ja.ts', adminErrorMessages],
  ['admin-mail.ja.ts', adminMailMessages],
  ['staff-identity.ja.ts', staffIdentityMessages],
  ['admin-console.ja.ts', adminConsoleMessages],
  ['admin-notice-mail.ja.ts', adminNoticeMailMessages],
]

describe('日本語メッセージ一覧（STYLE.md §8 one typed catalog）', () => {
  it('担当ごとのファイルのキーが重ならないこと（重なると後のファイルが黙って上書きする）', () => {
    const owners = new Map<string, string>()
    const duplicates: string[] = []
    for (const [file, messages] of sources) {
      for (const key of Object.keys(messages)) {
        const owner = owners.get(key)
        if (owner !== undefined) duplicates.push(`${key} (${owner}, ${file})`)
        owners.set(key, file)
      }
    }
    expect(duplicates).toEqual([])
  })

  it.each(sources)('%s の文言がすべて一覧にあること', (_file, messages) => {
    for (const [key, text] of Object.entries(messages)) {
      expect((ja as Readonly<Record<string, string>>)[key]).toBe(text)
    }
  })

  it('一覧のキーの数が各ファイルの合計と同じであること', () => {
    const total = sources.reduce((sum, [, messages]) => sum + Object.keys(messages).length, 0)
    expect(Object.keys(ja)).toHaveLength(total)
  })
})
