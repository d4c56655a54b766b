// Text of noticeMattersDoc, the required-document upload (SPEC §2.8, §5.2; issue #6, ADR 0012).
// Written per STYLE.md §8.
export const requiredDocsMessages = {
  // noticeMattersDoc: the required documents (SPEC §2.8, ADR 0012)
  'docs.lead':
    '次の書類のファイルを添付してください。「必須」の書類は、添付しないと次へ進めません。',
  'docs.required': '必須',
  'docs.optional': '任意',
  'docs.formatFile': '{name}の様式（ダウンロード）',
  'docs.file': '{name}のファイル',
  'docs.file.support':
    '添付できるファイルの種類は{extensions}で、1ファイル{maxSize}までです。選ぶとすぐにアップロードします。',
  'docs.emptyFile':
    'ファイルの中身が空のため、添付できません。内容のあるファイルを選んでください。',
  'docs.uploading': '「{fileName}」をアップロードしています。しばらくお待ちください。',
  'docs.uploaded': '「{fileName}」をアップロードしました。',
  'docs.removed': '「{fileName}」を削除しました。',
  'docs.uploadedFiles': '添付したファイル',
  'docs.noFiles': 'まだファイルが添付されていません。',
  'docs.fileName': '{fileName}（{size}）',
  'docs.show': '表示',
  'docs.showFor': '「{fileName}」を表示',
  'docs.remove': '削除',
  'docs.removeFor': '「{fileName}」を削除',
  'docs.popupBlocked':
    'ファイルを開けませんでした。ブラウザーでポップアップがブロックされていないかご確認のうえ、もう一度「表示」を押してください。',
} as const
