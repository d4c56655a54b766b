import {
  participationCsvRoute,
  participationRoute,
} from '@app/shared/api/admin/participation-routes'
import type {
  Participation,
  participationApi,
  participationCsvApi,
} from '@app/shared/api/admin/participation'
import { t } from '@app/shared/messages/admin-console'
import { lazy, Suspense, useState } from 'react'
import { callEndpoint } from '@/lib/call-endpoint.ts'
import { downloadEndpoint, fileNameOf, saveFile } from '@/lib/download-endpoint.ts'
import {
  ErrorAlert,
  Loading,
  LiveStatus,
  ScreenHeading,
  Section,
  secondaryButtonClassName,
  tableClassName,
  tdClassName,
  thClassName,
} from '../components/ui.tsx'
import { ProductChoice, useChosenProduct } from '../lib/participation.tsx'
import { useAdminServices } from '../lib/services.tsx'
import { useLoad } from '../lib/use-load.ts'

// 加入状況 (issue #21 point 5, ADR 0033): per group product in scope, the figures, a daily chart
// over the recruitment window and a funnel of the steps, each chart with its data table beside
// it; the same figures as CSV. The charts (uPlot) are a chunk of their own, loaded here lazily.

const ParticipationChart = lazy(() => import('./participation-charts.tsx'))

const figureKeys = ['rosterSize', 'verified', 'started', 'applied', 'paid', 'processed'] as const

const dayText = (day: string) => `${day.slice(0, 4)}/${day.slice(4, 6)}/${day.slice(6)}`

function ChartLoading() {
  return <p className="text-std-16N-170">{t('admin.participation.chartsLoading')}</p>
}

/** A long table in a box that scrolls, reachable by keyboard. */
function Scroll({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard
    <div role="region" aria-label={label} tabIndex={0} className="max-h-[360px] overflow-auto">
      {children}
    </div>
  )
}

function Figures({ participation }: { participation: Participation }) {
  const { figures } = participation
  return (
    <Section title={t('admin.participation.figures')} id="participation-figures">
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-3">
        {figureKeys.map((key) => (
          <li
            key={key}
            className="flex flex-col gap-1 rounded-8 border border-solid-gray-300 bg-white p-4"
          >
            <span className="text-std-16B-170 text-solid-gray-800">
              {t(`admin.participation.figure.${key}`)}
            </span>
            <span className="text-std-28B-150" data-figure={key}>
              {t('admin.participation.count', { count: figures[key] })}
            </span>
            {key !== 'rosterSize' && figures.rosterSize > 0 && (
              <span className="text-std-16N-170 text-solid-gray-700">
                {t('admin.participation.ofRoster', {
                  percent: Math.round((figures[key] / figures.rosterSize) * 1000) / 10,
                })}
              </span>
            )}
          </li>
        ))}
      </ul>
    </Section>
  )
}

function Daily({ participation }: { participation: Participation }) {
  const { daily, window } = participation
  return (
    <Section title={t('admin.participation.daily')} id="participation-daily">
      <p>
        {window === null
          ? t('admin.participation.noWindow')
          : t('admin.participation.window', { from: dayText(window.from), to: dayText(window.to) })}
      </p>
      {daily.length === 0 ? (
        <p>{t('admin.participation.noDaily')}</p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-[3fr_2fr]">
          <Suspense fallback={<ChartLoading />}>
            <ParticipationChart kind="daily" participation={participation} />
          </Suspense>
          <Scroll label={t('admin.participation.dailyCaption')}>
            <table className={tableClassName}>
              <caption className="text-left text-std-16B-170">
                {t('admin.participation.dailyCaption')}
              </caption>
              <thead>
                <tr>
                  <th scope="col" className={thClassName}>
                    {t('admin.participation.date')}
                  </th>
                  {(['started', 'applied', 'paid'] as const).map((name) => (
                    <th key={name} scope="col" className={thClassName}>
                      {t(`admin.participation.series.${name}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {daily.map((day) => (
                  <tr key={day.date}>
                    <th scope="row" className={`${tdClassName} font-normal`}>
                      {dayText(day.date)}
                    </th>
                    <td className={tdClassName}>{day.started}</td>
                    <td className={tdClassName}>{day.applied}</td>
                    <td className={tdClassName}>{day.paid}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Scroll>
        </div>
      )}
    </Section>
  )
}

function Funnel({ participation }: { participation: Participation }) {
  return (
    <Section title={t('admin.participation.funnel')} id="participation-funnel">
      <p>{t('admin.participation.funnelLead')}</p>
      <div className="grid gap-4 lg:grid-cols-[3fr_2fr]">
        <Suspense fallback={<ChartLoading />}>
          <ParticipationChart kind="funnel" participation={participation} />
        </Suspense>
        <Scroll label={t('admin.participation.funnelCaption')}>
          <table className={tableClassName}>
            <caption className="text-left text-std-16B-170">
              {t('admin.participation.funnelCaption')}
            </caption>
            <thead>
              <tr>
                <th scope="col" className={thClassName}>
                  {t('admin.participation.stage')}
                </th>
                <th scope="col" className={thClassName}>
                  {t('admin.participation.reached')}
                </th>
              </tr>
            </thead>
            <tbody>
              {participation.funnel.map((stage, index) => (
                <tr key={stage.stage}>
                  <th scope="row" className={`${tdClassName} font-normal`}>
                    {index + 1}. {t(`admin.participation.stage.${stage.stage}`)}
                  </th>
                  <td className={tdClassName}>{stage.reached}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      </div>
    </Section>
  )
}

export function ParticipationScreen() {
  const { api } = useAdminServices()
  const chosen = useChosenProduct()
  const { split } = chosen
  const participation = useLoad(
    (signal) =>
      split === undefined
        ? Promise.resolve(undefined)
        : callEndpoint<typeof participationApi>(
            api,
            participationRoute,
            { params: split },
            { signal },
          ),
    [api, split?.groupPfCode, split?.groupPfCodeInceptionDateYm],
  )
  const [status, setStatus] = useState<string | undefined>(undefined)
  const [failure, setFailure] = useState<unknown>(undefined)

  async function downloadCsv() {
    if (split === undefined) return
    setFailure(undefined)
    setStatus(undefined)
    try {
      const file = await downloadEndpoint<typeof participationCsvApi>(api, participationCsvRoute, {
        params: split,
      })
      saveFile(file.blob, fileNameOf(file.disposition, 'participation.csv'))
      setStatus(t('admin.common.downloaded'))
    } catch (error) {
      setFailure(error)
    }
  }

  const data = participation.state === 'done' ? participation.data : undefined
  return (
    <>
      <ScreenHeading>{t('admin.participation.title')}</ScreenHeading>
      <p>{t('admin.participation.lead')}</p>
      <ProductChoice chosen={chosen} />
      <LiveStatus
        message={
          data === undefined
            ? status
            : (status ?? t('admin.participation.loaded', { groupNameKanji: data.groupNameKanji }))
        }
      />
      <ErrorAlert error={failure} />
      {participation.state === 'failed' && <ErrorAlert error={participation.error} />}
      {participation.state === 'loading' && split !== undefined && <Loading />}
      {data !== undefined && (
        <>
          <Figures participation={data} />
          <div>
            <button
              type="button"
              onClick={() => void downloadCsv()}
              className={secondaryButtonClassName}
            >
              {t('admin.participation.csv')}
            </button>
          </div>
          <Daily participation={data} />
          <Funnel participation={data} />
        </>
      )}
    </>
  )
}
