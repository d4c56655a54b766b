import { Readable } from 'node:stream'
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import { toBusinessDate } from '@app/shared'
import * as Admin from '@app/shared/api/admin/endpoints'
import { registerEndpoint } from '../../lib/register-endpoint.ts'
import { staffActor } from '../staff/staff-scope.ts'
import { auditCsv } from './audit-csv.ts'
import type { AuditDetails } from './audit-hash.ts'
import type { AuditEntry, AuditFilters } from './audit-repository.ts'

// The audit log's viewer and its CSV (issue #20 point 4, ADR 0024), for the roles with
// viewAuditLog. Looking at the log is itself audited: 'audit.exported' for every CSV, and
// 'audit.viewed' for the first page of a search only (paging through one search is one look; an
// entry per page would flood the log with its own reading). Both carry the filter as details.

const tags = ['admin']

interface AuditQuery {
  from?: string | undefined
  to?: string | undefined
  actorKind?: AuditEntry['actorKind'] | undefined
  actorId?: string | undefined
  action?: string | undefined
  recordKind?: string | undefined
  recordId?: string | undefined
}

function filtersOf(query: AuditQuery): AuditFilters {
  return {
    ...(query.from === undefined ? {} : { from: new Date(query.from) }),
    ...(query.to === undefined ? {} : { until: new Date(query.to) }),
    ...(query.actorKind === undefined ? {} : { actorKind: query.actorKind }),
    ...(query.actorId === undefined ? {} : { actorId: query.actorId }),
    ...(query.action === undefined ? {} : { action: query.action }),
    ...(query.recordKind === undefined ? {} : { recordKind: query.recordKind }),
    ...(query.recordId === undefined ? {} : { recordId: query.recordId }),
  }
}

/** The filter as the entry's details: the given fields only, as given. */
function filterDetails(query: AuditQuery): AuditDetails {
  const details: AuditDetails = {}
  for (const key of [
    'from',
    'to',
    'actorKind',
    'actorId',
    'action',
    'recordKind',
    'recordId',
  ] as const) {
    const value = query[key]
    if (value !== undefined) details[key] = value
  }
  return details
}

function entryView(entry: AuditEntry): z.infer<typeof Admin.auditEntrySchema> {
  return {
    seq: entry.seq,
    at: entry.at.toISOString(),
    actorKind: entry.actorKind,
    actorId: entry.actorId,
    action: entry.action,
    recordKind: entry.recordKind,
    recordId: entry.recordId,
    clientAddress: entry.clientAddress,
    reason: entry.reason,
    details: entry.details,
  }
}

export const auditRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const mayView = app.staffSessions.may('viewAuditLog')

  registerEndpoint(
    app,
    Admin.auditLogApi,
    { summary: '監査ログの一覧（新しい順）', tags, refusals: [401, 403], guard: mayView },
    async ({ who, query }) => {
      const { page, pageSize, ...filter } = query
      const found = await app.audit.page(filtersOf(filter), { page, pageSize })
      if (page === 1) {
        await app.audit.record({
          ...staffActor(who),
          action: 'audit.viewed',
          details: filterDetails(filter),
        })
      }
      return { total: found.total, page, pageSize, entries: found.entries.map(entryView) }
    },
  )

  registerEndpoint(
    app,
    Admin.auditLogCsvApi,
    { summary: '監査ログのCSV（UTF-8 BOM付き）', tags, refusals: [401, 403], guard: mayView },
    async ({ who, query, reply }) => {
      await app.audit.record({
        ...staffActor(who),
        action: 'audit.exported',
        details: filterDetails(query),
      })
      const fileName = `audit-log-${toBusinessDate(app.clock.now())}.csv`
      const body = Readable.from(auditCsv(app.audit.newestFirst(filtersOf(query))))
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(body)
    },
  )

  done()
}
