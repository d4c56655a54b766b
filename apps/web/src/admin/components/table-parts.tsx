import { t } from '@app/shared/messages/admin-console'
import { inputClassName, secondaryButtonClassName, thClassName } from './ui.tsx'

// A sortable column header (aria-sort, the server sorts) and the paging under a table.

export type SortOrder = 'asc' | 'desc'

export function SortHeader({
  label,
  column,
  sort,
  order,
  onSort,
}: {
  label: string
  column: string
  sort: string
  order: SortOrder
  onSort: (column: string, order: SortOrder) => void
}) {
  const isSorted = sort === column
  const ariaSort = isSorted ? (order === 'asc' ? 'ascending' : 'descending') : 'none'
  // A click on the sorted column turns its order round; on another column sorts it descending.
  const next: SortOrder = isSorted && order === 'desc' ? 'asc' : 'desc'
  return (
    <th scope="col" aria-sort={ariaSort} className={thClassName}>
      <button
        type="button"
        onClick={() => onSort(column, next)}
        className="inline-flex items-center gap-1 font-bold text-blue-1000 underline underline-offset-3"
        aria-label={
          next === 'asc'
            ? t('admin.common.sortAscending', { column: label })
            : t('admin.common.sortDescending', { column: label })
        }
      >
        {label}
        <span aria-hidden="true">{isSorted ? (order === 'asc' ? '▲' : '▼') : '↕'}</span>
      </button>
    </th>
  )
}

export const pageSizes = [20, 50, 100] as const

export function Pagination({
  total,
  page,
  pageSize,
  onPage,
  onPageSize,
}: {
  total: number
  page: number
  pageSize: number
  onPage: (page: number) => void
  onPageSize: (pageSize: number) => void
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize))
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1
  const to = Math.min(total, page * pageSize)
  return (
    <nav
      aria-label={t('admin.common.pagination')}
      className="flex flex-wrap items-center justify-between gap-3"
    >
      <p className="text-std-16N-170">{t('admin.common.total', { total, from, to })}</p>
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-2 text-std-16N-170">
          {t('admin.common.pageSize')}
          <select
            value={pageSize}
            onChange={(event) => onPageSize(Number(event.target.value))}
            className={`${inputClassName} w-auto`}
          >
            {pageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
          className={`${secondaryButtonClassName} disabled:border-solid-gray-300 disabled:text-solid-gray-420`}
        >
          {t('admin.common.previous')}
        </button>
        <span className="text-std-16N-170" aria-current="page">
          {t('admin.common.pageOf', { page, pages })}
        </span>
        <button
          type="button"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
          className={`${secondaryButtonClassName} disabled:border-solid-gray-300 disabled:text-solid-gray-420`}
        >
          {t('admin.common.next')}
        </button>
      </div>
    </nav>
  )
}
