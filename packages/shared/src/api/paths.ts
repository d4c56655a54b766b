// The API's paths (SPEC §7), kept apart from the zod contracts that use them: a browser module that
// only calls an endpoint imports the path without building the endpoint's schemas (ADR 0011).

/** 団体情報取得 (SPEC §7.1) */
export const groupPfInfoPath = '/groupPfInfo/'
/** 項目定義取得 (SPEC §7.2) */
export const itemDefinitionsPath = '/itemDefinitions/'
/** 初回登録IDによる本人確認 */
export const verifyByIdPath = '/policyHolderInfoById/'
/** 三項目認証 */
export const verifyByItemPath = '/policyHolderInfoByItem/'
/** 確認メールの送信 */
export const sendVerificationMailPath = '/mainMail/'
/** 確認メールのURLを開いた先 */
export const confirmVerificationPath = '/policyHolderInfoByMail/'
/** SPEC §7.5 current user; PUT extends the session, DELETE signs out */
export const sessionInfoPath = '/sessionInfo/'
