// The my-page contract view's 保険料のお支払い (issue #24, ADR 0038 card, ADR 0039 transfer): the
// plan, the card or each unpaid month's account, and the table of instalments. Loaded by that
// screen only (ADR 0011), not by every my-page screen.

export const premiumPaymentsMessages = {
  'myp.premiumPayments.title': '保険料のお支払い（クレジットカード）',
  'myp.premiumPayments.plan': 'お支払い予定',
  'myp.premiumPayments.card': 'ご登録のカード',
  'myp.premiumPayments.cardValue': '{brand} 末尾 {last4}（有効期限 {month}/{year}）',
  'myp.premiumPayments.noCard': 'ご登録のカードはありません',
  'myp.premiumPayments.changeCard': 'お支払いカードを変更する',
  'myp.premiumPayments.refusedNote':
    'お支払いできなかった月があります。カードを変更いただくと、新しいカードで改めてお支払い手続きします。',
  'myp.premiumPayments.caption': '各回のお支払い状況',
  'myp.premiumPayments.seq': '回',
  'myp.premiumPayments.coversMonth': '対象月',
  'myp.premiumPayments.dueDate': 'お支払い日',
  'myp.premiumPayments.amount': '保険料',
  'myp.premiumPayments.status': '状況',
  'myp.premiumPayments.status.paid': 'お支払い済み',
  'myp.premiumPayments.status.due': 'お支払い予定',
  'myp.premiumPayments.status.retry': 'お支払いできませんでした（{date}に再度お手続きします）',
  'myp.premiumPayments.status.charging': 'お手続き中',
  'myp.premiumPayments.status.failed': 'お支払いできませんでした',
  // a contract paid by transfer (ADR 0039): each later month to an account mailed before it
  'myp.premiumPayments.title.transfer': '保険料のお支払い（お振込み）',
  'myp.premiumPayments.transferDueDate': 'お振込期日',
  'myp.premiumPayments.status.invoiced': 'お振込み待ち',
  'myp.premiumPayments.status.transfer.paid': 'ご入金済み',
  'myp.premiumPayments.status.transfer.due': 'お振込み予定',
  'myp.premiumPayments.status.transfer.failed': '未入金',
  'myp.premiumPayments.unpaidNote':
    '期日までにご入金を確認できなかった回があります。下記のお振込先へお振り込みいただくか、取扱代理店へお問い合わせください。',
  'myp.premiumPayments.account.heading': '{month}分のお振込先',
  'myp.premiumPayments.account.bank': '金融機関',
  'myp.premiumPayments.account.bankValue': '{bankName}（{bankCode}）',
  'myp.premiumPayments.account.branch': '支店',
  'myp.premiumPayments.account.branchValue': '{branchName}（{branchCode}）',
  'myp.premiumPayments.account.type': '口座種別',
  'myp.premiumPayments.account.number': '口座番号',
  'myp.premiumPayments.account.holder': '口座名義',
  'myp.premiumPayments.account.amount': 'お振込金額',
  'myp.premiumPayments.account.paidAmount': 'ご入金額',
} as const
