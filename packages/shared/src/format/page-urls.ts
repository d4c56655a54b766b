// The web app's page addresses (issue #18 point 3): the one place they are put together, for the
// web app's router and links, the server's mails, pamphlet and PDF, the verification link and the
// demo printout. Router paths leave out the app's base (`/app`); `appHref` adds it for a link
// from outside the app (a mail, a server page, a full page load). Every segment is encoded.

/** Where the web app is served (its router's basename). */
export const APP_BASE = '/app'

/** An enrolment link (SPEC §2.1): the group product's year, branch and URL key. */
export interface EnrolmentLinkParts {
  groupPfCode: string
  groupPfCodeInceptionDateYm: string
  groupPfBranchNo: string
  urlKey: string
}

/** A my-page link (SPEC §2.2), with the coverage month and branch when known (SPEC §2.6). */
export interface MyPageLinkParts {
  groupPfCode: string
  urlKey: string
  groupPfCodeInceptionDateYm?: string | undefined
  groupPfBranchNo?: string | undefined
}

const segment = encodeURIComponent

const isKnown = (value: string | undefined): value is string => value !== undefined && value !== ''

function withQuery(path: string, query?: URLSearchParams): string {
  const text = query?.toString() ?? ''
  return text === '' ? path : `${path}?${text}`
}

/** `/ent/{code}/{ym}/{branch}/{urlKey}/{page}` (router path). */
export function enrolmentPath(link: EnrolmentLinkParts, page: string): string {
  const { groupPfCode, groupPfCodeInceptionDateYm, groupPfBranchNo, urlKey } = link
  return `/ent/${segment(groupPfCode)}/${segment(groupPfCodeInceptionDateYm)}/${segment(groupPfBranchNo)}/${segment(urlKey)}/${page}`
}

/** `/pamphlet/{code}/{ym}/{branch}/{urlKey}` (router path). */
export function pamphletPath(link: EnrolmentLinkParts): string {
  const { groupPfCode, groupPfCodeInceptionDateYm, groupPfBranchNo, urlKey } = link
  return `/pamphlet/${segment(groupPfCode)}/${segment(groupPfCodeInceptionDateYm)}/${segment(groupPfBranchNo)}/${segment(urlKey)}`
}

/** `/myp/{code}/{urlKey}/{page}` with a query of its own (router path). */
export function myPageBasePath(link: Pick<MyPageLinkParts, 'groupPfCode' | 'urlKey'>): string {
  return `/myp/${segment(link.groupPfCode)}/${segment(link.urlKey)}`
}

/**
 * A my-page page of the link (router path), with the link's coverage month and branch in the
 * query when both are known (SPEC §2.6: the error screen's way back keeps them).
 */
export function myPagePath(page: string, link: MyPageLinkParts): string {
  const path = `${myPageBasePath(link)}/${page}`
  if (!isKnown(link.groupPfCodeInceptionDateYm) || !isKnown(link.groupPfBranchNo)) return path
  return withQuery(
    path,
    new URLSearchParams({
      groupPfCodeInceptionDateYm: link.groupPfCodeInceptionDateYm,
      groupPfBranchNo: link.groupPfBranchNo,
    }),
  )
}

/** A my-page page with the query given (router path): the current one kept, for instance. */
export function myPagePathWithQuery(
  page: string,
  link: Pick<MyPageLinkParts, 'groupPfCode' | 'urlKey'>,
  query: URLSearchParams,
): string {
  return withQuery(`${myPageBasePath(link)}/${page}`, query)
}

/** The page the system terms and policies are on (router path). */
export const systemTermsPath = '/systemTermsOfServiceAndPolicies'

/** A router path as a link from outside the app: `/app…`. */
export function appHref(routerPath: string): string {
  return `${APP_BASE}${routerPath}`
}

/** The my-page login of a link, from outside the app (mails, the error screen's full load). */
export function myPageLoginHref(link: MyPageLinkParts): string {
  return appHref(myPagePath('login', link))
}

/** The page the verification mail links to: verifyUser of the same link, the token in the fragment. */
export function verificationLinkHref(link: EnrolmentLinkParts, token: string): string {
  return `${appHref(enrolmentPath(link, 'verifyUser'))}#token=${token}`
}
