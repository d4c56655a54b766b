import {
  productCheckRoute,
  productDocumentRoute,
  productPublishRoute,
} from '@app/shared/api/admin/setup-routes'
import type {
  productCheckApi,
  productDocumentApi,
  productPublishApi,
} from '@app/shared/api/admin/setup'
import type { EndpointResponse } from '@app/shared/api/endpoint'
import { t } from '@app/shared/messages/admin-console'
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react'
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
import { bytesToBase64, readFileBytes } from '../lib/file-base64.ts'
import { groupKey, groupLabel, splitGroupKey, useGroups } from '../lib/groups.ts'
import { useAdminServices } from '../lib/services.tsx'

// 商品設定 (issue #21 point 1, ADR 0030): a group product document (the CLI's JSON) chosen as a
// file or edited in place (prefilled from the published one), checked on the server (every error
// by path, or the diff with the published version), then published after a confirmation. The
// publish names the version the check compared with; a stale one is refused (409).

type Check = EndpointResponse<typeof productCheckApi>
type Images = Record<string, string>

export function ProductsScreen() {
  const { api } = useAdminServices()
  const groups = useGroups()
  const [group, setGroup] = useState('')
  const [text, setText] = useState('')
  const [images, setImages] = useState<Images>({})
  const [result, setResult] = useState<{ check: Check; text: string } | undefined>(undefined)
  const [parseError, setParseError] = useState<string | undefined>(undefined)
  const [failure, setFailure] = useState<unknown>(undefined)
  const [status, setStatus] = useState<string | undefined>(undefined)
  const [confirming, setConfirming] = useState(false)
  const [isBusy, setBusy] = useState(false)
  const resultRef = useRef<HTMLDivElement>(null)
  const textId = useId()

  useEffect(() => {
    if (result !== undefined || parseError !== undefined) resultRef.current?.focus()
  }, [result, parseError])

  async function load(event: FormEvent) {
    event.preventDefault()
    const key = splitGroupKey(group)
    if (key === undefined) return
    setFailure(undefined)
    try {
      const answer = await callEndpoint<typeof productDocumentApi>(api, productDocumentRoute, {
        query: key,
      })
      setText(JSON.stringify(answer.document, null, 2))
      setResult(undefined)
    } catch (error) {
      setFailure(error)
    }
  }

  async function chooseDocument(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    if (file === undefined) return
    setText(new TextDecoder().decode(await readFileBytes(file)))
    setResult(undefined)
  }

  async function chooseImages(event: ChangeEvent<HTMLInputElement>) {
    const chosen: Images = {}
    for (const file of event.target.files ?? []) {
      chosen[file.name] = bytesToBase64(await readFileBytes(file))
    }
    setImages(chosen)
    setResult(undefined)
  }

  function parsed(): unknown {
    try {
      return JSON.parse(text) as unknown
    } catch (error) {
      setResult(undefined)
      setParseError(t('admin.products.notJson', { detail: (error as Error).message }))
      return undefined
    }
  }

  async function check(event: FormEvent) {
    event.preventDefault()
    if (isBusy) return
    setParseError(undefined)
    setFailure(undefined)
    setStatus(undefined)
    const document = parsed()
    if (document === undefined) return
    setBusy(true)
    try {
      const answer = await callEndpoint<typeof productCheckApi>(api, productCheckRoute, {
        body: { document, images },
      })
      setResult({ check: answer, text })
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
      const answer = await callEndpoint<typeof productPublishApi>(api, productPublishRoute, {
        body: {
          document: JSON.parse(result.text) as unknown,
          images,
          versionToken: result.check.versionToken,
        },
      })
      setConfirming(false)
      setResult(undefined)
      setStatus(t('admin.products.published', { links: answer.links.length }))
    } catch (error) {
      setConfirming(false)
      setFailure(
        error instanceof ApiError && error.status === 409 ? t('admin.products.stale') : error,
      )
    } finally {
      setBusy(false)
    }
  }

  const check_ = result?.check
  const isPublishable = check_ !== undefined && check_.issues.length === 0 && result?.text === text
  const groupList = groups.state === 'done' ? groups.data.groups : []

  return (
    <>
      <ScreenHeading>{t('admin.products.title')}</ScreenHeading>
      <form
        noValidate
        onSubmit={(event) => void load(event)}
        aria-labelledby="products-load"
        className="flex flex-wrap items-end gap-4 rounded-8 border border-solid-gray-300 bg-solid-gray-50 p-4"
      >
        <h2 id="products-load" className="w-full text-std-20B-150">
          {t('admin.products.load')}
        </h2>
        <label className="flex flex-col gap-1">
          <span className="text-std-16B-170">{t('admin.products.group')}</span>
          <select
            value={group}
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
        <button type="submit" className={secondaryButtonClassName}>
          {t('admin.products.loadSubmit')}
        </button>
      </form>

      <form noValidate onSubmit={(event) => void check(event)} className="flex flex-col gap-4">
        <label className="flex flex-col gap-1">
          <span className="text-std-16B-170">{t('admin.products.file')}</span>
          <input
            type="file"
            accept="application/json,.json"
            onChange={(event) => void chooseDocument(event)}
          />
        </label>
        <label className="flex flex-col gap-1">
          <span className="text-std-16B-170">{t('admin.products.images')}</span>
          <input
            type="file"
            multiple
            accept="image/png,image/jpeg,image/webp,image/svg+xml"
            onChange={(event) => void chooseImages(event)}
          />
        </label>
        <div className="flex flex-col gap-1">
          <label htmlFor={textId} className="text-std-16B-170">
            {t('admin.products.json')}
          </label>
          <p id={`${textId}-hint`} className="text-std-16N-170 text-solid-gray-700">
            {t('admin.products.jsonHint')}
          </p>
          <textarea
            id={textId}
            aria-describedby={`${textId}-hint`}
            value={text}
            onChange={(event) => setText(event.target.value)}
            rows={18}
            spellCheck={false}
            className={`${inputClassName} font-mono text-sm`}
          />
        </div>
        <div className="flex gap-4">
          <button type="submit" aria-disabled={isBusy} className={primaryButtonClassName}>
            {t('admin.products.check')}
          </button>
          {isPublishable && (
            <button
              type="button"
              className={secondaryButtonClassName}
              onClick={() => setConfirming(true)}
            >
              {t('admin.products.publish')}
            </button>
          )}
        </div>
      </form>

      <LiveStatus message={status} />
      <ErrorAlert error={failure} />
      <div ref={resultRef} tabIndex={-1} aria-live="polite" className="flex flex-col gap-3">
        {parseError !== undefined && <p className="text-std-16B-170 text-error-1">{parseError}</p>}
        {check_ !== undefined && check_.issues.length > 0 && (
          <>
            <p className="text-std-16B-170 text-error-1">
              {t('admin.products.issues', { count: check_.issues.length })}
            </p>
            <ul aria-label={t('admin.products.issuesCaption')} className="list-disc pl-6">
              {check_.issues.map((issue, index) => (
                <li key={`${issue.path}-${index}`}>
                  <code>{issue.path || '(document)'}</code>：{issue.message}
                </li>
              ))}
            </ul>
          </>
        )}
        {check_ !== undefined && check_.issues.length === 0 && (
          <>
            <p className="text-std-16B-170">
              {check_.isNew
                ? t('admin.products.newProduct', {
                    code: check_.groupPfCode ?? '',
                    ym: check_.groupPfCodeInceptionDateYm ?? '',
                  })
                : check_.changes.length === 0
                  ? t('admin.products.noChanges')
                  : t('admin.products.changes', { count: check_.changes.length })}
            </p>
            {check_.changes.length > 0 && (
              <table className={tableClassName}>
                <caption className="text-left text-std-16B-170">
                  {t('admin.products.changesCaption')}
                </caption>
                <thead>
                  <tr>
                    <th scope="col" className={thClassName}>
                      {t('admin.products.column.path')}
                    </th>
                    <th scope="col" className={thClassName}>
                      {t('admin.products.column.kind')}
                    </th>
                    <th scope="col" className={thClassName}>
                      {t('admin.products.column.before')}
                    </th>
                    <th scope="col" className={thClassName}>
                      {t('admin.products.column.after')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {check_.changes.map((change) => (
                    <tr key={change.path}>
                      <th scope="row" className={`${tdClassName} font-normal`}>
                        <code>{change.path}</code>
                      </th>
                      <td className={tdClassName}>{t(`admin.products.kind.${change.kind}`)}</td>
                      <td className={`${tdClassName} break-all`}>{change.before ?? '—'}</td>
                      <td className={`${tdClassName} break-all`}>{change.after ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </>
        )}
      </div>

      <ConfirmDialog
        open={confirming}
        title={t('admin.products.publish')}
        confirmLabel={t('admin.products.publish')}
        isBusy={isBusy}
        onConfirm={() => void publish()}
        onClose={() => setConfirming(false)}
      >
        <p>
          {t('admin.products.confirm', {
            code: check_?.groupPfCode ?? '',
            ym: check_?.groupPfCodeInceptionDateYm ?? '',
          })}
        </p>
      </ConfirmDialog>
    </>
  )
}
