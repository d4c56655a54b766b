import { route } from '../endpoint.ts'
import type { ApplicationStep } from '../../rules/application-steps.ts'

// The application (issue #6, ADR 0012): the light half of application/endpoints.ts (ADR 0022).
// Every call works on the signed-in applicant's own application (one per account, found by the
// session): no call names another's. Reading the application is current-route.ts: the entry,
// payment and renewal pages read it too, and need none of these.

/** One step saved: PUT /applyInfo/{step}, a route (and a body schema) per step */
export const saveStepRoute = <const S extends ApplicationStep>(step: S) =>
  route('PUT', `/applyInfo/${step}`)
/** 被保険者の追加 */
export const addInsuredRoute = route('POST', '/applyInfo/insured/{unitNo}')
/** 「この内容で確定する」 for one unit */
export const confirmInsuredRoute = route('PUT', '/applyInfo/insured/{unitNo}/confirm')
/** 被保険者の変更 */
export const editInsuredRoute = route('PUT', '/applyInfo/insured/{unitNo}/{insrdId}')
/** 被保険者の削除 (?version=N) */
export const removeInsuredRoute = route('DELETE', '/applyInfo/insured/{unitNo}/{insrdId}')
/** プラン（主たる補償）の一覧 */
export const mainCoverageTypesRoute = route('GET', '/mainCoverageTypes/')
/** プランに付けられるオプションの一覧 (?planUnitNo=N) */
export const specifiedCoverageTypesRoute = route('GET', '/specifiedCoverageTypes/')
/** 郵便番号から住所 (?zipCode=1000001) */
export const addressRoute = route('GET', '/address/')

// Required documents (PRODUCT.md "Files")
/** 必要書類のアップロード用の署名付きURLの発行 */
export const uploadUrlRoute = route('POST', '/uploadNecessaryDocsUrl/')
/** The signed upload URL's target: the file's bytes, once */
export const fileUploadRoute = route('PUT', '/files/upload/*')
/** アップロード済みの書類を開く署名付きURLの発行 */
export const downloadUrlRoute = route('POST', '/downloadPresigned/')
/** The signed download URL's target */
export const fileDownloadRoute = route('GET', '/files/download/*')
/** 必要書類の削除 (?version=N) */
export const removeRequiredDocRoute = route('DELETE', '/applyInfo/requiredDocs/{fileId}')
