import * as z from 'zod/mini'
import type { ErrorBody, Issue } from './errors.ts'

// The error body's schemas, apart from errors.ts so that the browser's first download, which
// imports errors.ts, does not bring zod (issue #22, ADR 0037): the server registers them with
// every endpoint's refusals; the browser reads a body with readErrorBody (errors.ts).

export const issueSchema = z.object({ path: z.string(), message: z.string() })

/** 2xx 以外の応答本文（PRODUCT.md "Maintenance and errors"）。 */
export const errorBodySchema = z.object({
  errorCode: z.string(),
  message: z.optional(z.string()),
  issues: z.optional(z.array(issueSchema)),
})

// The schemas and the interfaces of errors.ts describe the same body (a compile-time check).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type Assert<T extends true> = T
export type ErrorBodyTypesAgree = Assert<Same<z.infer<typeof errorBodySchema>, ErrorBody>>
export type IssueTypesAgree = Assert<Same<z.infer<typeof issueSchema>, Issue>>
