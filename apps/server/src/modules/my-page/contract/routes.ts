import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import * as MyPage from '@app/shared/api/my-page/endpoints'
import { certificateFileRoute } from '@app/shared/api/my-page/routes'
import { withoutSignedToken } from '../../../lib/api-url.ts'
import { registerEndpoint, withoutSignIn } from '../../../lib/register-endpoint.ts'
import { sendBytes } from '../../../lib/send.ts'

// My-page home, checkContractInfo and the 加入者証 (issue #8, ADR 0015): thin routes over
// ContractService. Each signed-in call names the my-page link and is answered only from the
// signed-in policy holder's own applications (MyPageAccess: 401 E0003 without a my-page
// session, 404 APFA1003 for another group's session). Nothing personal is cached on the way.

const tags = ['my-page']

/** A request path for the log: the certificate's signed URL is a capability, its token is left out. */
export const withoutCertificateToken = withoutSignedToken([certificateFileRoute])

/** 「加入者証.pdf」, with an ASCII name for clients that do not read RFC 8187 (filename*). */
const CERTIFICATE_DISPOSITION = `attachment; filename="certificate.pdf"; filename*=UTF-8''${encodeURIComponent('加入者証.pdf')}`

export const myPageContractRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const contracts = app.contracts
  const holder = (summary: string) => ({
    summary,
    tags,
    refusals: [400, 401, 404, 429],
    guard: app.myPageAccess.holder,
  })

  registerEndpoint(
    app,
    MyPage.myPageInfoApi,
    holder('マイページのホーム: ご加入者の情報と、保険期間ごとのご契約（新しい順）'),
    ({ who }) => contracts.myPageInfo(who),
  )
  registerEndpoint(
    app,
    MyPage.contractInfoApi,
    holder('ご契約内容の照会（checkContractInfo）: 指定の保険期間のご契約'),
    ({ who, query }) => contracts.contractInfo(who, query.groupPfCodeInceptionDateYm),
  )
  registerEndpoint(
    app,
    MyPage.certificateApi,
    holder('加入者証（PDF）の署名付きURL（5分・1回限り）'),
    ({ who, body }) => contracts.issueCertificateUrl(who, body.groupPfCodeInceptionDateYm),
  )
  registerEndpoint(
    app,
    MyPage.certificateFileApi,
    {
      summary: '署名付きURLの先: 加入者証のPDF（添付ファイルとして）',
      tags,
      refusals: [410],
      guard: withoutSignIn,
      // A HEAD would spend the one download: only GET opens the URL.
      route: { exposeHeadRoute: false },
    },
    async ({ params, reply }) => {
      const pdf = await contracts.openCertificate(params['*'])
      void reply
        .header('content-disposition', CERTIFICATE_DISPOSITION)
        .header('x-content-type-options', 'nosniff')
      return sendBytes(reply, 'application/pdf', pdf)
    },
  )
  done()
}
