import { describe, expect, it } from 'vitest'
import { findControlCharacter } from './control-characters.ts'

// Issue #17 point 4: the characters every field refuses.

describe('制御文字と対になっていないサロゲート', () => {
  it.each([
    ['NUL', 'a\0b', 1],
    ['BEL', '\u0007', 0],
    ['ESC', '山田\u001b', 2],
    ['DEL', 'x\u007f', 1],
    ['上位サロゲートだけ', 'ab\ud800', 2],
    ['下位サロゲートだけ', '\udc00a', 0],
    ['逆の順のサロゲート', '\udc00\ud800', 0],
    ['1行の欄の改行', '山田\n太郎', 2],
    ['1行の欄のタブ', '\t', 0],
  ])('%s は位置を返すこと', (_, value, index) => {
    expect(findControlCharacter(value)).toBe(index)
  })

  it.each([
    ['普通の文字', '山田 太郎　ヤマダ'],
    ['対になったサロゲート（𠮷）', '𠮷野家'],
    ['空', ''],
  ])('%s は受け付けること', (_, value) => {
    expect(findControlCharacter(value)).toBe(-1)
  })

  it('複数行の答えではタブ・LF・CR だけを受け付けること', () => {
    expect(findControlCharacter('一行目\r\n\t二行目', { allowLineBreaks: true })).toBe(-1)
    expect(findControlCharacter('一行目\n\0', { allowLineBreaks: true })).toBe(4)
  })
})
