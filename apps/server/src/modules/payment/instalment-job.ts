import { IntervalJob } from '../../lib/interval-job.ts'
import type { JobObserver } from '../metrics/metrics.ts'
import {
  runInstalmentCharges,
  type InstalmentChargeOptions,
  type StoredCardCharger,
} from './instalment-charges.ts'
import { runInstalmentInvoices, type AccountIssuer } from './instalment-invoices.ts'

// The instalment job (issue #24, ADR 0038 and 0039): the card charges due, then the transfers'
// invoices and overdue instalments, then the removed cards' deletion at the provider.

export interface InstalmentJobOptions extends Omit<InstalmentChargeOptions, 'provider'> {
  provider: StoredCardCharger & AccountIssuer
  /** seconds between runs; 0 never runs */
  intervalSeconds: number
  /** after the charges: deletes at the provider the cards a change removed and it did not confirm
   * deleting (card-change.ts); the number deleted */
  deleteRemovedCards?: () => Promise<number>
  observer?: JobObserver
  log: {
    info: (object: object, message: string) => void
    error: (object: object, message: string) => void
  }
}

/** The job in the server process (lib/interval-job.ts); every process may run it at once. */
export function instalmentJobTimer(options: InstalmentJobOptions): IntervalJob {
  return new IntervalJob(options.intervalSeconds, async () => {
    try {
      const charges = await runInstalmentCharges(options)
      const invoices = await runInstalmentInvoices(options)
      const cardsDeleted = (await options.deleteRemovedCards?.()) ?? 0
      const counts = [...Object.values(charges), ...Object.values(invoices), cardsDeleted]
      if (counts.some((count) => count > 0)) {
        options.log.info({ charges, invoices, cardsDeleted }, 'instalment job ran')
      }
      options.observer?.jobRan('instalments', 'ok')
    } catch (error) {
      options.log.error({ err: error }, 'instalment job failed')
      options.observer?.jobRan('instalments', 'failed')
    }
  })
}
