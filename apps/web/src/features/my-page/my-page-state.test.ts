import { describe, expect, it } from 'vitest'
import { isRegisteringPhone, MY_PAGE_STATE_KEY } from '@/lib/my-page-steps.ts'
import { flowTypeOf, liveAttempt, readMyPageState, updateMyPageState } from './my-page-state.ts'

const LINK = 'myp/G001/abcDEF1234'
const NOW = Date.UTC(2026, 10, 20, 1, 0)

describe('マイページの手続きの状態（SPEC §3.6）', () => {
  it('リンクごとに保存し、別のリンクの状態は読まないこと', () => {
    updateMyPageState(window.sessionStorage, LINK, (state) => ({
      ...state,
      flowType: 'telephoneRegister',
    }))

    expect(JSON.parse(window.sessionStorage.getItem(MY_PAGE_STATE_KEY) ?? '{}')).toEqual({
      link: LINK,
      flowType: 'telephoneRegister',
    })
    expect(readMyPageState(window.sessionStorage, LINK).flowType).toBe('telephoneRegister')
    expect(readMyPageState(window.sessionStorage, 'myp/G002/abcDEF1234')).toEqual({
      link: 'myp/G002/abcDEF1234',
    })
  })

  it('flowType の既定は telephoneLogin で、ガードは登録の流れのときだけ知ること', () => {
    expect(flowTypeOf({ link: LINK })).toBe('telephoneLogin')
    expect(isRegisteringPhone(window.sessionStorage, LINK)).toBe(false)
    updateMyPageState(window.sessionStorage, LINK, () => ({
      link: LINK,
      flowType: 'telephoneRegister',
    }))
    expect(isRegisteringPhone(window.sessionStorage, LINK)).toBe(true)
    expect(isRegisteringPhone(window.sessionStorage, 'myp/G002/abcDEF1234')).toBe(false)
  })

  it('期限の過ぎた手続きと、形の崩れた手続きは無いものとすること', () => {
    const attempt = {
      attemptToken: 'attempt_token_0000000000000001',
      expiresAt: new Date(NOW + 60_000).toISOString(),
      codeSent: null,
    }
    expect(liveAttempt(attempt, NOW)).toBe(attempt)
    expect(liveAttempt(attempt, NOW + 60_000)).toBeUndefined()
    expect(liveAttempt({ ...attempt, expiresAt: 'soon' }, NOW)).toBeUndefined()
    expect(liveAttempt(undefined, NOW)).toBeUndefined()
  })
})
