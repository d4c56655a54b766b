// Required-document uploads (SPEC §5.2 "upload extension", "upload size"; §9).

/** 添付できるファイルの拡張子（大文字・小文字を問わない） */
export const uploadExtensions = ['jpg', 'png', 'txt', 'xlsx', 'xls', 'pdf', 'doc', 'docx'] as const
export type UploadExtension = (typeof uploadExtensions)[number]

/** 2 MB: the largest file a slot accepts */
export const maxUploadBytes = 2 * 1024 * 1024

/** The extension of a file name in lower case, when it is one we accept. */
export function uploadExtensionOf(fileName: string): UploadExtension | undefined {
  const dot = fileName.lastIndexOf('.')
  if (dot <= 0 || dot === fileName.length - 1) return undefined
  const extension = fileName.slice(dot + 1).toLowerCase()
  return (uploadExtensions as readonly string[]).includes(extension)
    ? (extension as UploadExtension)
    : undefined
}
