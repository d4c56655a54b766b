import { searchApplicationsRoute } from '@app/shared/api/admin/routes'
import type { searchApplicationsApi } from '@app/shared/api/admin/endpoints'
import type { EndpointQuery, EndpointResponse } from '@app/shared/api/endpoint'
import { t } from '@app/shared/messages/admin-console'
import { useState, type FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Field } from '@/components/form/field.tsx'
import { callEndpoint } from '@/lib/call-endpoint.ts'
import { Pagination, SortHeader, type SortOrder } from '../components/table-parts.tsx'
import {
  DateRangeFields,
  ErrorAlert,
  inputClassName,
  primaryButtonClassName,
  ScreenHeading,
  secondaryButtonClassName,
  tableClassName,
  tdClassName,
  thClassName,
} from '../components/ui.tsx'
import { dateText, dateTimeText, fromYyyymmdd, toYyyymmdd } from '../lib/format.ts'
import { groupKey, groupLabel, splitGroupKey, useGroups } from '../lib/groups.ts'
import { useAdminServices } from '../lib/services.tsx'
import { useLoad } from '../lib/use-load.ts'

// 申込検索 (issue #20): the filter lives in the URL's query, so back, forward and reload keep the
// search; the server sorts and pages.

type SearchQuery = EndpointQuery<typeof searchApplicationsApi>
type Row = EndpointResponse<typeof searchApplicationsApi>['rows'][number]

const statuses = ['draft', 'applied', 'processed', 'cancelled'] as const
const statusPatterns = ['110', '210', '211', '220', '330'] as const
const paymentStatuses = ['unpaid', 'paid', 'underpaid', 'overpaid', 'none'] as const
const sortColumns = ['appliedAt', 'updatedAt', 'memberCode', 'nameKana'] as const

/** The filter's fields as the URL keeps them (empty values left out). */
type FilterKey =
  | 'groupPfCode'
  | 'groupPfCodeInceptionDateYm'
  | 'groupPfBranchNo'
  | 'status'
  | 'statusPattern'
  | 'paymentStatus'
  | 'appliedFrom'
  | 'appliedTo'
  | 'memberCode'
  | 'name'
type Filter = Record<FilterKey, string>

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((candidate) => candidate === value)
}

function positive(value: string | null, fallback: number, max: number): number {
  const number = Number(value)
  return Number.isInteger(number) && number >= 1 && number <= max ? number : fallback
}

/** The search the URL asks for: only what the endpoint takes, malformed values left out. */
export function queryFromParams(params: URLSearchParams): SearchQuery {
  const text = (key: FilterKey) => {
    const value = params.get(key)?.trim()
    return value === undefined || value === '' ? undefined : value
  }
  const date = (key: 'appliedFrom' | 'appliedTo') => {
    const value = text(key)
    return value !== undefined && /^\d{8}$/.test(value) ? value : undefined
  }
  const ym = text('groupPfCodeInceptionDateYm')
  const query: SearchQuery = {
    groupPfCode: text('groupPfCode'),
    groupPfCodeInceptionDateYm: ym !== undefined && /^\d{6}$/.test(ym) ? ym : undefined,
    groupPfBranchNo: text('groupPfBranchNo'),
    status: oneOf(statuses, params.get('status')),
    statusPattern: oneOf(statusPatterns, params.get('statusPattern')),
    paymentStatus: oneOf(paymentStatuses, params.get('paymentStatus')),
    appliedFrom: date('appliedFrom'),
    appliedTo: date('appliedTo'),
    memberCode: text('memberCode'),
    name: text('name'),
    sort: oneOf(sortColumns, params.get('sort')) ?? 'appliedAt',
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
    page: positive(params.get('page'), 1, 10_000),
    pageSize: positive(params.get('pageSize'), 50, 100),
  }
  return Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined),
  ) as SearchQuery
}

function filterFrom(query: SearchQuery): Filter {
  return {
    groupPfCode: query.groupPfCode ?? '',
    groupPfCodeInceptionDateYm: query.groupPfCodeInceptionDateYm ?? '',
    groupPfBranchNo: query.groupPfBranchNo ?? '',
    status: query.status ?? '',
    statusPattern: query.statusPattern ?? '',
    paymentStatus: query.paymentStatus ?? '',
    appliedFrom: fromYyyymmdd(query.appliedFrom ?? null),
    appliedTo: fromYyyymmdd(query.appliedTo ?? null),
    memberCode: query.memberCode ?? '',
    name: query.name ?? '',
  }
}

/** The URL's query for a search (defaults left out, so the address stays short). */
export function paramsFromQuery(query: Partial<SearchQuery>): URLSearchParams {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '') continue
    if (key === 'sort' && value === 'appliedAt') continue
    if (key === 'order' && value === 'desc') continue
    if (key === 'page' && value === 1) continue
    if (key === 'pageSize' && value === 50) continue
    params.set(key, String(value))
  }
  return params
}

export function ApplicationsScreen() {
  const { api } = useAdminServices()
  const [params, setParams] = useSearchParams()
  const query = queryFromParams(params)
  const queryKey = paramsFromQuery(query).toString()
  const results = useLoad(
    (signal) =>
      callEndpoint<typeof searchApplicationsApi>(
        api,
        searchApplicationsRoute,
        { query },
        { signal },
      ),
    [api, queryKey],
  )

  function go(next: Partial<SearchQuery>) {
    setParams(paramsFromQuery({ ...query, ...next }))
  }

  return (
    <>
      <ScreenHeading>{t('admin.applications.title')}</ScreenHeading>
      <FilterPanel
        key={queryKey}
        initial={filterFrom(query)}
        onSearch={(filter) =>
          setParams(
            paramsFromQuery({
              ...filter,
              sort: query.sort,
              order: query.order,
              pageSize: query.pageSize,
              page: 1,
            } as Partial<SearchQuery>),
          )
        }
      />
      <section aria-labelledby="results-heading" className="flex flex-col gap-3">
        <h2 id="results-heading" className="text-std-20B-150">
          {t('admin.applications.results')}
        </h2>
        <div role="status" aria-live="polite" className="text-std-16N-170">
          {results.state === 'loading'
            ? t('admin.loading')
            : results.state === 'done'
              ? results.data.total === 0
                ? t('admin.common.empty')
                : t('admin.applications.countAnnouncement', { total: results.data.total })
              : ''}
        </div>
        {results.state === 'failed' && <ErrorAlert error={results.error} />}
        {results.state === 'done' && results.data.total > 0 && (
          <>
            <div className="overflow-x-auto">
              <ResultsTable
                rows={results.data.rows}
                search={queryKey}
                sort={query.sort}
                order={query.order}
                onSort={(sort, order) => go({ sort: sort as SearchQuery['sort'], order, page: 1 })}
              />
            </div>
            <Pagination
              total={results.data.total}
              page={query.page}
              pageSize={query.pageSize}
              onPage={(page) => go({ page })}
              onPageSize={(pageSize) => go({ pageSize, page: 1 })}
            />
          </>
        )}
      </section>
    </>
  )
}

function FilterPanel({
  initial,
  onSearch,
}: {
  initial: Filter
  onSearch: (filter: Filter) => void
}) {
  const groups = useGroups()
  const [filter, setFilter] = useState<Filter>(initial)
  const [dateErrors, setDateErrors] = useState<
    Partial<Record<'appliedFrom' | 'appliedTo', string>>
  >({})
  const set = (key: FilterKey, value: string) =>
    setFilter((current) => ({ ...current, [key]: value }))
  const groupList = groups.state === 'done' ? groups.data.groups : []
  const selectedGroup = groupList.find(
    (group) =>
      group.groupPfCode === filter.groupPfCode &&
      group.groupPfCodeInceptionDateYm === filter.groupPfCodeInceptionDateYm,
  )

  function submit(event: FormEvent) {
    event.preventDefault()
    const from = toYyyymmdd(filter.appliedFrom)
    const to = toYyyymmdd(filter.appliedTo)
    const errors = {
      ...(from === undefined ? { appliedFrom: t('admin.applications.dateInvalid') } : {}),
      ...(to === undefined ? { appliedTo: t('admin.applications.dateInvalid') } : {}),
    }
    setDateErrors(errors)
    if (from === undefined || to === undefined) return
    onSearch({ ...filter, appliedFrom: from, appliedTo: to })
  }

  const select = (
    key: FilterKey,
    label: string,
    options: readonly { value: string; label: string }[],
  ) => (
    <Field label={label}>
      {(control) => (
        <select
          {...control}
          value={filter[key]}
          onChange={(event) => set(key, event.target.value)}
          className={inputClassName}
        >
          <option value="">{t('admin.common.any')}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  )

  return (
    <form
      noValidate
      role="search"
      aria-label={t('admin.applications.filters')}
      onSubmit={submit}
      className="flex flex-col gap-4 rounded-8 border border-solid-gray-300 bg-solid-gray-50 p-4"
    >
      <h2 className="text-std-20B-150">{t('admin.applications.filters')}</h2>
      {groups.state === 'failed' && <ErrorAlert error={groups.error} />}
      <div className="grid grid-cols-3 gap-4">
        <Field label={t('admin.applications.group')}>
          {(control) => (
            <select
              {...control}
              value={
                filter.groupPfCode === ''
                  ? ''
                  : groupKey(filter.groupPfCode, filter.groupPfCodeInceptionDateYm)
              }
              onChange={(event) => {
                const split = splitGroupKey(event.target.value)
                setFilter((current) => ({
                  ...current,
                  groupPfCode: split?.groupPfCode ?? '',
                  groupPfCodeInceptionDateYm: split?.groupPfCodeInceptionDateYm ?? '',
                  groupPfBranchNo: '',
                }))
              }}
              className={inputClassName}
            >
              <option value="">{t('admin.common.any')}</option>
              {groupList.map((group) => (
                <option
                  key={groupKey(group.groupPfCode, group.groupPfCodeInceptionDateYm)}
                  value={groupKey(group.groupPfCode, group.groupPfCodeInceptionDateYm)}
                >
                  {groupLabel(group)}
                </option>
              ))}
              {filter.groupPfCode !== '' && selectedGroup === undefined && (
                <option value={groupKey(filter.groupPfCode, filter.groupPfCodeInceptionDateYm)}>
                  {groupKey(filter.groupPfCode, filter.groupPfCodeInceptionDateYm)}
                </option>
              )}
            </select>
          )}
        </Field>
        {select(
          'groupPfBranchNo',
          t('admin.applications.branch'),
          (selectedGroup?.branches ?? []).map((branch) => ({
            value: branch.groupPfBranchNo,
            label: `${branch.groupPfBranchNo} ${branch.sectionName}`,
          })),
        )}
        {select(
          'status',
          t('admin.applications.status'),
          statuses.map((value) => ({ value, label: t(`admin.status.${value}`) })),
        )}
        {select(
          'statusPattern',
          t('admin.applications.statusPattern'),
          statusPatterns.map((value) => ({ value, label: value })),
        )}
        {select(
          'paymentStatus',
          t('admin.applications.paymentStatus'),
          paymentStatuses.map((value) => ({ value, label: t(`admin.payment.${value}`) })),
        )}
        <DateRangeFields
          label={t('admin.applications.appliedAt')}
          keys={['appliedFrom', 'appliedTo']}
          values={filter}
          errors={dateErrors}
          onChange={set}
        />
        <Field label={t('admin.applications.memberCode')}>
          {(control) => (
            <input
              {...control}
              type="text"
              value={filter.memberCode}
              onChange={(event) => set('memberCode', event.target.value)}
              className={inputClassName}
            />
          )}
        </Field>
        <Field label={t('admin.applications.name')} support={t('admin.applications.nameSupport')}>
          {(control) => (
            <input
              {...control}
              type="text"
              value={filter.name}
              onChange={(event) => set('name', event.target.value)}
              className={inputClassName}
            />
          )}
        </Field>
      </div>
      <div className="flex gap-3">
        <button type="submit" className={primaryButtonClassName}>
          {t('admin.common.search')}
        </button>
        <button
          type="button"
          className={secondaryButtonClassName}
          onClick={() => {
            setFilter(filterFrom({} as SearchQuery))
            setDateErrors({})
          }}
        >
          {t('admin.common.clear')}
        </button>
      </div>
    </form>
  )
}

function ResultsTable({
  rows,
  search,
  sort,
  order,
  onSort,
}: {
  rows: readonly Row[]
  /** the search's query, for the detail's way back */
  search: string
  sort: string
  order: SortOrder
  onSort: (column: string, order: SortOrder) => void
}) {
  const sortable = (column: string, label: string) => (
    <SortHeader label={label} column={column} sort={sort} order={order} onSort={onSort} />
  )
  const plain = (label: string) => (
    <th scope="col" className={thClassName}>
      {label}
    </th>
  )
  return (
    <table className={tableClassName}>
      <caption className="sr-only">{t('admin.applications.results')}</caption>
      <thead>
        <tr>
          {sortable('appliedAt', t('admin.applications.column.appliedAt'))}
          {plain(t('admin.applications.column.group'))}
          {plain(t('admin.applications.column.branch'))}
          {sortable('memberCode', t('admin.applications.column.memberCode'))}
          {sortable('nameKana', t('admin.applications.column.name'))}
          {plain(t('admin.applications.column.status'))}
          {plain(t('admin.applications.column.payment'))}
          {sortable('updatedAt', t('admin.applications.column.updatedAt'))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.applicationId} className="hover:bg-blue-50">
            <td className={tdClassName}>{dateText(row.appliedAt)}</td>
            <td className={tdClassName}>
              {row.groupPfCode}
              <span className="text-solid-gray-700">（{row.groupPfCodeInceptionDateYm}）</span>
            </td>
            <td className={tdClassName}>{row.groupPfBranchNo}</td>
            <td className={tdClassName}>
              <Link
                to={`/applications/${row.applicationId}`}
                state={{ search }}
                className="app-link"
              >
                {row.memberCode}
              </Link>
            </td>
            <td className={tdClassName}>
              {row.nameKanji ?? t('admin.common.dash')}
              {row.nameKana !== null && (
                <span className="block text-solid-gray-700">{row.nameKana}</span>
              )}
            </td>
            <td className={tdClassName}>
              {t(`admin.status.${row.status}`)}
              {row.statusPattern !== null && (
                <span className="text-solid-gray-700">（{row.statusPattern}）</span>
              )}
            </td>
            <td className={tdClassName}>{t(`admin.payment.${row.paymentStatus}`)}</td>
            <td className={tdClassName}>{dateTimeText(row.updatedAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
