import { describe, expect, it } from 'vitest'
import { privacyPolicy } from '../documents/privacy-policy.ts'
import { securityPolicy } from '../documents/security-policy.ts'
import type { PolicyDocument } from '../documents/types.ts'
import { RETENTION_DEFAULTS, retentionDaysText } from './retention.ts'

// The published periods are the retention job's defaults (issue #19 point 4): the documents read
// them from rules/retention.ts, so the text shows exactly what the job deletes by.

const textOf = (document: PolicyDocument) =>
  document.articles.flatMap((article) => article.paragraphs.map((paragraph) => paragraph.text))

describe('保存期間 (issue #19)', () => {
  it('既定値は個人情報保護方針の保存期間のとおりであること', () => {
    expect(RETENTION_DEFAULTS).toEqual({
      unfinishedApplicationDays: 90,
      contractYears: 10,
      usageRecordDays: 365,
    })
  })

  it('個人情報保護方針が既定の保存期間を示すこと', () => {
    const text = textOf(privacyPolicy)
    expect(text).toContain(
      'お申し込みが完了しなかった場合の入力内容は、入力された日から90日を過ぎた後に消去します。',
    )
    expect(text.some((line) => line.includes('ご契約の終了から10年間'))).toBe(true)
    expect(text).toContain('本サービスのご利用に関する記録は、1年間保存します。')
  })

  it('情報セキュリティ方針がログの保存期間を示すこと', () => {
    expect(
      textOf(securityPolicy).some((line) => line.includes('（ログ）を取得し、1年間保存します。')),
    ).toBe(true)
  })

  it.each([
    [365, '1年間'],
    [730, '2年間'],
    [90, '90日間'],
    [400, '400日間'],
  ])('%i 日は「%s」と書くこと', (days, text) => {
    expect(retentionDaysText(days)).toBe(text)
  })
})
