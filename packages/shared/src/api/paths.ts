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
/** POST {token}: whether the mail link can still be used, before the password is asked */
export const verificationLinkStatusPath = '/policyHolderInfoByMail/status/'
/** SPEC §7.5 current user; PUT extends the session, DELETE signs out */
export const sessionInfoPath = '/sessionInfo/'

// The application (issue #6, ADR 0012). Every call works on the signed-in applicant's own
// application (one per account, found by the session): no call names another's.
/** 申込情報: GET the state; PUT /applyInfo/{step} saves one step */
export const applyInfoPath = '/applyInfo/'
/** 被保険者: POST /applyInfo/insured/{unitNo}; PUT and DELETE …/{unitNo}/{insrdId} */
export const insuredPath = '/applyInfo/insured/'
/** 必要書類の削除: DELETE /applyInfo/requiredDocs/{fileId} */
export const requiredDocsPath = '/applyInfo/requiredDocs/'
/** プラン（主たる補償）の一覧 */
export const mainCoverageTypesPath = '/mainCoverageTypes/'
/** プランに付けられるオプションの一覧 */
export const specifiedCoverageTypesPath = '/specifiedCoverageTypes/'
/** 郵便番号から住所 */
export const addressPath = '/address/'
/** 必要書類のアップロード用の署名付きURLの発行 */
export const uploadNecessaryDocsUrlPath = '/uploadNecessaryDocsUrl/'
/** アップロード済みの書類を開く署名付きURLの発行 */
export const downloadPresignedPath = '/downloadPresigned/'
/** 署名付きURLの行き先: PUT /files/upload/{token}, GET /files/download/{token} */
export const fileUploadPath = '/files/upload/'
export const fileDownloadPath = '/files/download/'

// Payment and completion (issue #7, ADR 0014). The applicant's own application, found by the
// session. Every execution carries an `Idempotency-Key` header: a repeat gets the first result.
/** GET: what is due and how it is paid (the payment screen's initialisation guard, SPEC §2.5) and,
 * once applied, the completion. POST: the payment registration of SPEC §7.4 for a group that is
 * not paid online (団体扱, or the group's own account displayed). */
export const paymentInfoPath = '/paymentInfo/'
/** GET: a new puzzle (ALTCHA challenge) for the card form, valid 5 minutes, usable once */
export const capyStatusPath = '/capyStatus/'
/** POST: pay by card with the provider's card token and the solved puzzle */
export const executePaymentCreditPath = '/executePaymentCredit/'
/** POST: after the provider's 3-D Secure page returns, finish the same payment */
export const executePaymentCreditReturnPath = '/executePaymentCredit/threeDSecure/'
/** POST: have the provider issue this application's virtual bank account */
export const executePaymentVAccountPath = '/executePaymentVAccount/'
/** POST: the provider's signed deposit notification (no session: the signature decides) */
export const depositNotificationPath = '/paymentNotifications/deposit/'

// My-page (issue #8, ADR 0015). Every call names the my-page link (groupPfCode + urlKey, SPEC
// §2.2); a signed-in call works only on the signed-in policy holder's own records, and a link of
// another group answers 404.
/** POST: sign-in step 1 (ID, password, the four consents); the second step's code follows */
export const start2FAPath = '/start2FA/'
/** POST: send (or send again) the sign-in code by mail, SMS or voice for a sign-in attempt */
export const authCodePath = '/authcodeMail/'
// POST /sessionInfo/ (sessionInfoPath): sign-in step 2, the code → a my-page session.
/** GET: my-page information (home): the policy holder and the contracts by coverage period */
export const myPageInfoPath = '/policyHolderInfo/'
/** GET ?groupPfCodeInceptionDateYm=: the contract of one coverage period (checkContractInfo) */
export const contractInfoPath = '/policyHolderInfo/contract/'
/** POST: a short-lived signed URL of the 加入者証 PDF of one coverage period */
export const certificatePath = '/policyHolderCertificate/'
/** GET /files/certificate/{token}: the PDF itself (the signed URL's target) */
export const certificateFilePath = '/files/certificate/'
/** POST: start a mail change (code to the new address); PUT: the code → the address changes */
export const mailAddressPath = '/mailAddress/'
/** PUT: change the password (signed in: the current one and a new one) */
export const passwordPath = '/password/'
/** POST: forgotten password, code to the registered address; PUT: the code + a new password */
export const passwordResetPath = '/passwordReset/'
/** POST: the ID sent again to the registered address (same answer whether or not it exists) */
export const idReNotificationPath = '/idReNotificationMail/'
/** POST: a phone number to register (telephone authentication); PUT: its code → registered */
export const tmpPhoneNumberPath = '/tmpPhoneNumber/'
/** POST: send the registration code to that number by SMS or voice */
export const tmpPhoneNumberCodePath = '/tmpPhoneNumber/code/'

// Renewal (issue #9, ADR 0016). Reached from my-page home: every call names the my-page link
// and the coverage period of the contract to renew, and works only on the signed-in policy
// holder's own contract of that period (another's, or none: 404 APFH0001).
/** GET: the renewal state of one contract (SPEC §3.7) and next year's terms */
export const renewalInfoPath = '/renewalInfo/'
/** POST: stop the contract's auto-renewal (SPEC §7.6 /stopUpdate/; 更新 is renewal): before the
 * fix date; after it 409 APFA2031 */
export const stopUpdatePath = '/stopUpdate/'
/** POST: start (or resume) the renewal procedure: a draft on next year's product, carried over */
export const renewalProcedurePath = '/renewalProcedure/'
