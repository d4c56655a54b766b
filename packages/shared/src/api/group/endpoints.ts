import * as z from 'zod/mini'
import { defineEndpoint } from '../endpoint.ts'
import { groupImageRoute, groupPfInfoRoute, itemDefinitionsRoute } from './routes.ts'
import { groupPfInfoBranchNoSchema, groupPfInfoSchema } from './group-pf-info.ts'
import { itemDefinitionSchema } from './item-definition.ts'

// Route parameters are validated by the entry-check rules (SPEC §2.6, §5.1); a malformed value
// answers 400 with the invalid-URL code rather than field issues.
const routeParam = z.string().check(z.maxLength(64))

/** 団体情報取得 (SPEC §7.1). Under /myp/ only urlKey and groupPfCode are sent (§2.6). */
export const groupPfInfoApi = defineEndpoint(groupPfInfoRoute, {
  querystring: z.strictObject({
    urlKey: routeParam,
    groupPfCode: routeParam,
    groupPfCodeInceptionDateYm: z.optional(routeParam),
    groupPfBranchNo: z.optional(routeParam),
  }),
  response: z.strictObject({
    groupPfInfo: groupPfInfoSchema,
    groupPfInfoBranchNo: groupPfInfoBranchNoSchema,
    /**
     * Where today falls in the recruitment windows (SPEC §4), decided by the server's clock: the
     * browser's clock may be wrong, and APP_NOW pins only the server's. Not in the spec's record.
     */
    recruitmentPhase: z.enum(['atOnce', 'halfway', 'closed']),
    /** the server's business date (Asia/Tokyo), YYYYMMDD */
    businessDate: z.string().check(z.regex(/^\d{8}$/)),
  }),
})
export type GroupPfInfoQuery = z.infer<typeof groupPfInfoApi.querystring>
export type GroupPfInfoResponse = z.infer<typeof groupPfInfoApi.response>

/** 項目定義取得 (SPEC §7.2), sent in parallel with §7.1 except under /myp/. */
export const itemDefinitionsApi = defineEndpoint(itemDefinitionsRoute, {
  querystring: z.strictObject({
    groupPfCode: routeParam,
    urlKey: routeParam,
    groupPfCodeInceptionDateYm: routeParam,
  }),
  response: z.strictObject({ itemDefinitionArray: z.array(itemDefinitionSchema) }),
})
export type ItemDefinitionsQuery = z.infer<typeof itemDefinitionsApi.querystring>
export type ItemDefinitionsResponse = z.infer<typeof itemDefinitionsApi.response>

/** A group's image by its content hash; the answer is the image's bytes, cached a year. */
export const groupImageApi = defineEndpoint(groupImageRoute, {
  params: z.strictObject({ fileId: z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/)) }),
})
