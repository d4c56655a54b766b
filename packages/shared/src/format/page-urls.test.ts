import { describe, expect, it } from 'vitest'
import {
  appHref,
  enrolmentPath,
  myPagePath,
  myPagePathWithQuery,
  pamphletPath,
  verificationLinkHref,
} from './page-urls.ts'

// The web app's page addresses, put together in one place (issue #18 point 3).

const link = {
  groupPfCode: 'G100001',
  groupPfCodeInceptionDateYm: '202701',
  groupPfBranchNo: '00001',
  urlKey: 'Kx7pR2mQ9a',
}

describe('page URLs', () => {
  it('names the enrolment, pamphlet and my-page pages of a link (router paths)', () => {
    expect(enrolmentPath(link, 'termsOfService')).toBe(
      '/ent/G100001/202701/00001/Kx7pR2mQ9a/termsOfService',
    )
    expect(pamphletPath(link)).toBe('/pamphlet/G100001/202701/00001/Kx7pR2mQ9a')
    expect(myPagePath('home', link)).toBe(
      '/myp/G100001/Kx7pR2mQ9a/home?groupPfCodeInceptionDateYm=202701&groupPfBranchNo=00001',
    )
    expect(myPagePath('login', { groupPfCode: 'G100001', urlKey: 'Kx7pR2mQ9a' })).toBe(
      '/myp/G100001/Kx7pR2mQ9a/login',
    )
    expect(myPagePathWithQuery('home', link, new URLSearchParams())).toBe(
      '/myp/G100001/Kx7pR2mQ9a/home',
    )
  })

  it('encodes every segment, so a value cannot add a folder or a query', () => {
    const odd = { ...link, groupPfCode: 'G/1?x', urlKey: 'a b#' }
    expect(enrolmentPath(odd, 'entryTerms')).toBe('/ent/G%2F1%3Fx/202701/00001/a%20b%23/entryTerms')
    expect(myPagePath('login', odd)).toMatch(/^\/myp\/G%2F1%3Fx\/a%20b%23\/login\?/)
  })

  it('adds the app base for links from outside the app, the token in the fragment', () => {
    expect(appHref('/systemTermsOfServiceAndPolicies')).toBe('/app/systemTermsOfServiceAndPolicies')
    expect(verificationLinkHref(link, 'tok_123')).toBe(
      '/app/ent/G100001/202701/00001/Kx7pR2mQ9a/verifyUser#token=tok_123',
    )
  })
})
