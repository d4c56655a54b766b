import {
  cancelMaintenanceRoute,
  maintenanceSettingsRoute,
  maintenanceSwitchRoute,
  scheduleMaintenanceRoute,
} from '@app/shared/api/admin/notice-routes'
import type {
  cancelMaintenanceApi,
  maintenanceSettingsApi,
  maintenanceSwitchApi,
  scheduleMaintenanceApi,
  ScheduledMaintenance,
} from '@app/shared/api/admin/notice-endpoints'
import { t } from '@app/shared/messages/admin-console'
import { useState, type FormEvent } from 'react'
import { callEndpoint } from '@/lib/call-endpoint.ts'
import { reasonError, ReasonDialog } from '../components/reason-dialog.tsx'
import {
  dangerButtonClassName,
  ErrorAlert,
  InputField,
  Loading,
  LiveStatus,
  Pairs,
  primaryButtonClassName,
  ScreenHeading,
  Section,
  smallButtonClassName,
  tableClassName,
  tdClassName,
  thClassName,
  DateTimeRangeFields,
} from '../components/ui.tsx'
import { dateTimeText } from '../lib/format.ts'
import { jstRangeErrors, MAINTENANCE_CHANGED_EVENT } from '../lib/jst-datetime.ts'
import { useAdminServices } from '../lib/services.tsx'
import { useLoad } from '../lib/use-load.ts'

// メンテナンス (issue #21 point 7, ADR 0034): the manual switch with a reason, the daily window
// of the configuration, and one-off windows scheduled in Japan time (e.g. the year end). The
// console itself keeps working during maintenance.

type WindowState = 'upcoming' | 'active' | 'over' | 'cancelled'

function windowState(window: ScheduledMaintenance, now: number): WindowState {
  if (window.cancelledAt !== null) return 'cancelled'
  if (Date.parse(window.endsAt) <= now) return 'over'
  return Date.parse(window.startsAt) <= now ? 'active' : 'upcoming'
}

function announce() {
  window.dispatchEvent(new Event(MAINTENANCE_CHANGED_EVENT))
}

export function MaintenanceScreen() {
  const { api, now } = useAdminServices()
  const settings = useLoad(
    (signal) =>
      callEndpoint<typeof maintenanceSettingsApi>(api, maintenanceSettingsRoute, {}, { signal }),
    [api],
  )
  const [isSwitching, setSwitching] = useState(false)
  const [status, setStatus] = useState<string | undefined>(undefined)
  const [failure, setFailure] = useState<unknown>(undefined)
  const [form, setForm] = useState({ startsAt: '', endsAt: '', reason: '' })
  const [errors, setErrors] = useState<{ startsAt?: string; endsAt?: string; reason?: string }>({})
  const [isBusy, setBusy] = useState(false)

  async function switchManual(on: boolean, reason: string) {
    await callEndpoint<typeof maintenanceSwitchApi>(api, maintenanceSwitchRoute, {
      body: { on, reason },
    })
    setSwitching(false)
    setStatus(t(on ? 'admin.maintenance.switchedOn' : 'admin.maintenance.switchedOff'))
    settings.reload()
    announce()
  }

  async function schedule(event: FormEvent) {
    event.preventDefault()
    if (isBusy) return
    const range = jstRangeErrors(form.startsAt, form.endsAt, {
      required: t('admin.datetime.required'),
      order: t('admin.datetime.order'),
    })
    const reason = reasonError(form.reason, true)
    setErrors({ startsAt: range.startsAt, endsAt: range.endsAt, reason })
    if (range.iso === undefined || reason !== undefined) return
    setBusy(true)
    setFailure(undefined)
    setStatus(undefined)
    try {
      await callEndpoint<typeof scheduleMaintenanceApi>(api, scheduleMaintenanceRoute, {
        body: { ...range.iso, reason: form.reason.trim() },
      })
      setForm({ startsAt: '', endsAt: '', reason: '' })
      setStatus(t('admin.maintenance.scheduled'))
      settings.reload()
      announce()
    } catch (error) {
      setFailure(error)
    } finally {
      setBusy(false)
    }
  }

  async function cancel(window: ScheduledMaintenance) {
    setFailure(undefined)
    setStatus(undefined)
    try {
      await callEndpoint<typeof cancelMaintenanceApi>(api, cancelMaintenanceRoute, {
        params: { windowId: window.windowId },
      })
      setStatus(t('admin.maintenance.cancelled'))
      settings.reload()
      announce()
    } catch (error) {
      setFailure(error)
    }
  }

  const data = settings.state === 'done' ? settings.data : undefined
  const isOn = data?.manual.on ?? false

  return (
    <>
      <ScreenHeading>{t('admin.maintenance.title')}</ScreenHeading>
      <LiveStatus message={status} />
      <ErrorAlert error={failure} />
      <Section title={t('admin.maintenance.current')}>
        {settings.state === 'loading' && <Loading />}
        {settings.state === 'failed' && <ErrorAlert error={settings.error} />}
        {data !== undefined && (
          <>
            <Pairs
              items={[
                {
                  label: t('admin.maintenance.state'),
                  value:
                    data.source === null
                      ? t('admin.maintenance.state.off')
                      : `${t('admin.maintenance.state.on')}（${t(`admin.maintenance.source.${data.source}`)}）`,
                },
                {
                  label: t('admin.maintenance.manual'),
                  value: t(isOn ? 'admin.maintenance.manual.on' : 'admin.maintenance.manual.off'),
                },
                {
                  label: t('admin.maintenance.reason'),
                  value: data.manual.reason ?? t('admin.common.dash'),
                },
                {
                  label: t('admin.maintenance.switchedAt'),
                  value: dateTimeText(data.manual.switchedAt),
                },
                {
                  label: t('admin.maintenance.daily'),
                  value: data.dailyWindow ?? t('admin.maintenance.daily.none'),
                },
              ]}
            />
            <div>
              <button
                type="button"
                className={isOn ? primaryButtonClassName : dangerButtonClassName}
                onClick={() => setSwitching(true)}
              >
                {t(isOn ? 'admin.maintenance.switchOff' : 'admin.maintenance.switchOn')}
              </button>
            </div>
          </>
        )}
      </Section>
      <ReasonDialog
        open={isSwitching}
        title={t(isOn ? 'admin.maintenance.switchOff' : 'admin.maintenance.switchOn')}
        description={t(
          isOn ? 'admin.maintenance.switchOffDescription' : 'admin.maintenance.switchOnDescription',
        )}
        submitLabel={t(isOn ? 'admin.maintenance.switchOff' : 'admin.maintenance.switchOn')}
        danger={!isOn}
        onSubmit={(reason) => switchManual(!isOn, reason)}
        onClose={() => setSwitching(false)}
      />
      <form
        noValidate
        onSubmit={(event) => void schedule(event)}
        aria-labelledby="maintenance-schedule"
        className="flex flex-col gap-4 rounded-8 border border-solid-gray-300 bg-solid-gray-50 p-4"
      >
        <h2 id="maintenance-schedule" className="text-std-20B-150">
          {t('admin.maintenance.schedule')}
        </h2>
        <p>{t('admin.maintenance.scheduleHint')}</p>
        <DateTimeRangeFields
          labels={{
            startsAt: t('admin.maintenance.startsAt'),
            endsAt: t('admin.maintenance.endsAt'),
          }}
          values={form}
          errors={errors}
          onChange={(key, value) => setForm({ ...form, [key]: value })}
        />
        <InputField
          label={t('admin.maintenance.reason')}
          required
          error={errors.reason}
          type="text"
          value={form.reason}
          onChange={(value) => setForm({ ...form, reason: value })}
        />
        <div>
          <button type="submit" aria-disabled={isBusy} className={primaryButtonClassName}>
            {t('admin.maintenance.scheduleSubmit')}
          </button>
        </div>
      </form>
      <Section title={t('admin.maintenance.windows')}>
        {data !== undefined &&
          (data.windows.length === 0 ? (
            <p>{t('admin.common.empty')}</p>
          ) : (
            <div className="overflow-x-auto">
              <table className={tableClassName}>
                <caption className="sr-only">{t('admin.maintenance.windowsCaption')}</caption>
                <thead>
                  <tr>
                    {(['startsAt', 'endsAt', 'reason', 'state', 'action'] as const).map(
                      (column) => (
                        <th key={column} scope="col" className={thClassName}>
                          {t(`admin.maintenance.column.${column}`)}
                        </th>
                      ),
                    )}
                  </tr>
                </thead>
                <tbody>
                  {data.windows.map((window) => {
                    const state = windowState(window, now())
                    return (
                      <tr key={window.windowId}>
                        <td className={tdClassName}>{dateTimeText(window.startsAt)}</td>
                        <td className={tdClassName}>{dateTimeText(window.endsAt)}</td>
                        <td className={tdClassName}>{window.reason}</td>
                        <td className={tdClassName}>{t(`admin.maintenance.window.${state}`)}</td>
                        <td className={tdClassName}>
                          {(state === 'upcoming' || state === 'active') && (
                            <button
                              type="button"
                              className={smallButtonClassName}
                              aria-label={t('admin.maintenance.cancelLabel', {
                                startsAt: dateTimeText(window.startsAt),
                              })}
                              onClick={() => void cancel(window)}
                            >
                              {t('admin.maintenance.cancel')}
                            </button>
                          )}
                        </td>
                      </tr>
                    )
                  })}
                </tbody>
              </table>
            </div>
          ))}
      </Section>
    </>
  )
}
