import type { Clock } from '../../clock.ts'
import type { Database } from '../../db/client.ts'
import { IntervalJob } from '../../lib/interval-job.ts'
import type { JobObserver } from '../metrics/metrics.ts'
import {
  deleteAccountsWithoutApplications,
  deleteSessionsEndedBefore,
  deleteVerificationsExpiredBefore,
} from '../access/access-retention-records.ts'
import { deleteDrafts } from '../application/application-records.ts'
import {
  deleteFilesOfApplications,
  deleteOldUploadTickets,
  purgeQueuedFiles,
} from '../files/file-records.ts'
import type { FileStore } from '../files/file-store.ts'
import { deleteMessagesCreatedBefore } from '../mail/outbox-records.ts'
import { deleteAttemptsExpiredBefore } from '../my-page/auth/attempt-records.ts'
import { deleteExpiredPuzzles, deleteFailedAttemptsOf } from '../payment/payment-records.ts'
import {
  deleteLockoutsEndedBefore,
  deleteRateLimitHitsBefore,
} from '../security/security-records.ts'
import { claimRun, lockDueDrafts, releaseRun } from './retention-repository.ts'

// The retention job (issue #19 point 4): deletes what the privacy policy's 保存期間 says is kept
// no longer (shared rules/retention.ts, RETENTION_* in env.ts).
// (a) unfinished applications: drafts entered more than `unfinishedApplicationDays` ago, with
//     their consents, files (rows, then bytes), upload tickets and failed payment attempts, then
//     the accounts left without any application; a renewal procedure's draft and a draft with
//     money in play are kept;
// (b) spent secrets and counters, a day after they stopped mattering: sessions, verification
//     links, one-time-code attempts, lockouts, rate-limit windows, used puzzles, upload tickets;
// (c) usage records: sent and failed messages older than `usageRecordDays`.
// The module only orchestrates: each table is deleted from by its owning module's operation.
// One run at a time across every process: a run first claims the retention_runs row.

const DAY_MS = 86_400_000
/** how long after a secret or counter stopped mattering its row is kept (clock skew, support) */
export const RETENTION_GRACE_MS = DAY_MS
/** drafts per transaction */
const DRAFT_BATCH = 100
/** a run that has not released its claim by then is taken to have died */
const CLAIM_MS = 60 * 60 * 1000

export interface RetentionPeriodsConfig {
  unfinishedApplicationDays: number
  usageRecordDays: number
}

export interface RetentionJobOptions {
  db: Database
  clock: Clock
  store: FileStore
  periods: RetentionPeriodsConfig
  /** a run is skipped when the last one (in any process) started less than this ago; default 0 */
  minimumGapMs?: number
}

/** Rows (and files) deleted per kind: counts only, never personal data. */
export interface RetentionCounts {
  drafts: number
  files: number
  failedPayments: number
  accounts: number
  sessions: number
  verifications: number
  authAttempts: number
  lockouts: number
  rateLimitHits: number
  puzzles: number
  uploadTickets: number
  outboxMessages: number
  /** file bytes deleted from the store (this run's and earlier runs' queued keys) */
  storedFiles: number
  /** file bytes the store failed to delete: still queued, deleted by a later run */
  storedFilesFailed: number
}

export type RetentionJobResult = { ran: false } | ({ ran: true } & RetentionCounts)

/** One run, when this process wins the claim; `{ ran: false }` when another run holds it. */
export async function runRetentionJob(options: RetentionJobOptions): Promise<RetentionJobResult> {
  const { db, clock } = options
  const claimedAt = clock.now()
  const claimed = await claimRun(
    db,
    claimedAt,
    new Date(claimedAt.getTime() + CLAIM_MS),
    options.minimumGapMs ?? 0,
  )
  if (!claimed) return { ran: false }
  try {
    const counts = await deleteDue(options, claimedAt)
    return { ran: true, ...counts }
  } finally {
    await releaseRun(db, claimedAt, clock.now())
  }
}

async function deleteDue(options: RetentionJobOptions, now: Date): Promise<RetentionCounts> {
  const { db, periods } = options
  const unfinishedBefore = new Date(now.getTime() - periods.unfinishedApplicationDays * DAY_MS)
  const spentBefore = new Date(now.getTime() - RETENTION_GRACE_MS)
  const counts: RetentionCounts = {
    drafts: 0,
    files: 0,
    failedPayments: 0,
    accounts: 0,
    sessions: 0,
    verifications: 0,
    authAttempts: 0,
    lockouts: 0,
    rateLimitHits: 0,
    puzzles: 0,
    uploadTickets: 0,
    outboxMessages: 0,
    storedFiles: 0,
    storedFilesFailed: 0,
  }

  // (a) drafts, a batch per transaction; the files' bytes after the rows' transactions commit
  for (;;) {
    const batch = await db.transaction((txn) =>
      deleteDraftBatch(txn as unknown as Database, unfinishedBefore, now),
    )
    counts.drafts += batch.drafts
    counts.files += batch.files
    counts.failedPayments += batch.failedPayments
    if (batch.locked < DRAFT_BATCH) break
  }
  counts.accounts = await deleteAccountsWithoutApplications(db, unfinishedBefore)
  const purged = await purgeQueuedFiles(db, options.store)
  counts.storedFiles = purged.deleted
  counts.storedFilesFailed = purged.failed

  // (b) spent secrets and counters
  counts.sessions = await deleteSessionsEndedBefore(db, spentBefore)
  counts.verifications = await deleteVerificationsExpiredBefore(db, spentBefore)
  counts.authAttempts = await deleteAttemptsExpiredBefore(db, spentBefore)
  counts.lockouts = await deleteLockoutsEndedBefore(db, spentBefore)
  counts.rateLimitHits = await deleteRateLimitHitsBefore(db, spentBefore)
  counts.puzzles = await deleteExpiredPuzzles(db, now)
  counts.uploadTickets = await deleteOldUploadTickets(db, now)

  // (c) usage records
  counts.outboxMessages = await deleteMessagesCreatedBefore(
    db,
    new Date(now.getTime() - periods.usageRecordDays * DAY_MS),
  )
  return counts
}

async function deleteDraftBatch(
  tx: Database,
  before: Date,
  now: Date,
): Promise<{ locked: number; drafts: number; files: number; failedPayments: number }> {
  const ids = await lockDueDrafts(tx, before, DRAFT_BATCH)
  if (ids.length === 0) return { locked: 0, drafts: 0, files: 0, failedPayments: 0 }
  const failedPayments = await deleteFailedAttemptsOf(tx, ids)
  const files = await deleteFilesOfApplications(tx, ids, now)
  const deleted = await deleteDrafts(tx, ids)
  return { locked: ids.length, drafts: deleted.length, files, failedPayments }
}

/** What the server's timer needs besides the job's own options. */
export interface RetentionJobTimerOptions extends RetentionJobOptions {
  /** seconds between runs; 0 never runs */
  intervalSeconds: number
  /** told of each run this process made (the metrics, modules/metrics) */
  observer?: JobObserver
  log: {
    info: (object: object, message: string) => void
    error: (object: object, message: string) => void
  }
}

/**
 * The job in the server process (lib/interval-job.ts): every `intervalSeconds` (0: never), one run
 * at a time; a failed run is logged and the next one tries again. Every process has the timer,
 * and the claim lets one run per interval through (a run that started within 90 % of the
 * interval, anywhere, skips this one).
 */
export function retentionJobTimer(options: RetentionJobTimerOptions): IntervalJob {
  return new IntervalJob(options.intervalSeconds, async () => {
    try {
      const result = await runRetentionJob({
        ...options,
        minimumGapMs: options.minimumGapMs ?? options.intervalSeconds * 900,
      })
      // one line with the count per kind: no personal data
      if (result.ran) {
        options.log.info(result, 'retention job ran')
        options.observer?.jobRan('retention', 'ok')
      }
    } catch (error) {
      options.log.error({ err: error }, 'retention job failed')
      options.observer?.jobRan('retention', 'failed')
    }
  })
}
