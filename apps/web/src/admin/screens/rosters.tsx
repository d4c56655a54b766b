import { rosterCheckRoute, rosterPublishRoute } from '@app/shared/api/admin/setup-routes'
import type { rosterCheckApi, rosterPublishApi } from '@app/shared/api/admin/setup'
import type { EndpointResponse } from '@app/shared/api/endpoint'
import { t } from '@app/shared/messages/admin-console'
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { ApiError } from '@/lib/api-client.ts'
import { callEndpoint } from '@/lib/call-endpoint.ts'
import { ConfirmDialog } from '../components/confirm-dialog.tsx'
import {
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
import { base64ToBytes, bytesToBase64, readFileBytes } from '../lib/file-base64.ts'
import { groupKey, groupLabel, splitGroupKey, useGroups } from '../lib/groups.ts'
import { useAdminServices } from '../lib/services.tsx'

// 名簿取込 (issue #21 point 2, ADR 0030): a roster CSV (UTF-8 or Shift_JIS) for a product in the
// staff member's scope, checked on the server (bad rows by line; additions, changes, removals),
// then published after a confirmation. The new members' first-entry letters come in the
// publish's answer only: offered here as two downloads (Blob URLs), never shown again.

type Check = EndpointResponse<typeof rosterCheckApi>
type Letters = NonNullable<EndpointResponse<typeof rosterPublishApi>['letters']>
type Upload = { groupPfCode: string; groupPfCodeInceptionDateYm: string; csv: string }

function Table({
  caption,
  columns,
  children,
}: {
  caption: string
  columns: readonly string[]
  children: ReactNode
}) {
  return (
    <table className={tableClassName}>
      <caption className="text-left text-std-16B-170">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col" className={thClassName}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  )
}

/** The letters as object URLs, revoked when they are replaced or the screen closes. */
function useLetterUrls(letters: Letters | undefined) {
  const [urls, setUrls] = useState<{ csv: string; pdf: string } | undefined>(undefined)
  useEffect(() => {
    if (letters === undefined) {
      setUrls(undefined)
      return
    }
    const url = (file: Letters['csv']) =>
      URL.createObjectURL(new Blob([base64ToBytes(file.base64)], { type: file.contentType }))
    const made = { csv: url(letters.csv), pdf: url(letters.pdf) }
    setUrls(made)
    return () => {
      URL.revokeObjectURL(made.csv)
      URL.revokeObjectURL(made.pdf)
    }
  }, [letters])
  return urls
}

export function RostersScreen() {
  const { api } = useAdminServices()
  const groups = useGroups()
  const [group, setGroup] = useState('')
  const [file, setFile] = useState<File | undefined>(undefined)
  const [groupError, setGroupError] = useState<string | undefined>(undefined)
  const [fileError, setFileError] = useState<string | undefined>(undefined)
  const [result, setResult] = useState<{ check: Check; upload: Upload } | undefined>(undefined)
  const [letters, setLetters] = useState<Letters | undefined>(undefined)
  const [failure, setFailure] = useState<unknown>(undefined)
  const [status, setStatus] = useState<string | undefined>(undefined)
  const [confirming, setConfirming] = useState(false)
  const [isBusy, setBusy] = useState(false)
  const resultRef = useRef<HTMLDivElement>(null)
  const lettersRef = useRef<HTMLElement>(null)
  const urls = useLetterUrls(letters)

  useEffect(() => {
    if (result !== undefined) resultRef.current?.focus()
  }, [result])
  useEffect(() => {
    if (urls !== undefined) lettersRef.current?.focus()
  }, [urls])

  async function check(event: FormEvent) {
    event.preventDefault()
    const key = splitGroupKey(group)
    setGroupError(key === undefined ? t('admin.rosters.groupRequired') : undefined)
    setFileError(file === undefined ? t('admin.rosters.fileRequired') : undefined)
    if (key === undefined || file === undefined || isBusy) return
    setBusy(true)
    setFailure(undefined)
    setStatus(undefined)
    setLetters(undefined)
    try {
      const upload = { ...key, csv: bytesToBase64(await readFileBytes(file)) }
      const answer = await callEndpoint<typeof rosterCheckApi>(api, rosterCheckRoute, {
        body: upload,
      })
      setResult({ check: answer, upload })
    } catch (error) {
      setFailure(error)
    } finally {
      setBusy(false)
    }
  }

  async function publish() {
    if (result === undefined || isBusy) return
    setBusy(true)
    setFailure(undefined)
    try {
      const answer = await callEndpoint<typeof rosterPublishApi>(api, rosterPublishRoute, {
        body: { ...result.upload, versionToken: result.check.versionToken },
      })
      setConfirming(false)
      setResult(undefined)
      setStatus(
        t('admin.rosters.published', {
          added: answer.added,
          changed: answer.changed,
          removed: answer.removed,
        }),
      )
      setLetters(answer.letters ?? undefined)
    } catch (error) {
      setConfirming(false)
      setFailure(
        error instanceof ApiError && error.status === 409 && error.body.issues === undefined
          ? t('admin.rosters.stale')
          : error,
      )
    } finally {
      setBusy(false)
    }
  }

  const check_ = result?.check
  const refused = check_?.removals.some((removal) => removal.refusal !== null) ?? false
  const isPublishable = check_ !== undefined && check_.errors.length === 0 && !refused
  const groupList = groups.state === 'done' ? groups.data.groups : []

  return (
    <>
      <ScreenHeading>{t('admin.rosters.title')}</ScreenHeading>
      <form
        noValidate
        onSubmit={(event) => void check(event)}
        className="flex flex-col gap-4 rounded-8 border border-solid-gray-300 bg-solid-gray-50 p-4"
      >
        {groups.state === 'failed' && <ErrorAlert error={groups.error} />}
        <label className="flex flex-col gap-1">
          <span className="text-std-16B-170">{t('admin.rosters.group')}</span>
          <select
            value={group}
            aria-invalid={groupError !== undefined}
            aria-describedby={groupError === undefined ? undefined : 'roster-group-error'}
            onChange={(event) => setGroup(event.target.value)}
            className={inputClassName}
          >
            <option value="">—</option>
            {groupList.map((item) => (
              <option
                key={groupKey(item.groupPfCode, item.groupPfCodeInceptionDateYm)}
                value={groupKey(item.groupPfCode, item.groupPfCodeInceptionDateYm)}
              >
                {groupLabel(item)}
              </option>
            ))}
          </select>
        </label>
        {groupError !== undefined && (
          <p id="roster-group-error" className="text-error-1">
            {groupError}
          </p>
        )}
        <label className="flex flex-col gap-1">
          <span className="text-std-16B-170">{t('admin.rosters.file')}</span>
          <input
            type="file"
            accept="text/csv,.csv"
            aria-invalid={fileError !== undefined}
            aria-describedby={fileError === undefined ? undefined : 'roster-file-error'}
            onChange={(event) => {
              setFile(event.target.files?.[0])
              setResult(undefined)
            }}
          />
        </label>
        {fileError !== undefined && (
          <p id="roster-file-error" className="text-error-1">
            {fileError}
          </p>
        )}
        <div className="flex gap-4">
          <button type="submit" aria-disabled={isBusy} className={primaryButtonClassName}>
            {t('admin.rosters.check')}
          </button>
          {isPublishable && (
            <button
              type="button"
              className={secondaryButtonClassName}
              onClick={() => setConfirming(true)}
            >
              {t('admin.rosters.publish')}
            </button>
          )}
        </div>
      </form>

      <LiveStatus message={status} />
      <ErrorAlert error={failure}>
        {failure instanceof ApiError && failure.body.issues !== undefined && (
          <ul className="list-disc pl-6">
            {failure.body.issues.map((issue) => (
              <li key={`${issue.path}-${issue.message}`}>
                {issue.path}：{issue.message}
              </li>
            ))}
          </ul>
        )}
      </ErrorAlert>

      {urls !== undefined && letters !== undefined && (
        <section
          ref={lettersRef}
          tabIndex={-1}
          aria-labelledby="roster-letters"
          className="flex flex-col gap-3 rounded-8 border-2 border-solid-gray-600 p-4"
        >
          <h2 id="roster-letters" className="text-std-20B-150">
            {t('admin.rosters.letters')}
          </h2>
          <p className="text-std-16B-170">{t('admin.rosters.lettersOnce')}</p>
          <ul className="flex flex-col gap-2">
            <li>
              <a href={urls.csv} download={letters.csv.fileName} className="app-link">
                {t('admin.rosters.lettersCsv')}
              </a>
            </li>
            <li>
              <a href={urls.pdf} download={letters.pdf.fileName} className="app-link">
                {t('admin.rosters.lettersPdf')}
              </a>
            </li>
          </ul>
        </section>
      )}

      <div ref={resultRef} tabIndex={-1} aria-live="polite" className="flex flex-col gap-4">
        {check_ !== undefined && check_.errors.length > 0 && (
          <>
            <p className="text-std-16B-170 text-error-1">
              {t('admin.rosters.errors', { count: check_.errors.length })}
            </p>
            <Table
              caption={t('admin.rosters.errorsCaption')}
              columns={[t('admin.rosters.column.line'), t('admin.rosters.column.message')]}
            >
              {check_.errors.map((error, index) => (
                <tr key={`${error.line ?? 0}-${index}`}>
                  <th scope="row" className={`${tdClassName} font-normal`}>
                    {error.line ?? t('admin.rosters.wholeFile')}
                  </th>
                  <td className={tdClassName}>{error.message}</td>
                </tr>
              ))}
            </Table>
          </>
        )}
        {check_ !== undefined && check_.errors.length === 0 && (
          <>
            <p className="text-std-16B-170">
              {t('admin.rosters.summary', {
                additions: check_.additions.length,
                changes: check_.changes.length,
                removals: check_.removals.length,
                unchanged: check_.unchanged,
                encoding:
                  check_.encoding === null ? '' : t(`admin.rosters.encoding.${check_.encoding}`),
              })}
            </p>
            {refused && (
              <p className="text-std-16B-170 text-error-1">{t('admin.rosters.refused')}</p>
            )}
            {check_.removals.length > 0 && (
              <Table
                caption={t('admin.rosters.removalsCaption')}
                columns={[t('admin.rosters.column.memberCode'), t('admin.rosters.column.refusal')]}
              >
                {check_.removals.map((removal) => (
                  <tr key={removal.memberCode}>
                    <th scope="row" className={`${tdClassName} font-normal`}>
                      {removal.memberCode}
                    </th>
                    <td className={tdClassName}>
                      {removal.refusal ?? t('admin.rosters.canRemove')}
                    </td>
                  </tr>
                ))}
              </Table>
            )}
            {check_.additions.length > 0 && (
              <Table
                caption={t('admin.rosters.additionsCaption')}
                columns={[t('admin.rosters.column.line'), t('admin.rosters.column.memberCode')]}
              >
                {check_.additions.map((addition) => (
                  <tr key={addition.memberCode}>
                    <th scope="row" className={`${tdClassName} font-normal`}>
                      {addition.line}
                    </th>
                    <td className={tdClassName}>{addition.memberCode}</td>
                  </tr>
                ))}
              </Table>
            )}
            {check_.changes.length > 0 && (
              <Table
                caption={t('admin.rosters.changesCaption')}
                columns={[
                  t('admin.rosters.column.line'),
                  t('admin.rosters.column.memberCode'),
                  t('admin.rosters.column.fields'),
                ]}
              >
                {check_.changes.map((change) => (
                  <tr key={change.memberCode}>
                    <th scope="row" className={`${tdClassName} font-normal`}>
                      {change.line}
                    </th>
                    <td className={tdClassName}>{change.memberCode}</td>
                    <td className={tdClassName}>{change.fields.join('、')}</td>
                  </tr>
                ))}
              </Table>
            )}
          </>
        )}
      </div>

      <ConfirmDialog
        open={confirming}
        title={t('admin.rosters.publish')}
        confirmLabel={t('admin.rosters.publish')}
        isBusy={isBusy}
        onConfirm={() => void publish()}
        onClose={() => setConfirming(false)}
      >
        <p>
          {t('admin.rosters.confirm', {
            additions: check_?.additions.length ?? 0,
            changes: check_?.changes.length ?? 0,
            removals: check_?.removals.length ?? 0,
          })}
        </p>
      </ConfirmDialog>
    </>
  )
}
