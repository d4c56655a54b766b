import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { fieldSchema, validateRules, type RuleSpec } from '@app/shared'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../app.ts'
import { fixedClock } from '../clock.ts'
import type { DatabaseHandle } from '../db/client.ts'
import { createTestDatabase, testConfig, testNow } from '../../test/helpers.ts'

// Issue #3 item 6: a body that breaks a field rule is refused with 400 and `issues` naming each
// field path with the Japanese message the browser shows for the same value.

const nameKanaRules: RuleSpec[] = ['required', 'onlyFullKatakana']
const mailRules: RuleSpec[] = ['required', 'email']
const birthDateRules: RuleSpec[] = ['required', 'yearMonthDate']
const telRules: RuleSpec[] = ['telNo']

const bodySchema = z.strictObject({
  policyHolderNameKana: fieldSchema(...nameKanaRules),
  policyHolderEmailAddress: fieldSchema(...mailRules),
  homeTelNo: fieldSchema(...telRules),
  insrdInfoArray: z.array(z.strictObject({ insrdBirthDate: fieldSchema(...birthDateRules) })),
})

describe('サーバーの入力チェックはブラウザと同じメッセージを返すこと (SPEC §5.2, §5.3)', () => {
  let database: DatabaseHandle
  let app: FastifyInstance

  beforeAll(async () => {
    database = await createTestDatabase()
    app = await buildApp({
      config: testConfig(),
      database,
      clock: fixedClock(testNow),
      logger: false,
    })
    app.post('/api/probe/policy-holder', { schema: { body: bodySchema } }, () => ({ ok: true }))
    await app.ready()
  })
  afterAll(async () => {
    await app.close()
    await database.close()
  })

  const post = (body: unknown) =>
    app.inject({
      method: 'POST',
      url: '/api/probe/policy-holder',
      payload: gzipSync(JSON.stringify(body)),
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    })

  it('項目ごとのパスとブラウザと同じ日本語のメッセージで 400 を返すこと', async () => {
    const body = {
      policyHolderNameKana: 'ﾔﾏﾀﾞ ﾀﾛｳ',
      policyHolderEmailAddress: 'yamada@',
      homeTelNo: '-03-1234-5678',
      insrdInfoArray: [{ insrdBirthDate: '19900101' }, { insrdBirthDate: '20230229' }],
    }
    const response = await post(body)
    expect(response.statusCode).toBe(400)
    const payload = response.json()
    expect(payload.errorCode).toBe('APFV0001')
    expect(payload.issues).toEqual([
      {
        path: 'policyHolderNameKana',
        message: validateRules(nameKanaRules, body.policyHolderNameKana),
      },
      { path: 'policyHolderEmailAddress', message: 'メールアドレスの形式に誤りがあります。' },
      { path: 'homeTelNo', message: validateRules(telRules, body.homeTelNo) },
      {
        path: 'insrdInfoArray.1.insrdBirthDate',
        message: validateRules(birthDateRules, '20230229'),
      },
    ])
    // what the browser shows for the same values, spelled out (SPEC §5.3)
    expect(payload.issues.map((issue: { message: string }) => issue.message)).toEqual([
      'この項目では使えない文字が含まれています。全角カタカナで入力してください。',
      'メールアドレスの形式に誤りがあります。',
      '電話番号の形式に誤りがあります。半角数字10桁または11桁で入力してください。ハイフン（-）で区切る場合は、03-1234-5678のように数字の間に2か所まで入れてください。',
      '存在しない日付です。正しい日付を入力してください。',
    ])
  })

  it('空の必須項目は「必須項目です。」だけを返し、欠けた項目も同じに扱うこと', async () => {
    const response = await post({ policyHolderNameKana: '', homeTelNo: '', insrdInfoArray: [] })
    expect(response.statusCode).toBe(400)
    expect(response.json().issues).toEqual([
      { path: 'policyHolderNameKana', message: '必須項目です。' },
      { path: 'policyHolderEmailAddress', message: '必須項目です。' },
    ])
  })

  it('正しい本文は受け付けること', async () => {
    const response = await post({
      policyHolderNameKana: 'ヤマダ　タロウ',
      policyHolderEmailAddress: 'taro..yamada.@docomo.ne.jp',
      homeTelNo: '03-1234-5678',
      insrdInfoArray: [{ insrdBirthDate: '20240229' }],
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ ok: true })
  })
})
