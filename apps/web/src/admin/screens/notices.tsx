import {
  createNoticeRoute,
  endNoticeRoute,
  noticeListRoute,
  updateNoticeRoute,
} from '@app/shared/api/admin/notice-routes'
import {
  NOTICE_BODY_MAX,
  NOTICE_TITLE_MAX,
  type AdminNotice,
  type createNoticeApi,
  type endNoticeApi,
  type noticeListApi,
  type NoticeState,
  type updateNoticeApi,
} from '@app/shared/api/admin/notice-endpoints'
import { t } from '@app/shared/messages/admin-console'
import { useState, type FormEvent } from 'react'
import { Field } from '@/components/form/field.tsx'
import { callEndpoint } from '@/lib/call-endpoint.ts'
import {
  ErrorAlert,
  InputField,
  inputClassName,
  Loading,
  LiveStatus,
  primaryButtonClassName,
  ScreenHeading,
  secondaryButtonClassName,
  Section,
  smallButtonClassName,
  tableClassName,
  tdClassName,
  thClassName,
  DateTimeRangeFields,
} from '../components/ui.tsx'
import { dateTimeText } from '../lib/format.ts'
import { useGroups } from '../lib/groups.ts'
import { isoToJstInput, jstRangeErrors } from '../lib/jst-datetime.ts'
import { useAdminServices } from '../lib/services.tsx'
import { useLoad } from '../lib/use-load.ts'

// お知らせ (issue #21 point 7, ADR 0034): a notice per group product, shown within its window on
// the group's pamphlet and entry screens. Plain text only: React escapes it here, the server
// escapes it on the public pages. Agency staff see and choose only their agency's groups.

interface Form {
  groupPfCode: string
  title: string
  noticeBody: string
  startsAt: string
  endsAt: string
}
type FormErrors = Partial<Record<keyof Form, string>>

const emptyForm: Form = { groupPfCode: '', title: '', noticeBody: '', startsAt: '', endsAt: '' }
const states: readonly NoticeState[] = ['current', 'upcoming', 'past']

function length(text: string): number {
  return [...text.trim()].length
}

function formErrors(form: Form): {
  errors: FormErrors
  range?: { startsAt: string; endsAt: string }
} {
  const range = jstRangeErrors(form.startsAt, form.endsAt, {
    required: t('admin.datetime.required'),
    order: t('admin.datetime.order'),
  })
  const title = length(form.title)
  const body = length(form.noticeBody)
  const errors: FormErrors = {
    groupPfCode: form.groupPfCode === '' ? t('admin.notices.groupRequired') : undefined,
    title:
      title === 0
        ? t('admin.notices.titleRequired')
        : title > NOTICE_TITLE_MAX || /[\r\n]/.test(form.title)
          ? t('admin.notices.titleTooLong', { max: NOTICE_TITLE_MAX })
          : undefined,
    noticeBody:
      body === 0
        ? t('admin.notices.bodyRequired')
        : body > NOTICE_BODY_MAX
          ? t('admin.notices.bodyTooLong', { max: NOTICE_BODY_MAX })
          : undefined,
    startsAt: range.startsAt,
    endsAt: range.endsAt,
  }
  return range.iso === undefined ? { errors } : { errors, range: range.iso }
}

export function NoticesScreen() {
  const { api } = useAdminServices()
  const groups = useGroups()
  const notices = useLoad(
    (signal) => callEndpoint<typeof noticeListApi>(api, noticeListRoute, { query: {} }, { signal }),
    [api],
  )
  const [form, setForm] = useState<Form>(emptyForm)
  const [editing, setEditing] = useState<AdminNotice | undefined>(undefined)
  const [errors, setErrors] = useState<FormErrors>({})
  const [status, setStatus] = useState<string | undefined>(undefined)
  const [failure, setFailure] = useState<unknown>(undefined)
  const [isBusy, setBusy] = useState(false)

  // one choice per group code: a notice belongs to the group product, every year of it
  const groupChoices = [
    ...new Map(
      (groups.state === 'done' ? groups.data.groups : []).map((group) => [
        group.groupPfCode,
        `${group.groupNameKanji}（${group.groupPfCode}）`,
      ]),
    ),
  ]

  function startEdit(notice: AdminNotice) {
    setEditing(notice)
    setErrors({})
    setForm({
      groupPfCode: notice.groupPfCode,
      title: notice.title,
      noticeBody: notice.noticeBody,
      startsAt: isoToJstInput(notice.startsAt),
      endsAt: isoToJstInput(notice.endsAt),
    })
    document.getElementById('notice-form')?.focus()
  }

  function stopEdit() {
    setEditing(undefined)
    setForm(emptyForm)
    setErrors({})
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (isBusy) return
    const checked = formErrors(form)
    setErrors(checked.errors)
    if (checked.range === undefined || Object.values(checked.errors).some(Boolean)) return
    setBusy(true)
    setFailure(undefined)
    setStatus(undefined)
    const text = { title: form.title.trim(), noticeBody: form.noticeBody.trim(), ...checked.range }
    try {
      if (editing === undefined) {
        await callEndpoint<typeof createNoticeApi>(api, createNoticeRoute, {
          body: { groupPfCode: form.groupPfCode, ...text },
        })
        setStatus(t('admin.notices.created'))
      } else {
        await callEndpoint<typeof updateNoticeApi>(api, updateNoticeRoute, {
          params: { noticeId: editing.noticeId },
          body: { ...text, version: editing.version },
        })
        setStatus(t('admin.notices.updated'))
      }
      setEditing(undefined)
      setForm(emptyForm)
      notices.reload()
    } catch (error) {
      setFailure(error)
    } finally {
      setBusy(false)
    }
  }

  async function end(notice: AdminNotice) {
    setFailure(undefined)
    setStatus(undefined)
    try {
      await callEndpoint<typeof endNoticeApi>(api, endNoticeRoute, {
        params: { noticeId: notice.noticeId },
      })
      if (editing?.noticeId === notice.noticeId) stopEdit()
      setStatus(t('admin.notices.ended'))
      notices.reload()
    } catch (error) {
      setFailure(error)
    }
  }

  const list = notices.state === 'done' ? notices.data.notices : []

  return (
    <>
      <ScreenHeading>{t('admin.notices.title')}</ScreenHeading>
      <form
        id="notice-form"
        tabIndex={-1}
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-labelledby="notice-form-heading"
        className="flex flex-col gap-4 rounded-8 border border-solid-gray-300 bg-solid-gray-50 p-4"
      >
        <h2 id="notice-form-heading" className="text-std-20B-150">
          {t(editing === undefined ? 'admin.notices.create' : 'admin.notices.edit')}
        </h2>
        <p>{t('admin.notices.hint')}</p>
        {groups.state === 'failed' && <ErrorAlert error={groups.error} />}
        <Field label={t('admin.notices.group')} required error={errors.groupPfCode}>
          {(control) => (
            <select
              {...control}
              value={form.groupPfCode}
              disabled={editing !== undefined}
              onChange={(event) => setForm({ ...form, groupPfCode: event.target.value })}
              className={inputClassName}
            >
              <option value="">{t('admin.common.any')}</option>
              {groupChoices.map(([code, label]) => (
                <option key={code} value={code}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <InputField
          label={t('admin.notices.noticeTitle')}
          required
          support={t('admin.notices.titleSupport', { max: NOTICE_TITLE_MAX })}
          error={errors.title}
          type="text"
          value={form.title}
          onChange={(value) => setForm({ ...form, title: value })}
        />
        <Field
          label={t('admin.notices.body')}
          required
          support={t('admin.notices.bodySupport', { max: NOTICE_BODY_MAX })}
          error={errors.noticeBody}
        >
          {(control) => (
            <textarea
              {...control}
              rows={5}
              value={form.noticeBody}
              onChange={(event) => setForm({ ...form, noticeBody: event.target.value })}
              className={inputClassName}
            />
          )}
        </Field>
        <DateTimeRangeFields
          labels={{
            startsAt: t('admin.notices.startsAt'),
            endsAt: t('admin.notices.endsAt'),
          }}
          values={form}
          errors={errors}
          onChange={(key, value) => setForm({ ...form, [key]: value })}
        />
        <div className="flex gap-3">
          <button type="submit" aria-disabled={isBusy} className={primaryButtonClassName}>
            {t(editing === undefined ? 'admin.notices.submitCreate' : 'admin.notices.submitUpdate')}
          </button>
          {editing !== undefined && (
            <button type="button" className={secondaryButtonClassName} onClick={stopEdit}>
              {t('admin.notices.cancelEdit')}
            </button>
          )}
        </div>
      </form>
      <LiveStatus message={status} />
      <ErrorAlert error={failure} />
      {notices.state === 'loading' && <Loading />}
      {notices.state === 'failed' && <ErrorAlert error={notices.error} />}
      {notices.state === 'done' &&
        states.map((state) => {
          const rows = list.filter((notice) => notice.state === state)
          const title = t(`admin.notices.list.${state}`)
          return (
            <Section key={state} id={`notices-${state}`} title={title}>
              {rows.length === 0 ? (
                <p>{t('admin.common.empty')}</p>
              ) : (
                <div className="overflow-x-auto">
                  <table className={tableClassName}>
                    <caption className="sr-only">{title}</caption>
                    <thead>
                      <tr>
                        {(['group', 'title', 'period', 'action'] as const).map((column) => (
                          <th key={column} scope="col" className={thClassName}>
                            {t(`admin.notices.column.${column}`)}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {rows.map((notice) => (
                        <tr key={notice.noticeId}>
                          <td className={tdClassName}>{notice.groupPfCode}</td>
                          <td className={tdClassName}>
                            <p className="font-bold">{notice.title}</p>
                            <p className="whitespace-pre-wrap">{notice.noticeBody}</p>
                          </td>
                          <td className={tdClassName}>
                            {t('admin.notices.period', {
                              startsAt: dateTimeText(notice.startsAt),
                              endsAt: dateTimeText(notice.endsAt),
                            })}
                            {notice.endedEarlyAt !== null &&
                              t('admin.notices.endedEarly', {
                                at: dateTimeText(notice.endedEarlyAt),
                              })}
                          </td>
                          <td className={tdClassName}>
                            {state !== 'past' && (
                              <div className="flex flex-wrap gap-2">
                                <button
                                  type="button"
                                  className={smallButtonClassName}
                                  aria-label={t('admin.notices.editLabel', { title: notice.title })}
                                  onClick={() => startEdit(notice)}
                                >
                                  {t('admin.notices.editAction')}
                                </button>
                                <button
                                  type="button"
                                  className={smallButtonClassName}
                                  aria-label={t('admin.notices.endLabel', { title: notice.title })}
                                  onClick={() => void end(notice)}
                                >
                                  {t('admin.notices.endAction')}
                                </button>
                              </div>
                            )}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </Section>
          )
        })}
    </>
  )
}
