// The messages of the back office's own error codes (issue #20, ADR 0026), put in error bodies
// by the server and shown by the console (STYLE.md §8).
export const adminErrorMessages = {
  'error.ADMA0001':
    'サインインしていないか、一定時間操作がなかったためサインインが終了しました。もう一度サインインしてください。',
  'error.ADMA0002': 'この操作を行う権限がありません。',
  'error.ADMA0003':
    'サインインできませんでした。メールアドレス、パスワード、確認コード（またはパスキー）をご確認ください。',
  'error.ADMA0004':
    'サインインの失敗が続いたため、しばらくサインインできません。時間をおいて、もう一度お試しください。',
  'error.ADMA0005':
    '登録用のリンクは、有効期限（24時間）が切れているか、すでに使用されています。管理者に再発行を依頼してください。',
  'error.ADMN0001': '指定された記録は存在しないか、担当範囲外です。',
  'error.ADMC0001':
    'この申込は現在の状態では操作できません。画面を再読み込みして、最新の状態をご確認ください。',
} as const
