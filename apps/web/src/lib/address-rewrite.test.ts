import { afterEach, describe, expect, it } from 'vitest'
import { installAddressRewrite, prefixedPath } from './address-rewrite.ts'

describe('アドレスの書き換え（SPEC §2）', () => {
  it.each([
    [
      '/ent/G001/202604/00001/abcDEF1234/selectType',
      '/app/ent/G001/202604/00001/abcDEF1234/selectType',
    ],
    ['/app/ent/G001/202604/00001/abcDEF1234/selectType', undefined],
    ['/app', undefined],
    ['/application', '/app/application'],
    ['/', '/app/'],
  ])('%s は %s にすること', (pathname, expected) => {
    expect(prefixedPath(pathname, '/app')).toBe(expected)
  })

  let uninstall: (() => void) | undefined
  afterEach(() => {
    uninstall?.()
    window.history.replaceState(null, '', '/')
  })

  it('戻る・進むで /app のないアドレスになったら /app を付けて置き換えること', () => {
    uninstall = installAddressRewrite(window, '/app')
    window.history.pushState({ idx: 1 }, '', '/myp/G001/abcDEF1234/login?x=1#top')

    window.dispatchEvent(new PopStateEvent('popstate', { state: { idx: 1 } }))

    expect(window.location.pathname).toBe('/app/myp/G001/abcDEF1234/login')
    expect(window.location.search).toBe('?x=1')
    expect(window.location.hash).toBe('#top')
    expect(window.history.state).toEqual({ idx: 1 })
  })

  it('/app の付いたアドレスはそのままにすること', () => {
    uninstall = installAddressRewrite(window, '/app')
    window.history.pushState(null, '', '/app/systemTermsOfServiceAndPolicies')
    const before = window.history.length

    window.dispatchEvent(new PopStateEvent('popstate'))

    expect(window.location.pathname).toBe('/app/systemTermsOfServiceAndPolicies')
    expect(window.history.length).toBe(before)
  })
})
