import type { ApplicationView } from '@app/shared/api/application/apply-info'
import type { UnitInfo } from '@app/shared/api/group/group-pf-info'
import { applicationFormsCatalogue } from '@app/shared/messages/application-forms-common'
import { translator } from '@app/shared/messages/format'
import { insuredFormMessages } from '@app/shared/messages/insured-form.ja'
import { insuredUnitNos } from '@app/shared/rules/application'
import { useId, useMemo, useState } from 'react'
import { Link } from 'react-router'
import { ErrorSummary, type ErrorSummaryItem } from '../../../components/form/error-summary.tsx'
import { useServices } from '../../../lib/services.tsx'
import { saveStep } from '../application/application-api.ts'
import type { Application } from '../application/use-application.tsx'
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

const cellClassName = 'border border-solid-gray-420 px-4 py-3 text-left align-top'

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

  return (
    <div className="flex flex-col gap-6">
      <ErrorSummary {...summary} />
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-std-16N-170">
          <caption className="mb-2 text-left text-std-17B-170">{t('insuredList.caption')}</caption>
          <thead className="bg-solid-gray-50">
            <tr>
              <th scope="col" className={cellClassName}>
                {t('insuredList.unitNo')}
              </th>
              <th scope="col" className={cellClassName}>
                {t('insuredList.displayName')}
              </th>
              <th scope="col" className={cellClassName}>
                {t('insuredList.count')}
              </th>
              <th scope="col" className={cellClassName}>
                {t('insuredList.status')}
              </th>
              <th scope="col" className={cellClassName}>
                {t('insuredList.action')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.unitNo}>
                <td className={cellClassName}>{row.unitNo}</td>
                <th scope="row" className={cellClassName}>
                  {row.displayName}
                </th>
                <td className={cellClassName}>
                  {t('insuredList.countValue', { count: row.count })}
                </td>
                <td className={cellClassName}>{t(`insuredList.status.${row.status}`)}</td>
                <td className={cellClassName}>
                  <Link
                    id={linkIdOf(row.unitNo)}
                    to={`../registerInsuredInfo/${row.unitNo}`}
                    relative="path"
                    className="app-link"
                    aria-label={t('insuredList.registerFor', { unitName: row.displayName })}
                  >
                    {t('insuredList.register')}
                  </Link>
                </td>
              </tr>
            ))}
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
