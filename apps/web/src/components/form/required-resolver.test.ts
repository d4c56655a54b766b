import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { noFieldsResolver, requiredResolver } from './required-resolver.ts'
import { schemaResolver } from './schema-resolver.ts'

type Values = Record<string, unknown>

const rules = [
  { name: 'termsOfService', message: '利用規約への同意が必要です。', list: true },
  { name: 'privacyPolicy', message: '個人情報の取扱いへの同意が必要です。', list: true },
  { name: 'planUnitNo', message: 'プランを選択してください。' },
]

// The schema each resolver stands for (ADR 0037 round 2).
const schema = z.object({
  termsOfService: z.array(z.string()).check(z.minLength(1, { error: rules[0]?.message })),
  privacyPolicy: z.array(z.string()).check(z.minLength(1, { error: rules[1]?.message })),
  planUnitNo: z.string().check(z.minLength(1, { error: rules[2]?.message })),
}) as unknown as z.ZodMiniType<Values, Values>

describe('requiredResolver（必須だけの入力チェック）', () => {
  it('フォームの部品が返しうる値では、zod のスキーマと同じ結果を返すこと', async () => {
    const box = fc.array(fc.constantFrom('agreed', 'other', ''), { maxLength: 2 })
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          termsOfService: box,
          privacyPolicy: box,
          planUnitNo: fc.constantFrom('', '1', '2', '10', ' '),
          extra: box,
        }),
        async (values) => {
          expect(await requiredResolver<Values>(rules)(values)).toEqual(
            await schemaResolver(schema)(values),
          )
        },
      ),
    )
  })

  it('空の欄ごとに、その欄のメッセージを返すこと', async () => {
    expect(
      await requiredResolver<Values>(rules)({
        termsOfService: [],
        privacyPolicy: ['agreed'],
        planUnitNo: '',
      }),
    ).toEqual({
      errors: {
        termsOfService: { type: 'too_small', message: '利用規約への同意が必要です。' },
        planUnitNo: { type: 'too_small', message: 'プランを選択してください。' },
      },
    })
  })

  it('型の違う値は、その欄のメッセージで通さないこと', async () => {
    expect(
      await requiredResolver<Values>(rules)({
        termsOfService: 'agreed',
        privacyPolicy: ['agreed'],
        planUnitNo: ['1'],
      }),
    ).toEqual({
      errors: {
        termsOfService: { type: 'invalid_type', message: '利用規約への同意が必要です。' },
        planUnitNo: { type: 'invalid_type', message: 'プランを選択してください。' },
      },
    })
  })
})

describe('noFieldsResolver（項目のないフォーム）', () => {
  it('z.object({}) と同じく、いつも値なしで通ること', async () => {
    const empty = z.object({}) as unknown as z.ZodMiniType<Values, Values>
    for (const values of [{}, { anything: 'x' }]) {
      expect(await noFieldsResolver<Values>()(values)).toEqual(await schemaResolver(empty)(values))
    }
  })
})
