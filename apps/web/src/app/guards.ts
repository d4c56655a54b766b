import { myPagePathWithQuery, systemTermsPath } from '@app/shared/format/page-urls'
import { replace, type LoaderFunctionArgs } from 'react-router'
import {
  screens,
  type AccessRequirement,
  type Area,
  type InitialisationName,
  type ScreenDefinition,
} from './route-table.ts'
import { prefetchNextScreens } from './prefetch.ts'
import { awaitScreenModule } from '../lib/chunk-reload.ts'
import { enrolmentPagePath, entryParamsOf } from '../lib/entry-params.ts'
import { InitialisationError, PageNotFoundError } from '../lib/failure.ts'
import { linkKey, type GroupData } from '../lib/group-store.ts'
import { fullPageLoad, type Services } from '../lib/services.tsx'
import { isRegisteringPhone } from '../lib/my-page-steps.ts'
import type { ScreenLoaderData } from '../lib/screen-module.ts'
import { hasSessionFor } from '../lib/session.ts'

type RouteParams = LoaderFunctionArgs['params']

export interface InitialisationContext {
  area: Area
  params: RouteParams
  /** loaded by the entry check before any initialisation runs */
  group: GroupData
  services: Services
  request: Request
}

/**
 * SPEC §2.5 initialisation guards. Each runs after the entry check and the direct-access block,
 * and is where the screen's initial data fetch goes; what it returns reaches the screen as
 * `initialData`. A failure shows the error screen as an initialisation failure.
 */
export const initialisations: Record<
  InitialisationName,
  (context: InitialisationContext) => Promise<unknown>
> = {
  // GET /paymentInfo/: the amount, the method, the provider's token address; or where the
  // applicant belongs instead (ADR 0014). Loaded on demand, like the screen.
  payment: async ({ services }) => {
    const { initialisePayment } = await import('../features/payment/payment-initialisation.ts')
    return initialisePayment(services.api)
  },
  // GET /paymentInfo/ of an applied application: the completion (policy holder number, mail).
  completeApplication: async ({ services }) => {
    const { initialiseCompletion } = await import('../features/payment/payment-initialisation.ts')
    return initialiseCompletion(services.api)
  },
  // SPEC §2.5 "my-page home fetches my-page information": GET /policyHolderInfo/ of the link
  // (issue #8). Loaded on demand, like the screen.
  myPageHome: async ({ services, params }) => {
    const { initialiseMyPageHome } = await import('../features/my-page/home-initialisation.ts')
    return initialiseMyPageHome(services.api, params)
  },
}

/** Where a blocked direct access goes (ADR 0003): the area's entry page of the same link. */
export function areaEntryPath(area: Area, params: RouteParams, search: URLSearchParams): string {
  if (area === 'ent') return enrolmentPagePath(params, 'termsOfService')
  if (area === 'myp') {
    const query = new URLSearchParams()
    for (const name of ['groupPfCodeInceptionDateYm', 'groupPfBranchNo']) {
      const value = search.get(name)
      if (value) query.set(name, value)
    }
    const link = { groupPfCode: params.groupPfCode ?? '', urlKey: params.urlKey ?? '' }
    return myPagePathWithQuery('login', link, query)
  }
  return systemTermsPath
}

/**
 * Where a page goes when what it requires is missing (issue #5), or undefined when it is there:
 * without a session of the group, the link's first page (as the direct-access block does; on
 * my-page the login of the same link, and only a my-page session counts there); without a valid
 * entry ticket for the link, verifyUser of the link.
 */
export async function accessRedirect(
  requirement: AccessRequirement,
  {
    area,
    params,
    search,
    services,
  }: {
    area: Area
    params: RouteParams
    search: URLSearchParams
    services: Pick<Services, 'storage' | 'now'>
  },
): Promise<string | undefined> {
  const now = services.now()
  if (requirement !== 'entryTicket') {
    // The sign-in's telephone step has no session yet; a registration is made signed in.
    const link = linkKey('myp', entryParamsOf('myp', params, search))
    if (requirement === 'myPageTelephone' && !isRegisteringPhone(services.storage, link)) {
      return undefined
    }
    const purpose = requirement === 'session' ? undefined : 'myPage'
    return hasSessionFor(services.storage, params.groupPfCode, now, purpose)
      ? undefined
      : areaEntryPath(area, params, search)
  }
  // Only sendVerificationMail asks for a ticket: the check comes with that screen's code.
  const { readEntryTicket } = await import('../features/entry/access-storage.ts')
  const link = linkKey('ent', entryParamsOf('ent', params, search))
  if (readEntryTicket(services.storage, link, now) !== undefined) return undefined
  return enrolmentPagePath(params, 'verifyUser')
}

/**
 * The loader every screen route shares: entry check (SPEC §2.6) → validity (404) → direct-access
 * block → session or entry ticket (issue #5) → initialisation → the screen's module (SPEC §4 chunk
 * reload). The module download starts at once, in parallel with the checks.
 */
export async function loadScreen(
  definition: ScreenDefinition,
  services: Services,
  { params, request }: LoaderFunctionArgs,
): Promise<ScreenLoaderData | Response> {
  const url = new URL(request.url)
  const modulePromise = definition.load()
  // Settled later by awaitScreenModule; until then a redirect must not leave it unhandled.
  modulePromise.catch(() => undefined)

  const { area, guard } = definition
  const group =
    area === 'system'
      ? undefined
      : await services.groupStore.ensure(area, entryParamsOf(area, params, url.searchParams))

  if (guard.isValid !== undefined && !guard.isValid(params)) {
    throw new PageNotFoundError()
  }
  if (guard.blockDirectAccess && !services.flow.isReached(url.pathname)) {
    return replace(areaEntryPath(area, params, url.searchParams))
  }
  if (guard.requires !== undefined) {
    const target = await accessRedirect(guard.requires, {
      area,
      params,
      search: url.searchParams,
      services,
    })
    if (target !== undefined) return replace(target)
  }
  services.flow.recordReached(url.pathname)

  let initialData: unknown = null
  if (guard.initialisation !== undefined && group !== undefined) {
    try {
      initialData = await initialisations[guard.initialisation]({
        area,
        params,
        group,
        services,
        request,
      })
    } catch (cause) {
      throw new InitialisationError(cause)
    }
  }

  const screenModule = await awaitScreenModule(modulePromise, {
    path: url.pathname,
    storage: services.storage,
    now: services.now,
    reload: () => fullPageLoad(services, `${url.pathname}${url.search}${url.hash}`),
  })
  // SPEC §7.7: while this screen is shown, the next ones' chunks arrive in idle time.
  if (services.prefetch !== undefined) prefetchNextScreens(definition, screens, services.prefetch)
  return { Screen: screenModule.default, initialData }
}
