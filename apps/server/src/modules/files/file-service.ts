import { createHash, randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import {
  AppError,
  errorCodes,
  isStepOpen,
  requiredDocsType,
  validateRules,
  type ApplicationView,
  type DocSlot,
  type FileRef,
  type GroupPfInfo,
  type Issue,
} from '@app/shared'
import { fileDownloadRoute, fileUploadRoute } from '@app/shared/api/application/routes'
import { t as text } from '@app/shared/messages/application'
import type { Clock } from '../../clock.ts'
import type { Database } from '../../db/client.ts'
import { apiUrl } from '../../lib/api-url.ts'
import type { SignedIn } from '../access/session.ts'
import { hitRateLimit } from '../security/rate-limit.ts'
import type { ServerKeys } from '../security/secrets.ts'
import { readToken, signToken } from '../security/tokens.ts'
import {
  claimUploadTicket,
  deleteApplicationFile,
  deleteOldUploadTickets,
  findApplicationFile,
  findFileOfAccount,
  insertApplicationFile,
  insertUploadTicket,
} from './file-repository.ts'
import { newStorageKey, type FileStore } from './file-store.ts'
import { checkUpload } from './upload-check.ts'

// Required documents (PRODUCT.md "Files", ADR 0012 "noticeMattersDoc"): a one-time signed URL
// per file, bound to the slot, the file name and the announced size; the bytes checked and kept
// under a random name; read back through a short-lived signed URL. The URLs are capabilities:
// the PUT and the GET carry no session, so the token alone decides.

/** The calls of ApplicationService (issue #6) that files need. */
export interface DraftApplications {
  requireDraft(
    signedIn: SignedIn,
  ): Promise<{ applicationId: string; group: GroupPfInfo; view: ApplicationView }>
  attachFile(
    applicationId: string,
    slot: DocSlot,
    file: FileRef,
    db?: Database,
  ): Promise<ApplicationView>
  detachFile(
    applicationId: string,
    fileId: string,
    expectedVersion: number,
    db?: Database,
  ): Promise<ApplicationView>
}

const UPLOAD_TTL_MS = 10 * 60_000
const DOWNLOAD_TTL_MS = 5 * 60_000
/** per account: upload URLs in 10 minutes (5 files × 3 slots, twice over) */
const UPLOAD_URLS_PER_WINDOW = 30
const UPLOAD_URL_WINDOW_SECONDS = 600
/** uploads belong to this step (ADR 0012) */
const DOCUMENT_STEP = 'noticeMattersDoc'
const UUID = /^[0-9a-f-]{36}$/

export interface SignedUrl {
  url: string
  expiresAt: string
}

export interface Download {
  fileId: string
  applicationId: string
  /** the staff member a back-office link was issued to; null for the applicant's own link */
  staffId: string | null
  fileName: string
  contentType: string
  bytes: Buffer
}

export interface FileServiceOptions {
  db: Database
  store: FileStore
  keys: ServerKeys
  clock: Clock
  applications: DraftApplications
}

export class FileService {
  readonly #options: FileServiceOptions

  constructor(options: FileServiceOptions) {
    this.#options = options
  }

  /** POST /uploadNecessaryDocsUrl/: a signed URL to PUT one file into one slot. */
  async issueUploadUrl(
    signedIn: SignedIn,
    body: { slot: DocSlot; fileName: string; size: number },
  ): Promise<SignedUrl> {
    const { db, clock, keys } = this.#options
    const now = clock.now()
    const limit = await hitRateLimit(db, `upload-url|${signedIn.accountId}`, {
      now,
      windowSeconds: UPLOAD_URL_WINDOW_SECONDS,
      max: UPLOAD_URLS_PER_WINDOW,
    })
    if (!limit.allowed) {
      throw new AppError(errorCodes.rateLimited, {
        message: 'too many upload URLs for one account',
        retryAfterSeconds: limit.retryAfterSeconds,
      })
    }
    const { applicationId, group, view } = await this.#options.applications.requireDraft(signedIn)
    requireDocumentStep(view)

    const issues: Issue[] = []
    if (requiredDocsType(group, body.slot) === '1') {
      issues.push({ path: 'slot', message: text('validation.choice') })
    }
    const fileFailure = validateRules(['uploadExtension', 'uploadSize'], {
      name: body.fileName,
      size: body.size,
    })
    if (fileFailure !== undefined) issues.push({ path: 'file', message: fileFailure })
    if (issues.length > 0) {
      throw new AppError(errorCodes.validationFailed, { message: 'upload URL refused', issues })
    }

    const expiresAt = new Date(now.getTime() + UPLOAD_TTL_MS)
    const ticketId = await insertUploadTicket(db, {
      applicationId,
      slot: body.slot,
      fileName: body.fileName,
      size: body.size,
      expiresAt,
      createdAt: now,
    })
    // Old tickets are swept now and then by whoever asks; no job needed.
    if (Math.random() < 0.02) await deleteOldUploadTickets(db, now)
    const token = await signToken(keys, 'upload', { tid: ticketId }, { now, expiresAt })
    return { url: apiUrl(fileUploadRoute, { '*': token }), expiresAt: expiresAt.toISOString() }
  }

  /** PUT /files/upload/{token}: spends the ticket, checks and stores the bytes, attaches the file. */
  async receiveUpload(token: string, bytes: Buffer): Promise<ApplicationView> {
    const { db, clock, keys, store } = this.#options
    const now = clock.now()
    const claims = await readToken(keys, 'upload', token, now)
    const ticketId = claims?.['tid']
    if (typeof ticketId !== 'string' || !UUID.test(ticketId)) throw signedUrlExpired()
    // Spent by the first PUT that reaches it, whatever the outcome: a refused file needs a new URL.
    const ticket = await claimUploadTicket(db, ticketId, now)
    if (ticket === undefined) throw signedUrlExpired()

    if (bytes.length !== ticket.size) {
      throw fileIssue(
        'uploaded size differs from the announced one',
        text('application.validation.uploadContent'),
      )
    }
    const checked = await checkUpload(ticket.fileName, Readable.from([bytes]))
    if (!checked.ok) throw fileIssue(`upload refused: ${checked.reason}`, checked.message)

    const fileId = randomUUID()
    const storageKey = newStorageKey()
    await store.put(storageKey, checked.bytes)
    try {
      return await db.transaction(async (txn) => {
        const tx = txn as unknown as Database
        await insertApplicationFile(tx, {
          id: fileId,
          applicationId: ticket.applicationId,
          slot: ticket.slot,
          fileName: ticket.fileName,
          contentType: checked.contentType,
          size: checked.bytes.length,
          storageKey,
          sha256: createHash('sha256').update(checked.bytes).digest('hex'),
          createdAt: now,
        })
        const view = await this.#options.applications.attachFile(
          ticket.applicationId,
          ticket.slot,
          {
            fileId,
            fileName: ticket.fileName,
            size: checked.bytes.length,
            uploadedAt: now.toISOString(),
          },
          tx,
        )
        // The step may have closed since the URL was issued (an earlier step was reopened).
        requireDocumentStep(view)
        return view
      })
    } catch (error) {
      await store.delete(storageKey)
      throw error
    }
  }

  /** POST /downloadPresigned/: a short-lived signed URL to read one of the applicant's files. */
  async issueDownloadUrl(signedIn: SignedIn, fileId: string): Promise<SignedUrl> {
    const { keys, clock } = this.#options
    const now = clock.now()
    // Read back also after the application is applied: the applicant's own files.
    const file = await findFileOfAccount(this.#options.db, fileId, signedIn.accountId)
    if (file === undefined) throw fileNotFound()
    const expiresAt = new Date(now.getTime() + DOWNLOAD_TTL_MS)
    const token = await signToken(keys, 'download', { fid: file.id }, { now, expiresAt })
    return { url: apiUrl(fileDownloadRoute, { '*': token }), expiresAt: expiresAt.toISOString() }
  }

  /**
   * The back office (issue #20 point 5): a short-lived signed URL to one required document for a
   * staff member, who has checked the file is of an application in their scope. The token names
   * the member, so that the download itself is audited (routes.ts).
   */
  async issueStaffDownloadUrl(fileId: string, staffId: string): Promise<SignedUrl> {
    const { keys, clock } = this.#options
    const now = clock.now()
    const expiresAt = new Date(now.getTime() + DOWNLOAD_TTL_MS)
    const token = await signToken(
      keys,
      'download',
      { fid: fileId, stf: staffId },
      { now, expiresAt },
    )
    return { url: apiUrl(fileDownloadRoute, { '*': token }), expiresAt: expiresAt.toISOString() }
  }

  /** GET /files/download/{token}: the file's bytes while the URL is valid. */
  async openDownload(token: string): Promise<Download> {
    const { db, keys, clock, store } = this.#options
    const claims = await readToken(keys, 'download', token, clock.now())
    const fileId = claims?.['fid']
    const staffId = claims?.['stf']
    if (typeof fileId !== 'string' || !UUID.test(fileId)) throw signedUrlExpired()
    // A file deleted after the URL was issued: the URL leads nowhere any more.
    const file = await findApplicationFile(db, fileId)
    if (file === undefined) throw signedUrlExpired()
    const bytes = await store.get(file.storageKey)
    if (bytes === undefined) throw new Error(`stored bytes missing for file ${file.id}`)
    return {
      fileId: file.id,
      applicationId: file.applicationId,
      fileName: file.fileName,
      contentType: file.contentType,
      bytes,
      staffId: typeof staffId === 'string' ? staffId : null,
    }
  }

  /** DELETE /applyInfo/requiredDocs/{fileId}?version=N */
  async deleteFile(signedIn: SignedIn, fileId: string, version: number): Promise<ApplicationView> {
    const { db, store } = this.#options
    const { applicationId, view } = await this.#options.applications.requireDraft(signedIn)
    const file = await findFileOfAccount(db, fileId, signedIn.accountId)
    if (file?.applicationId !== applicationId) throw fileNotFound()
    requireDocumentStep(view)
    const next = await db.transaction(async (txn) => {
      const tx = txn as unknown as Database
      const detached = await this.#options.applications.detachFile(
        applicationId,
        fileId,
        version,
        tx,
      )
      await deleteApplicationFile(tx, fileId)
      return detached
    })
    // The bytes go once the row is gone for good; a failure here leaves only an unnamed file.
    await store.delete(file.storageKey)
    return next
  }
}

function requireDocumentStep(view: ApplicationView): void {
  if (!isStepOpen(view.progress, DOCUMENT_STEP)) {
    throw new AppError(errorCodes.stepNotOpen, { message: `${DOCUMENT_STEP} is not open` })
  }
}

function signedUrlExpired(): AppError {
  return new AppError(errorCodes.signedUrlExpired, {
    message: 'signed file URL invalid, expired or used',
  })
}

// Another applicant's file and no file at all look the same.
function fileNotFound(): AppError {
  return new AppError(errorCodes.apiNotFound, { message: 'no such file for this applicant' })
}

function fileIssue(reason: string, message: string): AppError {
  return new AppError(errorCodes.validationFailed, {
    message: reason,
    issues: [{ path: 'file', message }],
  })
}
