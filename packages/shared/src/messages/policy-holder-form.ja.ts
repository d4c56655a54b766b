// Text of inputPolicyHolderInfo (SPEC §3.8; issue #6). Written per STYLE.md §8.
export const policyHolderFormMessages = {
  // inputPolicyHolderInfo (SPEC §3.8)
  'policyHolder.lead':
    'ご契約者（加入者）の情報を入力してください。お申し込み後の書類はこの住所にお送りします。',
  'policyHolder.section.basic': 'ご契約者の情報',
  'policyHolder.section.address': '住所',
  'policyHolder.section.tel': '電話番号',
  'policyHolder.section.otherInsurance': '他の保険契約',
  'policyHolder.section.items': '団体からの確認事項',
  'policyHolder.policyHolderNameKana': '氏名（カナ）',
  'policyHolder.policyHolderNameKanji': '氏名',
  'policyHolder.corporateNameKana': '法人名（カナ）',
  'policyHolder.corporateNameKanji': '法人名',
  'policyHolder.corporateNameKana.support':
    '全角カタカナで入力してください（例：サクラショウジ）。',
  'policyHolder.corporateNameKanji.support': '全角で入力してください（例：さくら商事株式会社）。',
  'policyHolder.policyHolderBirthDate': '生年月日',
  'policyHolder.policyHolderSex': '性別',
  'policyHolder.policyHolderZipCd': '郵便番号',
  'policyHolder.policyHolderZipCd.support':
    'ハイフンを入れずに、半角数字7桁で入力してください（例：1000001）。「住所を検索」を押すと、住所と住所（カナ）の一部が入力されます。',
  'policyHolder.addressLookup': '住所を検索',
  'policyHolder.addressLookup.searching': '住所を検索しています。',
  'policyHolder.addressLookup.found':
    '住所と住所（カナ）を入力しました。続けて、それぞれに番地・建物名・部屋番号を入力してください。',
  'policyHolder.addressLookup.foundSeveral':
    'この郵便番号には複数の地域があるため、住所と住所（カナ）には市区町村までを入力しました。続けて、それぞれに町域から入力してください。',
  'policyHolder.policyHolderAddressKanji': '住所',
  'policyHolder.policyHolderAddressKanji.support':
    '都道府県から番地・建物名・部屋番号まで、全角で入力してください。',
  'policyHolder.policyHolderAddressKana': '住所（カナ）',
  'policyHolder.policyHolderAddressKana.support':
    '都道府県から、全角カタカナで入力してください。番地などの数字も全角で入力してください。',
  'policyHolder.tel.support': '自宅電話番号と携帯電話番号の、どちらか1つは必ず入力してください。',
  'policyHolder.tel.support.corporate':
    '会社の電話番号と携帯電話番号の、どちらか1つは必ず入力してください。',
  'policyHolder.homeTelNo': '自宅電話番号',
  // issue #23 point 8: a corporation has no home; homeTelNo holds its telephone number
  'policyHolder.homeTelNo.corporate': '会社の電話番号',
  'policyHolder.mobileTelNo': '携帯電話番号',
  'policyHolder.mobileTelNo.support': '半角数字で入力してください（例：090-1234-5678）。',
  'policyHolder.faxNo': 'FAX番号',
  'policyHolder.otherInsuranceFlg': '他の保険契約の有無',
  'policyHolder.otherInsuranceFlg.support':
    'この保険と同じ種類の補償を、ほかの保険会社などでご契約の場合は「あり」を選んでください。',
  'policyHolder.otherInsuranceCompanyName': '保険会社名',
  'policyHolder.otherInsuranceType': '保険の種類',
  'policyHolder.otherInsuranceExpiryDate': '満期日',
  'policyHolder.otherInsurancePymntLimit': '支払限度額（円）',
  'policyHolder.otherInsurancePymntLimit.support':
    '半角数字で、円単位で入力してください（例：10000000）。',
} as const
