import { adminConsoleMessages } from './admin-console.ja.ts'
import { adminErrorMessages } from './admin-errors.ja.ts'
import { adminMailMessages } from './admin-mail.ja.ts'
import { staffIdentityMessages } from './staff-identity.ja.ts'
import { adminNoticeMailMessages } from './admin-notice-mail.ja.ts'
import { consentRuleMessages } from './consent-rules.ja.ts'
import { documentsMessages } from './documents.ja.ts'
import { errorMessages } from './errors.ja.ts'
import { fieldMessages } from './fields.ja.ts'
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

/**
 * 日本語メッセージ一覧（STYLE.md §8）。文言は担当ごとのファイルに置き、ここで1つにまとめる。
 * キーが重ならないことは ja.test.ts で確かめる。ブラウザは一覧ではなく、画面の領域ごとの
 * 翻訳関数（shell.ts, fields.ts, documents.ts, verify-user.ts…）で必要なファイルだけを読む（ADR 0011）。
 */
export const ja = {
  ...errorMessages,
  ...fieldMessages,
  ...consentRuleMessages,
  ...shellMessages,
  ...documentsMessages,
  ...verifyUserMessages,
  ...sendVerificationMailMessages,
  ...flowPhaseMessages,
  ...pamphletMessages,
  ...serverMessages,
  ...applicationRuleMessages,
  ...applicationFlowMessages,
  ...applicationFormMessages,
  ...policyHolderFormMessages,
  ...insuredFormMessages,
  ...requiredDocsMessages,
  ...paymentMessages,
  ...myPageMessages,
  ...myPageScreenMessages,
  ...premiumPaymentsMessages,
  ...renewalScreenMessages,
  ...invoiceMessages,
  ...adminErrorMessages,
  ...adminMailMessages,
  ...staffIdentityMessages,
  ...adminConsoleMessages,
  ...adminNoticeMailMessages,
} as const
