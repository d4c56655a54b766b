import { createExportRoute, exportFileRoute, exportListRoute } from '@app/shared/api/admin/routes'
import type { createExportApi, exportFileApi, exportListApi } from '@app/shared/api/admin/endpoints'
import type { EndpointResponse } from '@app/shared/api/endpoint'
import { t } from '@app/shared/messages/admin-console'
import { useState, type FormEvent } from 'react'
import { Field } from '@/components/form/field.tsx'
import { legendClassName } from '@/components/form/field-parts.tsx'
import { callEndpoint } from '@/lib/call-endpoint.ts'
import { downloadEndpoint, fileNameOf, saveFile } from '@/lib/download-endpoint.ts'
import {
  ErrorAlert,
  inputClassName,
  Loading,
  LiveStatus,
  primaryButtonClassName,
  ScreenHeading,
  Section,
  smallButtonClassName,
  tableClassName,
  tdClassName,
  thClassName,
} from '../components/ui.tsx'
import { dateTimeText } from '../lib/format.ts'
import { groupKey, groupLabel, splitGroupKey, useGroups } from '../lib/groups.ts'
import { useAdminServices } from '../lib/services.tsx'
import { useLoad } from '../lib/use-load.ts'

// 取込データ出力 (issue #20): a new batch of everything applied since the product's last one, in
// Shift_JIS (cp932) or UTF-8 with BOM; characters cp932 cannot hold are reported, never replaced.

type Batch = EndpointResponse<typeof exportListApi>['batches'][number]
const encodings = ['cp932', 'utf8bom'] as const

export function ExportsScreen() {
  const { api } = useAdminServices()
  const groups = useGroups()
  const batches = useLoad(
    (signal) => callEndpoint<typeof exportListApi>(api, exportListRoute, { query: {} }, { signal }),
    [api],
  )
  const [group, setGroup] = useState('')
  const [encoding, setEncoding] = useState<(typeof encodings)[number]>('cp932')
  const [groupError, setGroupError] = useState<string | undefined>(undefined)
  const [failure, setFailure] = useState<unknown>(undefined)
  const [status, setStatus] = useState<string | undefined>(undefined)
  const [created, setCreated] = useState<Batch | undefined>(undefined)
  const [isBusy, setBusy] = useState(false)

  async function create(event: FormEvent) {
    event.preventDefault()
    const split = splitGroupKey(group)
    setGroupError(split === undefined ? t('admin.exports.groupRequired') : undefined)
    if (split === undefined || isBusy) return
    setBusy(true)
    setFailure(undefined)
    setStatus(undefined)
    try {
      const batch = await callEndpoint<typeof createExportApi>(api, createExportRoute, {
        body: { ...split, encoding },
      })
      setCreated(batch)
      setStatus(
        t('admin.exports.created', { applications: batch.applicationCount, rows: batch.rowCount }),
      )
      batches.reload()
    } catch (error) {
      setFailure(error)
    } finally {
      setBusy(false)
    }
  }

  async function download(batch: Batch) {
    setFailure(undefined)
    setStatus(undefined)
    try {
      const file = await downloadEndpoint<typeof exportFileApi>(api, exportFileRoute, {
        params: { batchId: batch.batchId },
      })
      saveFile(
        file.blob,
        fileNameOf(file.disposition, `export-${batch.groupPfCode}-${batch.batchId}.csv`),
      )
      setStatus(t('admin.common.downloaded'))
    } catch (error) {
      setFailure(error)
    }
  }

  const groupList = groups.state === 'done' ? groups.data.groups : []

  return (
    <>
      <ScreenHeading>{t('admin.exports.title')}</ScreenHeading>
      <form
        noValidate
        onSubmit={(event) => void create(event)}
        aria-labelledby="export-create"
        className="flex flex-col gap-4 rounded-8 border border-solid-gray-300 bg-solid-gray-50 p-4"
      >
        <h2 id="export-create" className="text-std-20B-150">
          {t('admin.exports.create')}
        </h2>
        {groups.state === 'failed' && <ErrorAlert error={groups.error} />}
        <div className="grid grid-cols-2 gap-4">
          <Field label={t('admin.exports.group')} required error={groupError}>
            {(control) => (
              <select
                {...control}
                value={group}
                onChange={(event) => setGroup(event.target.value)}
                className={inputClassName}
              >
                <option value="">{t('admin.common.any')}</option>
                {groupList.map((item) => (
                  <option
                    key={groupKey(item.groupPfCode, item.groupPfCodeInceptionDateYm)}
                    value={groupKey(item.groupPfCode, item.groupPfCodeInceptionDateYm)}
                  >
                    {groupLabel(item)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <fieldset className="flex flex-col gap-2">
            <legend className={legendClassName}>{t('admin.exports.encoding')}</legend>
            {encodings.map((value) => (
              <label key={value} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="encoding"
                  value={value}
                  checked={encoding === value}
                  onChange={() => setEncoding(value)}
                  className="size-5"
                />
                {t(`admin.exports.encoding.${value}`)}
              </label>
            ))}
          </fieldset>
        </div>
        <div>
          <button type="submit" aria-disabled={isBusy} className={primaryButtonClassName}>
            {t('admin.exports.submit')}
          </button>
        </div>
      </form>
      <LiveStatus message={status} />
      <ErrorAlert error={failure} />
      {created !== undefined && created.unmappable.length > 0 && (
        <div role="alert" className="rounded-8 border-2 border-yellow-700 bg-yellow-50 p-4">
          <p className="font-bold">
            {t('admin.exports.unmappable', { characters: created.unmappable.join('、') })}
          </p>
        </div>
      )}
      <Section title={t('admin.exports.list')}>
        {batches.state === 'loading' && <Loading />}
        {batches.state === 'failed' && <ErrorAlert error={batches.error} />}
        {batches.state === 'done' &&
          (batches.data.batches.length === 0 ? (
            <p>{t('admin.common.empty')}</p>
          ) : (
            <div className="overflow-x-auto">
              <table className={tableClassName}>
                <thead>
                  <tr>
                    {(
                      [
                        'createdAt',
                        'group',
                        'encoding',
                        'applications',
                        'rows',
                        'unmappable',
                        'file',
                      ] as const
                    ).map((column) => (
                      <th key={column} scope="col" className={thClassName}>
                        {t(`admin.exports.column.${column}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {batches.data.batches.map((batch) => (
                    <tr key={batch.batchId}>
                      <td className={tdClassName}>{dateTimeText(batch.createdAt)}</td>
                      <td className={tdClassName}>
                        {batch.groupPfCode}（{batch.groupPfCodeInceptionDateYm}）
                      </td>
                      <td className={tdClassName}>
                        {t(`admin.exports.encoding.${batch.encoding}`)}
                      </td>
                      <td className={tdClassName}>{batch.applicationCount}</td>
                      <td className={tdClassName}>{batch.rowCount}</td>
                      <td className={tdClassName}>
                        {batch.unmappable.length === 0
                          ? t('admin.common.none')
                          : batch.unmappable.join('、')}
                      </td>
                      <td className={tdClassName}>
                        <button
                          type="button"
                          className={smallButtonClassName}
                          aria-label={t('admin.exports.downloadLabel', {
                            createdAt: dateTimeText(batch.createdAt),
                          })}
                          onClick={() => void download(batch)}
                        >
                          {t('admin.common.download')}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))}
      </Section>
    </>
  )
}
