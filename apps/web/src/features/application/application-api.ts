import type { ApplicationView } from '@app/shared/api/application/apply-info'
import type {
  addInsuredApi,
  addressApi,
  confirmInsuredApi,
  CoverageUnit,
  downloadUrlApi,
  editInsuredApi,
  insuredBodySchema,
  mainCoverageTypesApi,
  removeInsuredApi,
  SaveStepApi,
  specifiedCoverageTypesApi,
  stepBodySchemas,
} from '@app/shared/api/application/endpoints'
import type { EndpointResponse } from '@app/shared/api/endpoint'
import {
  addInsuredRoute,
  addressRoute,
  confirmInsuredRoute,
  downloadUrlRoute,
  editInsuredRoute,
  mainCoverageTypesRoute,
  removeInsuredRoute,
  saveStepRoute,
  specifiedCoverageTypesRoute,
} from '@app/shared/api/application/routes'
import type { ApplicationStep } from '@app/shared/rules/application-steps'
import type * as z from 'zod/mini'
import type { ApiClient } from '@/lib/api-client.ts'
import { callEndpoint } from '@/lib/call-endpoint.ts'

// The application's calls (issue #6, ADR 0012), each one the shared endpoint's route, typed by
// its definition (ADR 0022). Every write sends the version its page was based on and answers with
// the whole ApplicationView. Only the definitions' types are imported: no schema reaches the
// bundle. The current application, which other flows read too, is lib/fetch-application.ts; the
// required documents' uploads are document-api.ts.

export type StepBody<S extends ApplicationStep> = z.input<(typeof stepBodySchemas)[S]>
export type InsuredBody = z.input<typeof insuredBodySchema>
export type DownloadUrlResponse = EndpointResponse<typeof downloadUrlApi>
export type AddressResponse = EndpointResponse<typeof addressApi>
export type { CoverageUnit }

/** PUT /applyInfo/{step}: saves one step. */
export function saveStep<S extends ApplicationStep>(
  api: ApiClient,
  step: S,
  body: StepBody<S>,
): Promise<ApplicationView> {
  return callEndpoint<SaveStepApi>(api, saveStepRoute(step), { body })
}

/** POST /applyInfo/insured/{unitNo}: adds an insured person to a unit. */
export function addInsured(
  api: ApiClient,
  unitNo: number,
  body: InsuredBody,
): Promise<ApplicationView> {
  return callEndpoint<typeof addInsuredApi>(api, addInsuredRoute, { params: { unitNo }, body })
}

/** PUT /applyInfo/insured/{unitNo}/{insrdId}: changes an insured person. */
export function updateInsured(
  api: ApiClient,
  unitNo: number,
  insrdId: string,
  body: InsuredBody,
): Promise<ApplicationView> {
  return callEndpoint<typeof editInsuredApi>(api, editInsuredRoute, {
    params: { unitNo, insrdId },
    body,
  })
}

/** DELETE /applyInfo/insured/{unitNo}/{insrdId}?version=N */
export function removeInsured(
  api: ApiClient,
  unitNo: number,
  insrdId: string,
  version: number,
): Promise<ApplicationView> {
  return callEndpoint<typeof removeInsuredApi>(api, removeInsuredRoute, {
    params: { unitNo, insrdId },
    query: { version },
  })
}

/** PUT /applyInfo/insured/{unitNo}/confirm: 「この内容で確定する」 for one unit. */
export function confirmInsuredUnit(
  api: ApiClient,
  unitNo: number,
  version: number,
): Promise<ApplicationView> {
  return callEndpoint<typeof confirmInsuredApi>(api, confirmInsuredRoute, {
    params: { unitNo },
    body: { version },
  })
}

/** GET /mainCoverageTypes/: the plans. */
export function fetchPlans(api: ApiClient): Promise<{ planArray: CoverageUnit[] }> {
  return callEndpoint<typeof mainCoverageTypesApi>(api, mainCoverageTypesRoute, {})
}

/** GET /specifiedCoverageTypes/?planUnitNo=N: the options that may be added to the plan. */
export function fetchOptions(
  api: ApiClient,
  planUnitNo: number,
): Promise<{ optionArray: CoverageUnit[] }> {
  return callEndpoint<typeof specifiedCoverageTypesApi>(api, specifiedCoverageTypesRoute, {
    query: { planUnitNo },
  })
}

/** GET /address/?zipCode=1000001 (seven digits, no hyphen). */
export function lookupAddress(api: ApiClient, zipCode: string): Promise<AddressResponse> {
  return callEndpoint<typeof addressApi>(api, addressRoute, { query: { zipCode } })
}

/** POST /downloadPresigned/: a short-lived URL to open an uploaded file. */
export function requestDownloadUrl(api: ApiClient, fileId: string): Promise<DownloadUrlResponse> {
  return callEndpoint<typeof downloadUrlApi>(api, downloadUrlRoute, { body: { fileId } })
}
