import { fieldGroupSchema, fieldSchema } from '@app/shared/rules/field-schema'
import type { ResolverOptions } from 'react-hook-form'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { schemaResolver } from './schema-resolver.ts'

const REQUIRED = '必須項目です。'
const KATAKANA = 'この項目では使えない文字が含まれています。全角カタカナで入力してください。'

type Values = Record<string, unknown>

function optionsFor(names?: string[], fields: Record<string, unknown> = {}) {
  return {
    names,
    fields,
    shouldUseNativeValidation: false,
  } as unknown as ResolverOptions<Values>
}

describe('schemaResolver（ステップのスキーマで react-hook-form の入力チェックをする）', () => {
  const schema = z.object({
    nameKana: fieldSchema('required', 'onlyFullKatakana'),
    authItems: z.object({ employeeNo: fieldSchema('required') }),
    contactMethods: fieldGroupSchema('required'),
  }) as unknown as z.ZodMiniType<Values, Values>

  it('通ったときは、スキーマが返した値を返すこと', async () => {
    const values = { nameKana: 'ヤマダ', authItems: { employeeNo: '123' }, contactMethods: ['1'] }
    expect(await schemaResolver(schema)(values, undefined, optionsFor())).toEqual({
      values,
      errors: {},
    })
  })

  it('通らない項目ごとに最初のメッセージを、値と同じ入れ子で返すこと', async () => {
    const result = await schemaResolver(schema)(
      { nameKana: 'ﾔﾏﾀﾞ', authItems: { employeeNo: '' }, contactMethods: [] },
      undefined,
      optionsFor(),
    )
    expect(result).toEqual({
      values: {},
      errors: {
        nameKana: { type: 'custom', message: KATAKANA, ref: undefined },
        authItems: { employeeNo: { type: 'custom', message: REQUIRED, ref: undefined } },
        contactMethods: { type: 'custom', message: REQUIRED, ref: undefined },
      },
    })
  })

  it('項目の要素ごとに欄がある配列のエラーは、配列の root に付けること', async () => {
    const arraySchema = z.object({
      insrdInfoArray: z
        .array(z.object({ insrdNameKana: fieldSchema('required') }))
        .check(z.minLength(2, '2人以上を登録してください。')),
    }) as unknown as z.ZodMiniType<Values, Values>
    const result = await schemaResolver(arraySchema)(
      { insrdInfoArray: [{ insrdNameKana: '' }] },
      undefined,
      optionsFor(['insrdInfoArray', 'insrdInfoArray.0.insrdNameKana']),
    )
    expect(result.errors).toEqual({
      insrdInfoArray: {
        0: { insrdNameKana: { type: 'custom', message: REQUIRED, ref: undefined } },
        root: { type: 'too_small', message: '2人以上を登録してください。', ref: undefined },
      },
    })
  })

  it('登録された欄の要素をエラーの ref にすること（フォーカスの移動先）', async () => {
    const ref = { name: 'nameKana' }
    const result = await schemaResolver(schema)(
      { nameKana: '', authItems: { employeeNo: '1' }, contactMethods: ['1'] },
      undefined,
      optionsFor(undefined, { nameKana: { ref } }),
    )
    expect(result.errors).toEqual({ nameKana: { type: 'custom', message: REQUIRED, ref } })
  })
})
