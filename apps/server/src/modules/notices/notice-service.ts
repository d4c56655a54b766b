import type { AdminNotice, NoticeState } from '@app/shared/api/admin/notice-endpoints'
import { AdminError, adminErrorCodes } from '@app/shared/api/admin/errors'
import type { Clock } from '../../clock.ts'
import type { Database } from '../../db/client.ts'
import { appendAuditEntry } from '../audit/audit-records.ts'
import { staffActor, type StaffPrincipal } from '../staff/staff-scope.ts'
import type { NoticeBoard } from './notice-board.ts'
import {
  findNoticeInScope,
  insertNotice,
  isGroupInScope,
  listNoticesInScope,
  updateNotice,
  type NoticeRow,
} from './notice-repository.ts'

// Notices per group product from the console (issue #21 point 7, ADR 0034): create, edit, end
// early, list. A group product or notice outside the staff member's scope answers 404 ADMN0001
// exactly like one that does not exist. Each change is audited in its own transaction; the audit
// details hold ids and times, not the notice's text (the record keeps it).

const notFound = () =>
  new AdminError(adminErrorCodes.adminRecordNotFound, {
    message: 'notice or group not found or outside the scope',
  })
const conflict = (message: string) =>
  new AdminError(adminErrorCodes.adminStateConflict, { message })

export function noticeState(row: Pick<NoticeRow, 'startsAt' | 'endsAt'>, now: Date): NoticeState {
  const time = now.getTime()
  if (row.endsAt.getTime() <= time) return 'past'
  return row.startsAt.getTime() <= time ? 'current' : 'upcoming'
}

function view(row: NoticeRow, now: Date): AdminNotice {
  return {
    noticeId: row.id,
    groupPfCode: row.groupPfCode,
    title: row.title,
    noticeBody: row.body,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    state: noticeState(row, now),
    endedEarlyAt: row.endedEarlyAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  }
}

export interface NoticeInput {
  title: string
  noticeBody: string
  startsAt: string
  endsAt: string
}

export class NoticeService {
  readonly #db: Database
  readonly #clock: Clock
  readonly #board: NoticeBoard

  constructor(options: { db: Database; clock: Clock; board: NoticeBoard }) {
    this.#db = options.db
    this.#clock = options.clock
    this.#board = options.board
  }

  async list(who: StaffPrincipal, groupPfCode: string | undefined): Promise<AdminNotice[]> {
    const now = this.#clock.now()
    const rows = await listNoticesInScope(this.#db, who.scope, groupPfCode)
    return rows.map((row) => view(row, now))
  }

  async create(who: StaffPrincipal, input: NoticeInput & { groupPfCode: string }) {
    const now = this.#clock.now()
    const endsAt = new Date(input.endsAt)
    if (!(await isGroupInScope(this.#db, who.scope, input.groupPfCode))) throw notFound()
    if (endsAt.getTime() <= now.getTime()) throw conflict('the notice would end in the past')
    const row = await this.#db.transaction(async (txn) => {
      const tx = txn as unknown as Database
      const inserted = await insertNotice(tx, {
        groupPfCode: input.groupPfCode,
        title: input.title,
        body: input.noticeBody,
        startsAt: new Date(input.startsAt),
        endsAt,
        createdBy: who.staffId,
        at: now,
      })
      await appendAuditEntry(tx, {
        ...staffActor(who),
        action: 'notice.created',
        recordKind: 'notice',
        recordId: inserted.id,
        details: {
          groupPfCode: inserted.groupPfCode,
          startsAt: inserted.startsAt.toISOString(),
          endsAt: inserted.endsAt.toISOString(),
        },
      })
      return inserted
    })
    this.#board.invalidate()
    return view(row, now)
  }

  async update(
    who: StaffPrincipal,
    noticeId: string,
    input: NoticeInput & { version: number },
  ): Promise<AdminNotice> {
    const now = this.#clock.now()
    const existing = await findNoticeInScope(this.#db, who.scope, noticeId)
    if (existing === undefined) throw notFound()
    if (noticeState(existing, now) === 'past') throw conflict('the notice is over')
    const endsAt = new Date(input.endsAt)
    if (endsAt.getTime() <= now.getTime()) throw conflict('the notice would end in the past')
    const row = await this.#db.transaction(async (txn) => {
      const tx = txn as unknown as Database
      const updated = await updateNotice(tx, noticeId, input.version, {
        title: input.title,
        body: input.noticeBody,
        startsAt: new Date(input.startsAt),
        endsAt,
        at: now,
      })
      if (updated === undefined) throw conflict('the notice was changed by someone else')
      await appendAuditEntry(tx, {
        ...staffActor(who),
        action: 'notice.updated',
        recordKind: 'notice',
        recordId: updated.id,
        details: {
          groupPfCode: updated.groupPfCode,
          startsAt: updated.startsAt.toISOString(),
          endsAt: updated.endsAt.toISOString(),
        },
      })
      return updated
    })
    this.#board.invalidate()
    return view(row, now)
  }

  /** Ends a current or upcoming notice now (an upcoming one is then never shown). */
  async end(who: StaffPrincipal, noticeId: string): Promise<AdminNotice> {
    const now = this.#clock.now()
    const existing = await findNoticeInScope(this.#db, who.scope, noticeId)
    if (existing === undefined) throw notFound()
    if (noticeState(existing, now) === 'past') throw conflict('the notice is over')
    const row = await this.#db.transaction(async (txn) => {
      const tx = txn as unknown as Database
      // An upcoming notice is never shown: its window closes just before now (end after start).
      const startsAt =
        existing.startsAt.getTime() < now.getTime()
          ? existing.startsAt
          : new Date(now.getTime() - 1)
      const updated = await updateNotice(tx, noticeId, existing.version, {
        startsAt,
        endsAt: now,
        endedEarlyAt: now,
        at: now,
      })
      if (updated === undefined) throw conflict('the notice was changed by someone else')
      await appendAuditEntry(tx, {
        ...staffActor(who),
        action: 'notice.ended',
        recordKind: 'notice',
        recordId: updated.id,
        details: { groupPfCode: updated.groupPfCode, endedAt: now.toISOString() },
      })
      return updated
    })
    this.#board.invalidate()
    return view(row, now)
  }
}
