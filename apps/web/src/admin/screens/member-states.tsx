import { memberStatesRoute } from '@app/shared/api/admin/participation-routes'
import type { MemberState, memberStatesApi } from '@app/shared/api/admin/participation'
import { t } from '@app/shared/messages/admin-console'
import { useState, type FormEvent } from 'react'
import { Field } from '@/components/form/field.tsx'
import { callEndpoint } from '@/lib/call-endpoint.ts'
import { Pagination } from '../components/table-parts.tsx'
import {
  ErrorAlert,
  inputClassName,
  Loading,
  LiveStatus,
  primaryButtonClassName,
  ScreenHeading,
  tableClassName,
  tdClassName,
  thClassName,
} from '../components/ui.tsx'
import { ProductChoice, useChosenProduct } from '../lib/participation.tsx'
import { useAdminServices } from '../lib/services.tsx'
import { useLoad } from '../lib/use-load.ts'

// 加入者一覧 (issue #21 point 6, ADR 0033): the roster members of a group product in scope with
// their state (not started / in progress / applied), names and member codes only, so that the
// group's contact can remind colleagues before the window closes. Filter by state, paged.

const states = ['notStarted', 'inProgress', 'applied'] as const satisfies readonly MemberState[]

export function MemberStatesScreen() {
  const { api } = useAdminServices()
  const chosen = useChosenProduct()
  const { split } = chosen
  const [stateInput, setStateInput] = useState<MemberState | ''>('')
  const [state, setState] = useState<MemberState | ''>('')
  const [page, setPage] = useState(1)
  const [pageSize, setPageSize] = useState(50)
  const members = useLoad(
    (signal) =>
      split === undefined
        ? Promise.resolve(undefined)
        : callEndpoint<typeof memberStatesApi>(
            api,
            memberStatesRoute,
            {
              params: split,
              query: { ...(state === '' ? {} : { state }), page, pageSize },
            },
            { signal },
          ),
    [api, split?.groupPfCode, split?.groupPfCodeInceptionDateYm, state, page, pageSize],
  )

  function show(event: FormEvent) {
    event.preventDefault()
    setState(stateInput)
    setPage(1)
  }

  const data = members.state === 'done' ? members.data : undefined
  const from = data === undefined || data.total === 0 ? 0 : (data.page - 1) * data.pageSize + 1
  const to = data === undefined ? 0 : Math.min(data.total, data.page * data.pageSize)
  return (
    <>
      <ScreenHeading>{t('admin.memberStates.title')}</ScreenHeading>
      <p>{t('admin.memberStates.lead')}</p>
      <ProductChoice chosen={chosen} />
      <form
        noValidate
        onSubmit={show}
        aria-label={t('admin.memberStates.filter')}
        className="flex flex-wrap items-end gap-4"
      >
        <div className="w-64">
          <Field label={t('admin.memberStates.state')}>
            {(control) => (
              <select
                {...control}
                value={stateInput}
                onChange={(event) => setStateInput(event.target.value as MemberState | '')}
                className={inputClassName}
              >
                <option value="">{t('admin.memberStates.allStates')}</option>
                {states.map((value) => (
                  <option key={value} value={value}>
                    {t(`admin.memberStates.state.${value}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <button type="submit" className={primaryButtonClassName}>
          {t('admin.memberStates.show')}
        </button>
      </form>
      <LiveStatus
        message={
          data === undefined
            ? undefined
            : data.total === 0
              ? t('admin.memberStates.none')
              : t('admin.memberStates.found', { total: data.total })
        }
      />
      {members.state === 'failed' && <ErrorAlert error={members.error} />}
      {members.state === 'loading' && split !== undefined && <Loading />}
      {data !== undefined && (
        <>
          <table className={tableClassName}>
            <caption className="text-left text-std-16B-170">
              {data.total === 0
                ? t('admin.memberStates.captionEmpty')
                : t('admin.memberStates.caption', { total: data.total, from, to })}
            </caption>
            <thead>
              <tr>
                <th scope="col" className={thClassName}>
                  {t('admin.memberStates.memberCode')}
                </th>
                <th scope="col" className={thClassName}>
                  {t('admin.memberStates.nameKanji')}
                </th>
                <th scope="col" className={thClassName}>
                  {t('admin.memberStates.nameKana')}
                </th>
                <th scope="col" className={thClassName}>
                  {t('admin.memberStates.state')}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.members.map((member) => (
                <tr key={member.memberCode}>
                  <th scope="row" className={`${tdClassName} font-normal`}>
                    {member.memberCode}
                  </th>
                  <td className={tdClassName}>
                    {member.nameKanji ?? t('admin.memberStates.noName')}
                  </td>
                  <td className={tdClassName}>
                    {member.nameKana ?? t('admin.memberStates.noName')}
                  </td>
                  <td className={tdClassName}>{t(`admin.memberStates.state.${member.state}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination
            total={data.total}
            page={data.page}
            pageSize={data.pageSize}
            onPage={setPage}
            onPageSize={(size) => {
              setPageSize(size)
              setPage(1)
            }}
          />
        </>
      )}
    </>
  )
}
