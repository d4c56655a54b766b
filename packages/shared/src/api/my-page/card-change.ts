import * as z from 'zod/mini'
import { defineEndpoint } from '../endpoint.ts'
import { puzzleChallengeSchema, puzzleSolutionSchema } from '../payment/payment.ts'
import {
  cardChangePuzzleRoute,
  cardChangeRoute,
  cardChangeThreeDSecureRoute,
  changeCardRoute,
} from './card-change-routes.ts'
import { myPageLinkSchema, shownCardSchema } from './endpoints.ts'

// The holder's card change for a monthly contract (issue #24 point 4, ADR 0038): the provider
// checks the new card (the puzzle, then 3-D Secure) and keeps it; the later instalments are
// charged to it, and the old card is deleted at the provider. Nothing is taken.

const contractSchema = z.extend(myPageLinkSchema, {
  groupPfCodeInceptionDateYm: z.string().check(z.regex(/^\d{6}$/)),
})

export const cardChangeViewSchema = z.strictObject({
  groupPfPolicyHolderNo: z.string(),
  /** the card the later instalments are charged to */
  card: shownCardSchema,
  /** open: the form; threeDSecure: a change waits for the provider's 3-D Secure page */
  state: z.enum(['open', 'threeDSecure']),
  /** the provider's card token endpoint and publishable key (the card form posts there) */
  provider: z.strictObject({ tokenUrl: z.string(), publishableKey: z.string() }),
})
export type CardChangeView = z.infer<typeof cardChangeViewSchema>

export const cardChangeOutcomeSchema = z.union([
  z.strictObject({ result: z.literal('changed'), card: shownCardSchema }),
  /** go to the provider's 3-D Secure page (a full page navigation), then come back */
  z.strictObject({ result: z.literal('threeDSecure'), redirectUrl: z.string() }),
])
export type CardChangeOutcome = z.infer<typeof cardChangeOutcomeSchema>

export const cardChangeApi = defineEndpoint(cardChangeRoute, {
  querystring: contractSchema,
  response: cardChangeViewSchema,
})
export const cardChangePuzzleApi = defineEndpoint(cardChangePuzzleRoute, {
  querystring: contractSchema,
  response: puzzleChallengeSchema,
})
export const changeCardApi = defineEndpoint(changeCardRoute, {
  body: z.extend(contractSchema, {
    /** the provider's one-time card token (never the card number) */
    cardToken: z.string().check(z.regex(/^tok_[A-Za-z0-9]{16,64}$/)),
    puzzle: puzzleSolutionSchema,
  }),
  response: cardChangeOutcomeSchema,
})
export const cardChangeThreeDSecureApi = defineEndpoint(cardChangeThreeDSecureRoute, {
  body: contractSchema,
  response: cardChangeOutcomeSchema,
})
