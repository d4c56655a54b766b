// Text of the screens that show the product's documents and ask for consent (ADR 0009): the
// system terms page and the enrolment entry screens. Written per STYLE.md §8.
export const documentsMessages = {
  // Documents (利用規約・各種ポリシー and the entry screens); their text is in documents/
  'document.enacted': '{date} 制定',
  'document.opensInNewTab': '（新しいタブで開きます）',
  'document.contents': '目次',
  'document.backToTop': 'ページの先頭へ戻る',
  'systemTerms.lead':
    '本サービスをご利用いただくうえでの規約と、お客さまの情報の取扱いに関する方針です。',
  'termsOfService.relatedPolicies':
    'システム利用規約、個人情報保護方針および情報セキュリティ方針も、利用規約の一部です。次のページでご確認いただけます。',
  'applyLinkGuide.next': '利用規約の確認へ進む',
  // issue #17 point 10: termsOfService leads to applyLinkGuide (SPEC §2.1, §2.5: in the flow)
  'termsOfService.applyLinkGuide':
    'お申し込みの流れ、お申し込みいただける方、ご用意いただくものは、次のご案内をご覧ください。',
  'termsOfService.applyLinkGuide.link': 'お申し込み用URLのご案内を見る',
  'pamphletImportantNotes.back': 'お申し込み内容の確認へ戻る',

  // Entry screens outside the recruiting period (SPEC §8.4, same words as the pamphlet)
  'recruitment.closed': '現在、お申し込みを受け付けていません。募集期間をご確認ください。',
  'recruitment.periodsHeading': '募集期間',
  'recruitment.contactHeading': 'お問い合わせ先',

  // Consent on the entry screens: legends and boxes (the message for a box left unticked is in
  // consent-rules.ja.ts)
  'consent.submit': '同意して次へ',
  'consent.termsOfUse.legend': '利用規約への同意',
  'consent.termsOfUse.label': '利用規約に同意する',
  'consent.entryTerms.legend': '同意事項の確認',
  'consent.entryTerms.label': '上記の同意事項を確認し、同意する',
  'consent.privacyPolicy.legend': '個人情報の取扱い',
  'consent.privacyPolicy.label': '個人情報の取扱いに同意する',
} as const
