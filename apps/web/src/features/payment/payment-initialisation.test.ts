import { applicationSteps } from '@app/shared/rules/application-steps'
import { describe, expect, it } from 'vitest'
import { ApiError, type ApiClient } from '@/lib/api-client.ts'
import { testApplication } from '@/test/application.ts'
import { initialiseCompletion, initialisePayment } from './payment-initialisation.ts'
import { testPaymentInfo } from './test-payment.ts'

function apiAnswering(answers: Record<string, () => unknown>): ApiClient {
  const get = (path: string) =>
    new Promise((resolve) => {
      const answer = answers[path]
      if (answer === undefined) throw new Error(`no answer for ${path}`)
      resolve(answer())
    })
  return { get } as unknown as ApiClient
}

const stepNotOpen = () => {
  throw new ApiError(409, { errorCode: 'APFD0001' })
}

describe('payment と completeApplication の初期化ガード（SPEC §2.5）', () => {
  it('支払いの情報を状態に応じて画面に渡すか、行き先を返すこと', async () => {
    const open = testPaymentInfo()
    expect(await initialisePayment(apiAnswering({ '/paymentInfo/': () => open }))).toEqual({
      kind: 'payment',
      paymentInfo: open,
    })
    const applied = testPaymentInfo({ state: 'applied' })
    expect(await initialisePayment(apiAnswering({ '/paymentInfo/': () => applied }))).toEqual({
      kind: 'redirect',
      target: 'completeApplication',
    })
    expect(await initialiseCompletion(apiAnswering({ '/paymentInfo/': () => applied }))).toEqual({
      kind: 'completion',
      completion: applied.completion,
    })
    expect(await initialiseCompletion(apiAnswering({ '/paymentInfo/': () => open }))).toEqual({
      kind: 'redirect',
      target: 'payment',
    })
  })

  it('409 APFD0001 では申込情報の次の手順へ、申込済みなら完了へ向かうこと', async () => {
    const api = apiAnswering({
      '/paymentInfo/': stepNotOpen,
      '/applyInfo/': () => testApplication(['entryTerms']),
    })
    expect(await initialisePayment(api)).toEqual({
      kind: 'redirect',
      target: 'selectPolicyHolderDiv',
    })
    expect(await initialiseCompletion(api)).toEqual({
      kind: 'redirect',
      target: 'selectPolicyHolderDiv',
    })
    const applied = apiAnswering({
      '/paymentInfo/': stepNotOpen,
      '/applyInfo/': () => testApplication(applicationSteps, { applicationStatus: 'applied' }),
    })
    expect(await initialisePayment(applied)).toEqual({
      kind: 'redirect',
      target: 'completeApplication',
    })
  })

  it('申込情報が支払いを次とするのに APFD0001 なら、その失敗をエラー画面に渡すこと', async () => {
    const api = apiAnswering({
      '/paymentInfo/': stepNotOpen,
      '/applyInfo/': () => testApplication(applicationSteps),
    })
    await expect(initialisePayment(api)).rejects.toMatchObject({
      status: 409,
      body: { errorCode: 'APFD0001' },
    })
  })
})
