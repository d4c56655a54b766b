// The phase indicator of the application's steps and payment (issue #23 point 11). Written per
// STYLE.md §8.
export const flowPhaseMessages = {
  'flowPhase.progress': 'ステップ {current} / {total}：{phase}',
  'flowPhase.plan': 'プランの選択',
  'flowPhase.people': 'ご契約者・被保険者',
  'flowPhase.notice': '告知・書類',
  'flowPhase.check': 'お申し込み内容の確認',
  'flowPhase.payment': 'お支払い',
} as const
