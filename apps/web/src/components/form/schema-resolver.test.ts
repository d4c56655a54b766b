import { fieldGroupSchema, fieldSchema } from '@app/shared/rules/field-schema'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { schemaResolver } from './schema-resolver.ts'

const REQUIRED = '必須項目です。'
const KATAKANA = 'この項目では使えない文字が含まれています。全角カタカナで入力してください。'

type Values = Record<string, unknown>

describe('schemaResolver（ステップのスキーマでフォームの入力チェックをする）', () => {
  const schema = z.object({
    nameKana: fieldSchema('required', 'onlyFullKatakana'),
    authItems: z.object({ employeeNo: fieldSchema('required') }),
    contactMethods: fieldGroupSchema('required'),
  }) as unknown as z.ZodMiniType<Values, Values>

  it('通ったときは、スキーマが返した値を返すこと', async () => {
    const values = { nameKana: 'ヤマダ', authItems: { employeeNo: '123' }, contactMethods: ['1'] }
    expect(await schemaResolver(schema)(values)).toEqual({ values })
  })

  it('通らない項目ごとに最初のメッセージを、項目のパスで返すこと', async () => {
    const result = await schemaResolver(schema)({
      nameKana: 'ﾔﾏﾀﾞ',
      authItems: { employeeNo: '' },
      contactMethods: [],
    })
    expect(result).toEqual({
      errors: {
        nameKana: { type: 'custom', message: KATAKANA },
        'authItems.employeeNo': { type: 'custom', message: REQUIRED },
        contactMethods: { type: 'custom', message: REQUIRED },
      },
    })
  })

  it('配列自身のエラーは配列のパスに、要素の欄のエラーは要素のパスに付けること', async () => {
    const arraySchema = z.object({
      insrdInfoArray: z
        .array(z.object({ insrdNameKana: fieldSchema('required') }))
        .check(z.minLength(2, '2人以上を登録してください。')),
    }) as unknown as z.ZodMiniType<Values, Values>
    const result = await schemaResolver(arraySchema)({ insrdInfoArray: [{ insrdNameKana: '' }] })
    expect(result.errors).toEqual({
      'insrdInfoArray.0.insrdNameKana': { type: 'custom', message: REQUIRED },
      insrdInfoArray: { type: 'too_small', message: '2人以上を登録してください。' },
    })
  })
})
