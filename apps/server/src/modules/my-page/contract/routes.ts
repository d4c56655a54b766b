import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { certificateFilePath, errorBodySchema } from '@app/shared'
import {
  certificateApi,
  contractInfoApi,
  myPageInfoApi,
  type MyPageLink,
} from '@app/shared/api/my-page/endpoints'
import { sendBytes } from '../../../lib/send.ts'

// My-page home, checkContractInfo and the 加入者証 (issue #8, ADR 0015): thin routes over
// ContractService. Each signed-in call names the my-page link and is answered only from the
// signed-in policy holder's own applications (MyPageAccess: 401 E0003 without a my-page
// session, 404 APFA1003 for another group's session). Nothing personal is cached on the way.

const refusals = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  429: errorBodySchema,
}
const tags = ['my-page']
const security = [{ bearer: [] }]

// A signed token is longer than the router's 100-character limit on a `:param`: the route takes
// the rest of the path, and the token's own checks decide (as the required-document files do).
const tokenParams = z.strictObject({ '*': z.string().max(2048) })

const CERTIFICATE_FILE_PATH = new RegExp(`^(/api${certificateFilePath}).+$`)

/** A request path for the log: the certificate's signed URL is a capability, its token is left out. */
export function withoutCertificateToken(path: string): string {
  return path.replace(CERTIFICATE_FILE_PATH, '$1…')
}

/** 「加入者証.pdf」, with an ASCII name for clients that do not read RFC 8187 (filename*). */
const CERTIFICATE_DISPOSITION = `attachment; filename="certificate.pdf"; filename*=UTF-8''${encodeURIComponent('加入者証.pdf')}`

const linkOf = (value: MyPageLink): MyPageLink => ({
  groupPfCode: value.groupPfCode,
  urlKey: value.urlKey,
})

export const myPageContractRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const contracts = app.contracts

  app.addHook('onSend', async (_request, reply, payload) => {
    void reply.header('cache-control', 'no-store')
    return payload
  })

  app.get(
    myPageInfoApi.path,
    {
      schema: {
        summary: 'マイページのホーム: ご加入者の情報と、保険期間ごとのご契約（新しい順）',
        tags,
        security,
        querystring: myPageInfoApi.query,
        response: { 200: myPageInfoApi.response, ...refusals },
      },
    },
    async (request, reply) => {
      const holder = await app.myPageAccess.requireSignedIn(request, reply, linkOf(request.query))
      return contracts.myPageInfo(holder)
    },
  )

  app.get(
    contractInfoApi.path,
    {
      schema: {
        summary: 'ご契約内容の照会（checkContractInfo）: 指定の保険期間のご契約',
        tags,
        security,
        querystring: contractInfoApi.query,
        response: { 200: contractInfoApi.response, ...refusals },
      },
    },
    async (request, reply) => {
      const holder = await app.myPageAccess.requireSignedIn(request, reply, linkOf(request.query))
      return contracts.contractInfo(holder, request.query.groupPfCodeInceptionDateYm)
    },
  )

  app.post(
    certificateApi.path,
    {
      schema: {
        summary: '加入者証（PDF）の署名付きURL（5分・1回限り）',
        tags,
        security,
        body: certificateApi.body,
        response: { 200: certificateApi.response, ...refusals },
      },
    },
    async (request, reply) => {
      const holder = await app.myPageAccess.requireSignedIn(request, reply, linkOf(request.body))
      return contracts.issueCertificateUrl(holder, request.body.groupPfCodeInceptionDateYm)
    },
  )

  app.get(
    `${certificateFilePath}*`,
    {
      // A HEAD would spend the one download: only GET opens the URL.
      exposeHeadRoute: false,
      schema: {
        summary: '署名付きURLの先: 加入者証のPDF（添付ファイルとして）',
        tags,
        params: tokenParams,
        response: { 410: errorBodySchema },
      },
    },
    async (request, reply) => {
      const pdf = await contracts.openCertificate(request.params['*'])
      void reply
        .header('content-disposition', CERTIFICATE_DISPOSITION)
        .header('x-content-type-options', 'nosniff')
      return sendBytes(reply, 'application/pdf', pdf)
    },
  )
  done()
}
