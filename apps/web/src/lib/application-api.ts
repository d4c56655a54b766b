import type { ApplicationView } from '@app/shared/api/application/apply-info'
import type {
  addInsuredApi,
  addressApi,
  applyInfoApi,
  confirmInsuredApi,
  CoverageUnit,
  downloadUrlApi,
  editInsuredApi,
  insuredBodySchema,
  mainCoverageTypesApi,
  removeInsuredApi,
  removeRequiredDocApi,
  SaveStepApi,
  specifiedCoverageTypesApi,
  stepBodySchemas,
  uploadUrlApi,
  uploadUrlBodySchema,
} from '@app/shared/api/application/endpoints'
import type { EndpointResponse } from '@app/shared/api/endpoint'
import {
  addInsuredRoute,
  addressRoute,
  applyInfoRoute,
  confirmInsuredRoute,
  downloadUrlRoute,
  editInsuredRoute,
  fileUploadRoute,
  mainCoverageTypesRoute,
  removeInsuredRoute,
  removeRequiredDocRoute,
  saveStepRoute,
  specifiedCoverageTypesRoute,
  uploadUrlRoute,
} from '@app/shared/api/application/routes'
import type { ApplicationStep } from '@app/shared/rules/application-steps'
import type * as z from 'zod/mini'
import type { ApiClient } from './api-client.ts'
import { callEndpoint } from './call-endpoint.ts'

// The application's calls (issue #6, ADR 0012): each one the shared endpoint's route, typed by
// its definition (ADR 0022). Every write sends the version its page was based on and answers with
// the whole ApplicationView. Only the definitions' types are imported: no schema reaches the
// bundle.

export type StepBody<S extends ApplicationStep> = z.input<(typeof stepBodySchemas)[S]>
export type InsuredBody = z.input<typeof insuredBodySchema>
export type UploadUrlBody = z.input<typeof uploadUrlBodySchema>
export type UploadUrlResponse = EndpointResponse<typeof uploadUrlApi>
export type DownloadUrlResponse = EndpointResponse<typeof downloadUrlApi>
export type AddressResponse = EndpointResponse<typeof addressApi>
export type { CoverageUnit }

/** GET /applyInfo/: the applicant's application, its version and progress. */
export function fetchApplication(api: ApiClient, signal?: AbortSignal): Promise<ApplicationView> {
  return callEndpoint<typeof applyInfoApi>(api, applyInfoRoute, {}, { signal })
}

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

/** POST /uploadNecessaryDocsUrl/: a one-time signed upload URL for one slot. */
export function requestUploadUrl(api: ApiClient, body: UploadUrlBody): Promise<UploadUrlResponse> {
  return callEndpoint<typeof uploadUrlApi>(api, uploadUrlRoute, { body })
}

/** The upload route's fixed part: '/files/upload/' (the route ends in its token). */
const uploadPathPrefix = fileUploadRoute.path.slice(0, -1)

/**
 * The path to give the API client for a signed upload URL. The server answers with the URL as
 * the browser sees it ('/api/files/upload/…', under the API's base), while the client puts its
 * base in front of a relative path: keep the part from '/files/upload/'. A full URL of another
 * origin is passed as it is (the client sends no session token there).
 */
export function uploadPathOf(uploadUrl: string): string {
  if (/^https?:\/\//.test(uploadUrl)) return uploadUrl
  const index = uploadUrl.indexOf(uploadPathPrefix)
  return index < 0 ? uploadUrl : uploadUrl.slice(index)
}

/**
 * PUT {uploadUrl}: the file's bytes; the answer is the application with the file added. The URL
 * is the server's signed URL, not a route the browser fills in.
 */
export function uploadFile(
  api: ApiClient,
  uploadUrl: string,
  file: Blob,
): Promise<ApplicationView> {
  return api.put<ApplicationView>(uploadPathOf(uploadUrl), file, {
    contentType: 'application/octet-stream',
  })
}

/** POST /downloadPresigned/: a short-lived URL to open an uploaded file. */
export function requestDownloadUrl(api: ApiClient, fileId: string): Promise<DownloadUrlResponse> {
  return callEndpoint<typeof downloadUrlApi>(api, downloadUrlRoute, { body: { fileId } })
}

/** DELETE /applyInfo/requiredDocs/{fileId}?version=N */
export function removeRequiredDoc(
  api: ApiClient,
  fileId: string,
  version: number,
): Promise<ApplicationView> {
  return callEndpoint<typeof removeRequiredDocApi>(api, removeRequiredDocRoute, {
    params: { fileId },
    query: { version },
  })
}
