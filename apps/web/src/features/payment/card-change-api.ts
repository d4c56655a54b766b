import type {
  CardChangeOutcome,
  cardChangeApi,
  cardChangePuzzleApi,
  cardChangeThreeDSecureApi,
  CardChangeView,
  changeCardApi,
} from '@app/shared/api/my-page/card-change'
import {
  cardChangePuzzleRoute,
  cardChangeRoute,
  cardChangeThreeDSecureRoute,
  changeCardRoute,
} from '@app/shared/api/my-page/card-change-routes'
import type { PuzzleChallenge, PuzzleSolution } from '@app/shared/api/payment/payment'
import type { ApiClient } from '@/lib/api-client.ts'
import { callEndpoint } from '@/lib/call-endpoint.ts'

// The card change screen's calls (issue #24 point 4, ADR 0038). Only types and the light route
// module come from the shared API, so the screen's chunk holds no other screen's code.

/** The my-page link and the coverage period of the contract whose card changes. */
export interface CardChangeContract {
  groupPfCode: string
  urlKey: string
  groupPfCodeInceptionDateYm: string
}

export function fetchCardChange(
  api: ApiClient,
  contract: CardChangeContract,
): Promise<CardChangeView> {
  return callEndpoint<typeof cardChangeApi>(api, cardChangeRoute, { query: contract })
}

export function fetchCardChangePuzzle(
  api: ApiClient,
  contract: CardChangeContract,
): Promise<PuzzleChallenge> {
  return callEndpoint<typeof cardChangePuzzleApi>(api, cardChangePuzzleRoute, { query: contract })
}

export function changeCard(
  client: ApiClient,
  body: CardChangeContract & { cardToken: string; puzzle: PuzzleSolution },
): Promise<CardChangeOutcome> {
  return callEndpoint<typeof changeCardApi>(client, changeCardRoute, { body })
}

export function finishCardChangeThreeDSecure(
  client: ApiClient,
  contract: CardChangeContract,
): Promise<CardChangeOutcome> {
  return callEndpoint<typeof cardChangeThreeDSecureApi>(client, cardChangeThreeDSecureRoute, {
    body: contract,
  })
}
