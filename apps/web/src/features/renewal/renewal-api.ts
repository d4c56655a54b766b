import type {
  RenewalInfo,
  renewalInfoApi,
  renewalProcedureApi,
  RenewalProcedureStarted,
  RenewalTarget,
  stopUpdateApi,
} from '@app/shared/api/renewal/endpoints'
import {
  renewalInfoRoute,
  renewalProcedureRoute,
  stopUpdateRoute,
} from '@app/shared/api/renewal/routes'
import type { ApiClient } from '@/lib/api-client.ts'
import { callEndpoint } from '@/lib/call-endpoint.ts'

// The renewal calls (issue #9, ADR 0016): thin wrappers over the API client, typed by the shared
// contract. Only its types are imported: no schema reaches the bundle through here (ADR 0011).

/** The contract the renewal pages are about: the my-page link and the ent URL's coverage year. */
export function renewalTargetOf(
  params: Readonly<Record<string, string | undefined>>,
): RenewalTarget {
  return {
    groupPfCode: params.groupPfCode ?? '',
    urlKey: params.urlKey ?? '',
    groupPfCodeInceptionDateYm: params.groupPfCodeInceptionDateYm ?? '',
  }
}

/** GET /renewalInfo/: the contract's renewal state (SPEC §3.7) and next year's terms. */
export function fetchRenewalInfo(
  api: ApiClient,
  target: RenewalTarget,
  signal?: AbortSignal,
): Promise<RenewalInfo> {
  return callEndpoint<typeof renewalInfoApi>(api, renewalInfoRoute, { query: target }, { signal })
}

/** POST /stopUpdate/: stops the auto-renewal (409 APFA2031 after the fix date, APFA2029). */
export function stopAutoRenewal(api: ApiClient, target: RenewalTarget): Promise<RenewalInfo> {
  return callEndpoint<typeof stopUpdateApi>(api, stopUpdateRoute, { body: target })
}

/** POST /renewalProcedure/: starts or resumes the procedure; answers next year's link. */
export function startRenewalProcedure(
  api: ApiClient,
  target: RenewalTarget,
): Promise<RenewalProcedureStarted> {
  return callEndpoint<typeof renewalProcedureApi>(api, renewalProcedureRoute, { body: target })
}
