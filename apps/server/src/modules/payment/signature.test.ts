import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { signDepositNotification, verifyDepositSignature } from './signature.ts'

// The deposit notification's signature (PRODUCT.md "Money"): t=<unix seconds>,v1=<hex HMAC>.

const SECRET = 'whsec_test_webhook_secret_0001'
const BODY = JSON.stringify({
  id: 'dep_AbCdEfGhIjKlMnOpQrStUvWx',
  type: 'virtual_account.deposit',
  accountNumber: '1234567',
  amount: 12000,
  depositedAt: '2026-11-20T10:00:00.000+09:00',
})
const T = 1_795_654_800
const TOLERANCE = 300

function hmac(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('hex')
}

describe('入金通知の署名', () => {
  it('t と、"t.本文" の HMAC-SHA256（16進）を v1 に入れること', () => {
    expect(signDepositNotification(SECRET, BODY, T)).toBe(
      `t=${T},v1=${hmac(SECRET, `${T}.${BODY}`)}`,
    )
  })

  it('秒の端数は切り捨てること', () => {
    expect(signDepositNotification(SECRET, BODY, T + 0.9)).toBe(
      signDepositNotification(SECRET, BODY, T),
    )
  })

  it('署名した本文・鍵・時刻なら検証に通ること', () => {
    const header = signDepositNotification(SECRET, BODY, T)
    expect(verifyDepositSignature(SECRET, header, BODY, T, TOLERANCE)).toBe(true)
  })

  it.each([
    ['本文が1文字違う', SECRET, BODY.replace('12000', '12001'), T],
    ['本文の空白が違う', SECRET, `${BODY} `, T],
    ['鍵が違う', 'whsec_other_secret_00000000000', BODY, T],
  ])('%sときは通らないこと', (_label, secret, body, now) => {
    const header = signDepositNotification(SECRET, BODY, T)
    expect(verifyDepositSignature(secret, header, body, now, TOLERANCE)).toBe(false)
  })

  it.each([
    [T + TOLERANCE, true],
    [T - TOLERANCE, true],
    [T + TOLERANCE + 1, false],
    [T - TOLERANCE - 1, false],
  ])('署名から現在 %i 秒（許容 300 秒）なら %s であること', (now, expected) => {
    const header = signDepositNotification(SECRET, BODY, T)
    expect(verifyDepositSignature(SECRET, header, BODY, now, TOLERANCE)).toBe(expected)
  })

  it('古い署名の t だけを新しくしても通らないこと', () => {
    const old = signDepositNotification(SECRET, BODY, T - 3600)
    const forged = old.replace(`t=${T - 3600}`, `t=${T}`)
    expect(verifyDepositSignature(SECRET, forged, BODY, T, TOLERANCE)).toBe(false)
  })

  const valid = hmac(SECRET, `${T}.${BODY}`)
  it.each([
    ['ヘッダーなし', undefined],
    ['空', ''],
    ['t なし', `v1=${valid}`],
    ['v1 なし', `t=${T}`],
    ['t が数字でない', `t=abc,v1=${valid}`],
    ['t が負', `t=-${T},v1=${valid}`],
    ['t が2つ', `t=${T},t=${T},v1=${valid}`],
    ['v1 が短い', `t=${T},v1=${valid.slice(0, 63)}`],
    ['v1 が大文字', `t=${T},v1=${valid.toUpperCase()}`],
    ['v1 が16進でない', `t=${T},v1=${'z'.repeat(64)}`],
    ['= のない部分', `t=${T},v1=${valid},garbage`],
    ['区切りが ;', `t=${T};v1=${valid}`],
    ['長すぎる', `t=${T},v1=${valid},${'x=1,'.repeat(200)}`],
  ])('形の崩れたヘッダー（%s）は通らないこと', (_label, header) => {
    expect(verifyDepositSignature(SECRET, header, BODY, T, TOLERANCE)).toBe(false)
  })

  it('v1 が複数あれば、どれかが合えば通ること（鍵の切り替え中）', () => {
    const other = hmac('whsec_previous_secret_000000000', `${T}.${BODY}`)
    expect(
      verifyDepositSignature(SECRET, `t=${T},v1=${other},v1=${valid}`, BODY, T, TOLERANCE),
    ).toBe(true)
    expect(verifyDepositSignature(SECRET, `t=${T},v1=${other}`, BODY, T, TOLERANCE)).toBe(false)
  })

  it('知らない方式（v0 など）は無視すること', () => {
    expect(verifyDepositSignature(SECRET, `t=${T},v0=abc,v1=${valid}`, BODY, T, TOLERANCE)).toBe(
      true,
    )
  })
})
