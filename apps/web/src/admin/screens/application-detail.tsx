import {
  applicationDetailRoute,
  cancelApplicationRoute,
  documentLinkRoute,
  markProcessedRoute,
  noticeAnswersRoute,
} from '@app/shared/api/admin/routes'
import type {
  ApplicationDetail,
  applicationDetailApi,
  cancelApplicationApi,
  documentLinkApi,
  markProcessedApi,
  noticeAnswersApi,
} from '@app/shared/api/admin/endpoints'
import type { EndpointResponse } from '@app/shared/api/endpoint'
import { t } from '@app/shared/messages/admin-console'
import { useState, type ReactNode } from 'react'
import { Link, useLocation, useParams } from 'react-router'
import { callEndpoint } from '@/lib/call-endpoint.ts'
import { ReasonDialog } from '../components/reason-dialog.tsx'
import {
  dangerButtonClassName,
  ErrorAlert,
  Loading,
  LiveStatus,
  Pairs,
  primaryButtonClassName,
  ScreenHeading,
  Section,
  secondaryButtonClassName,
  smallButtonClassName,
  tableClassName,
  tdClassName,
  thClassName,
} from '../components/ui.tsx'
import { dateTimeText, recordedCodeText, errorText, isApiError } from '../lib/format.ts'
import { useAdminServices } from '../lib/services.tsx'
import { useMay } from '../lib/staff.tsx'
import { useLoad } from '../lib/use-load.ts'

// 申込詳細 (issue #20): everything the applicant confirmed, what happened since, and — behind a
// typed reason, recorded in the audit log — the notice answers and the documents. Marking
// processed and cancelling send the version read; a change in between (409) reloads.

type Dialog =
  | { kind: 'notice' }
  | { kind: 'document'; fileId: string; fileName: string }
  | { kind: 'processed' }
  | { kind: 'cancel' }

export function ApplicationDetailScreen() {
  const { api } = useAdminServices()
  const applicationId = useParams().applicationId ?? ''
  // back to the search the staff member came from, with its filter
  const search = (useLocation().state as { search?: unknown } | null)?.search
  const detail = useLoad(
    (signal) =>
      callEndpoint<typeof applicationDetailApi>(
        api,
        applicationDetailRoute,
        { params: { applicationId } },
        { signal },
      ),
    [api, applicationId],
  )
  return (
    <>
      <p>
        <Link
          to={{
            pathname: '/applications',
            search: typeof search === 'string' && search !== '' ? `?${search}` : '',
          }}
          className="app-link"
        >
          {t('admin.detail.back')}
        </Link>
      </p>
      <ScreenHeading>{t('admin.detail.title')}</ScreenHeading>
      {detail.state === 'loading' && <Loading />}
      {detail.state === 'failed' && <ErrorAlert error={detail.error} />}
      {detail.state === 'done' && <Detail detail={detail.data} reload={detail.reload} />}
    </>
  )
}

function Table({
  head,
  rows,
}: {
  head: readonly string[]
  rows: readonly (readonly ReactNode[])[]
}) {
  if (rows.length === 0) return <p className="text-std-16N-170">{t('admin.common.none')}</p>
  return (
    <div className="overflow-x-auto">
      <table className={tableClassName}>
        <thead>
          <tr>
            {head.map((label) => (
              <th key={label} scope="col" className={thClassName}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, index) => (
            <tr key={index}>
              {cells.map((cell, column) => (
                <td key={column} className={tdClassName}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function Detail({ detail, reload }: { detail: ApplicationDetail; reload: () => void }) {
  const { api, openTab } = useAdminServices()
  const mayProcess = useMay('processApplications')
  const maySeeSensitive = useMay('viewSensitive')
  const [dialog, setDialog] = useState<Dialog | undefined>(undefined)
  const [notice, setNotice] = useState<EndpointResponse<typeof noticeAnswersApi>['answers']>()
  const [status, setStatus] = useState<string | undefined>(undefined)
  const [conflict, setConflict] = useState<unknown>(undefined)
  const [documentUrl, setDocumentUrl] = useState<string | undefined>(undefined)
  const close = () => setDialog(undefined)
  const applicationId = detail.applicationId

  async function showNotice(reason: string) {
    const answer = await callEndpoint<typeof noticeAnswersApi>(api, noticeAnswersRoute, {
      params: { applicationId },
      body: { reason },
    })
    setNotice(answer.answers)
    close()
  }

  async function showDocument(fileId: string, reason: string) {
    const { url } = await callEndpoint<typeof documentLinkApi>(api, documentLinkRoute, {
      params: { applicationId, fileId },
      body: { reason },
    })
    close()
    if (openTab(url)) {
      setDocumentUrl(undefined)
      setStatus(t('admin.detail.documentOpened'))
    } else {
      setDocumentUrl(url)
      setStatus(undefined)
    }
  }

  /** A change refused because the application changed meanwhile: say so and read it again. */
  async function change(action: () => Promise<unknown>, done: string) {
    try {
      await action()
      close()
      setConflict(undefined)
      setStatus(done)
      reload()
    } catch (error) {
      if (!isApiError(error, 409)) throw error
      close()
      setConflict(error)
      setStatus(undefined)
      reload()
    }
  }

  const markProcessed = (note: string) =>
    change(
      () =>
        callEndpoint<typeof markProcessedApi>(api, markProcessedRoute, {
          params: { applicationId },
          body: { note, version: detail.version },
        }),
      t('admin.detail.markProcessedDone'),
    )

  const cancel = (reason: string) =>
    change(
      () =>
        callEndpoint<typeof cancelApplicationApi>(api, cancelApplicationRoute, {
          params: { applicationId },
          body: { reason, version: detail.version },
        }),
      t('admin.detail.cancelDone'),
    )

  const canProcess = detail.status === 'applied'
  const canCancel = detail.status === 'applied' || detail.status === 'draft'

  return (
    <div className="flex flex-col gap-8">
      <LiveStatus message={status} />
      {conflict !== undefined && (
        <ErrorAlert error={`${errorText(conflict)} ${t('admin.detail.conflictReloaded')}`} />
      )}
      {documentUrl !== undefined && (
        <ErrorAlert error={t('admin.detail.documentBlocked')}>
          <a href={documentUrl} target="_blank" rel="noopener noreferrer" className="app-link">
            {t('admin.detail.documentLink')}
          </a>
        </ErrorAlert>
      )}
      {mayProcess && (canProcess || canCancel) && (
        <Section title={t('admin.detail.actions')}>
          <div className="flex flex-wrap gap-3">
            {canProcess && (
              <button
                type="button"
                className={primaryButtonClassName}
                onClick={() => setDialog({ kind: 'processed' })}
              >
                {t('admin.detail.markProcessed')}
              </button>
            )}
            {canCancel && (
              <button
                type="button"
                className={dangerButtonClassName}
                onClick={() => setDialog({ kind: 'cancel' })}
              >
                {t('admin.detail.cancel')}
              </button>
            )}
          </div>
        </Section>
      )}
      <Section title={t('admin.detail.basic')}>
        <Pairs
          items={[
            { label: t('admin.detail.applicationId'), value: detail.applicationId },
            {
              label: t('admin.detail.group'),
              value: `${detail.groupNameKanji}（${detail.groupPfCode}・${detail.groupPfCodeInceptionDateYm}）`,
            },
            { label: t('admin.detail.branch'), value: detail.groupPfBranchNo },
            { label: t('admin.detail.memberCode'), value: detail.memberCode },
            { label: t('admin.detail.userId'), value: detail.userId ?? t('admin.common.dash') },
            { label: t('admin.detail.status'), value: t(`admin.status.${detail.status}`) },
            {
              label: t('admin.detail.statusPattern'),
              value: detail.statusPattern ?? t('admin.common.dash'),
            },
            { label: t('admin.detail.payment'), value: t(`admin.payment.${detail.paymentStatus}`) },
            {
              label: t('admin.detail.policyHolderNo'),
              value: detail.groupPfPolicyHolderNo ?? t('admin.common.dash'),
            },
            { label: t('admin.detail.appliedAt'), value: dateTimeText(detail.appliedAt) },
          ]}
        />
      </Section>
      <Section title={t('admin.detail.policyHolder')}>
        <Pairs
          items={detail.policyHolder.map((item) => ({ label: item.label, value: item.value }))}
        />
      </Section>
      <Section title={t('admin.detail.coverage')}>
        <Pairs
          items={[
            {
              label: t('admin.detail.totalPremium'),
              value:
                detail.coverage.totalPremium === null
                  ? t('admin.common.dash')
                  : t('admin.common.yen', {
                      amount: detail.coverage.totalPremium.toLocaleString('ja-JP'),
                    }),
            },
            ...detail.coverage.units.map((unit) => ({
              label: t('admin.detail.unit', { unitNo: unit.unitNo }),
              value: unit.displayName,
            })),
          ]}
        />
      </Section>
      <Section title={t('admin.detail.insured')}>
        {detail.insured.length === 0 && <p>{t('admin.common.none')}</p>}
        {detail.insured.map((person) => (
          <section key={`${person.unitNo}-${person.insrdId}`} className="flex flex-col gap-2">
            <h3 className="text-std-17B-170">
              {t('admin.detail.insuredOf', { unitNo: person.unitNo, insrdId: person.insrdId })}
            </h3>
            <Pairs items={person.items.map((item) => ({ label: item.label, value: item.value }))} />
          </section>
        ))}
      </Section>
      <Section title={t('admin.detail.consents')}>
        <Table
          head={[
            t('admin.detail.consentDocument'),
            t('admin.detail.consentVersion'),
            t('admin.detail.consentAt'),
          ]}
          rows={detail.consents.map((consent) => [
            consent.documentId,
            consent.version,
            dateTimeText(consent.agreedAt),
          ])}
        />
      </Section>
      <Section title={t('admin.detail.history')}>
        <Table
          head={[
            t('admin.detail.historyAt'),
            t('admin.detail.historyEvent'),
            t('admin.detail.historyNote'),
          ]}
          rows={detail.history.map((entry) => [
            dateTimeText(entry.at),
            recordedCodeText('event', entry.event),
            entry.note ?? t('admin.common.dash'),
          ])}
        />
      </Section>
      <Section title={t('admin.detail.payments')}>
        <Table
          head={[
            t('admin.detail.paymentKind'),
            t('admin.detail.paymentStatus'),
            t('admin.detail.paymentAmount'),
            t('admin.detail.paymentAt'),
          ]}
          rows={detail.payments.map((payment) => [
            recordedCodeText('paymentKind', payment.kind),
            recordedCodeText('paymentStatus', payment.status),
            t('admin.common.yen', { amount: payment.amount.toLocaleString('ja-JP') }),
            dateTimeText(payment.at),
          ])}
        />
      </Section>
      <Section title={t('admin.detail.mails')}>
        <Table
          head={[
            t('admin.detail.mailKind'),
            t('admin.detail.mailStatus'),
            t('admin.detail.mailAt'),
          ]}
          rows={detail.mails.map((mail) => [
            recordedCodeText('mail', mail.kind),
            recordedCodeText('mailStatus', mail.status),
            dateTimeText(mail.at),
          ])}
        />
      </Section>
      <Section title={t('admin.detail.documents')}>
        <Table
          head={[
            t('admin.detail.documentSlot'),
            t('admin.detail.documentFile'),
            t('admin.detail.documentAction'),
          ]}
          rows={detail.documents.map((file) => [
            file.slot,
            file.fileName,
            maySeeSensitive ? (
              <button
                type="button"
                className={smallButtonClassName}
                aria-label={t('admin.detail.documentShowLabel', { fileName: file.fileName })}
                onClick={() =>
                  setDialog({ kind: 'document', fileId: file.fileId, fileName: file.fileName })
                }
              >
                {t('admin.detail.documentShow')}
              </button>
            ) : null,
          ])}
        />
      </Section>
      <Section title={t('admin.detail.notice')}>
        {!detail.hasNoticeAnswers ? (
          <p>{t('admin.detail.noticeNone')}</p>
        ) : notice !== undefined ? (
          <Table
            head={[
              t('admin.detail.noticeWho'),
              t('admin.detail.noticeQuestion'),
              t('admin.detail.noticeAnswer'),
            ]}
            rows={notice.map((answer) => [
              answer.insrdId === null
                ? t('admin.detail.noticePolicyHolder')
                : t('admin.detail.noticeInsured', {
                    unitNo: answer.unitNo ?? '',
                    insrdId: answer.insrdId,
                  }),
              answer.question,
              answer.answer,
            ])}
          />
        ) : maySeeSensitive ? (
          <div className="flex flex-col gap-2">
            <p className="text-std-16N-170">{t('admin.detail.auditNote')}</p>
            <div>
              <button
                type="button"
                className={secondaryButtonClassName}
                onClick={() => setDialog({ kind: 'notice' })}
              >
                {t('admin.detail.noticeShow')}
              </button>
            </div>
          </div>
        ) : null}
      </Section>

      <ReasonDialog
        open={dialog?.kind === 'notice'}
        title={t('admin.detail.noticeDialog')}
        description={<p className="font-bold">{t('admin.detail.auditNote')}</p>}
        reasonLabel={t('admin.detail.noticeReason')}
        submitLabel={t('admin.detail.noticeShow')}
        onSubmit={showNotice}
        onClose={close}
      />
      <ReasonDialog
        open={dialog?.kind === 'document'}
        title={t('admin.detail.documentDialog')}
        description={
          <>
            {dialog?.kind === 'document' && <p>{dialog.fileName}</p>}
            <p className="font-bold">{t('admin.detail.auditNote')}</p>
          </>
        }
        reasonLabel={t('admin.detail.noticeReason')}
        submitLabel={t('admin.detail.documentShow')}
        onSubmit={(reason) =>
          dialog?.kind === 'document' ? showDocument(dialog.fileId, reason) : Promise.resolve()
        }
        onClose={close}
      />
      <ReasonDialog
        open={dialog?.kind === 'processed'}
        title={t('admin.detail.markProcessed')}
        description={<p>{t('admin.detail.markProcessedConfirm')}</p>}
        reasonLabel={t('admin.detail.markProcessedNote')}
        required={false}
        submitLabel={t('admin.detail.markProcessed')}
        onSubmit={markProcessed}
        onClose={close}
      />
      <ReasonDialog
        open={dialog?.kind === 'cancel'}
        title={t('admin.detail.cancel')}
        description={<p className="font-bold">{t('admin.detail.cancelConfirm')}</p>}
        reasonLabel={t('admin.detail.cancelReason')}
        submitLabel={t('admin.detail.cancel')}
        danger
        onSubmit={cancel}
        onClose={close}
      />
    </div>
  )
}
