// Field messages of staff enrolment and staff management (issue #20 point 2, ADR 0026): the
// server puts them in a 400 APFV0001's issues; the console shows them under the field.
export const staffIdentityMessages = {
  'staffIdentity.agentCd.required': '代理店スタッフには、担当の代理店を選んでください。',
  'staffIdentity.agentCd.unknown':
    '選んだ代理店が見つかりません。代理店の一覧から選び直してください。',
  'staffIdentity.agentCd.notAllowed':
    '代理店を指定できるのは代理店スタッフだけです。代理店の指定を外してください。',
  // issue #21 point 6 (h4-dashboard): the group contact's group
  'staffIdentity.groupPfCode.required': '団体担当者には、担当の団体を選んでください。',
  'staffIdentity.groupPfCode.unknown':
    '選んだ団体が見つかりません。団体の一覧から選び直してください。',
  'staffIdentity.groupPfCode.notAllowed':
    '団体を指定できるのは団体担当者だけです。団体の指定を外してください。',
  'staffIdentity.totpCode.wrong':
    '確認コードが正しくありません。認証アプリに表示されている6桁のコードを入力してください。',
  'staffIdentity.passkey.failed': 'パスキーを登録できませんでした。もう一度お試しください。',
} as const
