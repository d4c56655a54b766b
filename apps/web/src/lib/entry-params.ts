import { enrolmentPath } from '@app/shared/format/page-urls'
import type { EntryArea, EntryParams } from '@app/shared/rules/entry-check'

type RouteParams = Readonly<Record<string, string | undefined>>

/** The area of a router path (without the /app prefix), for entry checks and error screens. */
export function areaOfPath(pathname: string): EntryArea | undefined {
  const first = pathname.split('/').find((segment) => segment !== '')
  return first === 'ent' || first === 'myp' || first === 'pamphlet' ? first : undefined
}

/**
 * SPEC §2.6: the route parameters read on entry. Under /myp/ the inception month and branch
 * number are not in the path; some links carry them as query parameters.
 */
export function entryParamsOf(
  area: EntryArea,
  params: RouteParams,
  searchParams: URLSearchParams,
): EntryParams {
  const fromQuery = (name: string): string | undefined => searchParams.get(name) ?? undefined
  const result: EntryParams = {}
  const assign = (name: keyof EntryParams, value: string | undefined): void => {
    if (value !== undefined) result[name] = value
  }
  assign('groupPfCode', params.groupPfCode)
  assign('urlKey', params.urlKey)
  if (area === 'myp') {
    assign('groupPfCodeInceptionDateYm', fromQuery('groupPfCodeInceptionDateYm'))
    assign('groupPfBranchNo', fromQuery('groupPfBranchNo'))
  } else {
    assign('groupPfCodeInceptionDateYm', params.groupPfCodeInceptionDateYm)
    assign('groupPfBranchNo', params.groupPfBranchNo)
  }
  return result
}

/** A page of the enrolment link in the route parameters (router path, without /app). */
export function enrolmentPagePath(params: RouteParams, page: string): string {
  const part = (name: string): string => params[name] ?? ''
  return enrolmentPath(
    {
      groupPfCode: part('groupPfCode'),
      groupPfCodeInceptionDateYm: part('groupPfCodeInceptionDateYm'),
      groupPfBranchNo: part('groupPfBranchNo'),
      urlKey: part('urlKey'),
    },
    page,
  )
}
