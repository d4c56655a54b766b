import { describe, expect, it, vi } from 'vitest'
import {
  clearSession,
  clearSessionAndMyPageState,
  hasSessionFor,
  parseInstant,
  readSession,
  refreshSession,
  SESSION_INFO_KEY,
  SESSION_TOKEN_KEY,
  storeSession,
  subscribeSession,
  type StoredSession,
} from './session.ts'
import { MY_PAGE_STATE_KEY } from './my-page-steps.ts'

const session: StoredSession = {
  sessionToken: 'token.1',
  expiresAt: '2026-11-20T01:30:00.000Z',
  userId: 'U00000001',
  groupPfCode: 'G001',
  link: null,
}
const END = Date.UTC(2026, 10, 20, 1, 30)

describe('ブラウザのセッション（PRODUCT.md "Sessions"）', () => {
  it.each([
    ['2026-11-20T01:30:00.000Z', END],
    ['2026-11-20T01:30:00Z', END],
    ['2026-11-20T01:30Z', END],
    ['2026-11-20T10:30:00+09:00', END],
    ['2026-11-20T01:30:00.5Z', END + 500],
    ['2026-11-20 01:30:00', undefined],
    ['20261120T013000Z', undefined],
    ['', undefined],
  ])('「%s」は %s ミリ秒であること', (value, expected) => {
    expect(parseInstant(value)).toBe(expected)
  })

  it('トークンはそのままの文字列で、その他は JSON で保存し、読み戻せること', () => {
    storeSession(window.sessionStorage, session)
    expect(window.sessionStorage.getItem(SESSION_TOKEN_KEY)).toBe('token.1')
    expect(JSON.parse(window.sessionStorage.getItem(SESSION_INFO_KEY) ?? '{}')).toEqual({
      expiresAt: session.expiresAt,
      userId: 'U00000001',
      groupPfCode: 'G001',
      link: null,
    })
    expect(readSession(window.sessionStorage)).toEqual(session)
  })

  it('団体が同じで、終わっていないセッションだけを有効とすること', () => {
    storeSession(window.sessionStorage, session)
    expect(hasSessionFor(window.sessionStorage, 'G001', END - 1)).toBe(true)
    expect(hasSessionFor(window.sessionStorage, 'G001', END)).toBe(false)
    expect(hasSessionFor(window.sessionStorage, 'G002', END - 1)).toBe(false)
    expect(hasSessionFor(window.sessionStorage, undefined, END - 1)).toBe(false)
  })

  it('マイページのセッションは目的を保存し、目的を求める確認はその目的のセッションだけを通すこと', () => {
    storeSession(window.sessionStorage, { ...session, purpose: 'myPage' })
    expect(readSession(window.sessionStorage)?.purpose).toBe('myPage')
    expect(hasSessionFor(window.sessionStorage, 'G001', END - 1, 'myPage')).toBe(true)
    expect(hasSessionFor(window.sessionStorage, 'G001', END - 1, 'application')).toBe(false)
    expect(hasSessionFor(window.sessionStorage, 'G001', END - 1)).toBe(true)

    // A session stored without a purpose is the enrolment's (verification mail).
    storeSession(window.sessionStorage, session)
    expect(hasSessionFor(window.sessionStorage, 'G001', END - 1, 'myPage')).toBe(false)
    expect(hasSessionFor(window.sessionStorage, 'G001', END - 1, 'application')).toBe(true)
  })

  it('ログアウトはセッションとマイページの手続きを消すこと', () => {
    storeSession(window.sessionStorage, { ...session, purpose: 'myPage' })
    window.sessionStorage.setItem(MY_PAGE_STATE_KEY, '{"link":"myp/G001/abcDEF1234"}')

    clearSessionAndMyPageState(window.sessionStorage)

    expect(readSession(window.sessionStorage)).toBeUndefined()
    expect(window.sessionStorage.getItem(MY_PAGE_STATE_KEY)).toBeNull()
  })

  it('更新はセッションがあるときだけ保存し、変更を知らせること', () => {
    const listener = vi.fn()
    const unsubscribe = subscribeSession(listener)

    refreshSession(window.sessionStorage, 'token.2', '2026-11-20T02:00:00.000Z')
    expect(readSession(window.sessionStorage)).toBeUndefined()
    expect(listener).not.toHaveBeenCalled()

    storeSession(window.sessionStorage, session)
    refreshSession(window.sessionStorage, 'token.2', '2026-11-20T02:00:00.000Z')
    expect(readSession(window.sessionStorage)).toEqual({
      ...session,
      sessionToken: 'token.2',
      expiresAt: '2026-11-20T02:00:00.000Z',
    })
    clearSession(window.sessionStorage)
    expect(readSession(window.sessionStorage)).toBeUndefined()
    expect(listener).toHaveBeenCalledTimes(3)
    unsubscribe()
  })
})
