// Text of the renewal screens (issue #9, SPEC §2.1, §3.7, §4, §8.3, §8.4; ADR 0016), written per
// STYLE.md §8. The screens' titles are in shell.ja.ts; the error screen of APFA2031 (§8.3) in
// errors.ja.ts. Kept apart so only the renewal screens download it (ADR 0011).
export const renewalScreenMessages = {
  // SPEC §8.4 "Renewal not possible, or application deadline passed: contact the agency"
  'error.APFA2029':
    'このご契約は更新のお手続きができないか、お手続きの期限を過ぎています。取扱代理店までお問い合わせください。',

  // Shared by several screens
  'renewal.toHome': 'マイページのホームへ戻る',
  'renewal.period': '{inception}〜{expiry}',
  'renewal.currentPeriod': '現在の保険期間',
  'renewal.nextPeriod': '更新後の保険期間',
  'renewal.fixDate': '{date}までに停止のお手続きがない場合、自動で更新されます。',

  // renewalProcedure
  'renewal.procedure.lead':
    '現在のご契約の内容をご確認のうえ、翌年度へのご契約の更新のお手続きを始めてください。',
  'renewal.procedure.lastYear': '現在のご契約',
  'renewal.procedure.units': 'ご加入のプラン',
  'renewal.procedure.insuredHeading': '{unitName}の被保険者 {count}人目',
  'renewal.procedure.nextYear': '更新後のご契約',
  'renewal.procedure.carryOver.heading': 'お手続きの進め方',
  'renewal.procedure.carryOver':
    '現在のご契約のお申し込みで入力された内容のうち、引き継ぐ項目はあらかじめ入力されています。内容をご確認のうえ、変わったところがあれば直してください。',
  'renewal.procedure.notice':
    '告知事項は引き継がれません。更新のお手続きの中で、あらためてお答えください。',
  'renewal.procedure.start': '更新手続きを始める',
  'renewal.procedure.resume': '更新手続きを再開する',
  'renewal.procedure.starting': '更新のお手続きを準備しています。',
  'renewal.procedure.none.1': 'このご契約は、すでに更新されています。',
  'renewal.procedure.none.opensOn':
    'このご契約の補償は{date}に始まります。更新のお手続きは、補償が始まってからできます。',
  'renewal.procedure.none.2':
    'このご契約は自動更新を停止しているため、更新のお手続きはできません。',

  // autoRenewCheck
  'renewal.check.lead': '次の内容で、ご契約が自動で更新されます。',
  'renewal.check.notAuto': 'このご契約は、自動では更新されません。',
  'renewal.check.autoWithoutTerms':
    'このご契約は、{date}に同じ内容で自動更新されます。翌年度の保険期間と保険料は、決まりしだいこの画面でお知らせします。',
  'renewal.check.terms': '自動更新の内容',
  'renewal.check.noTerms':
    'ご加入のプランが翌年度にはないため、自動更新の内容をお示しできません。更新のお手続きで、プランをあらためてお選びください。',
  'renewal.check.stop': '自動更新を停止する',
  'renewal.check.link': '自動更新の内容を確認する',
  'renewal.check.procedure': '更新のお手続きをする',
  'renewal.check.stopped': 'このご契約は、自動更新を停止しています。',
  'renewal.check.renewed': 'このご契約は、すでに更新されています。',

  // autoRenewStopCheck
  'renewal.stop.lead': '自動更新を停止すると、次のとおりになります。内容をご確認ください。',
  'renewal.stop.effect.end': 'ご契約は保険期間の満了日（{date}）で終了し、更新されません。',
  'renewal.stop.effect.final': '停止したあとに、このサイトで停止を取り消すことはできません。',
  'renewal.stop.effect.procedure': '更新のお手続きの途中であれば、そのお手続きも取り消されます。',
  'renewal.stop.confirm.legend': '停止の確認',
  'renewal.stop.confirm': '上記の内容を確認し、自動更新を停止することに同意します',
  'renewal.stop.confirm.required': '自動更新を停止するには、確認のチェックが必要です。',
  'renewal.stop.submit': '自動更新を停止する',
  'renewal.stop.sending': '自動更新の停止を受け付けています。',
  'renewal.stop.notPossible': 'このご契約は、自動更新を停止できません。',

  // autoRenewStopComplete
  'renewal.stopped.heading': '自動更新を停止しました',
  'renewal.stopped.lead':
    'ご契約は保険期間の満了をもって終了し、更新されません。停止の状況は、マイページのホームでご確認いただけます。',
} as const
