import { errorMessages } from './errors.ja.ts'
import { fieldMessages } from './fields.ja.ts'
import { serverMessages } from './server.ja.ts'
import { uiMessages } from './ui.ja.ts'

/**
 * 日本語メッセージ一覧（STYLE.md §8）。文言は担当ごとのファイルに置き、ここで1つにまとめる。
 * キーが重ならないことは ja.test.ts で確かめる。
 */
export const ja = { ...errorMessages, ...fieldMessages, ...uiMessages, ...serverMessages } as const
