import type { Database } from '../../db/client.ts'
import { listNoticesEndingAfter } from './notice-repository.ts'

// The notices the public pages show (issue #21 point 7): every process keeps the notices not yet
// over in memory and reads them again at most every few seconds (as the maintenance switch), so a
// pamphlet or entry page costs no query; which are shown is decided per request from `now`.
export const NOTICE_CACHE_MS = 5_000

export interface ShownNotice {
  title: string
  body: string
  startsAt: Date
  endsAt: Date
}

type Cached = (ShownNotice & { groupPfCode: string })[]

export class NoticeBoard {
  readonly #db: Database
  readonly #cacheClock: () => number
  #reading: Promise<Cached> | undefined
  #readAt = 0

  constructor(db: Database, options: { cacheClock?: () => number } = {}) {
    this.#db = db
    this.#cacheClock = options.cacheClock ?? Date.now
  }

  /** The group's notices within their window at `now` (start included, end excluded). */
  async current(groupPfCode: string, now: Date): Promise<ShownNotice[]> {
    const time = now.getTime()
    const notices = await this.#notices(now)
    return notices
      .filter(
        (notice) =>
          notice.groupPfCode === groupPfCode &&
          notice.startsAt.getTime() <= time &&
          time < notice.endsAt.getTime(),
      )
      .map(({ groupPfCode: _code, ...notice }) => notice)
  }

  invalidate(): void {
    this.#reading = undefined
  }

  #notices(now: Date): Promise<Cached> {
    const nowMs = this.#cacheClock()
    if (this.#reading === undefined || nowMs - this.#readAt >= NOTICE_CACHE_MS) {
      this.#readAt = nowMs
      // a day's margin: a notice just over is still in the cache if the clock is moved back
      this.#reading = listNoticesEndingAfter(
        this.#db,
        new Date(now.getTime() - 24 * 60 * 60 * 1000),
      ).catch((error: unknown) => {
        this.#reading = undefined
        throw error
      })
    }
    return this.#reading
  }
}
