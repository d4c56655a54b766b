// Text of registerInsuredInfo and registerInsuredInfo/{unitNo} (SPEC §4 unit registration;
// issue #6). Written per STYLE.md §8.
export const insuredFormMessages = {
  // registerInsuredInfo (SPEC §4 "Unit registration")
  'insuredList.lead':
    '補償ごとに、被保険者（補償の対象となる方）を登録してください。登録が済んだら、補償ごとに「この内容で確定する」を押して確定してください。',
  'insuredList.caption': '補償ごとの被保険者の登録状況',
  'insuredList.unitNo': '番号',
  'insuredList.displayName': '補償',
  'insuredList.count': '被保険者の人数',
  'insuredList.countValue': '{count}人',
  'insuredList.status': '状況',
  'insuredList.action': '操作',
  // a column's name before its value, on the card a row stacks into on a narrow screen
  'insuredList.cardLabel': '{label}：',
  'insuredList.status.0': '未登録',
  'insuredList.status.1': '未確定',
  'insuredList.status.2': '確定済み',
  'insuredList.register': '被保険者を登録する',
  'insuredList.registerFor': '{unitName}の被保険者を登録する',
  // a unit with persons (entered, or carried over by a renewal): the same page, to check them
  'insuredList.review': '被保険者を確認・変更する',
  'insuredList.reviewFor': '{unitName}の被保険者を確認・変更する',
  'insuredList.carriedOver':
    '前年度の被保険者を引き継いでいます。補償ごとに内容をご確認のうえ、「この内容で確定する」を押してください。',

  // registerInsuredInfo/{unitNo}
  'insuredUnit.unit': '補償',
  'insuredUnit.premium': '保険料',
  'insuredUnit.personName': '{name}（{kana}）',
  'insuredUnit.listHeading': '登録した被保険者',
  'insuredUnit.none': 'まだ被保険者が登録されていません。',
  'insuredUnit.edit': '変更',
  'insuredUnit.editFor': '{name}さんの登録内容を変更する',
  'insuredUnit.remove': '削除',
  'insuredUnit.removeFor': '{name}さんを削除する',
  'insuredUnit.removeConfirm.title': '被保険者の削除',
  'insuredUnit.removeConfirm.body': '{name}さんを被保険者から削除します。よろしいですか。',
  'insuredUnit.removeConfirm.ok': '削除する',
  'insuredUnit.removeConfirm.cancel': 'キャンセル',
  'insuredUnit.removed': '{name}さんを削除しました。',
  'insuredUnit.added': '{name}さんを登録しました。',
  'insuredUnit.updated': '{name}さんの登録内容を変更しました。',
  'insuredUnit.addHeading': '被保険者を追加',
  // the add form's fill from someone already entered (issue #23 point 12)
  'insuredUnit.fill.heading': 'すでに入力した方と同じ方を登録する',
  'insuredUnit.fill.lead':
    'ご契約者や、ほかの補償に登録した方の内容を、下の入力欄に入れられます。入れた後で変更することもできます。',
  'insuredUnit.fill.policyHolder': 'ご契約者と同じ内容を入力する',
  'insuredUnit.fill.policyHolderName': 'ご契約者：{name}さん',
  'insuredUnit.fill.person': 'ほかの補償に登録した方',
  'insuredUnit.fill.personOption': '{name}さん（{birthDate}生まれ）',
  'insuredUnit.fill.usePerson': '選んだ方の内容を入力する',
  'insuredUnit.fill.personRequired': '内容を入力する方を選んでください。',
  'insuredUnit.fill.filledPolicyHolder':
    'ご契約者（{name}さん）の内容を入力しました。内容をご確認のうえ、「追加する」を押してください。',
  'insuredUnit.fill.filledPerson':
    '{name}さんの内容を入力しました。内容をご確認のうえ、「追加する」を押してください。',
  'insuredUnit.editHeading': '被保険者の登録内容を変更',
  'insuredUnit.add': '追加する',
  'insuredUnit.update': '変更を保存する',
  'insuredUnit.cancelEdit': '変更をやめる',
  'insuredUnit.insrdNameKana': '被保険者氏名（カナ）',
  'insuredUnit.insrdNameKanji': '被保険者氏名',
  'insuredUnit.insrdBirthDate.label': '生年月日',
  'insuredUnit.insrdSex': '性別',
  'insuredUnit.confirm': 'この内容で確定する',
  'insuredUnit.confirmed':
    'この補償の被保険者は確定済みです。変更すると、もう一度確定が必要になります。',
  'insuredUnit.backToList': '被保険者の登録に戻る',
} as const
