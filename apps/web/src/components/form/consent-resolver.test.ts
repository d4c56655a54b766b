import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { consentResolver } from './consent-form.tsx'
import { schemaResolver } from './schema-resolver.ts'

type Values = Record<string, string[]>

const items = [
  { name: 'termsOfService', requiredMessage: '利用規約への同意が必要です。' },
  { name: 'privacyPolicy', requiredMessage: '個人情報の取扱いへの同意が必要です。' },
]

// The schema the consent form used before its rules were written out (ADR 0037 round 2).
const schema = z.object(
  Object.fromEntries(
    items.map((item) => [
      item.name,
      z.array(z.string()).check(z.minLength(1, { error: item.requiredMessage })),
    ]),
  ),
) as unknown as z.ZodMiniType<Values, Values>

describe('consentResolver（同意欄の入力チェック）', () => {
  it('チェックボックスが返しうる値では、zod のスキーマと同じ結果を返すこと', async () => {
    const box = fc.array(fc.constantFrom('agreed', 'other'), { maxLength: 2 })
    await fc.assert(
      fc.asyncProperty(
        fc.record({ termsOfService: box, privacyPolicy: box, extra: box }),
        async (values) => {
          expect(await consentResolver(items)(values)).toEqual(
            await schemaResolver(schema)(values),
          )
        },
      ),
    )
  })

  it('未チェックの欄ごとに、その欄のメッセージを返すこと', async () => {
    expect(await consentResolver(items)({ termsOfService: [], privacyPolicy: ['agreed'] })).toEqual({
      errors: { termsOfService: { type: 'too_small', message: '利用規約への同意が必要です。' } },
    })
  })

  it('リストでない値は、その欄のメッセージで通さないこと', async () => {
    const values = { termsOfService: 'agreed', privacyPolicy: ['agreed'] } as unknown as Values
    expect(await consentResolver(items)(values)).toEqual({
      errors: { termsOfService: { type: 'invalid_type', message: '利用規約への同意が必要です。' } },
    })
  })
})
