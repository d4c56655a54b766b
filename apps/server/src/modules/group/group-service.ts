import {
  AppError,
  checkEntryParams,
  errorCodes,
  groupPfInfoApi,
  itemDefinitionsApi,
  recruitmentPhase,
  startOfBusinessDate,
  toBusinessDate,
  type EntryLink,
  type GroupPfInfo,
  type GroupPfInfoBranchNo,
  type GroupPfInfoQuery,
  type ItemDefinition,
  type ItemDefinitionsQuery,
} from '@app/shared'
import type { Database } from '../../db/client.ts'
import { prepareJson, type PreparedJson } from '../../lib/send.ts'
import { TtlCache } from '../../lib/ttl-cache.ts'

/**
 * The caches expire by the machine's own time, not the business clock: a pinned APP_NOW (a demo,
 * the tests) must not keep an answer forever, and a group import is seen by every process within
 * GROUP_CACHE_SECONDS (issue #19 point 5). Today's date is part of each key that depends on it.
 */
const cacheClock = () => performance.now()
import {
  branchExists,
  findBranch,
  findCurrentLink,
  findGroupPfInfo,
  findLink,
  groupProductExists,
  listItemDefinitions,
  type GroupLink,
} from './group-repository.ts'

/** A ready response: the validated body already encoded, or the error to answer with. */
type CachedAnswer = { prepared: PreparedJson } | { errorCode: string }

const NEGATIVE_TTL_MS = 5_000

/** A link with its product, branch and item definitions, as objects (for the server's own use). */
export interface LinkedGroup {
  link: GroupLink
  groupPfInfo: GroupPfInfo
  branch: GroupPfInfoBranchNo
  itemDefinitionArray: ItemDefinition[]
}

/**
 * Reads group information (SPEC §7.1) and item definitions (§7.2). Group data changes only by
 * import, and it is read on every entry, so answers are cached per process for a short time
 * (GROUP_CACHE_SECONDS); a miss costs a few indexed queries.
 */
export class GroupService {
  readonly #db: Database
  readonly #ttlMs: number
  readonly #cache = new TtlCache<CachedAnswer>(2_000)
  readonly #linkedGroups = new TtlCache<LinkedGroup | { errorCode: string }>(2_000)

  constructor(db: Database, options: { cacheSeconds: number }) {
    this.#db = db
    this.#ttlMs = options.cacheSeconds * 1000
  }

  invalidate(): void {
    this.#cache.clear()
    this.#linkedGroups.clear()
  }

  /**
   * The group behind an enrolment link, for the identity checks (issue #5): the same short cache
   * as the answers above, so a check reads no group rows on a hit. Unknown → APFA1001–1003.
   */
  async linkedGroup(link: EntryLink, _now: Date): Promise<LinkedGroup> {
    const nowMs = cacheClock()
    const key = `linked|${link.groupPfCode}|${link.groupPfCodeInceptionDateYm}|${link.groupPfBranchNo}|${link.urlKey}`
    let answer = this.#linkedGroups.get(key, nowMs)
    if (answer === undefined) {
      answer = await this.#loadLinkedGroup(link)
      const ttl = 'errorCode' in answer ? Math.min(this.#ttlMs, NEGATIVE_TTL_MS) : this.#ttlMs
      this.#linkedGroups.set(key, answer, ttl, nowMs)
    }
    if ('errorCode' in answer) {
      throw new AppError(answer.errorCode, {
        message: `group link not found (${answer.errorCode})`,
      })
    }
    return answer
  }

  async #loadLinkedGroup(link: EntryLink): Promise<LinkedGroup | { errorCode: string }> {
    const found = await this.#findEntryLink(link)
    if (found === undefined) return { errorCode: await this.#whyNoLink(link) }
    const [groupPfInfo, branch, itemDefinitionArray] = await Promise.all([
      findGroupPfInfo(this.#db, found),
      findBranch(this.#db, found),
      listItemDefinitions(this.#db, found),
    ])
    if (groupPfInfo === undefined) return { errorCode: errorCodes.groupNotFound }
    if (branch === undefined) return { errorCode: errorCodes.branchNotFound }
    return { link: found, groupPfInfo, branch, itemDefinitionArray }
  }

  /** The group information response, validated against its schema and encoded. */
  async groupPfInfo(query: GroupPfInfoQuery, now: Date): Promise<PreparedJson> {
    // Under /myp/ the inception month and branch are not sent (SPEC §2.6).
    const isMyPage = query.groupPfCodeInceptionDateYm === undefined
    const check = checkEntryParams(isMyPage ? 'myp' : 'ent', query)
    if (!check.ok)
      throw new AppError(check.errorCode, { message: 'malformed group link parameters' })
    const today = toBusinessDate(now)
    // Today is part of the key: the recruitment phase in the answer changes at midnight (JST).
    const key = `info|${today}|${query.groupPfCode}|${query.urlKey}|${query.groupPfCodeInceptionDateYm ?? ''}|${query.groupPfBranchNo ?? ''}`
    return this.#cached(key, async () => {
      const link = isMyPage
        ? await findCurrentLink(this.#db, query, today)
        : await this.#findEntryLink(query)
      if (link === undefined) return { errorCode: await this.#whyNoLink(query) }
      const [groupPfInfo, groupPfInfoBranchNo] = await Promise.all([
        findGroupPfInfo(this.#db, link),
        findBranch(this.#db, link),
      ])
      if (groupPfInfo === undefined) return { errorCode: errorCodes.groupNotFound }
      if (groupPfInfoBranchNo === undefined) return { errorCode: errorCodes.branchNotFound }
      // The schema is strict: a field we did not mean to send fails here, not in the browser.
      const body = groupPfInfoApi.response.parse({
        groupPfInfo,
        groupPfInfoBranchNo,
        recruitmentPhase: recruitmentPhase(startOfBusinessDate(today), groupPfInfo),
        businessDate: today,
      })
      return { prepared: prepareJson(body) }
    })
  }

  /** The item definitions response (SPEC §7.2), validated and encoded. */
  async itemDefinitions(query: ItemDefinitionsQuery, _now: Date): Promise<PreparedJson> {
    const check = checkEntryParams('ent', { ...query, groupPfBranchNo: '00000' })
    if (!check.ok)
      throw new AppError(check.errorCode, { message: 'malformed group link parameters' })
    const key = `items|${query.groupPfCode}|${query.urlKey}|${query.groupPfCodeInceptionDateYm}`
    return this.#cached(key, async () => {
      const link = await findLink(this.#db, query)
      if (link === undefined) return { errorCode: await this.#whyNoLink(query) }
      const itemDefinitionArray = await listItemDefinitions(this.#db, link)
      const body = itemDefinitionsApi.response.parse({ itemDefinitionArray })
      return { prepared: prepareJson(body) }
    })
  }

  async #cached(key: string, load: () => Promise<CachedAnswer>): Promise<PreparedJson> {
    const nowMs = cacheClock()
    let answer = this.#cache.get(key, nowMs)
    if (answer === undefined) {
      answer = await load()
      this.#cache.set(
        key,
        answer,
        'prepared' in answer ? this.#ttlMs : Math.min(this.#ttlMs, NEGATIVE_TTL_MS),
        nowMs,
      )
    }
    if ('prepared' in answer) return answer.prepared
    throw new AppError(answer.errorCode, { message: `group link not found (${answer.errorCode})` })
  }

  async #findEntryLink(query: GroupPfInfoQuery): Promise<GroupLink | undefined> {
    const link = await findLink(this.#db, {
      groupPfCode: query.groupPfCode,
      urlKey: query.urlKey,
      groupPfCodeInceptionDateYm: query.groupPfCodeInceptionDateYm ?? '',
    })
    return link?.groupPfBranchNo === query.groupPfBranchNo ? link : undefined
  }

  /** Which of the three not-found codes of SPEC §8.1 applies (the browser shows all as APFF0001). */
  async #whyNoLink(query: {
    groupPfCode: string
    groupPfCodeInceptionDateYm?: string | undefined
    groupPfBranchNo?: string | undefined
  }): Promise<string> {
    if (!(await groupProductExists(this.#db, query))) return errorCodes.groupNotFound
    if (
      query.groupPfBranchNo !== undefined &&
      !(await branchExists(this.#db, {
        groupPfCode: query.groupPfCode,
        groupPfBranchNo: query.groupPfBranchNo,
      }))
    ) {
      return errorCodes.branchNotFound
    }
    return errorCodes.linkNotFound
  }
}
