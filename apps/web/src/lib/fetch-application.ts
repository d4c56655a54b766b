import type { ApplicationView } from '@app/shared/api/application/apply-info'
import type { applyInfoApi } from '@app/shared/api/application/endpoints'
import { applyInfoRoute } from '@app/shared/api/application/current-route'
import type { ApiClient } from './api-client.ts'
import { callEndpoint } from './call-endpoint.ts'

/**
 * GET /applyInfo/: the signed-in applicant's application, its version and progress (issue #6,
 * ADR 0012). The enrolment's entry, payment and renewal read it as well as the application's
 * screens, so it lives apart from the application feature's other calls.
 */
export function fetchApplication(api: ApiClient, signal?: AbortSignal): Promise<ApplicationView> {
  return callEndpoint<typeof applyInfoApi>(api, applyInfoRoute, {}, { signal })
}
