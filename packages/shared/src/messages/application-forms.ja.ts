// Text of the application's input screens (SPEC §2.1, §3.8; issue #6, ADR 0012) that more than
// one of them shows, the renderer of the group's items, and the two small screens
// (registerMaintenanceManager, noticeMatters). The larger screens have their own files, so each
// downloads only its texts (ADR 0011): policy-holder-form.ja.ts, insured-form.ja.ts,
// required-docs.ja.ts. Labels are the field's name only; messages say what is wrong, then what
// to do (STYLE.md §8).
export const applicationFormMessages = {
  // Shared by the screens
  'applicationForm.next': '次へ',
  'applicationForm.select.empty': '選択してください',
  'applicationForm.choice.yes': 'あり',
  'applicationForm.choice.no': 'なし',
  'applicationForm.sex.male': '男性',
  'applicationForm.sex.female': '女性',
  'applicationForm.date.support': '西暦で入力してください。',
  'applicationForm.kana.support': '全角カタカナで入力してください（例：ヤマダ　タロウ）。',
  'applicationForm.kanji.support': '全角で入力してください（例：山田　太郎）。',
  'applicationForm.telNo.support': '半角数字で入力してください（例：03-1234-5678）。',

  // registerMaintenanceManager (ADR 0012)
  'maintenanceManager.lead':
    'ご契約の管理を担当される方（管理担当者）の連絡先を入力してください。ご契約についてのご連絡は、この方にお送りします。',
  'maintenanceManager.maintenanceManagerNameKana': '担当者氏名（カナ）',
  'maintenanceManager.maintenanceManagerNameKanji': '担当者氏名',
  'maintenanceManager.maintenanceManagerDepartment': '部署名',
  'maintenanceManager.maintenanceManagerDepartment.support': '全角で入力してください。',
  'maintenanceManager.maintenanceManagerTelNo': '電話番号',
  'maintenanceManager.maintenanceManagerMailAddress': 'メールアドレス',
  'maintenanceManager.maintenanceManagerMailAddress.support': '半角英数字で入力してください。',

  // noticeMatters (SPEC §8.4)
  'notice.lead':
    '次の質問に、事実をありのままにお答えください。事実と異なる回答をされた場合、保険金をお支払いできないことがあります。',
} as const
