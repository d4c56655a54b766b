// Text the server sends to users in error bodies (`message`).
export const serverMessages = {
  // Required-document uploads (SPEC §5.2, §9; PRODUCT.md "Files"), written per STYLE.md §8.
  'upload.extension':
    '添付できない種類のファイルです。{extensions} のいずれかのファイルを選んでください。',
  'upload.size':
    'ファイルのサイズが{maxMegabytes}MBを超えているため、添付できません。{maxMegabytes}MB以下のファイルを選んでください。',
  'upload.empty':
    'ファイルの中身が空のため、添付できません。内容を確認してから、もう一度選んでください。',
  'upload.content':
    'ファイルの内容が拡張子（.{extension}）の形式と合っていないため、添付できません。.{extension} の形式で保存し直してから、もう一度選んでください。',
  'upload.contentText':
    'テキストファイルの文字コードがUTF-8・Shift_JISのどちらでもないか、使えない制御文字が含まれているため、添付できません。UTF-8で保存し直してから、もう一度選んでください。',
  // My-page sign-in and credentials (issue #8, SPEC §8.4; ADR 0015)
  'myPage.consents.required':
    'ログインには、利用規約・システム利用規約・個人情報保護方針・情報セキュリティ方針のすべてへの同意が必要です。内容をご確認のうえ、同意してください。',
  'myPage.mailAddress.same':
    '入力されたメールアドレスは、現在ご登録のメールアドレスと同じです。新しいメールアドレスを入力してください。',
} as const
