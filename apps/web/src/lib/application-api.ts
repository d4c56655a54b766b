import type { ApplicationView } from '@app/shared/api/application/apply-info'
import type {
  addressResponseSchema,
  CoverageUnit,
  downloadUrlResponseSchema,
  insuredBodySchema,
  stepBodySchemas,
  uploadUrlBodySchema,
  uploadUrlResponseSchema,
} from '@app/shared/api/application/endpoints'
import {
  addressPath,
  applyInfoPath,
  downloadPresignedPath,
  fileUploadPath,
  insuredPath,
  mainCoverageTypesPath,
  requiredDocsPath,
  specifiedCoverageTypesPath,
  uploadNecessaryDocsUrlPath,
} from '@app/shared/api/paths'
import type { ApplicationStep } from '@app/shared/rules/application-steps'
import type * as z from 'zod/mini'
import type { ApiClient, RequestOptions } from './api-client.ts'

// The application's calls (issue #6, ADR 0012): thin wrappers over the API client, typed by the
// shared contract. Every write sends the version its page was based on and answers with the whole
// ApplicationView. Only the types of the contract are imported: no schema reaches the bundle.

export type StepBody<S extends ApplicationStep> = z.input<(typeof stepBodySchemas)[S]>
export type InsuredBody = z.input<typeof insuredBodySchema>
export type UploadUrlBody = z.input<typeof uploadUrlBodySchema>
export type UploadUrlResponse = z.output<typeof uploadUrlResponseSchema>
export type DownloadUrlResponse = z.output<typeof downloadUrlResponseSchema>
export type AddressResponse = z.output<typeof addressResponseSchema>
export type { CoverageUnit }

const JSON_BODY = { contentType: 'application/json' } as const

function putJson<T>(api: ApiClient, path: string, body: unknown): Promise<T> {
  return api.put<T>(path, JSON.stringify(body), JSON_BODY)
}

const versionQuery = (version: number) => `?version=${encodeURIComponent(String(version))}`
const segment = (value: string | number) => encodeURIComponent(String(value))

/** GET /applyInfo/: the applicant's application, its version and progress. */
export function fetchApplication(api: ApiClient, signal?: AbortSignal): Promise<ApplicationView> {
  const options: RequestOptions = { signal }
  return api.get<ApplicationView>(applyInfoPath, undefined, options)
}

/** PUT /applyInfo/{step}: saves one step. */
export function saveStep<S extends ApplicationStep>(
  api: ApiClient,
  step: S,
  body: StepBody<S>,
): Promise<ApplicationView> {
  return putJson(api, `${applyInfoPath}${step}`, body)
}

/** POST /applyInfo/insured/{unitNo}: adds an insured person to a unit. */
export function addInsured(
  api: ApiClient,
  unitNo: number,
  body: InsuredBody,
): Promise<ApplicationView> {
  return api.post<ApplicationView>(`${insuredPath}${segment(unitNo)}`, body)
}

/** PUT /applyInfo/insured/{unitNo}/{insrdId}: changes an insured person. */
export function updateInsured(
  api: ApiClient,
  unitNo: number,
  insrdId: string,
  body: InsuredBody,
): Promise<ApplicationView> {
  return putJson(api, `${insuredPath}${segment(unitNo)}/${segment(insrdId)}`, body)
}

/** DELETE /applyInfo/insured/{unitNo}/{insrdId}?version=N */
export function removeInsured(
  api: ApiClient,
  unitNo: number,
  insrdId: string,
  version: number,
): Promise<ApplicationView> {
  return api.delete<ApplicationView>(
    `${insuredPath}${segment(unitNo)}/${segment(insrdId)}${versionQuery(version)}`,
  )
}

/** PUT /applyInfo/insured/{unitNo}/confirm: 「この内容で確定する」 for one unit. */
export function confirmInsuredUnit(
  api: ApiClient,
  unitNo: number,
  version: number,
): Promise<ApplicationView> {
  return putJson(api, `${insuredPath}${segment(unitNo)}/confirm`, { version })
}

/** GET /mainCoverageTypes/: the plans. */
export function fetchPlans(api: ApiClient): Promise<{ planArray: CoverageUnit[] }> {
  return api.get(mainCoverageTypesPath)
}

/** GET /specifiedCoverageTypes/?planUnitNo=N: the options that may be added to the plan. */
export function fetchOptions(
  api: ApiClient,
  planUnitNo: number,
): Promise<{ optionArray: CoverageUnit[] }> {
  return api.get(specifiedCoverageTypesPath, { planUnitNo })
}

/** GET /address/?zipCode=1000001 (seven digits, no hyphen). */
export function lookupAddress(api: ApiClient, zipCode: string): Promise<AddressResponse> {
  return api.get(addressPath, { zipCode })
}

/** POST /uploadNecessaryDocsUrl/: a one-time signed upload URL for one slot. */
export function requestUploadUrl(api: ApiClient, body: UploadUrlBody): Promise<UploadUrlResponse> {
  return api.post(uploadNecessaryDocsUrlPath, body)
}

/**
 * The path to give the API client for a signed upload URL. The server answers with the URL as
 * the browser sees it ('/api/files/upload/…', under the API's base), while the client puts its
 * base in front of a relative path: keep the part from '/files/upload/'. A full URL of another
 * origin is passed as it is (the client sends no session token there).
 */
export function uploadPathOf(uploadUrl: string): string {
  if (/^https?:\/\//.test(uploadUrl)) return uploadUrl
  const index = uploadUrl.indexOf(fileUploadPath)
  return index < 0 ? uploadUrl : uploadUrl.slice(index)
}

/** PUT {uploadUrl}: the file's bytes; the answer is the application with the file added. */
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
  return api.post(downloadPresignedPath, { fileId })
}

/** DELETE /applyInfo/requiredDocs/{fileId}?version=N */
export function removeRequiredDoc(
  api: ApiClient,
  fileId: string,
  version: number,
): Promise<ApplicationView> {
  return api.delete<ApplicationView>(
    `${requiredDocsPath}${segment(fileId)}${versionQuery(version)}`,
  )
}
