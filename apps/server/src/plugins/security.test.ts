import { describe, expect, it } from 'vitest'
import { testConfig } from '../../test/helpers.ts'
import { contentSecurityPolicy } from './security.ts'

function directive(policy: string, name: string): string[] {
  const found = policy.split('; ').find((part) => part.startsWith(`${name} `))
  return found === undefined ? [] : found.split(' ').slice(1)
}

describe('contentSecurityPolicy', () => {
  it('組み込みのサンドボックス決済では、カード情報の送り先は同じオリジンだけであること', () => {
    const policy = contentSecurityPolicy(testConfig())
    expect(directive(policy, 'connect-src')).toEqual(["'self'"])
  })

  it('外部の決済代行会社を設定すると、そのオリジンへのカード情報の送信だけを許すこと (ADR 0014)', () => {
    const policy = contentSecurityPolicy(
      testConfig({ PAYMENT_PROVIDER_URL: 'https://api.pay.example.jp/v2/' }),
    )
    expect(directive(policy, 'connect-src')).toEqual(["'self'", 'https://api.pay.example.jp'])
    expect(directive(policy, 'script-src')).toEqual(["'self'"])
  })
})
