import { auditLogCsvRoute, auditLogRoute } from '@app/shared/api/admin/routes'
import type { auditLogApi, auditLogCsvApi } from '@app/shared/api/admin/endpoints'
import type { EndpointQuery } from '@app/shared/api/endpoint'
import { t } from '@app/shared/messages/admin-console'
import { useState, type FormEvent } from 'react'
import { useSearchParams } from 'react-router'
import { Field } from '@/components/form/field.tsx'
import { callEndpoint } from '@/lib/call-endpoint.ts'
import { downloadEndpoint, fileNameOf, saveFile } from '@/lib/download-endpoint.ts'
import { Pagination } from '../components/table-parts.tsx'
import {
  DateRangeFields,
  ErrorAlert,
  inputClassName,
  LiveStatus,
  primaryButtonClassName,
  ScreenHeading,
  secondaryButtonClassName,
  tableClassName,
  tdClassName,
  thClassName,
} from '../components/ui.tsx'
import { dateTimeText, recordedCodeText, jstDayBound } from '../lib/format.ts'
import { useAdminServices } from '../lib/services.tsx'
import { useLoad } from '../lib/use-load.ts'

// 監査ログ (issue #20): newest first, filtered and paged on the server (the filter in the URL),
// and the same filter as a CSV file.

type AuditQuery = EndpointQuery<typeof auditLogApi>
const actorKinds = ['staff', 'applicant', 'holder', 'system'] as const
const textKeys = ['actorId', 'action', 'recordKind', 'recordId'] as const
type Filter = Record<'from' | 'to' | 'actorKind' | (typeof textKeys)[number], string>

/** The filter as the URL keeps it: from/to as the date inputs' values (JST days). */
function filterFrom(params: URLSearchParams): Filter {
  const get = (key: keyof Filter) => params.get(key) ?? ''
  return {
    from: get('from'),
    to: get('to'),
    actorKind: get('actorKind'),
    actorId: get('actorId'),
    action: get('action'),
    recordKind: get('recordKind'),
    recordId: get('recordId'),
  }
}

function filterQuery(filter: Filter): Omit<AuditQuery, 'page' | 'pageSize'> {
  const text = (value: string) => (value.trim() === '' ? undefined : value.trim())
  const query = {
    from: jstDayBound(filter.from, false),
    to: jstDayBound(filter.to, true),
    actorKind: actorKinds.find((kind) => kind === filter.actorKind),
    actorId: text(filter.actorId),
    action: text(filter.action),
    recordKind: text(filter.recordKind),
    recordId: text(filter.recordId),
  }
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined))
}

function positive(value: string | null, fallback: number, max: number): number {
  const number = Number(value)
  return Number.isInteger(number) && number >= 1 && number <= max ? number : fallback
}

export function AuditScreen() {
  const { api } = useAdminServices()
  const [params, setParams] = useSearchParams()
  const filter = filterFrom(params)
  const page = positive(params.get('page'), 1, 10_000)
  const pageSize = positive(params.get('pageSize'), 50, 100)
  const query: AuditQuery = { ...filterQuery(filter), page, pageSize }
  const key = params.toString()
  const entries = useLoad(
    (signal) => callEndpoint<typeof auditLogApi>(api, auditLogRoute, { query }, { signal }),
    [api, key],
  )
  const [status, setStatus] = useState<string | undefined>(undefined)
  const [downloadFailure, setDownloadFailure] = useState<unknown>(undefined)

  function go(next: Partial<Filter> & { page?: number; pageSize?: number }) {
    const merged: Record<string, string | number> = { ...filter, page, pageSize, ...next }
    const search = new URLSearchParams()
    for (const [name, value] of Object.entries(merged)) {
      if (value === '' || (name === 'page' && value === 1) || (name === 'pageSize' && value === 50))
        continue
      search.set(name, String(value))
    }
    setParams(search)
  }

  async function downloadCsv() {
    setDownloadFailure(undefined)
    setStatus(undefined)
    try {
      const file = await downloadEndpoint<typeof auditLogCsvApi>(api, auditLogCsvRoute, {
        query: filterQuery(filter),
      })
      saveFile(file.blob, fileNameOf(file.disposition, 'audit-log.csv'))
      setStatus(t('admin.common.downloaded'))
    } catch (error) {
      setDownloadFailure(error)
    }
  }

  return (
    <>
      <ScreenHeading>{t('admin.audit.title')}</ScreenHeading>
      <AuditFilter key={key} initial={filter} onSearch={(next) => go({ ...next, page: 1 })} />
      <section aria-labelledby="audit-results" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="audit-results" className="text-std-20B-150">
            {t('admin.audit.results')}
          </h2>
          <button
            type="button"
            onClick={() => void downloadCsv()}
            className={secondaryButtonClassName}
          >
            {t('admin.audit.csv')}
          </button>
        </div>
        <LiveStatus message={status} />
        <ErrorAlert error={downloadFailure} />
        <div role="status" aria-live="polite" className="text-std-16N-170">
          {entries.state === 'loading'
            ? t('admin.loading')
            : entries.state === 'done' && entries.data.total === 0
              ? t('admin.common.empty')
              : ''}
        </div>
        {entries.state === 'failed' && <ErrorAlert error={entries.error} />}
        {entries.state === 'done' && entries.data.total > 0 && (
          <>
            <div className="overflow-x-auto">
              <table className={tableClassName}>
                <caption className="sr-only">{t('admin.audit.results')}</caption>
                <thead>
                  <tr>
                    {(['at', 'actor', 'action', 'record', 'client', 'reason'] as const).map(
                      (column) => (
                        <th key={column} scope="col" className={thClassName}>
                          {t(`admin.audit.column.${column}`)}
                        </th>
                      ),
                    )}
                  </tr>
                </thead>
                <tbody>
                  {entries.data.entries.map((entry) => (
                    <tr key={entry.seq}>
                      <td className={`${tdClassName} whitespace-nowrap`}>
                        {dateTimeText(entry.at)}
                      </td>
                      <td className={tdClassName}>
                        {actorKinds.some((kind) => kind === entry.actorKind)
                          ? t(
                              `admin.audit.actorKind.${entry.actorKind as (typeof actorKinds)[number]}`,
                            )
                          : entry.actorKind}
                        {entry.actorId !== null && (
                          <span className="block break-all text-solid-gray-700">
                            {entry.actorId}
                          </span>
                        )}
                      </td>
                      <td className={tdClassName}>
                        {recordedCodeText('action', entry.action)}
                        <span className="block text-dns-14N-130 text-solid-gray-700">
                          {entry.action}
                        </span>
                      </td>
                      <td className={tdClassName}>
                        {entry.recordKind ?? t('admin.common.dash')}
                        {entry.recordId !== null && (
                          <span className="block break-all text-solid-gray-700">
                            {entry.recordId}
                          </span>
                        )}
                      </td>
                      <td className={tdClassName}>
                        {entry.clientAddress ?? t('admin.common.dash')}
                      </td>
                      <td className={`${tdClassName} whitespace-pre-wrap`}>
                        {entry.reason ?? t('admin.common.dash')}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination
              total={entries.data.total}
              page={page}
              pageSize={pageSize}
              onPage={(next) => go({ page: next })}
              onPageSize={(next) => go({ pageSize: next, page: 1 })}
            />
          </>
        )}
      </section>
    </>
  )
}

function AuditFilter({
  initial,
  onSearch,
}: {
  initial: Filter
  onSearch: (filter: Filter) => void
}) {
  const [filter, setFilter] = useState<Filter>(initial)
  const set = (key: keyof Filter, value: string) =>
    setFilter((current) => ({ ...current, [key]: value }))
  const [dateErrors, setDateErrors] = useState<Partial<Record<'from' | 'to', string>>>({})

  function submit(event: FormEvent) {
    event.preventDefault()
    const invalid = (value: string) => value !== '' && jstDayBound(value, false) === undefined
    const errors = {
      ...(invalid(filter.from) ? { from: t('admin.audit.dateInvalid') } : {}),
      ...(invalid(filter.to) ? { to: t('admin.audit.dateInvalid') } : {}),
    }
    setDateErrors(errors)
    if (Object.keys(errors).length === 0) onSearch(filter)
  }

  const text = (key: (typeof textKeys)[number]) => (
    <Field key={key} label={t(`admin.audit.${key}`)}>
      {(control) => (
        <input
          {...control}
          type="text"
          value={filter[key]}
          onChange={(event) => set(key, event.target.value)}
          className={inputClassName}
        />
      )}
    </Field>
  )

  return (
    <form
      noValidate
      role="search"
      aria-label={t('admin.audit.filters')}
      onSubmit={submit}
      className="flex flex-col gap-4 rounded-8 border border-solid-gray-300 bg-solid-gray-50 p-4"
    >
      <h2 className="text-std-20B-150">{t('admin.audit.filters')}</h2>
      <div className="grid grid-cols-3 gap-4">
        <DateRangeFields
          label={t('admin.audit.period')}
          keys={['from', 'to']}
          values={filter}
          errors={dateErrors}
          onChange={set}
          className="col-span-1 flex flex-col gap-2"
        />
        <Field label={t('admin.audit.actorKind')}>
          {(control) => (
            <select
              {...control}
              value={filter.actorKind}
              onChange={(event) => set('actorKind', event.target.value)}
              className={inputClassName}
            >
              <option value="">{t('admin.common.any')}</option>
              {actorKinds.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`admin.audit.actorKind.${kind}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {textKeys.map(text)}
      </div>
      <div>
        <button type="submit" className={primaryButtonClassName}>
          {t('admin.common.search')}
        </button>
      </div>
    </form>
  )
}
