// Text of sendVerificationMail (issue #5, ADR 0010): the mail address, the my-page password and
// what to do when the mail does not arrive. Written per STYLE.md §8.
export const sendVerificationMailMessages = {
  'sendVerificationMail.lead':
    '確認メールの送信先のメールアドレスと、マイページにログインするときのパスワードを設定してください。メールに記載のURLを開いてこのパスワードを入力すると、お申し込みの手続きに進みます。',
  // issue #23 point 14
  'sendVerificationMail.resuming':
    '途中まで入力したお申し込みがあります。確認メールのURLから、続きを再開できます（入力済みの内容はそのまま残っています）。ここで設定するパスワードが新しいパスワードになり、前回設定したパスワードは使えなくなります。',
  'sendVerificationMail.email': 'メールアドレス',
  'sendVerificationMail.email.support': '確認メールと、お申し込みに関するご連絡をお送りします。',
  'sendVerificationMail.password': 'パスワード',
  'sendVerificationMail.password.conditions':
    '半角の英数字と記号を使い、次の5つの条件をすべて満たしてください。',
  'sendVerificationMail.password.length': '10文字以上',
  'sendVerificationMail.password.lowercase': '英小文字（a〜z）を含む',
  'sendVerificationMail.password.uppercase': '英大文字（A〜Z）を含む',
  'sendVerificationMail.password.digit': '数字（0〜9）を含む',
  'sendVerificationMail.password.symbol': '記号（!、#、% など）を含む',
  'sendVerificationMail.passwordConfirmation': 'パスワード（確認用）',
  'sendVerificationMail.passwordConfirmation.support':
    '確認のため、同じパスワードをもう一度入力してください。',
  'sendVerificationMail.showPassword': 'パスワードを表示する',
  'sendVerificationMail.submit': '確認メールを送信する',
  'sendVerificationMail.sent.heading': '確認メールを送信しました',
  'sendVerificationMail.sent.body':
    'メールに記載のURLを開き、このページで設定したパスワードを入力して、お手続きを続けてください。URLの有効期限は送信から1時間で、使えるのは1回だけです。',
  'sendVerificationMail.sent.address': '送信先のメールアドレス',
  'sendVerificationMail.sent.expiresAt': 'URLの有効期限',
  'sendVerificationMail.notArrived.heading': 'メールが届かないときは',
  'sendVerificationMail.notArrived.spam':
    '迷惑メールのフォルダーに振り分けられていないか、ご確認ください。',
  'sendVerificationMail.notArrived.domain':
    '受信するドメインを指定している場合は、このサービスからのメールを受け取れるように設定してください。',
  'sendVerificationMail.notArrived.resend':
    'メールアドレスに誤りがあった場合や、URLの有効期限が切れた場合は、下のボタンから入力し直して、もう一度送信してください。',
  'sendVerificationMail.resend': 'メールアドレスを入力し直す',
  'dateTime.jst': '{dateTime}（日本時間）',
} as const
