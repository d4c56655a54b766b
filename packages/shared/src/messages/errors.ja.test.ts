import { describe, it, expect } from 'vitest'
import type { ErrorScreenGroup } from '../errors.ts'
import { errorMessages } from './errors.ja.ts'

const groups: ErrorScreenGroup[] = [
  'maintenance',
  'notFound',
  'enrolmentClosed',
  'contactAgency',
  'systemError',
  'verificationUrlExpired',
  'renewalStopDeadlinePassed',
  'deadlinePassedPaymentCancelled',
  'paymentCancelledRetry',
  'notCompletedContactAgency',
  'authenticationFailed',
  'paymentFailed',
  'default',
]

const messages: Readonly<Record<string, string>> = errorMessages

describe('エラー画面の文言（SPEC §2.9, §8.3）', () => {
  it.each(groups)('グループ %s に題名と説明があること', (group) => {
    expect(messages[`errorScreen.${group}.title`]).toBe(
      group === 'maintenance' ? 'メンテナンス中' : 'エラー',
    )
    expect(messages[`errorScreen.${group}.description`]).toMatch(/。$/)
  })

  it.each([
    ['errorScreen.codeLine', '（エラーコード：{code}）'],
    ['errorScreen.contactHeading', 'お問い合わせ先'],
    ['errorScreen.button.backToLogin', 'ログイン画面へ戻る'],
    ['errorScreen.button.backToHome', 'ホームへ戻る'],
    ['notFound.title', 'ページが見つかりません'],
    ['error.APFV0001', '入力内容に誤りがあります。各項目のメッセージをご確認ください。'],
  ])('%s が「%s」であること（SPEC §2.9, §8.1）', (key, text) => {
    expect(messages[key]).toBe(text)
  })

  it('メンテナンスの説明に毎日4:00〜6:00と年末年始が書かれていること（SPEC §8.3）', () => {
    expect(errorMessages['errorScreen.maintenance.description']).toContain('毎日4:00〜6:00')
    expect(errorMessages['errorScreen.maintenance.description']).toContain('年末年始')
  })

  it('自動更新停止の期限切れの説明がページ下部のお問い合わせ先を案内すること（SPEC §8.3）', () => {
    expect(errorMessages['errorScreen.renewalStopDeadlinePassed.description']).toContain(
      'ページ下部の「お問い合わせ先」',
    )
  })

  it('ページが見つからない説明にパスが入ること（SPEC §8.1）', () => {
    expect(errorMessages['notFound.description']).toContain('{path}')
  })

  it.each([
    'APFV0001',
    'APFS0001',
    'APFR0001',
    'APFN0001',
    'APFP0001',
    'APFU0001',
    'APFB0001',
    'E9999',
  ])('独自コード %s に利用者向けの短い文言があること（ADR 0002）', (code) => {
    expect(messages[`error.${code}`]).toMatch(/。$/)
  })
})

describe('文言の書き方（STYLE.md §8）', () => {
  const sentences = Object.entries(errorMessages).filter(
    ([key]) =>
      key.endsWith('.description') ||
      key.startsWith('error.') ||
      key === 'errorScreen.contactFallback',
  )

  it.each(sentences)('%s が「。」で終わり、「〜ください。」で対処を示すこと', (_key, text) => {
    expect(text).toMatch(/。$/)
    expect(text).toMatch(/ください。/)
  })

  it.each(Object.entries(errorMessages))('%s に「不正」を使わないこと', (_key, text) => {
    expect(text).not.toContain('不正')
  })
})
