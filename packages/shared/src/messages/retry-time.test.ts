import { describe, expect, it } from 'vitest'
import { retryTimeLabel, withRetryTime } from './retry-time.ts'

// Issue #23 point 15: the lockout message says when to try again.
const now = new Date(Date.UTC(2026, 10, 20, 5, 20, 10)) // 2026-11-20 14:20:10 JST
const lockout =
  '本人確認に続けて失敗したため、一時的にお手続きを制限しています。時間をおいて、もう一度お試しください。'

describe('再試行できる時刻（issue #23 の15）', () => {
  it('ロックの終わる時刻を分に切り上げて、その時刻以降にもう一度試すよう案内すること', () => {
    expect(withRetryTime(lockout, 15 * 60 - 10 + 1, now)).toBe(
      '本人確認に続けて失敗したため、一時的にお手続きを制限しています。14時36分以降に、もう一度お試しください。',
    )
  })

  it('ちょうど分の境目なら、その分を示すこと', () => {
    expect(retryTimeLabel(new Date(Date.UTC(2026, 10, 20, 5, 35, 0)), now)).toBe('14時35分')
  })

  it('日付が変わるときは日付も示すこと（日本時間）', () => {
    const lateNow = new Date(Date.UTC(2026, 10, 20, 14, 50, 0)) // 23:50 JST
    expect(retryTimeLabel(new Date(lateNow.getTime() + 30 * 60 * 1000), lateNow)).toBe(
      '11月21日 0時20分',
    )
  })

  it('「時間をおいて」の文がないメッセージには、時刻の文を後ろに加えること', () => {
    expect(withRetryTime('しばらくお待ちください。', 60, now)).toBe(
      'しばらくお待ちください。14時22分以降に、もう一度お試しください。',
    )
  })
})
