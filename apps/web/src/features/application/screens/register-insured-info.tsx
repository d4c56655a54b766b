import type { ApplicationView } from '@app/shared/api/application/apply-info'
import type { UnitInfo } from '@app/shared/api/group/group-pf-info'
import { applicationFormsCatalogue } from '@app/shared/messages/application-forms-common'
import { translator } from '@app/shared/messages/format'
import { insuredFormMessages } from '@app/shared/messages/insured-form.ja'
import { insuredUnitNos } from '@app/shared/rules/application'
import { useId, useMemo, useState } from 'react'
import { Link } from '@/components/link.tsx'
import { ErrorSummary, type ErrorSummaryItem } from '@/components/form/error-summary.tsx'
import { useServices } from '@/lib/services.tsx'
import { saveStep } from '../application-api.ts'
import type { Application } from '../use-application.tsx'
import {
  ApplicationStepScreen,
  issuesOf,
  useFatalFailure,
  useOneAtATime,
} from '../components/application-screen.tsx'

// 被保険者の登録 (SPEC §4 "Unit registration"): one row per chosen unit with insured items, its
// number of insured persons and insuredRegisterStatus; 「次へ」 once every unit is confirmed.

const t = translator({ ...applicationFormsCatalogue, ...insuredFormMessages })

type RegisterStatus = '0' | '1' | '2'

/** basicInfo.entryDiv of a renewal's application (ADR 0016). */
const RENEWAL_ENTRY_DIV = '2'

interface InsuredUnitRow {
  unitNo: number
  displayName: string
  count: number
  status: RegisterStatus
}

/** The rows of the unit list (SPEC §4): unit number, display name, count of insured, status. */
function insuredUnitRows(
  view: ApplicationView,
  units: readonly UnitInfo[],
  unitNos: readonly number[],
): InsuredUnitRow[] {
  return unitNos.map((unitNo) => ({
    unitNo,
    displayName: units.find((unit) => unit.unitNo === unitNo)?.displayName ?? String(unitNo),
    count: view.applyInfo.insrdInfoArray.filter((person) => person.unit === unitNo).length,
    status: view.applyInfoOption.insuredRegisterStatus[String(unitNo)] ?? '0',
  }))
}

/** SPEC §8.4: every unit has its insured persons and is confirmed (the server checks it too). */
function isComplete(row: InsuredUnitRow): boolean {
  return row.status === '2' && row.count > 0
}

// From md up a table; below it each row stacks into a card (number and name, count, status, then
// the link on a line of its own), so the link is never squeezed into a narrow column (issue #23
// point 21). The elements stay a table's, so the cells keep their headers; the visible labels the
// card adds are hidden from assistive technology, which reads the column headers instead.
const cellClassName =
  'text-left align-top md:border md:border-solid-gray-420 md:px-4 md:py-3 max-md:block'
const headerClassName = 'border border-solid-gray-420 px-4 py-3 text-left align-top'
const rowClassName =
  'max-md:grid max-md:grid-cols-[auto_1fr] max-md:gap-x-3 max-md:gap-y-1 max-md:rounded-8 max-md:border max-md:border-solid-gray-420 max-md:p-4'
const stackedClassName = 'max-md:col-span-2'

/** A label only the stacked card shows (a table's cell is named by its column header). */
function CardLabel({ children }: { children: string }) {
  return (
    <span aria-hidden="true" className="md:hidden">
      {children}
    </span>
  )
}

function InsuredUnitList({ application }: { application: Application }) {
  const { api } = useServices()
  const { view, group, items, chosenUnitNos } = application
  const linkIdPrefix = useId()
  const rows = useMemo(
    () =>
      insuredUnitRows(view, group.groupPfInfo.unitInfoArray, insuredUnitNos(items, chosenUnitNos)),
    [view, group, items, chosenUnitNos],
  )
  const [summary, setSummary] = useState<{ items: ErrorSummaryItem[]; focusKey: number }>({
    items: [],
    focusKey: 0,
  })
  const oneAtATime = useOneAtATime()
  const fail = useFatalFailure()
  const linkIdOf = (unitNo: number) => `${linkIdPrefix}unit-${unitNo}`

  function refuse(message: string, firstIncomplete: InsuredUnitRow | undefined): void {
    setSummary((previous) => ({
      items: [
        {
          fieldId: firstIncomplete === undefined ? undefined : linkIdOf(firstIncomplete.unitNo),
          message,
        },
      ],
      focusKey: previous.focusKey + 1,
    }))
  }

  async function next(): Promise<void> {
    const incomplete = rows.find((row) => !isComplete(row))
    if (incomplete !== undefined) {
      refuse(t('application.validation.insuredIncomplete'), incomplete)
      return
    }
    try {
      const saved = await application.save((version) =>
        saveStep(api, 'registerInsuredInfo', { version }),
      )
      if (saved !== undefined) application.goToNext(saved)
    } catch (error) {
      const issues = issuesOf(error)
      if (issues === undefined) fail(error)
      else refuse(issues[0]?.message ?? t('application.validation.insuredIncomplete'), rows[0])
    }
  }

  const isCarriedOver =
    view.applyInfo.basicInfo.entryDiv === RENEWAL_ENTRY_DIV &&
    rows.some((row) => row.status === '1')

  return (
    <div className="flex flex-col gap-6">
      <ErrorSummary {...summary} />
      {isCarriedOver && <p className="text-std-16N-170">{t('insuredList.carriedOver')}</p>}
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-std-16N-170 max-md:block">
          <caption className="mb-2 text-left text-std-17B-170 max-md:block">
            {t('insuredList.caption')}
          </caption>
          <thead className="bg-solid-gray-50 max-md:sr-only">
            <tr>
              <th scope="col" className={headerClassName}>
                {t('insuredList.unitNo')}
              </th>
              <th scope="col" className={headerClassName}>
                {t('insuredList.displayName')}
              </th>
              <th scope="col" className={headerClassName}>
                {t('insuredList.count')}
              </th>
              <th scope="col" className={headerClassName}>
                {t('insuredList.status')}
              </th>
              <th scope="col" className={headerClassName}>
                {t('insuredList.action')}
              </th>
            </tr>
          </thead>
          <tbody className="max-md:flex max-md:flex-col max-md:gap-4">
            {rows.map((row) => {
              const hasPersons = row.count > 0
              return (
                <tr key={row.unitNo} className={rowClassName}>
                  <td className={`${cellClassName} max-md:font-bold`}>{row.unitNo}</td>
                  <th scope="row" className={cellClassName}>
                    {row.displayName}
                  </th>
                  <td className={`${cellClassName} ${stackedClassName}`}>
                    <CardLabel>
                      {t('insuredList.cardLabel', { label: t('insuredList.count') })}
                    </CardLabel>
                    {t('insuredList.countValue', { count: row.count })}
                  </td>
                  <td className={`${cellClassName} ${stackedClassName}`}>
                    <CardLabel>
                      {t('insuredList.cardLabel', { label: t('insuredList.status') })}
                    </CardLabel>
                    <span className="whitespace-nowrap">
                      {t(`insuredList.status.${row.status}`)}
                    </span>
                  </td>
                  <td className={`${cellClassName} ${stackedClassName} max-md:pt-2`}>
                    <Link
                      id={linkIdOf(row.unitNo)}
                      to={`../registerInsuredInfo/${row.unitNo}`}
                      relative="path"
                      className="app-link inline-block md:whitespace-nowrap"
                      aria-label={t(
                        hasPersons ? 'insuredList.reviewFor' : 'insuredList.registerFor',
                        {
                          unitName: row.displayName,
                        },
                      )}
                    >
                      {t(hasPersons ? 'insuredList.review' : 'insuredList.register')}
                    </Link>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
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

/** 被保険者の登録 (SPEC §2.1 registerInsuredInfo, §4 unit registration). */
export default function RegisterInsuredInfoScreen() {
  return (
    <ApplicationStepScreen
      step="registerInsuredInfo"
      titleKey="screen.registerInsuredInfo.title"
      lead={t('insuredList.lead')}
    >
      {(application) => <InsuredUnitList application={application} />}
    </ApplicationStepScreen>
  )
}
