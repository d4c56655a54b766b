import type { ApplicationView, FileRef } from '@app/shared/api/application/apply-info'
import type { ItemDefinition } from '@app/shared/api/group/item-definition'
import { t } from '@app/shared/messages/application-flow'
import {
  insuredItems,
  insuredUnitNos,
  noticeItems,
  policyHolderItems,
} from '@app/shared/rules/application'
import type { ApplicationStep } from '@app/shared/rules/application-steps'
import {
  contractInstalments,
  instalmentMethodOf,
  schedulePlanText,
} from '@app/shared/rules/instalments'
import { amountDue } from '@app/shared/rules/payment'
import { toBusinessDate } from '@app/shared/time/business-date'
import { useState, type ReactNode } from 'react'
import { Link } from '@/components/link.tsx'
import {
  coverageRows,
  insuredRows,
  itemRows,
  periodRows,
  policyHolderRows,
  Rows,
  type Row,
} from '@/components/contract-details.tsx'
import { ErrorSummary } from '@/components/form/error-summary.tsx'
import { noFieldsResolver } from '@/components/form/required-resolver.ts'
import { useStepForm } from '@/components/form/use-step-form.ts'
import { LoadingRegion } from '@/components/loading-indicator.tsx'
import { useServices } from '@/lib/services.tsx'
import { requestDownloadUrl, saveStep } from '../application-api.ts'
import { StepHeader } from '../components/step-header.tsx'
import { useApplication, type Application } from '../use-application.tsx'

// お申し込み内容の確認 (SPEC §2.1, §2.7): everything entered, by section, each with its way back.

function Section({
  title,
  changeTo,
  children,
}: {
  title: string
  /** the step where this is entered: a 「変更する」 link back to it */
  changeTo?: ApplicationStep | undefined
  children: ReactNode
}) {
  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-std-20B-150 text-solid-gray-900">{title}</h2>
        {changeTo !== undefined && (
          <Link
            to={`../${changeTo}`}
            relative="path"
            className="app-link text-std-16N-170"
            aria-label={t('check.changeFor', { section: title })}
          >
            {t('check.change')}
          </Link>
        )}
      </div>
      {children}
    </section>
  )
}

function policyHolderRowsOf(view: ApplicationView, items: readonly ItemDefinition[]): Row[] {
  const info = view.applyInfo.policyHolderInfo
  return [...policyHolderRows(info), ...itemRows(items, info.itemAnswers)]
}

/**
 * A file of a required document, downloaded by a short-lived URL. The server sends every file as
 * an attachment under a sandboxing CSP (PRODUCT.md "Files"), so the button says it downloads the
 * file rather than promising a tab that would only hold a download (issue #23 point 16).
 */
function FileButton({ file }: { file: FileRef }) {
  const { api } = useServices()
  const [failure, setFailure] = useState<{ error: unknown } | undefined>(undefined)
  if (failure !== undefined) throw failure.error
  return (
    <button
      type="button"
      className="app-link text-left"
      onClick={() => {
        requestDownloadUrl(api, file.fileId).then(
          ({ downloadUrl }) => {
            const anchor = document.createElement('a')
            anchor.href = downloadUrl
            anchor.download = file.fileName
            anchor.click()
          },
          (error: unknown) => setFailure({ error }),
        )
      }}
    >
      {t('check.downloadFile', { fileName: file.fileName })}
    </button>
  )
}

function CheckContent({ application }: { application: Application }) {
  const { api, now } = useServices()
  const { view, group, items, chosenUnitNos } = application
  const { applyInfo, progress } = view
  const units = group.groupPfInfo.unitInfoArray
  const unitName = (unitNo: number) =>
    units.find((unit) => unit.unitNo === unitNo)?.displayName ?? String(unitNo)
  const stepIfInFlow = (step: ApplicationStep) =>
    progress.stepArray.includes(step) ? step : undefined
  const div = applyInfo.policyHolderInfo.policyHolderDiv
  const form = useStepForm({
    resolver: noFieldsResolver(),
    defaultValues: {},
    labels: {},
    onSubmit: async () => {
      const next = await application.save((version) =>
        saveStep(api, 'checkPolicyHolderInfo', { version }),
      )
      if (next !== undefined) application.goToNext(next)
    },
  })

  const manager = applyInfo.maintenanceManagerInfo
  const docSlots = (
    [
      [0, applyInfo.requiredDocsInfo.file1Array],
      [1, applyInfo.requiredDocsInfo.file2Array],
      [2, applyInfo.requiredDocsInfo.file3Array],
    ] as const
  ).filter((slot): slot is readonly [0 | 1 | 2, FileRef[]] => slot[1] !== null)
  const notices = noticeItems(items, chosenUnitNos)
  const plan = paymentPlanText(view, group.groupPfInfo, toBusinessDate(new Date(now())))

  return (
    <div className="flex flex-col gap-10">
      <p className="text-std-16N-170">{t('check.lead')}</p>
      <Section
        title={t('check.section.policyHolderDiv')}
        changeTo={stepIfInFlow('selectPolicyHolderDiv')}
      >
        <Rows
          rows={[
            {
              label: t('check.policyHolderDiv'),
              value: div === null ? '' : t(`policyHolderDiv.${div}`),
            },
          ]}
        />
      </Section>
      <Section title={t('check.section.coverage')} changeTo={stepIfInFlow('selectCategory')}>
        <Rows
          rows={[
            ...coverageRows(applyInfo.cvrgeInfo, unitName, group.groupPfInfo.pymntCount),
            ...(plan === undefined ? [] : [{ label: t('check.paymentPlan'), value: plan }]),
          ]}
        />
      </Section>
      <Section
        title={t('check.section.policyHolder')}
        changeTo={stepIfInFlow('inputPolicyHolderInfo')}
      >
        <Rows rows={policyHolderRowsOf(view, policyHolderItems(items, chosenUnitNos))} />
      </Section>
      {div === '2' && manager !== null && (
        <Section
          title={t('check.section.maintenanceManager')}
          changeTo={stepIfInFlow('registerMaintenanceManager')}
        >
          <Rows
            rows={[
              { label: t('check.nameKana'), value: manager.maintenanceManagerNameKana },
              { label: t('check.nameKanji'), value: manager.maintenanceManagerNameKanji },
              { label: t('check.department'), value: manager.maintenanceManagerDepartment },
              { label: t('check.telNo'), value: manager.maintenanceManagerTelNo },
              { label: t('check.mailAddress'), value: manager.maintenanceManagerMailAddress },
            ]}
          />
        </Section>
      )}
      {insuredUnitNos(items, chosenUnitNos).length > 0 && (
        <Section title={t('check.section.insured')} changeTo={stepIfInFlow('registerInsuredInfo')}>
          {insuredUnitNos(items, chosenUnitNos).map((unitNo) => {
            const persons = applyInfo.insrdInfoArray.filter((person) => person.unit === unitNo)
            const unitItems = insuredItems(items, unitNo)
            return (
              <div key={unitNo} className="flex flex-col gap-3">
                <h3 className="text-std-18B-160 text-solid-gray-900">
                  {t('check.unitHeading', { unitName: unitName(unitNo) })}
                </h3>
                {persons.length === 0 && <p className="text-std-16N-170">{t('check.noInsured')}</p>}
                {persons.map((person, index) => (
                  <div key={person.insrdId} className="flex flex-col gap-2">
                    <h4 className="text-std-16B-170 text-solid-gray-900">
                      {t('check.insuredHeading', { count: index + 1 })}
                    </h4>
                    <Rows
                      rows={[...insuredRows(person), ...itemRows(unitItems, person.itemAnswers)]}
                    />
                  </div>
                ))}
              </div>
            )
          })}
        </Section>
      )}
      {notices.length > 0 && (
        <Section title={t('check.section.notice')} changeTo={stepIfInFlow('noticeMatters')}>
          <Rows rows={itemRows(notices, applyInfo.noticeMatterInfo.answers)} />
        </Section>
      )}
      {docSlots.length > 0 && (
        <Section title={t('check.section.docs')} changeTo={stepIfInFlow('noticeMattersDoc')}>
          <dl className="flex flex-col border-t border-solid-gray-420 text-std-16N-170">
            {docSlots.map(([index, files]) => (
              <div
                key={index}
                className="flex flex-col gap-1 border-b border-solid-gray-420 py-3 md:flex-row md:gap-6"
              >
                <dt className="text-std-16B-170 text-solid-gray-900 md:w-56 md:shrink-0">
                  {group.groupPfInfo.requiredDocsArray[index]?.name}
                </dt>
                <dd>
                  {files.length === 0 ? (
                    t('check.noFiles')
                  ) : (
                    <ul className="flex flex-col gap-2">
                      {files.map((file) => (
                        <li key={file.fileId}>
                          <FileButton file={file} />
                        </li>
                      ))}
                    </ul>
                  )}
                </dd>
              </div>
            ))}
          </dl>
        </Section>
      )}
      <Section title={t('check.section.period')}>
        <Rows rows={periodRows(applyInfo.policyHolderInfo)} />
      </Section>
      <form {...form.formProps} className="flex flex-col gap-6">
        <ErrorSummary {...form.summary} />
        <div>
          <button type="submit" className="app-button w-full md:w-auto">
            {t('check.submit')}
          </button>
        </div>
      </form>
    </div>
  )
}

/**
 * A monthly product's schedule in words, by card (issue #24 point 2, ADR 0038) or by transfer
 * (ADR 0039), as the server will write it if the application is paid today; undefined for other
 * products (paid once, or through the group).
 */
function paymentPlanText(
  view: ApplicationView,
  group: Parameters<typeof contractInstalments>[0] & { additionalCost: number },
  today: string,
): string | undefined {
  const { applyInfo } = view
  const method = instalmentMethodOf(applyInfo.basicInfo.pymntMethod)
  if (method === undefined || group.pymntCount <= 1) return undefined
  const firstAmount = amountDue(applyInfo.cvrgeInfo.totalPremium, group)
  const schedule = contractInstalments(group, applyInfo, firstAmount, today, method)
  return schedule === undefined || schedule.length < 2
    ? undefined
    : schedulePlanText(schedule, group.closingDay, method)
}

export default function CheckPolicyHolderInfoScreen() {
  const application = useApplication('checkPolicyHolderInfo')
  return (
    <div className="flex flex-col gap-8">
      <StepHeader
        title={t('screen.checkPolicyHolderInfo.title')}
        step="checkPolicyHolderInfo"
        view={application?.view}
        conflict={application?.conflict}
      />
      <LoadingRegion data={application}>
        {(application) => <CheckContent application={application} />}
      </LoadingRegion>
    </div>
  )
}
