import { enrolmentPath } from '@app/shared/format/page-urls'
import type { RenewalInfo } from '@app/shared/api/renewal/endpoints'
import { errorCodes } from '@app/shared/errors'
import { formatJapaneseDate } from '@app/shared/format/display'
import { t as checkT } from '@app/shared/messages/application-flow'
import { t as shellT } from '@app/shared/messages/shell'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { insuredRows, policyHolderRows, Rows } from '@/components/contract-details.tsx'
import { DescriptionList } from '@/components/description-list.tsx'
import { InFlowAlert, inFlowCodeOf, useInFlowMessage } from '@/components/in-flow-alert.tsx'
import { LoadingRegion } from '@/components/loading-indicator.tsx'
import { ScreenHeader } from '@/components/screen-header.tsx'
import { useServices } from '@/lib/services.tsx'
import { useLoadedGroup } from '@/lib/use-loaded-group.ts'
import { switchToYear } from '@/lib/year-switch.ts'
import { fetchApplication } from '@/lib/fetch-application.ts'
import { startRenewalProcedure } from '../renewal-api.ts'
import { renewalErrorText, t } from '../renewal-messages.ts'
import {
  CoverageList,
  currentPeriodRow,
  nextPeriodRows,
  Notice,
  PageLinks,
  Section,
} from '../components/renewal-parts.tsx'
import { useFailure, useRenewalInfo, useRenewalTarget } from '../use-renewal.ts'

// 更新のお手続き (SPEC §2.1, §3.7, §4, §8.4; issue #9, ADR 0016), reached from my-page home: the
// contract being renewed (its period, units and premium, policy holder, insured persons), next
// year's period, what carries over (SPEC §4 "Pre-renewal copy": the items flagged for copying, not
// the notice matters), and 「更新手続きを始める」/「再開する」 → POST /renewalProcedure/ → the year
// switch (SPEC §4) → next year's enrolment link at the application's next step. Status "3" (no
// procedure) says why instead; 409 APFA2029 is told beside the button (SPEC §8.4).

const inFlowCodes: readonly string[] = [errorCodes.renewalNotPossible]

function ContractNow({ info }: { info: RenewalInfo }) {
  const { policyHolderInfo, insrdInfoArray, cvrgeContent, unitNames } =
    info.preRenewPolicyHolderInfo
  const unitName = (unit: number) => unitNames[String(unit)] ?? String(unit)
  const units = [...new Set(insrdInfoArray.map((person) => person.unit))].sort((a, b) => a - b)
  return (
    <Section title={t('renewal.procedure.lastYear')}>
      <DescriptionList rows={[currentPeriodRow(info)]} />
      <h3 className="text-std-18B-160 text-solid-gray-900">{t('renewal.procedure.units')}</h3>
      <CoverageList content={cvrgeContent} unitNames={unitNames} pymntCount={info.pymntCount} />
      <h3 className="text-std-18B-160 text-solid-gray-900">
        {checkT('check.section.policyHolder')}
      </h3>
      <Rows rows={policyHolderRows(policyHolderInfo)} />
      {units.length > 0 && (
        <>
          <h3 className="text-std-18B-160 text-solid-gray-900">
            {checkT('check.section.insured')}
          </h3>
          {units.map((unit) =>
            insrdInfoArray
              .filter((person) => person.unit === unit)
              .map((person, index) => (
                <div key={person.insrdId} className="flex flex-col gap-2">
                  <h4 className="text-std-16B-170 text-solid-gray-900">
                    {t('renewal.procedure.insuredHeading', {
                      unitName: unitName(unit),
                      count: index + 1,
                    })}
                  </h4>
                  <Rows rows={insuredRows(person)} />
                </div>
              )),
          )}
        </>
      )}
    </Section>
  )
}

/** Why no procedure is offered (status "3"): renewed, stopped, or not possible (APFA2029). */
function NoProcedure({ info }: { info: RenewalInfo }) {
  if (info.renewSttsDiv === '1') return <Notice text={t('renewal.procedure.none.1')} />
  if (info.renewSttsDiv === '2') return <Notice text={t('renewal.procedure.none.2')} />
  if (info.procedureOpensOn !== null) {
    const date = formatJapaneseDate(info.procedureOpensOn)
    return <Notice text={t('renewal.procedure.none.opensOn', { date })} />
  }
  return <Notice text={t('error.APFA2029')} errorCode={errorCodes.renewalNotPossible} withContact />
}

export default function RenewalProcedureScreen() {
  const { api, groupStore } = useServices()
  const navigate = useNavigate()
  const { target, groupPfBranchNo, homePath } = useRenewalTarget()
  const { info } = useRenewalInfo(target)
  const contact = useLoadedGroup()?.groupPfInfoBranchNo.refFreeField
  const inFlow = useInFlowMessage(renewalErrorText)
  const fail = useFailure()
  const [isStarting, setIsStarting] = useState(false)

  async function start(): Promise<void> {
    inFlow.clear()
    setIsStarting(true)
    try {
      const next = await startRenewalProcedure(api, target)
      // SPEC §4 year switch: next year's group and item definitions, this year's kept as backup.
      await switchToYear(groupStore, { ...target, groupPfBranchNo }, next)
      // The draft goes on where it stands (the enrolment's rule, confirm-mail-form.tsx).
      const nextStep = await fetchApplication(api).then(
        (view) => view.progress.nextStep,
        () => 'entryTerms',
      )
      await navigate(enrolmentPath(next, nextStep))
    } catch (error) {
      setIsStarting(false)
      const code = inFlowCodeOf(error, inFlowCodes)
      if (code === undefined) fail(error)
      else inFlow.show(code, error)
    }
  }

  const status = info?.renewalProcedureButtonAndTextStatus
  return (
    <div className="flex flex-col gap-8">
      <ScreenHeader title={shellT('screen.renewalProcedure.title')} />
      <LoadingRegion data={info}>
        {(info) => (
          <div className="flex flex-col gap-10">
            <p className="text-std-16N-170">{t('renewal.procedure.lead')}</p>
            <ContractNow info={info} />
            {info.nextYear !== null && (
              <Section title={t('renewal.procedure.nextYear')}>
                <DescriptionList rows={nextPeriodRows(info)} />
              </Section>
            )}
            {status === '3' ? (
              <NoProcedure info={info} />
            ) : (
              <Section title={t('renewal.procedure.carryOver.heading')}>
                <p className="text-std-16N-170">{t('renewal.procedure.carryOver')}</p>
                <p className="text-std-16B-170 text-solid-gray-900">
                  {t('renewal.procedure.notice')}
                </p>
                <InFlowAlert message={inFlow.message} contact={contact} />
                <div className="flex flex-col gap-2">
                  <button
                    type="button"
                    className="app-button w-full md:w-auto md:self-start"
                    disabled={isStarting}
                    onClick={() => void start()}
                  >
                    {status === '2' ? t('renewal.procedure.resume') : t('renewal.procedure.start')}
                  </button>
                  <p role="status" className="text-std-16N-170">
                    {isStarting ? t('renewal.procedure.starting') : ''}
                  </p>
                </div>
              </Section>
            )}
          </div>
        )}
      </LoadingRegion>
      <PageLinks homePath={homePath} />
    </div>
  )
}
