import type { VirtualAccount } from '@app/shared/api/payment/virtual-account'
import type { Database } from '../../db/client.ts'
import { listInstalmentAccounts } from './instalment-repository.ts'
import { virtualAccountOf } from './virtual-account-view.ts'

// The payment module's published operations (issue #18): the metrics read the payment outcomes,
// and the retention job deletes spent rows (issue #19 point 4), through these, never through the
// payment repository.
export {
  countAttemptsByOutcome,
  deleteExpiredPuzzles,
  deleteFailedAttemptsOf,
} from './payment-repository.ts'

// The my-page's view of a contract's instalments (issue #24, ADR 0038 and 0039).
export {
  findStoredCardInUse,
  listInstalments,
  type InstalmentRow,
} from './instalment-repository.ts'

/** The accounts a contract's transferred instalments are paid into, as shown, by instalment id. */
export async function listInstalmentAccountsShown(
  db: Database,
  applicationId: string,
): Promise<Map<string, VirtualAccount>> {
  const rows = await listInstalmentAccounts(db, applicationId)
  return new Map([...rows].map(([id, row]) => [id, virtualAccountOf(row)]))
}
