// 保険料のご請求（issue #21 point 4, ADR 0032）: the my-page's invoice screen of an auto-renewed
// contract paid by card or transfer. Loaded by that screen only (ADR 0011).

export const invoiceMessages = {
  'invoice.lead':
    'ご契約は自動更新されました。更新後のご契約の保険料を、クレジットカードまたはお振込みでお支払いください。',
  'invoice.none': '現在、お支払いいただくご請求はありません。',
  'invoice.summary': 'ご請求の内容',
  'invoice.policyHolderNo': '加入者番号',
  'invoice.period': '保険期間',
  'invoice.periodValue': '{from}から{to}まで',
  'invoice.amount': 'ご請求金額',
  'invoice.status': 'お支払いの状況',
  'invoice.status.220': 'お支払い待ち',
  'invoice.status.330': 'お支払い済み',
  'invoice.paid': '保険料のお支払いが完了しました。ありがとうございました。',
  'invoice.card.heading': 'クレジットカードでお支払い',
  'invoice.card.submit': 'カードで支払う',
  'invoice.processing': 'お支払いを処理しています。画面を閉じずにお待ちください。',
  'invoice.threeDSecure': '本人認証（3Dセキュア）の結果を確認しています…',
  'invoice.transfer.heading': 'お振込みでお支払い',
  'invoice.transfer.lead':
    'お振込み専用の口座を発行します。口座の発行後は、カードでのお支払いはできません。',
  'invoice.transfer.submit': '振込口座を発行する',
  'invoice.transfer.issued':
    '下記の口座へお振込みください。入金を確認しましたら、お支払い済みになります。',
  'invoice.transfer.bank': '金融機関',
  'invoice.transfer.account': '口座',
  'invoice.transfer.holder': '口座名義',
  'invoice.transfer.due': 'お振込期限',
  'invoice.failed': 'お支払いを完了できませんでした。（{code}）',
  'invoice.loadFailed': 'ご請求の内容を表示できませんでした。',
  'invoice.toHome': 'ホームへ戻る',
} as const
