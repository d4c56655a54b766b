// Text of the application's choice and confirmation screens (SPEC §2.1, §3.8, §8.4; issue #6,
// ADR 0012): entryTerms, selectPolicyHolderDiv, selectCategory, selectType,
// checkPolicyHolderInfo and pamphletImportantNotes. Written per STYLE.md §8.
export const applicationFlowMessages = {
  // Shared by the screens
  'flow.next': '次へ',

  // selectPolicyHolderDiv (SPEC §3.8)
  'policyHolderDiv.lead': 'ご契約者（加入者）が個人の方か、法人かを選んでください。',
  'policyHolderDiv.legend': '加入者区分',
  'policyHolderDiv.1': '個人',
  'policyHolderDiv.2': '法人',
  'policyHolderDiv.required': '個人か法人かを選択してください。',

  // selectCategory (SPEC §8.4 "Plan selection")
  'selectCategory.lead':
    'お申し込みになるプランを選んでください。保険料は、「1名あたり」は被保険者1名ごとの金額、「被保険者全員分」はご夫婦やご家族など補償の対象の方全員での金額です。',
  'selectCategory.legend': 'プラン',
  'selectCategory.option': '{name}　{premium}',

  // selectType (SPEC §8.4 "Plan selection")
  'selectType.lead': 'このプランに付けられるオプションを確認して、契約タイプを選んでください。',
  'selectType.hasOptions':
    'このプランには、付けられるオプションがあります。「選択できるタイプを表示」を押して、ご確認ください。',
  'selectType.plan': '選択したプラン',
  'selectType.changePlan': 'プランを選び直す',
  'selectType.showTypes': '選択できるタイプを表示',
  'selectType.contractType': '契約タイプ',
  'selectType.contractType.1': 'プランのみ',
  'selectType.contractType.2': 'オプションを付ける',
  'selectType.options': 'オプション',
  'selectType.options.support': '付けるオプションを1つ以上選んでください。',
  'selectType.option': '{displayName}　{premium}',
  'selectType.total.support':
    '「1名あたり」の補償は、登録する被保険者の人数分の保険料になります。お支払いいただく金額は、お申し込み内容の確認でご確認ください。',

  // checkPolicyHolderInfo (SPEC §2.1, §3.8)
  'check.lead':
    'お申し込みの内容をご確認ください。変更する場合は、各項目の「変更する」を押してください。',
  'check.change': '変更する',
  /** the link's accessible name: it contains the visible 「変更する」 (WCAG 2.5.3) */
  'check.changeFor': '{section}を変更する',
  'check.empty': '未入力',
  'check.section.policyHolderDiv': '加入者区分',
  'check.section.coverage': '補償内容',
  'check.section.policyHolder': '契約者情報',
  'check.section.maintenanceManager': '管理担当者',
  'check.section.insured': '被保険者',
  'check.section.notice': '告知事項',
  'check.section.docs': '必要書類',
  'check.section.period': '保険期間',
  'check.plan': 'プラン',
  'check.paymentPlan': 'お支払い予定',
  'check.contractType': '契約タイプ',
  'check.options': 'オプション',
  'check.unitPremium': '{name}　{premium}',
  'check.policyHolderDiv': '加入者区分',
  'check.corporateNameKana': '法人名（カナ）',
  'check.corporateNameKanji': '法人名',
  'check.nameKana': '氏名（カナ）',
  'check.nameKanji': '氏名',
  'check.birthDate': '生年月日',
  'check.sex': '性別',
  'check.sex.1': '男性',
  'check.sex.2': '女性',
  'check.zipCd': '郵便番号',
  'check.addressKanji': '住所',
  'check.addressKana': '住所（カナ）',
  'check.homeTelNo': '自宅電話番号',
  'check.homeTelNo.corporate': '会社の電話番号',
  'check.mobileTelNo': '携帯電話番号',
  'check.faxNo': 'FAX番号',
  'check.otherInsuranceFlg': '他の保険契約の有無',
  'check.otherInsuranceFlg.1': 'あり',
  'check.otherInsuranceFlg.2': 'なし',
  'check.otherInsuranceCompanyName': '保険会社名',
  'check.otherInsuranceType': '保険の種類',
  'check.otherInsuranceExpiryDate': '満期日',
  'check.otherInsurancePymntLimit': '支払限度額',
  'check.department': '部署名',
  'check.telNo': '電話番号',
  'check.mailAddress': 'メールアドレス',
  'check.unitHeading': '{unitName}',
  'check.insuredHeading': '{count}人目',
  'check.noInsured': '被保険者が登録されていません。',
  'check.noFiles': '添付したファイルはありません。',
  'check.downloadFile': '{fileName}をダウンロードする',
  'check.inception': '補償開始日時',
  'check.expiry': '補償終了日時',
  'check.period.undecided': 'お申し込みの手続きが済んだ後に決まります。',
  'check.dateTime': '{date} {hour}時{minute}分',
  'check.submit': '重要事項の確認へ進む',

  // pamphletImportantNotes
  'importantNotes.legend': '重要事項の確認',
  'importantNotes.label': '上記の重要事項（契約概要・注意喚起情報）を確認し、同意する',
  'importantNotes.submit': 'お支払い手続きへ進む',
} as const
