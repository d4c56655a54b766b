// The message of the `required` rule for each consent box (SPEC §8.4), shown in place of
// 「必須項目です。」 (the rule's `messageKey`); the server's consent check sends the same text.
export const consentRuleMessages = {
  'consent.termsOfUse.required': 'お申し込みには利用規約への同意が必要です。',
  'consent.entryTerms.required': 'お申し込みには、同意事項への同意が必要です。',
  'consent.privacyPolicy.required': 'お申し込みには、個人情報の取扱いへの同意が必要です。',
  'consent.importantNotes.required': 'お申し込みには、重要事項への同意が必要です。',
} as const
