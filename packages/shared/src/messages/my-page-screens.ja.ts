// Text of the my-page screens (issue #8, SPEC §2.2, §8.4; ADR 0015). Written per STYLE.md §8.
// The codes' own messages (error.APFL…, APFM0002, APFT…, APFH0001) are in my-page.ja.ts; the
// screens' titles in shell.ja.ts.
export const myPageScreenMessages = {
  // Shared by several screens
  'myp.toHome': 'ホームへ戻る',
  'myp.toLogin': 'ログイン画面へ',
  'myp.backToLogin': 'ログイン画面へ戻る',
  'myp.userId': 'ID',
  'myp.userId.support':
    'お申し込みの完了時にお知らせした、半角英数字のIDです（英字は大文字・小文字のどちらでも構いません）。',
  'myp.password': 'パスワード',
  'myp.showPassword': 'パスワードを表示する',
  'myp.registeredMailAddress': 'ご登録のメールアドレス',
  'myp.code': '認証コード',
  'myp.code.support': 'お送りした6桁の数字を入力してください。',
  'myp.code.validity':
    '認証コードの有効期限は、送信から{minutes}分です。期限が切れた場合は、認証コードを再送信してください。',
  'myp.code.sentTo.mail': '{destination} あてに、認証コードをメールでお送りしました。',
  'myp.code.sentTo.sms': '{destination} あてに、認証コードをSMSでお送りしました。',
  'myp.code.sentTo.voice':
    '{destination} あてにお電話し、認証コードを音声ガイダンスでお伝えしました。',
  'myp.code.resend': '認証コードを再送信する',
  'myp.code.resent': '認証コードを再送信しました。新しい認証コードを入力してください。',
  'myp.code.sending': '認証コードを送信しています。',
  'myp.newPassword': '新しいパスワード',
  'myp.newPasswordConfirmation': '新しいパスワード（確認用）',
  'myp.newPasswordConfirmation.support': '確認のため、同じパスワードをもう一度入力してください。',
  'myp.password.conditions': '半角の英数字と記号を使い、次の5つの条件をすべて満たしてください。',
  'myp.password.length': '10文字以上',
  'myp.password.lowercase': '英小文字（a〜z）を含む',
  'myp.password.uppercase': '英大文字（A〜Z）を含む',
  'myp.password.digit': '数字（0〜9）を含む',
  'myp.password.symbol': '記号（!、#、% など）を含む',
  'myp.mailNotArrived.heading': 'メールが届かないときは',
  'myp.mailNotArrived.spam': '迷惑メールのフォルダーに振り分けられていないか、ご確認ください。',
  'myp.mailNotArrived.domain':
    '受信するドメインを指定している場合は、このサービスからのメールを受け取れるように設定してください。',

  // login (SPEC §8.4 "My-page login": the four consents)
  'myp.login.lead':
    'マイページのIDとパスワードを入力してください。続いて、ご登録のメールアドレスまたは電話番号にお送りする認証コードを入力すると、ログインできます。',
  'myp.login.consents.heading': '規約・方針への同意',
  'myp.login.consents.lead':
    'ログインの前に、次の4つの規約・方針をご確認のうえ、それぞれに同意してください。',
  'myp.login.consent.termsOfUse.legend': '利用規約',
  'myp.login.consent.termsOfUse.label': '利用規約に同意する',
  'myp.login.consent.termsOfUse.link': '利用規約を読む',
  'myp.login.consent.termsOfUse.required': 'ログインには、利用規約への同意が必要です。',
  'myp.login.consent.systemTerms.legend': 'システム利用規約',
  'myp.login.consent.systemTerms.label': 'システム利用規約に同意する',
  'myp.login.consent.systemTerms.link': 'システム利用規約を読む',
  'myp.login.consent.systemTerms.required': 'ログインには、システム利用規約への同意が必要です。',
  'myp.login.consent.privacyPolicy.legend': '個人情報の取扱い',
  'myp.login.consent.privacyPolicy.label': '個人情報の取扱いに同意する',
  'myp.login.consent.privacyPolicy.link': '個人情報保護方針を読む',
  'myp.login.consent.privacyPolicy.required': 'ログインには、個人情報の取扱いへの同意が必要です。',
  'myp.login.consent.securityPolicy.legend': '情報セキュリティ方針',
  'myp.login.consent.securityPolicy.label': '情報セキュリティ方針に同意する',
  'myp.login.consent.securityPolicy.link': '情報セキュリティ方針を読む',
  'myp.login.consent.securityPolicy.required':
    'ログインには、情報セキュリティ方針への同意が必要です。',
  'myp.login.submit': 'ログインする',
  'myp.login.help.heading': 'ログインできないときは',
  'myp.login.forgotPassword': 'パスワードをお忘れの方',
  'myp.login.forgotId': 'IDをお忘れの方',

  // loginCode
  'myp.loginCode.submit': '認証してログインする',

  // telephoneAuthSelect (SPEC §3.6 flowType telephoneLogin / telephoneRegister)
  'myp.telephoneAuthSelect.lead.telephoneLogin':
    'ご登録の電話番号（{phoneNumber}）に認証コードをお送りします。受け取る方法を選んでください。',
  'myp.telephoneAuthSelect.lead.telephoneRegister':
    '登録する電話番号（{phoneNumber}）に認証コードをお送りします。受け取る方法を選んでください。',
  'myp.telephoneAuthSelect.channel': '認証コードの受け取り方法',
  'myp.telephoneAuthSelect.channel.support':
    'SMSは携帯電話でのみ受け取れます。音声ガイダンスでは、お電話で認証コードを読み上げます。',
  'myp.telephoneAuthSelect.channel.sms': 'SMS（ショートメッセージ）で受け取る',
  'myp.telephoneAuthSelect.channel.voice': '音声ガイダンス（自動音声のお電話）で受け取る',
  'myp.telephoneAuthSelect.channel.required': '認証コードの受け取り方法を選んでください。',
  'myp.telephoneAuthSelect.smsUnavailable':
    'この電話番号ではSMSを受け取れないため、音声ガイダンスを選んでいます。SMSで受け取る場合は、携帯電話の番号に変更してください。',
  'myp.telephoneAuthSelect.submit': '認証コードを送信する',
  'myp.telephoneAuthSelect.changeNumber': '電話番号を変更する',

  // verifyTelephoneAuth
  'myp.verifyTelephoneAuth.submit.telephoneLogin': '認証してログインする',
  'myp.verifyTelephoneAuth.submit.telephoneRegister': '認証して電話番号を登録する',
  'myp.verifyTelephoneAuth.reselect': '認証コードを受け取り直す（受け取り方法の選択へ）',

  // startRegisterTelephoneAuth
  'myp.startRegisterTelephoneAuth.lead':
    'ログインのときの認証コードを、メールの代わりに電話（SMSまたは音声ガイダンス）で受け取れるようにします。登録する電話番号を入力してください。',
  'myp.startRegisterTelephoneAuth.phoneNumber': '電話番号',
  'myp.startRegisterTelephoneAuth.phoneNumber.support':
    'ハイフンを入れずに、半角数字10桁または11桁で入力してください（例：09012345678）。',
  'myp.startRegisterTelephoneAuth.submit': '次へ',

  // phoneNumberRegistrationComplete
  'myp.phoneNumberRegistrationComplete.lead':
    '電話番号（{phoneNumber}）を登録しました。次回のログインから、認証コードはこの電話番号にお送りします。',

  // home (SPEC §2.2, §4 status patterns)
  'myp.home.greeting': '{name}様',
  'myp.home.userId': 'マイページID：{userId}',
  'myp.home.contracts.heading': 'ご契約内容',
  'myp.home.contracts.none': '表示できるご契約はありません。',
  'myp.home.contract.heading': '保険期間：{period}',
  'myp.home.contract.period': '{inception}〜{expiry}',
  'myp.home.contract.periodFrom': '{yearMonth}から',
  'myp.home.contract.groupPfName': 'ご加入の保険',
  'myp.home.contract.policyHolderNo': '加入者番号',
  'myp.home.contract.status': 'お手続きの状況',
  'myp.home.contract.pymntMethod': 'お支払い方法',
  'myp.home.contract.applicationDate': 'お申し込み日',
  'myp.home.status.110': 'お手続き中・未入金',
  'myp.home.status.210': '手続き済み・未入金',
  'myp.home.status.211': '手続き済み・お振込待ち',
  'myp.home.status.220': '手続き済み・ご請求中',
  'myp.home.status.330': 'お申し込み済み・お支払い済み',
  'myp.home.pymntMethod.1': 'クレジットカード',
  'myp.home.pymntMethod.3': '銀行振込（専用の振込口座）',
  'myp.home.pymntMethod.4': '団体扱（ご所属の団体を通じてお支払い）',
  'myp.home.contract.check': '契約内容を確認する',
  'myp.home.contract.certificate': '加入者証をダウンロード',
  'myp.home.contract.certificate.preparing': '加入者証を準備しています。',
  'myp.home.contract.renewal': '更新のお手続きをする',
  'myp.home.contract.renewalResume': '更新手続きを再開する',
  'myp.home.contract.autoRenewCheck': '自動更新の内容を確認する',
  // issue #9, SPEC §3.7 renewSttsDiv (ADR 0016) in words
  'myp.home.contract.renewalStatus': '更新の状況',
  'myp.home.renewal.1': '更新済み',
  'myp.home.renewal.2': '自動更新停止済み（保険期間の満了をもって終了します）',
  'myp.home.renewal.3': '未更新',
  'myp.home.renewal.3.auto': '未更新（{date}に自動更新されます）',
  'myp.home.renewal.3.inProcedure': '更新のお手続き中',
  'myp.home.renewal.4': '更新できません（お手続きの期限を過ぎました）',
  'myp.home.renewal.3.auto.opensOn':
    '未更新（{date}に自動更新されます。更新のお手続きは、補償が始まる{opensOn}からできます）',
  'myp.home.renewal.3.opensOn': '未更新（更新のお手続きは、補償が始まる{date}からできます）',
  'myp.home.contract.stopAutoRenewal': '自動更新を停止する',
  'myp.home.contract.actionsFor': '保険期間 {period} のご契約',
  'myp.home.account.heading': 'アカウントの設定',
  'myp.home.account.mailAddress': 'メールアドレス',
  'myp.home.account.mailChange': 'メールアドレスを変更する',
  'myp.home.account.telephone': '電話番号認証',
  'myp.home.account.telephone.registered':
    '登録済み（{phoneNumber}）：ログインのときの認証コードは、この電話番号にお送りします。',
  'myp.home.account.telephone.none':
    '未登録：ログインのときの認証コードは、ご登録のメールアドレスにお送りします。',
  'myp.home.account.telephone.register': '電話番号認証を登録する',
  'myp.home.account.telephone.change': '登録する電話番号を変更する',
  'myp.home.password.heading': 'パスワードの変更',
  'myp.home.password.lead': '現在のパスワードと、新しいパスワードを入力してください。',
  'myp.home.password.current': '現在のパスワード',
  'myp.home.password.submit': 'パスワードを変更する',
  'myp.home.password.changed':
    'パスワードを変更しました。次回のログインから、新しいパスワードをお使いください。',
  'myp.home.logout': 'ログアウト',

  // checkContractInfo
  'myp.checkContractInfo.lead': '保険期間 {period} のご契約内容です。',
  'myp.checkContractInfo.summary': 'ご契約の概要',
  // (保険料のお支払い: premium-payments.ja.ts, the contract view's own)

  // mailChange, mailChangeCode, mailChangeComplete
  'myp.mailChange.lead':
    '新しいメールアドレスを入力してください。入力したメールアドレスに、変更を確かめるための認証コードをお送りします。',
  'myp.mailChange.newMailAddress': '新しいメールアドレス',
  'myp.mailChange.newMailAddress.support':
    'ご契約に関するご連絡も、このメールアドレスにお送りするようになります。',
  'myp.mailChange.submit': '認証コードを送信する',
  'myp.mailChangeCode.submit': '認証してメールアドレスを変更する',
  'myp.mailChangeCode.reenter': 'メールアドレスを入力し直す',
  'myp.mailChangeComplete.lead':
    'メールアドレスを {mailAddress} に変更しました。変更前のメールアドレスにも、変更のお知らせをお送りしました。',

  // passwordReset, passwordResetCode, passwordResetComplete
  'myp.passwordReset.lead':
    'ご登録のIDとメールアドレスを入力してください。ご登録の内容と一致した場合は、パスワードを再設定するための認証コードをメールでお送りします。',
  'myp.passwordReset.submit': '認証コードを送信する',
  'myp.passwordResetCode.lead':
    '{destination} あてに、パスワードを再設定するための認証コードをお送りしました（ご入力のIDとメールアドレスが、ご登録の内容と一致した場合に限ります）。認証コードと新しいパスワードを入力してください。',
  'myp.passwordResetCode.submit': 'パスワードを再設定する',
  'myp.passwordResetCode.restart': 'IDとメールアドレスを入力し直す',
  'myp.passwordResetComplete.lead':
    'パスワードを再設定しました。新しいパスワードでログインしてください。',

  // idReNotification, idReNotificationComplete (never says whether the address is registered)
  'myp.idReNotification.lead':
    'ご登録のメールアドレスを入力してください。ご登録のメールアドレスであれば、IDをメールでお知らせします。',
  'myp.idReNotification.submit': 'IDを送信する',
  'myp.idReNotificationComplete.lead':
    'ご入力のメールアドレス（{destination}）がご登録のものであれば、IDをお知らせするメールをお送りしました。',
  'myp.idReNotificationComplete.retry':
    'しばらくたってもメールが届かない場合は、メールアドレスに誤りがないかご確認のうえ、もう一度お手続きください。',

  // logout
  'myp.logout.done': 'ログアウトしました。ご利用ありがとうございました。',
} as const satisfies Record<string, string>
