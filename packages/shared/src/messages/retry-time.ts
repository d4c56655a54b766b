// Issue #23 point 15: a refusal that ends by itself (a lockout after repeated failures, a rate
// limit) says when to try again. The server sends how long in Retry-After; the message's
// 「時間をおいて、もう一度お試しください。」 becomes 「14時35分以降に、もう一度お試しください。」.

const LATER = '時間をおいて、もう一度お試しください。'
const JST_OFFSET_MS = 9 * 60 * 60 * 1000
const MINUTE_MS = 60 * 1000

/** The JST wall-clock parts of an instant. */
function jstParts(instant: Date) {
  const shifted = new Date(instant.getTime() + JST_OFFSET_MS)
  return {
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
  }
}

/**
 * 「14時35分」 (JST), the first whole minute at or after `retryAt`, so that 「以降」 holds; with
 * the date (「11月28日 9時05分」) when that minute is not on the same JST day as `now`.
 */
export function retryTimeLabel(retryAt: Date, now: Date): string {
  const rounded = new Date(Math.ceil(retryAt.getTime() / MINUTE_MS) * MINUTE_MS)
  const at = jstParts(rounded)
  const today = jstParts(now)
  const time = `${at.hour}時${String(at.minute).padStart(2, '0')}分`
  return at.month === today.month && at.day === today.day
    ? time
    : `${at.month}月${at.day}日 ${time}`
}

/** `text` telling when to try again: its 「時間をおいて…」 replaced, or the time added. */
export function withRetryTime(text: string, retryAfterSeconds: number, now: Date): string {
  const retryAt = new Date(now.getTime() + retryAfterSeconds * 1000)
  const sentence = `${retryTimeLabel(retryAt, now)}以降に、もう一度お試しください。`
  return text.includes(LATER) ? text.replace(LATER, sentence) : `${text}${sentence}`
}
