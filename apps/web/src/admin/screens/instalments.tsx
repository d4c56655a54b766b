import type {
  MoneyInstalmentItem,
  moneyInstalmentsApi,
  MoneyInstalmentState,
  resolveMoneyItemApi,
} from '@app/shared/api/admin/money'
import { moneyInstalmentsRoute, resolveMoneyItemRoute } from '@app/shared/api/admin/money-routes'
import { cardBrandName } from '@app/shared/format/card-brand'
import { formatJapaneseYearMonth, formatYen } from '@app/shared/format/display'
import { t } from '@app/shared/messages/admin-console'
import { useState } from 'react'
import { callEndpoint } from '@/lib/call-endpoint.ts'
import { ReasonDialog } from '../components/reason-dialog.tsx'
import {
  ErrorAlert,
  LiveStatus,
  Loading,
  primaryButtonClassName,
  ScreenHeading,
  secondaryButtonClassName,
  Section,
  smallButtonClassName,
  tableClassName,
  tdClassName,
  thClassName,
} from '../components/ui.tsx'
import { dateTimeText } from '../lib/format.ts'
import { useAdminServices } from '../lib/services.tsx'
import { useLoad } from '../lib/use-load.ts'

// 月払保険料の未収 (issue #24 point 3, ADR 0038): the instalments the charge job could not collect
// (by card) or that were not deposited by their due date (by transfer, ADR 0039), each row saying
// which; for the insurer's staff and for the agency that was told of them (followInstalments),
// each in the staff member's scope. A failed one (three refusals, or a transfer past its due date)
// is marked handled with a note (audited money.resolved); one being retried is the charge job's.

const instalmentStates: readonly MoneyInstalmentState[] = ['failed', 'retrying']

/** The card cell: a transferred instalment (ADR 0039) has no card to speak of. */
function cardText(item: MoneyInstalmentItem): string {
  if (item.method === 'transfer') return t('admin.common.dash')
  return item.card === null
    ? t('admin.money.noCard')
    : t('admin.money.cardValue', { brand: cardBrandName(item.card.brand), last4: item.card.last4 })
}

/** Why it was not collected: the provider's code, or a transfer's due date passed (ADR 0039). */
function reasonText(item: MoneyInstalmentItem): string {
  if (item.method === 'transfer' && item.lastErrorCode === 'unpaid') {
    return t('admin.money.unpaidByDueDate')
  }
  return item.lastErrorCode ?? t('admin.common.dash')
}

/**
 * 月払保険料の未収 (issue #24, ADR 0038): the instalments the charge job could not collect, failed
 * or being retried, in a captioned table; a failed one is marked handled behind a dialog that asks
 * for a note (money.resolved in the audit log), and then shows as handled.
 */
function InstalmentArrears({ onDone }: { onDone: (message: string) => void }) {
  const { api } = useAdminServices()
  const [state, setState] = useState<MoneyInstalmentState>('failed')
  const [open, setOpen] = useState<MoneyInstalmentItem | undefined>(undefined)
  const list = useLoad(
    async () =>
      (
        await callEndpoint<typeof moneyInstalmentsApi>(api, moneyInstalmentsRoute, {
          query: { state },
        })
      ).items,
    [state],
  )

  async function resolve(item: MoneyInstalmentItem, note: string) {
    await callEndpoint<typeof resolveMoneyItemApi>(api, resolveMoneyItemRoute, {
      params: { itemKey: item.itemKey },
      body: { note },
    })
    setOpen(undefined)
    onDone(t('admin.money.resolvedDone'))
    list.reload()
  }

  const items = list.state === 'done' ? list.data : []
  const isRetrying = state === 'retrying'
  const columns = [
    t('admin.money.coversMonth'),
    `${t('admin.money.group')}／${t('admin.money.policyHolderNo')}`,
    t('admin.money.amount'),
    t('admin.money.tries'),
    t('admin.money.lastErrorCode'),
    ...(isRetrying ? [t('admin.money.nextAttemptAt')] : []),
    t('admin.money.method'),
    t('admin.money.card'),
    t('admin.money.handling'),
    t('admin.money.actions'),
  ]
  return (
    <Section title={t('admin.money.instalments')} id="money-instalments">
      <div role="group" aria-label={t('admin.money.instalments')} className="flex flex-wrap gap-2">
        {instalmentStates.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={option === state}
            className={option === state ? primaryButtonClassName : secondaryButtonClassName}
            onClick={() => setState(option)}
          >
            {t(`admin.money.instalmentState.${option}`)}
          </button>
        ))}
      </div>
      {list.state === 'loading' && <Loading />}
      {list.state === 'failed' && <ErrorAlert error={list.error} />}
      {list.state === 'done' && (
        <div className="overflow-x-auto">
          <table className={tableClassName}>
            <caption className="text-left text-std-17B-170">
              {t('admin.money.instalmentCaption', {
                state: t(`admin.money.instalmentState.${state}`),
                count: items.length,
              })}
            </caption>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col" className={thClassName}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.itemKey}>
                  <th scope="row" className={tdClassName}>
                    {t('admin.money.monthCovered', {
                      month: formatJapaneseYearMonth(item.coversMonth),
                    })}
                  </th>
                  <td className={tdClassName}>
                    {`${item.groupPfCode}／${item.groupPfPolicyHolderNo ?? t('admin.common.dash')}`}
                  </td>
                  <td className={tdClassName}>{formatYen(item.amount)}</td>
                  <td className={tdClassName}>
                    {t('admin.money.triesValue', { tries: item.tries })}
                  </td>
                  <td className={tdClassName}>{reasonText(item)}</td>
                  {isRetrying && (
                    <td className={tdClassName}>{dateTimeText(item.nextAttemptAt)}</td>
                  )}
                  <td className={tdClassName}>{t(`admin.money.method.${item.method}`)}</td>
                  <td className={tdClassName}>{cardText(item)}</td>
                  <td className={tdClassName}>
                    {item.resolution !== null
                      ? t('admin.money.resolved', { note: item.resolution.note })
                      : isRetrying
                        ? t('admin.money.retriedByJob')
                        : t('admin.money.open')}
                  </td>
                  <td className={tdClassName}>
                    {!isRetrying && item.resolution === null && (
                      <button
                        type="button"
                        className={smallButtonClassName}
                        onClick={() => setOpen(item)}
                      >
                        {t('admin.money.resolve')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {items.length === 0 && <p>{t('admin.money.empty')}</p>}
        </div>
      )}
      <ReasonDialog
        open={open !== undefined}
        title={t('admin.money.resolve')}
        description={t('admin.money.resolveInstalmentDescription')}
        reasonLabel={t('admin.money.note')}
        submitLabel={t('admin.money.resolve')}
        onSubmit={(note) => (open === undefined ? Promise.resolve() : resolve(open, note))}
        onClose={() => setOpen(undefined)}
      />
    </Section>
  )
}

export function InstalmentsScreen() {
  const [status, setStatus] = useState('')
  return (
    <>
      <ScreenHeading>{t('admin.money.instalments')}</ScreenHeading>
      <LiveStatus message={status} />
      <p>{t('admin.instalments.lead')}</p>
      <InstalmentArrears onDone={setStatus} />
    </>
  )
}
