// Field-rule messages (SPEC §5.2, §5.3), shown under the field, so they never name the field's
// label (STYLE.md §8). The four texts SPEC §5.3 gives are copied verbatim; the others follow the
// same register: what is wrong, then what to do, ending with 「。」.
export const fieldMessages = {
  // SPEC §5.3, verbatim
  'validation.required': '必須項目です。',
  'validation.min': '{min}文字以上で入力してください。',
  'validation.email': 'メールアドレスの形式に誤りがあります。',
  'validation.gaiji': '当システムで入力できない文字が含まれています。',

  // The spec's gaiji sentence, then which character to replace (used when it can be shown).
  'validation.gaiji.character':
    '当システムで入力できない文字が含まれています。「{char}」を別の文字に置き換えてください。',
  // issue #17 point 4: what no keyboard types (control characters, broken surrogates)
  'validation.controlCharacter':
    '入力できない文字（制御文字など）が含まれています。その文字を消してから、もう一度入力してください。',
  'validation.multipleRequired': '未入力の項目があります。すべての項目を入力してください。',
  'validation.telNo':
    '電話番号の形式に誤りがあります。半角数字10桁または11桁で入力してください。ハイフン（-）で区切る場合は、03-1234-5678のように数字の間に2か所まで入れてください。',
  'validation.telephone':
    '電話番号の形式に誤りがあります。ハイフンを入れずに、半角数字10桁または11桁で入力してください。',
  'validation.onlyFull': 'この項目では半角文字は使えません。全角で入力してください。',
  'validation.onlyFullKatakana':
    'この項目では使えない文字が含まれています。全角カタカナで入力してください。',
  'validation.onlyHalfKatakana':
    'この項目では使えない文字が含まれています。半角カタカナで入力してください。',
  'validation.onlyNumeric':
    'この項目では使えない文字が含まれています。半角数字で入力してください。',
  'validation.onlyNumberAndAllAlphabet':
    'この項目では使えない文字が含まれています。半角英数字で入力してください。',
  'validation.onlyNumberAndAllAlphabetAndSymbol':
    'この項目では使えない文字が含まれています。半角英数字・記号で入力してください。',
  'validation.onlyNumberAndUpperAlphabet':
    'この項目では使えない文字が含まれています。半角数字・英大文字で入力してください。',
  'validation.onlyNumberAndLowerAlphabet':
    'この項目では使えない文字が含まれています。半角数字・英小文字で入力してください。',
  'validation.passwordConfirmation':
    'パスワード（確認用）が、パスワードと一致しません。同じパスワードを入力してください。',
  'validation.password':
    'パスワードが条件を満たしていません。半角英数字と記号を使い、「10文字以上」「英小文字を含む」「英大文字を含む」「数字を含む」「記号を含む」の5つをすべて満たすように入力してください。',
  'validation.disabledCharInPassword':
    'パスワードに使えない文字が含まれています。半角英数字と記号で入力してください。',
  'validation.yearMonth.format':
    '年月の形式に誤りがあります。西暦の年月を半角数字6桁（例：202604）で入力してください。',
  'validation.yearMonth.invalid': '存在しない年月です。正しい年月を入力してください。',
  'validation.yearMonthDate.format':
    '日付の形式に誤りがあります。西暦の年月日を半角数字8桁（例：20260401）で入力してください。',
  'validation.yearMonthDate.invalid': '存在しない日付です。正しい日付を入力してください。',
  'validation.zipCode':
    '郵便番号の形式に誤りがあります。ハイフンを入れずに、半角数字7桁で入力してください。',
  'validation.creditCard':
    'カード番号の形式に誤りがあります。ハイフンやスペースを入れずに、半角数字14〜16桁で入力してください。',
  'validation.securityCode':
    'セキュリティコードの形式に誤りがあります。半角数字3桁または4桁で入力してください。',
  'validation.between': '{min}以上{max}以下の数値で入力してください。',
  'validation.between.min': '{min}以上の数値で入力してください。',
  'validation.between.max': '{max}以下の数値で入力してください。',
  'validation.max': '{max}文字以内で入力してください。',
  'validation.digits': '半角数字{length}桁で入力してください。',
  'validation.ext':
    'このファイルの種類には対応していません。{extensions}のファイルを選んでください。',
  'validation.size': 'ファイルのサイズが大きすぎます。{maxSize}以下のファイルを選んでください。',
  'validation.uploadExtension':
    'この種類のファイルは添付できません。{extensions}のいずれかのファイルを選んでください。',
  'validation.uploadSize':
    'ファイルのサイズが{maxSize}を超えているため、添付できません。{maxSize}以下のファイルを選んでください。',
  'validation.dateParts':
    '日付の形式に誤りがあります。年は西暦4桁、月と日は1桁または2桁の半角数字で入力してください。',
  'validation.choice': '表示されている選択肢から選んでください。',
} as const
