import type { ErrorScreenGroup } from '../errors.ts'

type ErrorScreenKey = `errorScreen.${ErrorScreenGroup}.${'title' | 'description'}`

// Error screen text (SPEC §2.9, §8.3 paraphrased, written per STYLE.md §8) and the short user
// messages of our own error codes (ADR 0002).
export const errorMessages = {
  'errorScreen.maintenance.title': 'メンテナンス中',
  'errorScreen.maintenance.description':
    'ただいまシステムメンテナンスのため、サービスを停止しています。メンテナンスは毎日4:00〜6:00に行うほか、年末年始などにも行うことがあります。時間をおいて、もう一度アクセスしてください。',
  'errorScreen.notFound.title': 'エラー',
  'errorScreen.notFound.description':
    '指定されたページは存在しません。URLに誤りがないかご確認ください。',
  'errorScreen.enrolmentClosed.title': 'エラー',
  'errorScreen.enrolmentClosed.description':
    '申込期限を過ぎているため、お申し込みを受け付けることができません。ご不明な点は、取扱代理店までお問い合わせください。',
  'errorScreen.contactAgency.title': 'エラー',
  'errorScreen.contactAgency.description':
    'このお手続きは、Webでは進めることができません。お手数ですが、取扱代理店までお問い合わせください。',
  'errorScreen.systemError.title': 'エラー',
  'errorScreen.systemError.description':
    'システムエラーが発生しました。時間をおいて、もう一度お試しください。解決しない場合は、取扱代理店までお問い合わせください。',
  'errorScreen.verificationUrlExpired.title': 'エラー',
  'errorScreen.verificationUrlExpired.description':
    '本人確認用URLの有効期限（1時間）が切れています。お手数ですが、もう一度最初からお手続きしてください。',
  'errorScreen.renewalStopDeadlinePassed.title': 'エラー',
  'errorScreen.renewalStopDeadlinePassed.description':
    '自動更新停止のお手続き期限を過ぎているため、Webではお手続きできません。取扱代理店までお問い合わせください。取扱代理店の連絡先は、ページ下部の「お問い合わせ先」をご覧ください。',
  'errorScreen.deadlinePassedPaymentCancelled.title': 'エラー',
  'errorScreen.deadlinePassedPaymentCancelled.description':
    '申込期限を過ぎたため、お申し込みを完了できませんでした。お支払いの登録は取り消しました。ご不明な点は、取扱代理店までお問い合わせください。',
  'errorScreen.paymentCancelledRetry.title': 'エラー',
  'errorScreen.paymentCancelledRetry.description':
    'システムエラーが発生したため、お手続きは完了していません。お支払いの登録は取り消しました。お手数ですが、時間をおいて、もう一度お手続きしてください。',
  'errorScreen.notCompletedContactAgency.title': 'エラー',
  'errorScreen.notCompletedContactAgency.description':
    'システムエラーが発生したため、お手続きは完了していません。お手数ですが、お手続きを担当する取扱代理店までお問い合わせください。',
  'errorScreen.authenticationFailed.title': 'エラー',
  'errorScreen.authenticationFailed.description':
    '認証の有効期限が切れたか、認証に複数回失敗しました。お手数ですが、もう一度お手続きしてください。',
  'errorScreen.paymentFailed.title': 'エラー',
  'errorScreen.paymentFailed.description':
    'お支払いの処理に失敗しました。時間をおいて、もう一度お試しください。',
  'errorScreen.default.title': 'エラー',
  'errorScreen.default.description':
    'システムエラーが発生しました。時間をおいて、もう一度お試しください。',

  'errorScreen.codeLine': '（エラーコード：{code}）',
  'errorScreen.contactHeading': 'お問い合わせ先',
  'errorScreen.contactFallback':
    'お問い合わせ先を表示できません。ご所属の団体の窓口、または本サービスのURLをご案内した取扱代理店までお問い合わせください。',
  'errorScreen.button.backToLogin': 'ログイン画面へ戻る',
  'errorScreen.button.backToHome': 'ホームへ戻る',

  // SPEC §8.1: unmatched route
  'notFound.title': 'ページが見つかりません',
  'notFound.description': '{path} のページは存在しません。URLに誤りがないかご確認ください。',

  // Messages the server puts in error bodies for its own codes and for unexpected failures.
  'error.APFV0001': '入力内容に誤りがあります。各項目のメッセージをご確認ください。',
  'error.APFS0001':
    'ただいまシステムメンテナンス中のため、ご利用いただけません。時間をおいて、もう一度お試しください。',
  'error.APFS0002':
    'ただいま一時的にご利用いただけません。しばらく時間をおいて、もう一度お試しください。',
  'error.APFR0001':
    '短い時間に操作が繰り返されたため、受け付けることができませんでした。時間をおいて、もう一度お試しください。',
  'error.APFN0001':
    '指定された処理は存在しません。ページを再読み込みしてから、もう一度お試しください。',
  'error.APFP0001':
    '送信するデータの容量が上限を超えています。容量を減らしてから、もう一度送信してください。',
  'error.APFU0001':
    '送信されたデータの形式に対応していません。ページを再読み込みしてから、もう一度お試しください。',
  'error.APFB0001':
    '送信されたデータを読み取れませんでした。ページを再読み込みしてから、もう一度お試しください。',
  'error.E9999': 'システムエラーが発生しました。時間をおいて、もう一度お試しください。',
  'error.E0003':
    '一定時間操作がなかったため、または認証の有効期限が切れたため、お手続きを続けられません。お手数ですが、もう一度お手続きしてください。',
  'error.APFA2008':
    '本人確認の有効期限が切れたか、本人確認に複数回失敗しました。お手数ですが、本人確認からやり直してください。',

  // SPEC §8.4 in-flow messages (issue #5): verifyUser, the verification mail and its link.
  'error.APFA2001': '現在、お申し込みを受け付けていません。募集期間をご確認ください。',
  'error.APFA2002':
    'すでにお申し込みを受け付けています。お申し込み内容の確認や変更は、取扱代理店までお問い合わせください。',
  'error.APFA2004':
    '前年度のご加入者情報を確認できないため、Webではお手続きを進めることができません。お手数ですが、取扱代理店までお問い合わせください。',
  'error.APFA2007':
    '確認メールのURLは、有効期限（1時間）が切れているか、すでに使用されています。お手数ですが、本人確認からやり直してください。',
  'error.APFL0001':
    '初回登録IDまたはパスワードが正しくありません。お手元の通知をご確認のうえ、もう一度入力してください。',
  'error.APFL0002':
    '入力された内容では本人確認ができませんでした。入力内容に誤りがないかご確認のうえ、もう一度入力してください。',
  'error.APFL0003':
    '本人確認に続けて失敗したため、一時的にお手続きを制限しています。時間をおいて、もう一度お試しください。',
  'error.APFL0004':
    'パスワードが正しくありません。確認メールを送信する前に設定したパスワードを入力してください。',
  'error.APFL0005':
    'パスワードの入力に続けて失敗したため、一時的にお手続きを制限しています。時間をおいて、もう一度お試しください。',
  'error.APFM0001':
    '確認メールを送信できませんでした。メールアドレスに誤りがないかご確認のうえ、もう一度お試しください。',
  'error.APFC0001':
    '別の画面またはタブで、お申し込みの内容が先に更新されました。最新の内容を表示しましたので、ご確認のうえ、もう一度操作してください。',
  'error.APFD0001':
    'この手順には、まだお進みいただけません。お申し込みの手順に沿って、前の画面からお進みください。',
  'error.APFX0001':
    'ファイルのURLの有効期限が切れたか、すでに使われています。もう一度操作してください。',
} as const satisfies Record<ErrorScreenKey, string> & Record<string, string>
