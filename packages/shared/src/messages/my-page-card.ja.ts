// The my-page's card form (the invoice, ADR 0032; the card change, issue #24, ADR 0038) and the
// card change screen. Loaded by those screens only (ADR 0011).

export const myPageCardMessages = {
  'myPageCard.card.number': 'カード番号',
  'myPageCard.card.expiryMonth': '有効期限（月）',
  'myPageCard.card.expiryYear': '有効期限（年）',
  'myPageCard.card.securityCode': 'セキュリティコード',
  'myPageCard.card.choose': '選択してください',
  'myPageCard.card.required': '{field}を入力してください。',
  'myPageCard.card.refused': 'カード情報を確認できませんでした。入力内容をご確認ください。',
  'myPageCard.puzzle.label': 'ロボットではないことの確認',
  'myPageCard.puzzle.solving': '確認しています…',
  'myPageCard.puzzle.solved': '確認できました。',
  'myPageCard.puzzle.required': 'ロボットではないことの確認を行ってください。',
  'myPageCard.puzzle.failed': '確認できませんでした。もう一度お試しください。',
  'cardChange.lead':
    '月払の保険料をお支払いいただくクレジットカードを変更します。新しいカードは本人認証（3Dセキュア）で確認し、この確認で代金はいただきません。',
  'cardChange.current': '現在のお支払いカード',
  'cardChange.policyHolderNo': '加入者番号',
  'cardChange.card': 'カード',
  'cardChange.cardValue': '{brand} 末尾 {last4}（有効期限 {month}/{year}）',
  'cardChange.heading': '新しいカード',
  'cardChange.submit': 'このカードに変更する',
  'cardChange.processing': 'カードを確認しています。画面を閉じずにお待ちください。',
  'cardChange.threeDSecure': '本人認証（3Dセキュア）の結果を確認しています…',
  'cardChange.changed':
    'お支払いカードを変更しました。次回からの保険料は新しいカードでお支払いいただきます。',
  'cardChange.retryNote':
    'お支払いできなかった月の保険料は、新しいカードで改めてお支払いいただきます。',
  'cardChange.failed': 'カードを変更できませんでした。（{code}）',
  'cardChange.none': 'このご契約には、変更できるお支払いカードがありません。',
  'cardChange.toContract': 'ご契約内容へ戻る',
} as const
