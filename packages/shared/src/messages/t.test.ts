import { describe, it, expect, expectTypeOf } from 'vitest'
import { t, type MessageKey, type ParamsOf } from './t.ts'

describe('メッセージの取り出し（STYLE.md §8 t()）', () => {
  it('置き換えのない文言はそのまま返すこと', () => {
    expect(t('errorScreen.contactHeading')).toBe('お問い合わせ先')
  })

  it.each([
    ['E9999', '（エラーコード：E9999）'],
    ['100', '（エラーコード：100）'],
    ['$&', '（エラーコード：$&）'],
  ])('{code} を %s で置き換えると「%s」になること（SPEC §2.9）', (code, expected) => {
    expect(t('errorScreen.codeLine', { code })).toBe(expected)
  })

  it('数値も置き換えられること', () => {
    expect(t('errorScreen.codeLine', { code: 902 })).toBe('（エラーコード：902）')
  })

  it('値のない置き換えはそのまま残すこと', () => {
    const params = {} as { code: string }
    expect(t('errorScreen.codeLine', params)).toBe('（エラーコード：{code}）')
  })

  it('引数の型が文言の {name} から決まること', () => {
    expectTypeOf<ParamsOf<'errorScreen.contactHeading'>>().toEqualTypeOf<[]>()
    expectTypeOf<ParamsOf<'errorScreen.codeLine'>>().toEqualTypeOf<
      [params: Record<'code', string | number>]
    >()
    expectTypeOf<ParamsOf<'notFound.description'>>().toEqualTypeOf<
      [params: Record<'path', string | number>]
    >()
    expectTypeOf<'errorScreen.codeLine'>().toExtend<MessageKey>()
    // @ts-expect-error a placeholder value is required
    expect(t('errorScreen.codeLine')).toBe('（エラーコード：{code}）')
    // @ts-expect-error a message without placeholders takes no second argument
    expect(t('errorScreen.contactHeading', { code: 'x' })).toBe('お問い合わせ先')
    // @ts-expect-error unknown keys are rejected
    expect(t('no.such.key')).toBe('no.such.key')
  })
})
