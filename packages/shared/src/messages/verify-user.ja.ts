// Text of verifyUser (SPEC §2.1, §6; issue #5, ADR 0010): the first-entry ID or three-item check,
// and the page the verification mail links to. Written per STYLE.md §8.
export const verifyUserMessages = {
  'verifyUser.firstEntryId.lead':
    'ご本人であることを確認します。団体からお知らせした初回登録IDとパスワードを入力してください。',
  'verifyUser.firstEntryId': '初回登録ID',
  'verifyUser.firstEntryId.support': '半角の英大文字と数字で入力してください。',
  'verifyUser.firstEntryPassword': 'パスワード',
  'verifyUser.firstEntryPassword.support':
    '初回登録IDと一緒にお知らせしたパスワードを、半角英数字で入力してください。',
  'verifyUser.authItems.lead':
    'ご本人であることを確認します。団体に登録されている内容と同じになるように、次の項目を入力してください。',
  'verifyUser.submit': '本人確認をする',
  'verifyUser.mail.heading': 'メールアドレスの確認',
  'verifyUser.mail.checking': '確認メールのURLを確かめています。',
  // issue #23 point 14
  'verifyUser.mail.resuming':
    '途中まで入力したお申し込みを再開します。入力済みの内容はそのまま残っています。パスワードは、確認メールを送るときに新しく設定したものを入力してください。',
  'verifyUser.mail.lead':
    'メールアドレスの確認を完了するため、確認メールを送信する前に設定したパスワードを入力してください。確認が済むと、お申し込みの手続きに進みます。',
  'verifyUser.mail.password': 'パスワード',
  'verifyUser.mail.password.support':
    '確認メールを送信するときに設定した、マイページのパスワードです。',
  'verifyUser.mail.submit': '確認して次へ',
  'verifyUser.mail.restart': '本人確認を最初からやり直す',
} as const
