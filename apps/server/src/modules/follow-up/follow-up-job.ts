import { toBusinessDate } from '@app/shared'
import { appHref, myPagePathWithQuery } from '@app/shared/format/page-urls'
import type { Clock } from '../../clock.ts'
import type { Database } from '../../db/client.ts'
import { IntervalJob } from '../../lib/interval-job.ts'
import { findBranch } from '../group/group-records.ts'
import type { JobObserver } from '../metrics/metrics.ts'
import {
  invoiceMail,
  transferExpiredMail,
  transferReminderMail,
} from '../mail/follow-up-templates.ts'
import { enqueueMail, type MailContent } from '../mail/outbox.ts'
import { myPageUrlOf } from '../renewal/renewal-service.ts'
import {
  claimMail,
  listAutoRenewedContracts,
  listRecordedMails,
  listUnpaidAccounts,
  recordKey,
  type FollowUpKind,
  type FollowUpSubject,
  type UnpaidAccount,
} from './follow-up-repository.ts'

// The unpaid follow-up job (issue #21 point 4, ADR 0032). On every run it finds the mails due:
// - a reminder before a virtual account's due date, on the configured days (VA_REMINDER_DAYS);
//   if the job did not run on a day, only the nearest day's reminder goes (never two at once);
// - one expiry mail once the due date passed with the account not paid in full;
// - one invoice for each auto-renewed contract paid by card or transfer still at 220 (SPEC §4
//   "processed and requesting payment"; ADR 0016 left it for the agency, now the my-page takes it).
// Each mail is queued in one transaction with its follow_up_mails row, whose unique key
// (application, kind, day) lets one of two processes running at the same moment write it; the
// other's insert waits for the first's commit, finds the row, and rolls its own mail back.

export interface FollowUpJobOptions {
  db: Database
  clock: Clock
  /** this product as the browser reaches it: the my-page link in mail */
  publicBaseUrl: () => string
  /** days before the due date a reminder is sent (VA_REMINDER_DAYS), e.g. [3, 1] */
  reminderDays: readonly number[]
  /** hands a queued mail to delivery after its transaction commits (the outbox job sends it otherwise) */
  deliverMail?: (messageId: string) => Promise<unknown>
  /** told of a mail whose transaction failed; only the application's id, never personal data */
  onMailError?: (applicationId: string, error: unknown) => void
}

export interface FollowUpJobResult {
  reminders: number
  expiries: number
  invoices: number
  /** mails another process sent first */
  skipped: number
  failed: number
}

interface DueMail {
  subject: FollowUpSubject
  kind: FollowUpKind
  day: number
  build: (context: {
    groupName: string
    agencyContact: string
    groupPfPolicyHolderNo: string
    myPageUrl: string
  }) => Omit<MailContent, 'recipient'>
}

const MS_PER_DAY = 86_400_000

/** Whole days from one business date (YYYYMMDD) to another. */
export function daysFrom(from: string, to: string): number {
  const utc = (value: string) =>
    Date.UTC(Number(value.slice(0, 4)), Number(value.slice(4, 6)) - 1, Number(value.slice(6, 8)))
  return Math.round((utc(to) - utc(from)) / MS_PER_DAY)
}

/**
 * The reminder day due today for an account due in `daysLeft` days: the smallest configured day
 * not before today, so a job that missed a day sends the nearest reminder only. Undefined: none.
 */
export function reminderDayFor(
  daysLeft: number,
  reminderDays: readonly number[],
): number | undefined {
  if (daysLeft < 0) return undefined
  const due = reminderDays.filter((day) => day >= daysLeft)
  return due.length === 0 ? undefined : Math.min(...due)
}

function accountMails(
  account: UnpaidAccount,
  today: string,
  reminderDays: readonly number[],
): DueMail[] {
  const lines = {
    bankName: account.bankName,
    branchName: account.branchName,
    accountType: account.accountType,
    accountNumber: account.accountNumber,
    accountHolder: account.accountHolder,
    amount: account.amount - account.paidAmount,
    dueDate: account.dueDate,
  }
  const daysLeft = daysFrom(today, account.dueDate)
  if (daysLeft < 0) {
    return [
      {
        subject: account,
        kind: 'expiry',
        day: 0,
        build: (context) => transferExpiredMail({ ...context, account: lines }),
      },
    ]
  }
  const day = reminderDayFor(daysLeft, reminderDays)
  if (day === undefined) return []
  return [
    {
      subject: account,
      kind: 'reminder',
      day,
      build: (context) => transferReminderMail({ ...context, account: lines, daysLeft }),
    },
  ]
}

/** An auto-renewed contract is invoiced while it is paid by card or transfer and still at 220. */
export function needsInvoice(subject: Pick<FollowUpSubject, 'applyInfo'>): boolean {
  const { statusPattern, pymntMethod } = subject.applyInfo.basicInfo
  return statusPattern === '220' && (pymntMethod === '1' || pymntMethod === '3')
}

function invoiceOf(contract: FollowUpSubject, publicBaseUrl: string): DueMail {
  // the my-page's invoice screen itself: a holder not signed in is sent to the sign-in first
  const invoicePath = appHref(myPagePathWithQuery('invoice', contract, new URLSearchParams()))
  return {
    subject: contract,
    kind: 'invoice',
    day: 0,
    build: (context) =>
      invoiceMail({
        ...context,
        myPageUrl: `${publicBaseUrl}${invoicePath}`,
        invoiceAmount: contract.invoiceAmount ?? contract.applyInfo.cvrgeInfo.totalPremium,
        inceptionDate: contract.applyInfo.policyHolderInfo.policyHolderInceptionDate,
      }),
  }
}

/** Another process recorded the mail first: this transaction rolls its copy back. */
class AlreadySent extends Error {}

/** One run over every due mail; each mail in its own transaction. */
export async function runFollowUpJob(options: FollowUpJobOptions): Promise<FollowUpJobResult> {
  const { db } = options
  const now = options.clock.now()
  const today = toBusinessDate(now)
  const result: FollowUpJobResult = {
    reminders: 0,
    expiries: 0,
    invoices: 0,
    skipped: 0,
    failed: 0,
  }
  const [accounts, contracts] = await Promise.all([
    listUnpaidAccounts(db),
    listAutoRenewedContracts(db),
  ])
  const candidates = [
    ...accounts.flatMap((account) => accountMails(account, today, options.reminderDays)),
    ...contracts
      .filter(needsInvoice)
      .map((contract) => invoiceOf(contract, options.publicBaseUrl())),
  ]
  const recorded = await listRecordedMails(
    db,
    candidates.map((candidate) => candidate.subject.applicationId),
  )
  for (const candidate of candidates) {
    const { subject, kind, day } = candidate
    if (recorded.has(recordKey(subject.applicationId, kind, day))) continue
    let messageId: string
    try {
      messageId = await db.transaction(async (txn) => {
        const tx = txn as unknown as Database
        const branch = await findBranch(tx, subject)
        const mail = candidate.build({
          groupName: subject.groupNameKanji,
          agencyContact: branch?.refFreeField ?? '',
          groupPfPolicyHolderNo: subject.applyInfo.basicInfo.groupPfPolicyHolderNo ?? '',
          myPageUrl: myPageUrlOf(options.publicBaseUrl(), subject),
        })
        const id = await enqueueMail(tx, { ...mail, recipient: subject.mailAddress }, now)
        if (
          !(await claimMail(tx, {
            applicationId: subject.applicationId,
            kind,
            day,
            messageId: id,
            now,
          }))
        ) {
          throw new AlreadySent()
        }
        return id
      })
    } catch (error) {
      if (error instanceof AlreadySent) {
        result.skipped += 1
      } else {
        options.onMailError?.(subject.applicationId, error)
        result.failed += 1
      }
      continue
    }
    if (kind === 'reminder') result.reminders += 1
    else if (kind === 'expiry') result.expiries += 1
    else result.invoices += 1
    await options.deliverMail?.(messageId).catch(() => undefined)
  }
  return result
}

export interface FollowUpJobTimerOptions extends FollowUpJobOptions {
  /** seconds between runs; 0 never runs */
  intervalSeconds: number
  observer?: JobObserver
  log: {
    info: (object: object, message: string) => void
    error: (object: object, message: string) => void
  }
}

/** The job in the server process (lib/interval-job.ts); every process may run it at once. */
export function followUpJobTimer(options: FollowUpJobTimerOptions): IntervalJob {
  return new IntervalJob(options.intervalSeconds, async () => {
    try {
      const result = await runFollowUpJob({
        ...options,
        onMailError: (applicationId, error) =>
          options.log.error({ applicationId, err: error }, 'follow-up mail failed'),
      })
      if (result.reminders + result.expiries + result.invoices + result.failed > 0) {
        options.log.info(result, 'follow-up job ran')
      }
      options.observer?.jobRan('followUp', 'ok')
    } catch (error) {
      options.log.error({ err: error }, 'follow-up job failed')
      options.observer?.jobRan('followUp', 'failed')
    }
  })
}
