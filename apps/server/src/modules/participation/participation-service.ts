import type { Participation, MemberStateRow } from '@app/shared/api/admin/participation'
import { AdminError, adminErrorCodes } from '@app/shared/api/admin/errors'
import { applicationSteps } from '@app/shared/rules/application-steps'
import type { Clock } from '../../clock.ts'
import type { Database } from '../../db/client.ts'
import { appendAuditEntry } from '../audit/audit-records.ts'
import { staffActor, type StaffPrincipal } from '../staff/staff-scope.ts'
import {
  countByDay,
  countFigures,
  countFunnel,
  findProductInScope,
  listMemberStates,
  listProductsInScope,
  type MemberStateCode,
  type ProductKey,
  type ProductRow,
} from './participation-repository.ts'

// The participation dashboard and the group contact's member list (issue #21 points 5 and 6, ADR
// 0033). The guard decides the permission (403); here the scope decides the product (404 ADMN0001
// outside it, exactly as for a product that does not exist). Every view is audited.

/** At most this many days in a daily series (a window set wide by mistake stays readable). */
const MAX_DAYS = 400
const DAY_MS = 86_400_000

function notFound(): AdminError {
  return new AdminError(adminErrorCodes.adminRecordNotFound, { message: 'group product not found' })
}

const dayOf = (yyyymmdd: string) =>
  Date.UTC(
    Number(yyyymmdd.slice(0, 4)),
    Number(yyyymmdd.slice(4, 6)) - 1,
    Number(yyyymmdd.slice(6)),
  )
const yyyymmddOf = (ms: number) => new Date(ms).toISOString().slice(0, 10).replaceAll('-', '')

/**
 * The recruitment window (SPEC §3.3: atOnceRecruitStartDate…EndDate, halfwayRecruitStartDate…
 * EndDate): from the earliest start to the latest end of the periods set; null when none is.
 */
export function recruitmentWindow(product: ProductRow): { from: string; to: string } | null {
  const starts = [product.atOnceRecruitStartDate, product.halfwayRecruitStartDate].filter(
    (day): day is string => day !== null && /^\d{8}$/.test(day),
  )
  const ends = [product.atOnceRecruitEndDate, product.halfwayRecruitEndDate].filter(
    (day): day is string => day !== null && /^\d{8}$/.test(day),
  )
  if (starts.length === 0 || ends.length === 0) return null
  const from = starts.sort()[0] ?? ''
  const to = ends.sort().at(-1) ?? ''
  return from <= to ? { from, to } : null
}

/** Every day from `from` to `to` (at most MAX_DAYS, the last ones kept). */
export function daysBetween(from: string, to: string): string[] {
  const first = Math.max(dayOf(from), dayOf(to) - (MAX_DAYS - 1) * DAY_MS)
  const days: string[] = []
  for (let day = first; day <= dayOf(to); day += DAY_MS) days.push(yyyymmddOf(day))
  return days
}

export class ParticipationService {
  readonly #db: Database

  constructor(options: { db: Database; clock: Clock }) {
    this.#db = options.db
  }

  async products(who: StaffPrincipal) {
    return { products: await listProductsInScope(this.#db, who.scope) }
  }

  /** The figures, the daily series and the funnel of one product in scope. */
  async participation(who: StaffPrincipal, key: ProductKey): Promise<Participation> {
    const product = await findProductInScope(this.#db, who.scope, key)
    if (product === undefined) throw notFound()
    const [figures, byDay, funnel] = await Promise.all([
      countFigures(this.#db, who.scope, key),
      countByDay(this.#db, who.scope, key),
      countFunnel(this.#db, who.scope, key),
    ])
    const window = recruitmentWindow(product)
    const span =
      window ??
      (byDay.length === 0 ? null : { from: byDay[0]?.date ?? '', to: byDay.at(-1)?.date ?? '' })
    const counted = new Map(byDay.map((row) => [row.date, row]))
    const daily =
      span === null
        ? []
        : daysBetween(span.from, span.to).map(
            (date) => counted.get(date) ?? { date, started: 0, applied: 0, paid: 0 },
          )
    return {
      groupPfCode: product.groupPfCode,
      groupPfCodeInceptionDateYm: product.groupPfCodeInceptionDateYm,
      groupNameKanji: product.groupNameKanji,
      window,
      figures,
      daily,
      funnel: [
        { stage: 'started', reached: funnel.started },
        ...applicationSteps.map((step) => ({ stage: step, reached: funnel.steps[step] ?? 0 })),
        { stage: 'applied', reached: funnel.applied },
        { stage: 'paid', reached: funnel.paid },
      ],
    }
  }

  /** The dashboard's view, audited (participation.viewed). */
  async view(who: StaffPrincipal, key: ProductKey): Promise<Participation> {
    const participation = await this.participation(who, key)
    await this.#audit(who, 'participation.viewed', key, {})
    return participation
  }

  /** The figures for the CSV, audited (participation.exported). */
  async export(who: StaffPrincipal, key: ProductKey): Promise<Participation> {
    const participation = await this.participation(who, key)
    await this.#audit(who, 'participation.exported', key, {})
    return participation
  }

  /** The roster members with their state, one page, audited (members.statesViewed). */
  async memberStates(
    who: StaffPrincipal,
    key: ProductKey,
    filter: { state?: MemberStateCode | undefined; page: number; pageSize: number },
  ): Promise<{ members: MemberStateRow[]; total: number; page: number; pageSize: number }> {
    const product = await findProductInScope(this.#db, who.scope, key)
    if (product === undefined) throw notFound()
    const { members, total } = await listMemberStates(this.#db, who.scope, key, {
      ...(filter.state === undefined ? {} : { state: filter.state }),
      page: filter.page,
      pageSize: filter.pageSize,
    })
    await this.#audit(who, 'members.statesViewed', key, {
      ...(filter.state === undefined ? {} : { state: filter.state }),
      page: filter.page,
    })
    return {
      // exactly these four keys: nothing else of a member leaves the server (point 6)
      members: members.map(({ memberCode, nameKanji, nameKana, state }) => ({
        memberCode,
        nameKanji,
        nameKana,
        state,
      })),
      total,
      page: filter.page,
      pageSize: filter.pageSize,
    }
  }

  async #audit(
    who: StaffPrincipal,
    action: string,
    key: ProductKey,
    details: Record<string, string | number>,
  ): Promise<void> {
    await appendAuditEntry(this.#db, {
      ...staffActor(who),
      action,
      recordKind: 'groupProduct',
      recordId: `${key.groupPfCode}/${key.groupPfCodeInceptionDateYm}`,
      details: { ...details },
    })
  }
}
