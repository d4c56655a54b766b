import * as z from 'zod/mini'
import { applicationSteps } from '../../rules/application-steps.ts'
import { defineEndpoint } from '../endpoint.ts'
import {
  memberStatesRoute,
  participationCsvRoute,
  participationProductsRoute,
  participationRoute,
} from './participation-routes.ts'

// The participation dashboard (issue #21 point 5) and the group contact's list of members with
// their state (point 6); ADR 0033. Routes in ./participation-routes.ts.

const productParams = z.strictObject({
  groupPfCode: z.string().check(z.minLength(1), z.maxLength(32)),
  groupPfCodeInceptionDateYm: z.string().check(z.regex(/^\d{6}$/)),
})
/** YYYYMMDD, a day in Japan time */
const day = z.string().check(z.regex(/^\d{8}$/))

export const participationProductsApi = defineEndpoint(participationProductsRoute, {
  response: z.strictObject({
    products: z.array(
      z.strictObject({
        groupPfCode: z.string(),
        groupPfCodeInceptionDateYm: z.string(),
        groupNameKanji: z.string(),
      }),
    ),
  }),
})

/** The funnel's stages: a draft exists, each step saved, applied, paid. */
export const funnelStages = ['started', ...applicationSteps, 'applied', 'paid'] as const
export type FunnelStage = (typeof funnelStages)[number]

export const participationFiguresSchema = z.strictObject({
  /** roster members of the product */
  rosterSize: z.number(),
  /** members who verified their mail address (an account exists) */
  verified: z.number(),
  /** members with an application (a draft or more) */
  started: z.number(),
  applied: z.number(),
  /** statusPattern 330 (SPEC §4) */
  paid: z.number(),
  /** staff marked it processed (applications.processed_at) */
  processed: z.number(),
})
export type ParticipationFigures = z.infer<typeof participationFiguresSchema>

export const participationSchema = z.strictObject({
  groupPfCode: z.string(),
  groupPfCodeInceptionDateYm: z.string(),
  groupNameKanji: z.string(),
  /** the recruitment window (SPEC §3.3 atOnce/halfway recruit dates), JST days; null: none set */
  window: z.nullable(z.strictObject({ from: day, to: day })),
  figures: participationFiguresSchema,
  /** one row per JST day of the window: what started, was applied, was paid that day */
  daily: z.array(
    z.strictObject({ date: day, started: z.number(), applied: z.number(), paid: z.number() }),
  ),
  /** how many applications reached each stage */
  funnel: z.array(z.strictObject({ stage: z.enum(funnelStages), reached: z.number() })),
})
export type Participation = z.infer<typeof participationSchema>

export const participationApi = defineEndpoint(participationRoute, {
  params: productParams,
  response: participationSchema,
})

export const participationCsvApi = defineEndpoint(participationCsvRoute, {
  params: productParams,
})

export const memberStateSchema = z.enum(['notStarted', 'inProgress', 'applied'])
export type MemberState = z.infer<typeof memberStateSchema>

/** A roster member as the group contact sees them: names and member code, nothing more. */
export const memberStateRowSchema = z.strictObject({
  memberCode: z.string(),
  /** from the member's application (policyHolderInfo); null before one exists */
  nameKanji: z.nullable(z.string()),
  nameKana: z.nullable(z.string()),
  state: memberStateSchema,
})
export type MemberStateRow = z.infer<typeof memberStateRowSchema>

export const memberStatesApi = defineEndpoint(memberStatesRoute, {
  params: productParams,
  querystring: z.strictObject({
    state: z.optional(memberStateSchema),
    page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(10_000)), 1),
    pageSize: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 50),
  }),
  response: z.strictObject({
    members: z.array(memberStateRowSchema),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
  }),
})
