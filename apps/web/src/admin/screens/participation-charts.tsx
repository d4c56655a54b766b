import type { Participation } from '@app/shared/api/admin/participation'
import { t } from '@app/shared/messages/admin-console'
import { useEffect, useMemo, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'

// The participation dashboard's two charts (issue #21 point 5, ADR 0033), drawn by uPlot in a
// chunk of their own that the screen loads lazily: the console's first download does not carry
// them. Each chart is one role="img" with a label that says what it shows; its numbers are in the
// data table beside it (the screen's), which screen readers read instead of the canvas.

const HEIGHT = 280
const colours = { started: '#0017c1', applied: '#1a7f37', paid: '#b35c00' } as const
const seriesNames = ['started', 'applied', 'paid'] as const

function Chart({
  label,
  options,
  data,
}: {
  label: string
  options: Omit<uPlot.Options, 'width' | 'height'>
  data: uPlot.AlignedData
}) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = ref.current
    if (element === null) return undefined
    const plot = new uPlot(
      { ...options, width: Math.max(element.clientWidth, 320), height: HEIGHT },
      data,
      element,
    )
    const observer =
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver(() =>
            plot.setSize({ width: Math.max(element.clientWidth, 320), height: HEIGHT }),
          )
    observer?.observe(element)
    return () => {
      observer?.disconnect()
      plot.destroy()
    }
  }, [options, data])
  return <div ref={ref} role="img" aria-label={label} className="min-h-[280px] w-full" />
}

/** A JST day (YYYYMMDD) as the seconds of its midnight in Japan. */
const daySeconds = (day: string) =>
  Date.UTC(Number(day.slice(0, 4)), Number(day.slice(4, 6)) - 1, Number(day.slice(6))) / 1000 -
  9 * 3600

function Legend() {
  return (
    <ul className="flex flex-wrap gap-4 text-std-16N-170" aria-hidden="true">
      {seriesNames.map((name) => (
        <li key={name} className="flex items-center gap-2">
          <span className="inline-block size-3 rounded-4" style={{ background: colours[name] }} />
          {t(`admin.participation.series.${name}`)}
        </li>
      ))}
    </ul>
  )
}

export function DailyChart({ participation }: { participation: Participation }) {
  const { daily } = participation
  const data = useMemo<uPlot.AlignedData>(
    () => [
      daily.map((day) => daySeconds(day.date)),
      ...seriesNames.map((name) => daily.map((day) => day[name])),
    ],
    [daily],
  )
  const options = useMemo<Omit<uPlot.Options, 'width' | 'height'>>(
    () => ({
      tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Asia/Tokyo'),
      legend: { show: false },
      cursor: { show: false },
      scales: { y: { range: (_plot, _min, max) => [0, Math.max(1, max)] } },
      axes: [{ values: '{M}/{D}' }, { values: (_plot, splits) => splits.map(String) }],
      series: [
        {},
        ...seriesNames.map((name) => ({
          label: t(`admin.participation.series.${name}`),
          stroke: colours[name],
          width: 2,
          points: { show: daily.length <= 31 },
        })),
      ],
    }),
    [daily.length],
  )
  const total = (name: (typeof seriesNames)[number]) =>
    daily.reduce((sum, day) => sum + day[name], 0)
  const first = daily[0]?.date ?? ''
  const last = daily.at(-1)?.date ?? ''
  const label = t('admin.participation.dailyChart', {
    from: `${first.slice(0, 4)}/${first.slice(4, 6)}/${first.slice(6)}`,
    to: `${last.slice(0, 4)}/${last.slice(4, 6)}/${last.slice(6)}`,
    started: total('started'),
    applied: total('applied'),
    paid: total('paid'),
  })
  return (
    <div className="flex flex-col gap-2">
      <Chart label={label} options={options} data={data} />
      <Legend />
    </div>
  )
}

export function FunnelChart({ participation }: { participation: Participation }) {
  const { funnel } = participation
  const data = useMemo<uPlot.AlignedData>(
    () => [funnel.map((_stage, index) => index), funnel.map((stage) => stage.reached)],
    [funnel],
  )
  const options = useMemo<Omit<uPlot.Options, 'width' | 'height'>>(
    () => ({
      legend: { show: false },
      cursor: { show: false },
      scales: {
        x: { time: false, range: [-0.5, funnel.length - 0.5] },
        y: { range: (_plot, _min, max) => [0, Math.max(1, max)] },
      },
      axes: [
        {
          splits: () => funnel.map((_stage, index) => index),
          values: (_plot, splits) => splits.map((index) => String(index + 1)),
        },
        { values: (_plot, splits) => splits.map(String) },
      ],
      series: [
        {},
        {
          label: t('admin.participation.reached'),
          stroke: colours.started,
          fill: `${colours.started}99`,
          paths: uPlot.paths.bars?.({ size: [0.7, 60] }),
          points: { show: false },
        },
      ],
    }),
    [funnel],
  )
  const reached = (stage: string) => funnel.find((item) => item.stage === stage)?.reached ?? 0
  const label = t('admin.participation.funnelChart', {
    started: reached('started'),
    applied: reached('applied'),
    paid: reached('paid'),
  })
  return <Chart label={label} options={options} data={data} />
}

/** The chunk's one entry (the screen loads it with React.lazy). */
export default function ParticipationChart({
  kind,
  participation,
}: {
  kind: 'daily' | 'funnel'
  participation: Participation
}) {
  return kind === 'daily' ? (
    <DailyChart participation={participation} />
  ) : (
    <FunnelChart participation={participation} />
  )
}
