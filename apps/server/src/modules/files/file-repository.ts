import { and, asc, eq, gt, inArray, isNull, lt } from 'drizzle-orm'
import type { DocSlot } from '@app/shared'
import type { Database } from '../../db/client.ts'
import {
  applicationFiles,
  applications,
  fileDeletions,
  uploadTickets,
} from '../../db/schema/index.ts'

// Queries of the required-document files and their one-time upload tickets (PRODUCT.md "Files").

export interface UploadTicket {
  id: string
  applicationId: string
  slot: DocSlot
  fileName: string
  size: number
}

export interface StoredFile {
  id: string
  applicationId: string
  slot: DocSlot
  fileName: string
  contentType: string
  size: number
  storageKey: string
  createdAt: Date
}

const storedFileColumns = {
  id: applicationFiles.id,
  applicationId: applicationFiles.applicationId,
  slot: applicationFiles.slot,
  fileName: applicationFiles.fileName,
  contentType: applicationFiles.contentType,
  size: applicationFiles.size,
  storageKey: applicationFiles.storageKey,
  createdAt: applicationFiles.createdAt,
}

function asSlot(slot: number): DocSlot {
  if (slot !== 1 && slot !== 2 && slot !== 3) throw new Error(`stored slot out of range: ${slot}`)
  return slot
}

export async function insertUploadTicket(
  db: Database,
  values: Omit<UploadTicket, 'id'> & { expiresAt: Date; createdAt: Date },
): Promise<string> {
  const rows = await db.insert(uploadTickets).values(values).returning({ id: uploadTickets.id })
  const id = rows[0]?.id
  if (id === undefined) throw new Error('upload ticket was not created')
  return id
}

/**
 * Marks a ticket used and returns it, when it exists, is unused and has not expired. One
 * statement, so of two uploads racing for one ticket exactly one gets it.
 */
export async function claimUploadTicket(
  db: Database,
  ticketId: string,
  now: Date,
): Promise<UploadTicket | undefined> {
  const rows = await db
    .update(uploadTickets)
    .set({ usedAt: now })
    .where(
      and(
        eq(uploadTickets.id, ticketId),
        isNull(uploadTickets.usedAt),
        gt(uploadTickets.expiresAt, now),
      ),
    )
    .returning({
      id: uploadTickets.id,
      applicationId: uploadTickets.applicationId,
      slot: uploadTickets.slot,
      fileName: uploadTickets.fileName,
      size: uploadTickets.size,
    })
  const row = rows[0]
  return row === undefined ? undefined : { ...row, slot: asSlot(row.slot) }
}

/** Tickets that expired more than a day ago serve no purpose any more: how many were deleted. */
export async function deleteOldUploadTickets(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(uploadTickets)
    .where(lt(uploadTickets.expiresAt, new Date(now.getTime() - 86_400_000)))
    .returning({ id: uploadTickets.id })
  return deleted.length
}

export async function insertApplicationFile(
  db: Database,
  values: Omit<StoredFile, 'id'> & { id: string; sha256: string },
): Promise<void> {
  await db.insert(applicationFiles).values(values)
}

export async function findApplicationFile(
  db: Database,
  fileId: string,
): Promise<StoredFile | undefined> {
  const rows = await db
    .select(storedFileColumns)
    .from(applicationFiles)
    .where(eq(applicationFiles.id, fileId))
    .limit(1)
  const row = rows[0]
  return row === undefined ? undefined : { ...row, slot: asSlot(row.slot) }
}

/** A file of the application of this account, or undefined (another's file, or none). */
export async function findFileOfAccount(
  db: Database,
  fileId: string,
  accountId: string,
): Promise<StoredFile | undefined> {
  const rows = await db
    .select(storedFileColumns)
    .from(applicationFiles)
    .innerJoin(applications, eq(applications.id, applicationFiles.applicationId))
    .where(and(eq(applicationFiles.id, fileId), eq(applications.accountId, accountId)))
    .limit(1)
  const row = rows[0]
  return row === undefined ? undefined : { ...row, slot: asSlot(row.slot) }
}

export async function deleteApplicationFile(db: Database, fileId: string): Promise<void> {
  await db.delete(applicationFiles).where(eq(applicationFiles.id, fileId))
}

// ---------------------------------------------------------------------------------------------
// Retention (issue #19 point 4)

/**
 * Deletes the files' rows and upload tickets of these applications, and queues the files' storage
 * keys in file_deletions in the same transaction: the bytes go after it commits
 * (purgeQueuedFiles). Returns the number of files.
 */
export async function deleteFilesOfApplications(
  db: Database,
  applicationIds: readonly string[],
  now: Date,
): Promise<number> {
  if (applicationIds.length === 0) return 0
  const ids = [...applicationIds]
  await db.delete(uploadTickets).where(inArray(uploadTickets.applicationId, ids))
  const deleted = await db
    .delete(applicationFiles)
    .where(inArray(applicationFiles.applicationId, ids))
    .returning({ storageKey: applicationFiles.storageKey })
  if (deleted.length > 0) {
    await db
      .insert(fileDeletions)
      .values(deleted.map(({ storageKey }) => ({ storageKey, queuedAt: now })))
      .onConflictDoNothing({ target: fileDeletions.storageKey })
  }
  return deleted.length
}

/** Storage keys whose rows are gone and whose bytes are still to be deleted, oldest first. */
export async function listQueuedFileDeletions(db: Database, limit: number): Promise<string[]> {
  const rows = await db
    .select({ storageKey: fileDeletions.storageKey })
    .from(fileDeletions)
    .orderBy(asc(fileDeletions.queuedAt))
    .limit(limit)
  return rows.map((row) => row.storageKey)
}

/** The bytes under the key are gone from the store: the key leaves the queue. */
export async function removeQueuedFileDeletion(db: Database, storageKey: string): Promise<void> {
  await db.delete(fileDeletions).where(eq(fileDeletions.storageKey, storageKey))
}
