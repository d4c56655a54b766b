import type {
  RenewalInfo,
  RenewalProcedureStarted,
  RenewalTarget,
} from '@app/shared/api/renewal/endpoints'
import { stopUpdatePath, renewalInfoPath, renewalProcedurePath } from '@app/shared/api/paths'
import type { ApiClient } from '@/lib/api-client.ts'

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
  return api.get(renewalInfoPath, target, { signal })
}

/** POST /stopUpdate/: stops the auto-renewal (409 APFA2031 after the fix date, APFA2029). */
export function stopAutoRenewal(api: ApiClient, target: RenewalTarget): Promise<RenewalInfo> {
  return api.post(stopUpdatePath, target)
}

/** POST /renewalProcedure/: starts or resumes the procedure; answers next year's link. */
export function startRenewalProcedure(
  api: ApiClient,
  target: RenewalTarget,
): Promise<RenewalProcedureStarted> {
  return api.post(renewalProcedurePath, target)
}
