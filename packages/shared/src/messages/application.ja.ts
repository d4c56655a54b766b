// Messages of the application's rules (issue #6, ADR 0012): SPEC §8.4 "Plan selection",
// "Upload is required", "All insured persons must be registered and confirmed", "Notice answers
// block the application", "Address lookup failed". The server sends them as field issues and the
// browser shows the same words. Written per STYLE.md §8.
export const applicationRuleMessages = {
  'application.validation.oneTelNo':
    '自宅電話番号か携帯電話番号の、どちらか1つを入力してください。',
  'application.validation.oneTelNo.corporate':
    '会社の電話番号か携帯電話番号の、どちらか1つを入力してください。',
  'application.validation.plan': 'プランを選択してください。',
  'application.validation.noPlan':
    'お申し込みいただけるプランがありません。取扱代理店にお問い合わせください。',
  'application.validation.contractType': '契約タイプを選択してください。',
  'application.validation.option': 'オプションを1つ以上選択してください。',
  'application.validation.showTypesFirst':
    '「選択できるタイプを表示」ボタンを押して、選択できるタイプを表示してから選んでください。',
  'application.validation.noTypes':
    'このプランに付けられるオプションはありません。「プランのみ」でお申し込みいただけます。',
  'application.validation.conflict':
    '同時に加入できない補償が選ばれています。どちらか一方を選んでください。{names}',
  'application.validation.conflictPlan': 'プラン：{names}',
  'application.validation.conflictOption': 'オプション：{names}',
  'application.validation.unknownUnit':
    '選択できない補償が含まれています。表示されている中から選んでください。',
  'application.validation.uploadRequired': 'アップロードは必須です。',
  'application.validation.insuredIncomplete':
    'すべての被保険者を登録し、補償ごとに登録内容を確定してください。',
  'application.validation.insuredNone': '被保険者を1人以上登録してください。',
  'application.validation.insuredTooMany': '1つの補償に登録できる被保険者は{max}人までです。',
  'application.validation.noticeBlocking':
    'この回答の場合、お申し込みいただけません。回答に誤りがないかご確認ください。ご不明な点は取扱代理店にお問い合わせください。',
  'application.validation.addressNotFound':
    '郵便番号から住所を見つけられませんでした。住所を直接入力してください。',
  'application.validation.uploadFileCount': '1つの書類に添付できるファイルは{max}件までです。',
  'application.validation.uploadContent':
    '受け取ったファイルの内容が、選んだファイルと一致しないため、添付できません。もう一度ファイルを選んでください。',
} as const
