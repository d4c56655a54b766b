import { startOfBusinessDate } from '@app/shared'
import { instalmentSchedule } from '@app/shared/rules/instalments'
import type { Database } from '../../db/client.ts'
import { saveStoredCard, writeSchedule } from './instalment-repository.ts'

// Test support for the monthly charges (issue #24): a contract given a monthly schedule (closing
// day 26, cover 2027-01 to 2027-12, the first paid on 2026-12-05) and a card the provider keeps,
// as the completion of a card payment writes them.

export async function giveMonthlySchedule(
  db: Database,
  input: { applicationId: string; amount: number; providerCardId: string; now: Date },
): Promise<void> {
  await writeSchedule(db, {
    applicationId: input.applicationId,
    schedule: instalmentSchedule({
      pymntCount: 12,
      closingDay: 26,
      inceptionDate: '20270101',
      expiryDate: '20271231',
      amount: input.amount,
      firstChargeDate: '20261205',
    }),
    method: 'card',
    firstPaymentId: `pay_first_${input.providerCardId}`,
    now: input.now,
    dueAt: startOfBusinessDate,
  })
  await saveStoredCard(
    db,
    {
      applicationId: input.applicationId,
      providerCardId: input.providerCardId,
      brand: 'visa',
      last4: '1111',
      expiryMonth: '12',
      expiryYear: '2030',
    },
    input.now,
  )
}
