// Text of the web app's shell (titles, header, footer, session warning) and of the form kit: the
// first download carries it (ADR 0011). Titles the issue gives are copied verbatim (利用規約,
// 本人確認, ログイン, ホーム, パンフレット, 利用規約・各種ポリシー); the others are written per
// STYLE.md §8.
export const shellMessages = {
  // Application shell (SPEC §2.4)
  'app.name': '団体保険 Web加入・加入者マイページ',
  'app.documentTitle': '{title} | {site}',
  'app.skipToMain': '本文へ移動',
  'app.loading': '読み込んでいます…',
  'app.header.encryptionNotice': 'このページの通信は暗号化されています。',
  'app.footer.navigation': 'フッターナビゲーション',
  'app.footer.systemTerms': '利用規約・各種ポリシー',
  'app.footer.copyright': '団体保険 Web加入・加入者マイページ',
  'screen.groupName': '団体名：{groupName}',

  // Enrolment area (SPEC §2.1)
  'screen.applyLinkGuide.title': 'お申し込み用URLのご案内',
  'screen.autoRenewCheck.title': '自動更新の確認',
  'screen.autoRenewStopCheck.title': '自動更新停止の確認',
  'screen.autoRenewStopComplete.title': '自動更新停止の完了',
  'screen.checkPolicyHolderInfo.title': 'お申し込み内容の確認',
  'screen.completeApplication.title': 'お申し込みの完了',
  'screen.entryTerms.title': 'お申し込みにあたっての同意事項',
  'screen.inputPolicyHolderInfo.title': '加入者情報の入力',
  'screen.noticeMatters.title': '告知事項',
  'screen.noticeMattersDoc.title': '必要書類のアップロード',
  'screen.pamphletImportantNotes.title': '重要事項のご確認',
  'screen.payment.title': 'お支払い',
  'screen.registerInsuredInfo.title': '被保険者の登録',
  'screen.registerInsuredInfoUnit.title': '被保険者情報の入力',
  'screen.registerMaintenanceManager.title': '管理担当者の登録',
  'screen.renewalProcedure.title': '更新のお手続き',
  'screen.selectCategory.title': '加入区分の選択',
  'screen.selectPolicyHolderDiv.title': '加入者区分の選択',
  'screen.selectType.title': 'プラン・タイプの選択',
  'screen.sendVerificationMail.title': '確認メールの送信',
  'screen.termsOfService.title': '利用規約',
  'screen.verifyUser.title': '本人確認',

  // My-page area (SPEC §2.2)
  'screen.checkContractInfo.title': 'ご契約内容の確認',
  'screen.home.title': 'ホーム',
  'screen.invoice.title': '保険料のお支払い',
  'screen.changeCard.title': 'お支払いカードの変更',
  'screen.idReNotification.title': 'IDの再通知',
  'screen.idReNotificationComplete.title': 'IDの再通知の完了',
  'screen.login.title': 'ログイン',
  'screen.loginCode.title': '認証コードの入力',
  'screen.logout.title': 'ログアウト',
  'screen.mailChange.title': 'メールアドレスの変更',
  'screen.mailChangeCode.title': 'メールアドレス変更の認証コードの入力',
  'screen.mailChangeComplete.title': 'メールアドレスの変更の完了',
  'screen.passwordReset.title': 'パスワードの再設定',
  'screen.passwordResetCode.title': 'パスワード再設定の認証コードの入力',
  'screen.passwordResetComplete.title': 'パスワードの再設定の完了',
  'screen.phoneNumberRegistrationComplete.title': '電話番号の登録の完了',
  'screen.startRegisterTelephoneAuth.title': '電話番号認証の登録',
  'screen.telephoneAuthSelect.title': '電話番号認証の方法の選択',
  'screen.verifyTelephoneAuth.title': '電話番号認証の認証コードの入力',

  // Public pages (SPEC §2.3)
  'screen.pamphlet.title': 'パンフレット',
  'screen.systemTermsOfServiceAndPolicies.title': '利用規約・各種ポリシー',

  // Form kit (components/form, STYLE.md §5): the DADS field anatomy and the error summary
  'form.required': '※必須',
  'form.errorSummary.title': '入力内容を確認してください',
  'form.errorSummary.item': '{label}：{message}',
  'form.date.year': '年',
  'form.date.month': '月',
  'form.date.day': '日',

  // Sessions (PRODUCT.md "Sessions"): sign-out, and the warning before the idle timeout
  'session.signOut': 'ログアウト',
  'session.warning.title': 'まもなく自動的にログアウトします',
  'session.warning.description':
    '操作のない状態が続いているため、あと{minutes}分{seconds}秒で自動的にログアウトします。お手続きを続ける場合は、「延長する」を押してください。',
  'session.warning.extend': '延長する',
  'session.warning.signOut': 'ログアウト',
} as const
