import type {
  invoiceApi,
  invoicePuzzleApi,
  invoiceThreeDSecureApi,
  invoiceVirtualAccountApi,
  InvoiceOutcome,
  InvoiceView,
  payInvoiceByCardApi,
} from '@app/shared/api/my-page/invoice'
import {
  invoicePuzzleRoute,
  invoiceRoute,
  invoiceThreeDSecureRoute,
  invoiceVirtualAccountRoute,
  payInvoiceByCardRoute,
} from '@app/shared/api/my-page/invoice-routes'
import type { PuzzleChallenge, PuzzleSolution } from '@app/shared/api/payment/payment'
import type { ApiClient } from '@/lib/api-client.ts'
import { callEndpoint } from '@/lib/call-endpoint.ts'

// The invoice screen's calls (issue #21 point 4, ADR 0032). Only types and the light route
// module come from the shared API, so the screen's chunk holds no other screen's code.

export interface InvoiceLink {
  groupPfCode: string
  urlKey: string
}

export function fetchInvoice(api: ApiClient, link: InvoiceLink): Promise<InvoiceView> {
  return callEndpoint<typeof invoiceApi>(api, invoiceRoute, { query: link })
}

export function fetchInvoicePuzzle(api: ApiClient, link: InvoiceLink): Promise<PuzzleChallenge> {
  return callEndpoint<typeof invoicePuzzleApi>(api, invoicePuzzleRoute, { query: link })
}

export function payInvoiceByCard(
  client: ApiClient,
  body: InvoiceLink & { cardToken: string; puzzle: PuzzleSolution },
): Promise<InvoiceOutcome> {
  return callEndpoint<typeof payInvoiceByCardApi>(client, payInvoiceByCardRoute, { body })
}

export function finishInvoiceThreeDSecure(
  client: ApiClient,
  link: InvoiceLink,
): Promise<InvoiceOutcome> {
  return callEndpoint<typeof invoiceThreeDSecureApi>(client, invoiceThreeDSecureRoute, {
    body: link,
  })
}

export function issueInvoiceAccount(client: ApiClient, link: InvoiceLink): Promise<InvoiceOutcome> {
  return callEndpoint<typeof invoiceVirtualAccountApi>(client, invoiceVirtualAccountRoute, {
    body: link,
  })
}
