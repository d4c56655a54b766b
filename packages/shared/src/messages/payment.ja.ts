// Text of payment and completeApplication (SPEC §2.1, §8.3, §8.4; issue #7, ADR 0014), and the
// user messages of the payment error codes. Written per STYLE.md §8.
export const paymentMessages = {
  // payment: shared
  'payment.title': 'お支払い',
  'payment.amountHeading': 'お支払い金額',
  'payment.method': 'お支払い方法',
  'payment.method.1': 'クレジットカード',
  'payment.method.3': '銀行振込（専用の振込口座）',
  'payment.method.4': '団体扱（ご所属の団体を通じてお支払い）',
  'payment.payeeAccntInfo': 'お振込先のご案内',
  'payment.processing': 'お支払いの処理をしています。画面を閉じずに、しばらくお待ちください。',
  'payment.back': 'お申し込み内容の確認へ戻る',

  // payment: card (SPEC §5.2 creditCard, securityCode; §8.4 "Card")
  'card.lead':
    'お支払いに使うクレジットカードの情報を入力してください。カード情報は決済代行会社へ直接送られ、当サービスには保存されません。',
  'card.number': 'カード番号',
  'card.number.support': 'ハイフンや空白を入れずに、14〜16桁の半角数字で入力してください。',
  'card.expiry': '有効期限',
  'card.expiryMonth': '月',
  'card.expiryYear': '年',
  'card.expiry.placeholder': '選択してください',
  'card.securityCode': 'セキュリティコード',
  'card.securityCode.support': 'カード裏面（一部のカードは表面）に記載の3桁または4桁の数字です。',
  'card.number.required': 'カード番号を入力してください。',
  'card.expiry.required': '有効期限を選択してください。',
  'card.securityCode.required': 'セキュリティコードを入力してください。',
  'card.submit': 'このカードで支払う',
  'card.threeDSecure.lead':
    '「このカードで支払う」を押すと、カード会社の本人認証（3Dセキュア）の画面に移る場合があります。画面の案内に従って認証してください。',
  'card.threeDSecure.returning': '本人認証の結果を確認しています。しばらくお待ちください。',

  // payment: the puzzle (ALTCHA; SPEC §8.4, §9 5 minutes)
  'puzzle.legend': 'ロボットによる操作でないことの確認',
  'puzzle.checkbox': '私はロボットではありません',
  'puzzle.support':
    'チェックを入れると、お使いの端末で自動的に確認の計算をします。画像や音声の操作は必要ありません。確認の有効期限は5分です。',
  'puzzle.solving': '確認しています。しばらくお待ちください。',
  'puzzle.solved': '確認しました。',
  'puzzle.failed': '確認できませんでした。もう一度チェックを入れてください。',
  'puzzle.expiredNotice': '確認の有効期限（5分）が切れました。もう一度チェックを入れてください。',

  // payment: virtual account (振込)
  'vaccount.lead':
    'お申し込みごとの専用の振込口座（バーチャル口座）を発行します。発行後に表示される口座へ、振込期日までにお振り込みください。',
  'vaccount.submit': '振込口座を発行して申し込む',
  'vaccount.heading': 'お振込先',
  'vaccount.bank': '金融機関',
  'vaccount.bankValue': '{bankName}（金融機関コード {bankCode}）',
  'vaccount.branch': '支店',
  'vaccount.branchValue': '{branchName}（支店コード {branchCode}）',
  'vaccount.account': '口座番号',
  'vaccount.accountValue': '{accountType} {accountNumber}',
  'vaccount.holder': '口座名義',
  'vaccount.amount': 'お振込金額',
  'vaccount.dueDate': '振込期日',
  'vaccount.paidAmount': 'ご入金額',
  'vaccount.status': 'ご入金の状況',
  'vaccount.status.awaiting': 'ご入金をお待ちしています',
  'vaccount.status.paid': 'ご入金を確認しました',
  // issue #23 point 17: a short or over payment says by how much
  'vaccount.status.underpaid':
    'ご入金額が{difference}不足しています。不足分の{difference}を、同じ口座にお振り込みください。',
  'vaccount.status.overpaid':
    'ご入金額が{difference}超過しています。超過分の返金については、取扱代理店からご連絡します。',
  'vaccount.note':
    '振込手数料はお客さまのご負担となります。振込名義はご契約者のお名前でお願いします。',

  // payment: group collection (団体扱) and the group's own account
  'offline.lead':
    '保険料は、ご所属の団体を通じてお支払いいただきます（給与からの控除など）。この画面でのお支払いはありません。',
  'offline.submit': 'この内容で申し込む',

  // completeApplication (SPEC §2.1, §2.7, §8.4 "Mail not sent")
  'complete.title': 'お申し込みの完了',
  'complete.lead': 'お申し込みを受け付けました。ありがとうございました。',
  'complete.policyHolderNo': '加入者番号',
  'complete.userId': 'マイページのID',
  'complete.userId.support':
    'マイページへのログインに使います。パスワードは、お申し込みのときにご自身で設定したものです。',
  // issue #23 point 19: a renewal from the my-page keeps the password in use (maybe changed since)
  'complete.userId.support.renewal':
    'マイページへのログインに使います。パスワードは、いまお使いのマイページのパスワードです。',
  'complete.applicationDate': 'お申込日',
  'complete.amount': 'お支払い金額',
  'complete.status': 'お支払いの状況',
  'complete.status.110': '未処理・未入金',
  'complete.status.210': '処理済み・未入金',
  'complete.status.211': 'お振り込みをお待ちしています',
  'complete.status.220': 'お振り込みをお待ちしています',
  'complete.status.330': 'お支払い済み（お申し込み完了）',
  'complete.status.offline': 'ご所属の団体を通じてお支払いいただきます',
  'complete.mailSent': 'お申し込み完了のメールを {mailAddress} へお送りしました。',
  'complete.mailError':
    'お申し込み完了のメールを送信できませんでした。お申し込みは完了しています。メールの再送については、取扱代理店までお問い合わせください。',
  'complete.toMyPage': 'マイページへ',
  'complete.toMyPageHome': 'マイページのホームへ',
  'complete.print': 'この画面を印刷する',

  // User messages of the payment error codes (SPEC §8.4), put in error bodies by the server.
  'error.APFK0001': 'カード番号、有効期限、セキュリティコードをすべて入力してください。',
  'error.APFK0002':
    'このカード番号はお取り扱いできないか、誤りがあります。カード番号をご確認ください。',
  'error.APFK0003':
    'カードでの決済ができませんでした。カード会社にお問い合わせいただくか、別のカードをお使いください。',
  'error.APFK0004': 'カードでの決済ができませんでした。時間をおいて、もう一度お試しください。',
  'error.APFK0005':
    'ただいま決済代行会社のシステムが混み合っています。時間をおいて、もう一度お試しください。',
  'error.APFK0006':
    'カード情報の入力内容に誤りがあります。有効期限とセキュリティコードをご確認ください。',
  'error.APFK0007':
    'このカードはご利用いただけません。カード会社にお問い合わせいただくか、別のカードをお使いください。',
  'error.APFK0008':
    '「私はロボットではありません」にチェックを入れ、確認が終わってからお進みください。',
  'error.APFK0009':
    'ロボットによる操作でないことの確認の有効期限（5分）が切れました。もう一度チェックを入れてください。',
  'error.APFK0010':
    'ただいま決済代行会社のシステムメンテナンス中のため、カードでのお支払いができません。時間をおいて、もう一度お試しください。',
  'error.APFK0011':
    'クレジットカード決済のシステムでエラーが発生しました。時間をおいて、もう一度お試しください。',
  'error.APFK0012':
    'カード会社の本人認証（3Dセキュア）が完了しませんでした。もう一度お試しいただくか、別のカードをお使いください。',
  'error.APFY0001':
    'お支払いの処理がまだ終わっていません。しばらく待ってから、画面を再読み込みしてください。',
  'error.APFW0001': '入金通知の署名を確認できませんでした。',
  /** ESOE… from the provider: shown with its code (SPEC §8.4 "system error (with code)") */
  'payment.providerError':
    '決済代行会社でシステムエラーが発生しました（エラーコード：{code}）。時間をおいて、もう一度お試しください。',
} as const
