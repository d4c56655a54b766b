// The back office's mail (issue #20 point 2, ADR 0026): the enrolment link sent to invited
// staff. Written per STYLE.md §8; the link itself never appears in a log.
export const adminMailMessages = {
  'adminMail.enrolment.subject': '【団体保険 管理】スタッフ登録のご案内',
  'adminMail.enrolment.greeting': '{name} 様',
  'adminMail.enrolment.lead':
    '団体保険の管理画面を利用するスタッフとして登録されました。下記のリンクを開き、パスキー、またはパスワードと確認コード（認証アプリ）を設定して、登録を完了してください。',
  'adminMail.enrolment.expiry': 'リンクの有効期限：{expiresAt}まで（発行から{hours}時間）',
  'adminMail.enrolment.once':
    'リンクは1回だけご利用いただけます。有効期限が過ぎた場合は、管理者に再発行を依頼してください。',
  'adminMail.enrolment.notYou':
    'このメールにお心当たりのない場合は、リンクを開かずに、このメールを破棄してください。',
  'adminMail.noReply': 'このメールは送信専用です。返信いただいてもお答えできません。',
} as const
