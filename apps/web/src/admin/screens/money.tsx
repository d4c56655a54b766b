import type {
  matchDepositApi,
  MoneyCardItem,
  moneyCardsApi,
  MoneyCardState,
  MoneyDepositItem,
  moneyDepositsApi,
  MoneyDepositState,
  MoneyFigures,
  moneyTotalsApi,
  refundMoneyItemApi,
  requestShortfallApi,
  resolveMoneyItemApi,
} from '@app/shared/api/admin/money'
import {
  matchDepositRoute,
  moneyCardsRoute,
  moneyDepositsRoute,
  moneyTotalsRoute,
  refundMoneyItemRoute,
  requestShortfallRoute,
  resolveMoneyItemRoute,
} from '@app/shared/api/admin/money-routes'
import { t } from '@app/shared/messages/admin-console'
import { useState, type FormEvent } from 'react'
import { callEndpoint } from '@/lib/call-endpoint.ts'
import { ReasonDialog } from '../components/reason-dialog.tsx'
import {
  ErrorAlert,
  InputField,
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

// 入金・決済照合 (issue #21 point 3, ADR 0031): the deposits by state and the card payments that
// need attention, one list at a time; each action behind a dialog that asks for a reason or note
// (recorded in the audit log); and the daily totals per group beside the provider's figures. The
// monthly instalments not collected have a screen of their own (instalments.tsx): the agency
// follows them up too.

type ListState = MoneyDepositState | MoneyCardState
type Item = MoneyDepositItem | MoneyCardItem
type Action = 'match' | 'shortfall' | 'refund' | 'resolve'

const depositStates: readonly MoneyDepositState[] = [
  'unknownAccount',
  'underpaid',
  'overpaid',
  'late',
  'matched',
]
const cardStates: readonly MoneyCardState[] = ['doubleCapture', 'captureWithoutCompletion']
const isCardState = (state: ListState): state is MoneyCardState =>
  (cardStates as readonly string[]).includes(state)
const isDeposit = (item: Item): item is MoneyDepositItem => 'notificationId' in item

const yen = (amount: number) => `${amount.toLocaleString('ja-JP')}円`
const APPLICATION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** The JST day of now, YYYY-MM-DD. */
function jstToday(): string {
  return new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10)
}

/** What a refund of the item returns (an over-paid account's excess, a capture's amount). */
function refundAmount(item: Item): number {
  if (!isDeposit(item)) return item.amount
  return (item.account?.paidAmount ?? 0) - (item.account?.dueAmount ?? 0)
}

function actionsOf(state: ListState, item: Item): Action[] {
  const actions: Action[] = []
  if (state === 'unknownAccount' && isDeposit(item) && item.account === null) actions.push('match')
  if (state === 'underpaid') actions.push('shortfall')
  const isRefunded = item.refund?.status === 'succeeded'
  if (!isRefunded && (isCardState(state) || state === 'overpaid')) actions.push('refund')
  if (item.resolution === null) actions.push('resolve')
  return actions
}

function Handling({ item }: { item: Item }) {
  const lines: string[] = []
  if (isDeposit(item) && item.matchedByHand) lines.push(t('admin.money.byHand'))
  if (isDeposit(item) && item.shortfallRequestedAt !== null) {
    lines.push(t('admin.money.shortfallAsked', { at: dateTimeText(item.shortfallRequestedAt) }))
  }
  if (item.refund !== null) {
    lines.push(
      t(`admin.money.refundState.${item.refund.status}`, { amount: yen(item.refund.amount) }),
    )
  }
  lines.push(
    item.resolution === null
      ? t('admin.money.open')
      : t('admin.money.resolved', { note: item.resolution.note }),
  )
  return (
    <ul>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  )
}

export function MoneyScreen() {
  const { api } = useAdminServices()
  const [state, setState] = useState<ListState>('underpaid')
  const [status, setStatus] = useState<string | undefined>(undefined)
  const [open, setOpen] = useState<{ item: Item; action: Action } | undefined>(undefined)
  const [applicationId, setApplicationId] = useState('')
  const [applicationError, setApplicationError] = useState<string | undefined>(undefined)
  const list = useLoad<readonly Item[]>(
    async () =>
      isCardState(state)
        ? (
            await callEndpoint<typeof moneyCardsApi>(api, moneyCardsRoute, {
              query: { state },
            })
          ).items
        : (
            await callEndpoint<typeof moneyDepositsApi>(api, moneyDepositsRoute, {
              query: { state },
            })
          ).items,
    [state],
  )

  const today = jstToday()
  const [range, setRange] = useState({ from: today, to: today })
  const [shownRange, setShownRange] = useState(range)
  const [rangeError, setRangeError] = useState<string | undefined>(undefined)
  const totals = useLoad(
    () => callEndpoint<typeof moneyTotalsApi>(api, moneyTotalsRoute, { query: shownRange }),
    [shownRange.from, shownRange.to],
  )

  function showTotals(event: FormEvent) {
    event.preventDefault()
    const days = (Date.parse(range.to) - Date.parse(range.from)) / 86_400_000
    if (!(days >= 0 && days < 31)) {
      setRangeError(t('admin.money.rangeInvalid'))
      return
    }
    setRangeError(undefined)
    setShownRange({ ...range })
  }

  async function act(item: Item, action: Action, reason: string) {
    let message: string
    switch (action) {
      case 'match': {
        if (!isDeposit(item)) return
        await callEndpoint<typeof matchDepositApi>(api, matchDepositRoute, {
          params: { notificationId: item.notificationId },
          body: { applicationId: applicationId.trim(), reason },
        })
        message = t('admin.money.matched')
        break
      }
      case 'shortfall':
        if (!isDeposit(item)) return
        await callEndpoint<typeof requestShortfallApi>(api, requestShortfallRoute, {
          params: { notificationId: item.notificationId },
          body: { note: reason },
        })
        message = t('admin.money.shortfallSent')
        break
      case 'refund': {
        const answer = await callEndpoint<typeof refundMoneyItemApi>(api, refundMoneyItemRoute, {
          params: { itemKey: item.itemKey },
          body: { reason },
        })
        message = t('admin.money.refunded', { amount: yen(answer.amount) })
        break
      }
      case 'resolve':
        await callEndpoint<typeof resolveMoneyItemApi>(api, resolveMoneyItemRoute, {
          params: { itemKey: item.itemKey },
          body: { note: reason },
        })
        message = t('admin.money.resolvedDone')
        break
    }
    setOpen(undefined)
    setStatus(message)
    list.reload()
    totals.reload()
  }

  const actionLabels: Record<Action, string> = {
    match: t('admin.money.match'),
    shortfall: t('admin.money.shortfall'),
    refund: t('admin.money.refund'),
    resolve: t('admin.money.resolve'),
  }
  const descriptions: Record<Action, string> = {
    match: t('admin.money.matchDescription'),
    shortfall: t('admin.money.shortfallDescription'),
    refund:
      open === undefined
        ? ''
        : t('admin.money.refundDescription', { amount: yen(refundAmount(open.item)) }),
    resolve: t('admin.money.resolveDescription'),
  }

  const items = list.state === 'done' ? list.data : []
  const stateLabel = t(`admin.money.state.${state}`)

  return (
    <>
      <ScreenHeading>{t('admin.money.title')}</ScreenHeading>
      <LiveStatus message={status} />
      <Section title={t('admin.money.lists')} id="money-lists">
        <div role="group" aria-label={t('admin.money.lists')} className="flex flex-wrap gap-2">
          {[...depositStates, ...cardStates].map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={option === state}
              className={option === state ? primaryButtonClassName : secondaryButtonClassName}
              onClick={() => {
                setStatus(undefined)
                setState(option)
              }}
            >
              {t(`admin.money.state.${option}`)}
            </button>
          ))}
        </div>
        {list.state === 'loading' && <Loading />}
        {list.state === 'failed' && <ErrorAlert error={list.error} />}
        {list.state === 'done' && (
          <div className="overflow-x-auto">
            <table className={tableClassName}>
              <caption className="text-left text-std-17B-170">
                {t('admin.money.caption', { state: stateLabel, count: items.length })}
              </caption>
              <thead>
                <tr>
                  <th scope="col" className={thClassName}>
                    {isCardState(state)
                      ? t('admin.money.capturedAt')
                      : t('admin.money.depositedAt')}
                  </th>
                  <th scope="col" className={thClassName}>
                    {isCardState(state)
                      ? t('admin.money.providerPaymentId')
                      : t('admin.money.accountNumber')}
                  </th>
                  <th scope="col" className={thClassName}>
                    {t('admin.money.amount')}
                  </th>
                  <th scope="col" className={thClassName}>
                    {t('admin.money.group')}／{t('admin.money.policyHolderNo')}
                  </th>
                  {!isCardState(state) && (
                    <th scope="col" className={thClassName}>
                      {t('admin.money.due')}
                    </th>
                  )}
                  <th scope="col" className={thClassName}>
                    {t('admin.money.handling')}
                  </th>
                  <th scope="col" className={thClassName}>
                    {t('admin.money.actions')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <tr key={item.itemKey}>
                    <th scope="row" className={tdClassName}>
                      {dateTimeText(isDeposit(item) ? item.depositedAt : item.capturedAt)}
                    </th>
                    <td className={tdClassName}>
                      {isDeposit(item) ? item.accountNumber : item.providerPaymentId}
                    </td>
                    <td className={tdClassName}>{yen(item.amount)}</td>
                    <td className={tdClassName}>
                      {isDeposit(item)
                        ? item.account === null
                          ? t('admin.money.unknownGroup')
                          : `${item.account.groupPfCode}／${item.account.groupPfPolicyHolderNo ?? t('admin.common.dash')}`
                        : `${item.groupPfCode}／${item.groupPfPolicyHolderNo ?? t('admin.common.dash')}`}
                    </td>
                    {isDeposit(item) && (
                      <td className={tdClassName}>
                        {item.account === null
                          ? t('admin.common.dash')
                          : `${yen(item.account.dueAmount)}／${yen(item.account.paidAmount)}`}
                      </td>
                    )}
                    <td className={tdClassName}>
                      <Handling item={item} />
                    </td>
                    <td className={tdClassName}>
                      <div className="flex flex-wrap gap-2">
                        {actionsOf(state, item).map((action) => (
                          <button
                            key={action}
                            type="button"
                            className={smallButtonClassName}
                            onClick={() => {
                              setApplicationId('')
                              setApplicationError(undefined)
                              setOpen({ item, action })
                            }}
                          >
                            {actionLabels[action]}
                          </button>
                        ))}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {items.length === 0 && <p>{t('admin.money.empty')}</p>}
          </div>
        )}
      </Section>
      <Section title={t('admin.money.totals')} id="money-totals">
        <form
          noValidate
          onSubmit={showTotals}
          aria-label={t('admin.money.totals')}
          className="flex flex-wrap items-end gap-4"
        >
          <InputField
            label={t('admin.money.from')}
            type="date"
            value={range.from}
            error={rangeError}
            onChange={(from) => setRange((current) => ({ ...current, from }))}
          />
          <InputField
            label={t('admin.money.to')}
            type="date"
            value={range.to}
            onChange={(to) => setRange((current) => ({ ...current, to }))}
          />
          <button type="submit" className={primaryButtonClassName}>
            {t('admin.money.show')}
          </button>
        </form>
        {totals.state === 'loading' && <Loading />}
        {totals.state === 'failed' && <ErrorAlert error={totals.error} />}
        {totals.state === 'done' && (
          <div className="overflow-x-auto">
            <table className={tableClassName}>
              <caption className="text-left text-std-17B-170">
                {t('admin.money.totalsCaption', { from: shownRange.from, to: shownRange.to })}
              </caption>
              <thead>
                <tr>
                  <th scope="col" className={thClassName}>
                    {t('admin.money.date')}
                  </th>
                  <th scope="col" className={thClassName}>
                    {t('admin.money.group')}
                  </th>
                  <th scope="col" className={thClassName}>
                    {t('admin.money.depositsReceived')}
                  </th>
                  <th scope="col" className={thClassName}>
                    {t('admin.money.cardCaptured')}
                  </th>
                  <th scope="col" className={thClassName}>
                    {t('admin.money.refundedAmount')}
                  </th>
                  <th scope="col" className={thClassName}>
                    {t('admin.money.net')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {totals.data.days.flatMap((day) => [
                  ...day.groups.map((group) => (
                    <FiguresRow
                      key={`${day.date}-${group.groupPfCode ?? '-'}`}
                      date={day.date}
                      label={group.groupPfCode ?? t('admin.money.unknownGroup')}
                      figures={group}
                    />
                  )),
                  <FiguresRow
                    key={`${day.date}-total`}
                    date={day.date}
                    label={t('admin.money.ourTotal')}
                    figures={day.total}
                    strong
                  />,
                  day.provider === null ? (
                    <tr key={`${day.date}-provider`}>
                      <th scope="row" className={tdClassName}>
                        {day.date}
                      </th>
                      <td className={tdClassName} colSpan={5}>
                        {t('admin.money.providerUnavailable')}
                      </td>
                    </tr>
                  ) : (
                    <FiguresRow
                      key={`${day.date}-provider`}
                      date={day.date}
                      label={t('admin.money.providerTotal')}
                      figures={day.provider}
                    />
                  ),
                  day.difference === null ? null : (
                    <FiguresRow
                      key={`${day.date}-difference`}
                      date={day.date}
                      label={t('admin.money.difference')}
                      figures={day.difference}
                      strong
                    />
                  ),
                ])}
              </tbody>
            </table>
          </div>
        )}
      </Section>
      <ReasonDialog
        open={open !== undefined}
        title={open === undefined ? '' : actionLabels[open.action]}
        description={open === undefined ? undefined : descriptions[open.action]}
        reasonLabel={
          open?.action === 'resolve' || open?.action === 'shortfall'
            ? t('admin.money.note')
            : undefined
        }
        danger={open?.action === 'refund'}
        submitLabel={open === undefined ? '' : actionLabels[open.action]}
        extra={
          open?.action === 'match' ? (
            <InputField
              label={t('admin.money.applicationId')}
              required
              type="text"
              value={applicationId}
              error={applicationError}
              onChange={setApplicationId}
            />
          ) : undefined
        }
        validate={() => {
          if (open?.action !== 'match') return true
          const isValid = APPLICATION_ID.test(applicationId.trim())
          setApplicationError(isValid ? undefined : t('admin.money.applicationIdInvalid'))
          return isValid
        }}
        onSubmit={(reason) =>
          open === undefined ? Promise.resolve() : act(open.item, open.action, reason)
        }
        onClose={() => setOpen(undefined)}
      />
    </>
  )
}

function FiguresRow({
  date,
  label,
  figures,
  strong = false,
}: {
  date: string
  label: string
  figures: MoneyFigures
  strong?: boolean
}) {
  const className = strong ? `${tdClassName} font-bold` : tdClassName
  return (
    <tr>
      <th scope="row" className={tdClassName}>
        {date}
      </th>
      <td className={className}>{label}</td>
      <td className={className}>{yen(figures.depositsReceived)}</td>
      <td className={className}>{yen(figures.cardCaptured)}</td>
      <td className={className}>{yen(figures.refunded)}</td>
      <td className={className}>{yen(figures.net)}</td>
    </tr>
  )
}
