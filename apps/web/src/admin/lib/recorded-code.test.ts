import { describe, expect, it } from 'vitest'
import { recordedCodeText } from './format.ts'

describe('記録されたコードの表示（issue #20）', () => {
  it('監査ログの操作・履歴・決済を日本語の名前で示すこと', () => {
    expect(recordedCodeText('action', 'application.noticeViewed')).toBe('告知内容の閲覧')
    expect(recordedCodeText('event', 'processed')).toBe('処理済にした')
    expect(recordedCodeText('event', 'payment.card.succeeded')).toBe('クレジットカード（成功）')
    expect(recordedCodeText('mailStatus', 'sent')).toBe('送信済')
  })

  it('名前のないコードはそのまま示すこと', () => {
    expect(recordedCodeText('action', 'renewal.run')).toBe('renewal.run')
    expect(recordedCodeText('mail', 'myPageLoginCode')).toBe('myPageLoginCode')
  })
})
