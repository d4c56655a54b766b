import { fillPath } from '@app/shared/api/endpoint'
import { groupImageRoute } from '@app/shared/api/group/routes'
import type { ApplicationView, FileRef } from '@app/shared/api/application/apply-info'
import { formatThousands } from '@app/shared/format/display'
import { applicationFormsCatalogue } from '@app/shared/messages/application-forms-common'
import { translator } from '@app/shared/messages/format'
import { requiredDocsMessages } from '@app/shared/messages/required-docs.ja'
import { requiredDocsType, usedDocSlots, type DocSlot } from '@app/shared/rules/application'
import { validateRules } from '@app/shared/rules/fields'
import { maxUploadBytes, uploadExtensions } from '@app/shared/rules/upload'
import { useId, useRef, useState, type ChangeEvent } from 'react'
import { ErrorSummary, type ErrorSummaryItem } from '@/components/form/error-summary.tsx'
import {
  describedBy,
  ErrorText,
  LabelContent,
  SupportText,
} from '@/components/form/field-parts.tsx'
import { env } from '@/lib/env.ts'
import { useServices } from '@/lib/services.tsx'
import { requestDownloadUrl, saveStep } from '../application-api.ts'
import { removeRequiredDoc, requestUploadUrl, uploadFile } from '../document-api.ts'
import type { Application } from '../use-application.tsx'
import {
  ApplicationStepScreen,
  issuesOf,
  useFatalFailure,
  useOneAtATime,
} from '../components/application-screen.tsx'

// 必要書類のアップロード (SPEC §2.8, §5.2 upload rules, §8.4 "Upload is required"; ADR 0012: the
// noticeMattersDoc route). Each used slot takes files through a one-time signed URL; the file is
// checked here with the shared rules before the URL is asked for, and again by the server.

const t = translator({ ...applicationFormsCatalogue, ...requiredDocsMessages })

const accept = uploadExtensions.map((extension) => `.${extension}`).join(',')
const fileSupport = t('docs.file.support', {
  extensions: uploadExtensions.join('、'),
  maxSize: `${maxUploadBytes / 1024 / 1024}MB`,
})

/** 120KB, 1.5MB: the size as the file list shows it. */
function fileSizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes}B`
  if (bytes < 1024 * 1024) return `${formatThousands(Math.ceil(bytes / 1024))}KB`
  return `${(bytes / 1024 / 1024).toFixed(1)}MB`
}

function filesOf(view: ApplicationView, slot: DocSlot): FileRef[] {
  const docs = view.applyInfo.requiredDocsInfo
  return (slot === 1 ? docs.file1Array : slot === 2 ? docs.file2Array : docs.file3Array) ?? []
}

/** The message for a file before any upload (SPEC §5.2 extension and size), or undefined. */
function fileMessage(file: File): string | undefined {
  return (
    validateRules(['uploadExtension', 'uploadSize'], { name: file.name, size: file.size }) ??
    (file.size === 0 ? t('docs.emptyFile') : undefined)
  )
}

/** A slot whose server issue path is file1Array…file3Array. */
function slotOfPath(path: string): DocSlot | undefined {
  const match = /^file([123])Array$/.exec(path)
  return match === null ? undefined : (Number(match[1]) as DocSlot)
}

interface Announcement {
  text: string
  key: number
}

function DocSlotSection({
  application,
  slot,
  inputId,
  error,
  onError,
}: {
  application: Application
  slot: DocSlot
  inputId: string
  error: string | undefined
  onError: (slot: DocSlot, message: string | undefined) => void
}) {
  const { api } = useServices()
  const fail = useFatalFailure()
  const oneAtATime = useOneAtATime()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const headingId = useId()
  const [announcement, setAnnouncement] = useState<Announcement | undefined>(undefined)
  const onAnnounce = (text: string) =>
    setAnnouncement((previous) => ({ text, key: (previous?.key ?? 0) + 1 }))
  const { view, group } = application
  const doc = group.groupPfInfo.requiredDocsArray[slot - 1]
  const isRequired = requiredDocsType(group.groupPfInfo, slot) === '2'
  const files = filesOf(view, slot)
  if (doc === undefined) return null
  const ids = { id: inputId, supportId: `${inputId}-support`, errorId: `${inputId}-error` }

  /** A 400's message shown on the slot; anything else is the error screen's. */
  function handleFailure(error: unknown): void {
    const issues = issuesOf(error)
    if (issues === undefined) fail(error)
    else onError(slot, issues[0]?.message)
  }

  async function upload(file: File): Promise<void> {
    const message = fileMessage(file)
    onError(slot, message)
    if (message !== undefined) return
    onAnnounce(t('docs.uploading', { fileName: file.name }))
    try {
      const { uploadUrl } = await requestUploadUrl(api, {
        slot,
        fileName: file.name,
        size: file.size,
      })
      const next = await application.save(() => uploadFile(api, uploadUrl, file))
      if (next !== undefined) onAnnounce(t('docs.uploaded', { fileName: file.name }))
    } catch (failure) {
      onAnnounce('')
      handleFailure(failure)
    }
  }

  function handleChange(event: ChangeEvent<HTMLInputElement>): void {
    const input = event.currentTarget
    const file = input.files?.[0]
    if (file === undefined) return
    void oneAtATime(async () => {
      await upload(file)
      // The same file can be chosen again (after a failure, or once removed).
      input.value = ''
    })
  }

  async function show(file: FileRef): Promise<void> {
    // Opened at once, while the click still counts as the user's: a window opened after the
    // answer would be blocked as a pop-up.
    const opened = window.open('about:blank', '_blank')
    if (opened !== null) opened.opener = null
    try {
      const { downloadUrl } = await requestDownloadUrl(api, file.fileId)
      if (opened === null) {
        onError(slot, t('docs.popupBlocked'))
        return
      }
      opened.location.href = new URL(downloadUrl, window.location.href).href
    } catch (failure) {
      opened?.close()
      handleFailure(failure)
    }
  }

  async function remove(file: FileRef): Promise<void> {
    try {
      const next = await application.save((version) => removeRequiredDoc(api, file.fileId, version))
      if (next === undefined) return
      onAnnounce(t('docs.removed', { fileName: file.fileName }))
      // The file's buttons are gone: focus goes back to the document's heading.
      headingRef.current?.focus()
    } catch (failure) {
      handleFailure(failure)
    }
  }

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-8 border border-solid-gray-420 p-4 md:p-6"
    >
      <h2
        ref={headingRef}
        id={headingId}
        tabIndex={-1}
        className="flex flex-wrap items-center gap-3 text-std-20B-150 text-solid-gray-900"
      >
        {doc.name}
        <span
          className={`rounded-4 px-2 text-std-16B-170 ${isRequired ? 'bg-error-2 text-white' : 'bg-solid-gray-100 text-solid-gray-800'}`}
        >
          {t(isRequired ? 'docs.required' : 'docs.optional')}
        </span>
      </h2>
      {doc.description !== '' && (
        <p className="text-std-16N-170 whitespace-pre-wrap">{doc.description}</p>
      )}
      {doc.formatFileId !== null && (
        <p>
          <a
            href={`${env.apiBaseUrl}${fillPath(groupImageRoute.path, { fileId: doc.formatFileId })}`}
            download
            className="app-link text-std-16N-170"
          >
            {t('docs.formatFile', { name: doc.name })}
          </a>
        </p>
      )}

      <div className="flex flex-col gap-2">
        <label htmlFor={inputId} className="text-std-17B-170 text-solid-gray-900">
          <LabelContent label={t('docs.file', { name: doc.name })} required={isRequired} />
        </label>
        <SupportText id={ids.supportId}>{fileSupport}</SupportText>
        <input
          id={inputId}
          type="file"
          accept={accept}
          aria-describedby={describedBy(ids, true, error)}
          aria-invalid={error !== undefined}
          aria-required={isRequired ? true : undefined}
          onChange={handleChange}
          className="text-std-16N-170 file:mr-4 file:min-h-11 file:rounded-8 file:border file:border-blue-900 file:bg-white file:px-4 file:text-std-16B-170 file:text-blue-900"
        />
        {error !== undefined && <ErrorText id={ids.errorId}>{error}</ErrorText>}
        <p role="status" className="text-std-16N-170">
          {announcement !== undefined && <span key={announcement.key}>{announcement.text}</span>}
        </p>
      </div>

      <div className="flex flex-col gap-2">
        <h3 className="text-std-17B-170 text-solid-gray-900">{t('docs.uploadedFiles')}</h3>
        {files.length === 0 ? (
          <p className="text-std-16N-170 text-solid-gray-700">{t('docs.noFiles')}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {files.map((file) => (
              <li
                key={file.fileId}
                className="flex flex-wrap items-center gap-3 border-b border-solid-gray-200 py-2"
              >
                <span className="text-std-16N-170 break-all">
                  {t('docs.fileName', { fileName: file.fileName, size: fileSizeText(file.size) })}
                </span>
                <span className="flex gap-2">
                  <button
                    type="button"
                    className="app-button-secondary"
                    aria-label={t('docs.showFor', { fileName: file.fileName })}
                    onClick={() => void show(file)}
                  >
                    {t('docs.show')}
                  </button>
                  <button
                    type="button"
                    className="app-button-secondary"
                    aria-label={t('docs.removeFor', { fileName: file.fileName })}
                    onClick={() => void oneAtATime(() => remove(file))}
                  >
                    {t('docs.remove')}
                  </button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}

function RequiredDocs({ application }: { application: Application }) {
  const { api } = useServices()
  const fail = useFatalFailure()
  const oneAtATime = useOneAtATime()
  const idPrefix = useId()
  const { group } = application
  const slots = usedDocSlots(group.groupPfInfo)
  const [errors, setErrors] = useState<Partial<Record<DocSlot, string>>>({})
  const [summary, setSummary] = useState<{ items: ErrorSummaryItem[]; focusKey: number }>({
    items: [],
    focusKey: 0,
  })
  const inputIdOf = (slot: DocSlot) => `${idPrefix}file${slot}`
  const nameOf = (slot: DocSlot) => group.groupPfInfo.requiredDocsArray[slot - 1]?.name

  function setError(slot: DocSlot, message: string | undefined): void {
    setErrors((previous) => ({ ...previous, [slot]: message }))
  }

  function showErrors(found: Partial<Record<DocSlot, string>>): void {
    setErrors(found)
    setSummary((previous) => ({
      items: slots.flatMap((slot) => {
        const message = found[slot]
        return message === undefined
          ? []
          : [{ fieldId: inputIdOf(slot), label: nameOf(slot), message }]
      }),
      focusKey: previous.focusKey + 1,
    }))
  }

  async function next(): Promise<void> {
    const missing: Partial<Record<DocSlot, string>> = {}
    for (const slot of slots) {
      const isRequired = requiredDocsType(group.groupPfInfo, slot) === '2'
      if (isRequired && filesOf(application.view, slot).length === 0) {
        missing[slot] = t('application.validation.uploadRequired')
      }
    }
    if (Object.keys(missing).length > 0) {
      showErrors(missing)
      return
    }
    try {
      const saved = await application.save((version) =>
        saveStep(api, 'noticeMattersDoc', { version }),
      )
      if (saved !== undefined) application.goToNext(saved)
    } catch (error) {
      const issues = issuesOf(error)
      if (issues === undefined) {
        fail(error)
        return
      }
      const refused: Partial<Record<DocSlot, string>> = {}
      for (const issue of issues) {
        const slot = slotOfPath(issue.path)
        if (slot !== undefined) refused[slot] ??= issue.message
      }
      showErrors(refused)
    }
  }

  return (
    <div className="flex flex-col gap-8">
      <ErrorSummary {...summary} />
      {slots.map((slot) => (
        <DocSlotSection
          key={slot}
          application={application}
          slot={slot}
          inputId={inputIdOf(slot)}
          error={errors[slot]}
          onError={setError}
        />
      ))}
      <div>
        <button
          type="button"
          className="app-button w-full md:w-auto"
          onClick={() => void oneAtATime(next)}
        >
          {t('applicationForm.next')}
        </button>
      </div>
    </div>
  )
}

/** 必要書類 (SPEC §2.1 noticeMattersDoc, §2.8 required-document upload; ADR 0012). */
export default function NoticeMattersDocScreen() {
  return (
    <ApplicationStepScreen
      step="noticeMattersDoc"
      titleKey="screen.noticeMattersDoc.title"
      lead={t('docs.lead')}
    >
      {(application) => <RequiredDocs application={application} />}
    </ApplicationStepScreen>
  )
}
