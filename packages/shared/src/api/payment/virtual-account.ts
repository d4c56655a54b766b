import * as z from 'zod/mini'

// In a module of its own: the my-page's contract view shows a transferred instalment's account
// without loading the payment endpoints.

const yyyymmdd = z.string().check(z.regex(/^\d{8}$/))

/**
 * 振込先（バーチャル口座）: issued by the provider, one per application, and one per later
 * instalment paid by transfer (ADR 0039).
 */
export const virtualAccountSchema = z.strictObject({
  bankName: z.string(),
  bankCode: z.string(),
  branchName: z.string(),
  branchCode: z.string(),
  /** 普通 / 当座 */
  accountType: z.string(),
  accountNumber: z.string().check(z.regex(/^\d{7}$/)),
  accountHolder: z.string(),
  /** yen */
  amount: z.number().check(z.int(), z.minimum(0)),
  /** 振込期日 YYYYMMDD */
  dueDate: yyyymmdd,
  /** what has been paid in so far (reconciliation) */
  paidAmount: z.number().check(z.int(), z.minimum(0)),
  /** awaiting: nothing yet; paid: in full; underpaid: less than due; overpaid: more than due */
  depositStatus: z.enum(['awaiting', 'paid', 'underpaid', 'overpaid']),
})
export type VirtualAccount = z.infer<typeof virtualAccountSchema>
