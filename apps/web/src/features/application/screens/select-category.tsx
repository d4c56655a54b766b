import { t } from '@app/shared/messages/application-flow'
import { planNameText, unitPremiumText } from '@app/shared/messages/premium-text'
import { useEffect, useState } from 'react'
import { ErrorSummary } from '@/components/form/error-summary.tsx'
import { RadioGroup } from '@/components/form/radio-group.tsx'
import { requiredResolver } from '@/components/form/required-resolver.ts'
import { useStepForm } from '@/components/form/use-step-form.ts'
import { LoadingRegion } from '@/components/loading-indicator.tsx'
import { useServices } from '@/lib/services.tsx'
import { fetchPlans, saveStep, type CoverageUnit } from '../application-api.ts'
import { StepHeader } from '../components/step-header.tsx'
import { useApplication, type Application } from '../use-application.tsx'
import { InFlowAlert } from '@/components/in-flow-alert.tsx'

// z.object({ planUnitNo: z.string().check(z.minLength(1, …)) }), written out so that the page
// does not download zod (required-resolver.ts)
const resolver = requiredResolver<{ planUnitNo: string }>([
  { name: 'planUnitNo', message: t('application.validation.plan') },
])

/** e.g. 「Aプラン 1,200円（1名あたり・月額）」 */
function planLabel(plan: CoverageUnit, pymntCount: number): string {
  return t('selectCategory.option', {
    name: planNameText(plan),
    premium: unitPremiumText(plan.unitPremium, plan.premiumBasis, pymntCount),
  })
}

/** The plans of GET /mainCoverageTypes/, undefined while they load. */
function usePlans(): CoverageUnit[] | undefined {
  const { api } = useServices()
  const [plans, setPlans] = useState<CoverageUnit[] | undefined>(undefined)
  const [failure, setFailure] = useState<{ error: unknown } | undefined>(undefined)
  useEffect(() => {
    let isCurrent = true
    fetchPlans(api).then(
      (answer) => {
        if (isCurrent) setPlans(answer.planArray)
      },
      (error: unknown) => {
        if (isCurrent) setFailure({ error })
      },
    )
    return () => {
      isCurrent = false
    }
  }, [api])
  if (failure !== undefined) throw failure.error
  return plans
}

function PlanForm({ application, plans }: { application: Application; plans: CoverageUnit[] }) {
  const { api } = useServices()
  const stored = application.view.applyInfo.cvrgeInfo.planUnitNo
  const form = useStepForm({
    resolver,
    defaultValues: {
      planUnitNo: plans.some((plan) => plan.unitNo === stored) ? String(stored) : '',
    },
    labels: { planUnitNo: t('selectCategory.legend') },
    onSubmit: async (values) => {
      const view = await application.save((version) =>
        saveStep(api, 'selectCategory', { version, planUnitNo: Number(values.planUnitNo) }),
      )
      if (view !== undefined) application.goToNext(view)
    },
  })
  return (
    <form {...form.formProps} className="flex flex-col gap-6">
      <ErrorSummary {...form.summary} />
      <RadioGroup
        {...form.fieldProps('planUnitNo')}
        control={form.control}
        required
        options={plans.map((plan) => ({
          value: String(plan.unitNo),
          label: planLabel(plan, application.group.groupPfInfo.pymntCount),
        }))}
      />
      <div>
        <button type="submit" className="app-button w-full md:w-auto">
          {t('flow.next')}
        </button>
      </div>
    </form>
  )
}

/** 加入区分の選択 (SPEC §8.4 "Plan selection"): one of the group's plans. */
export default function SelectCategoryScreen() {
  const application = useApplication('selectCategory')
  const plans = usePlans()
  return (
    <div className="flex flex-col gap-8">
      <StepHeader
        title={t('screen.selectCategory.title')}
        step="selectCategory"
        view={application?.view}
        conflict={application?.conflict}
      />
      <LoadingRegion
        data={application === undefined || plans === undefined ? undefined : { application, plans }}
        className="flex flex-col gap-8"
      >
        {({ application, plans }) =>
          plans.length === 0 ? (
            <InFlowAlert
              message={{ errorCode: 'noPlan', text: t('application.validation.noPlan'), key: 1 }}
              contact={application.group.groupPfInfoBranchNo.refFreeField}
            />
          ) : (
            <>
              <p className="text-std-16N-170">{t('selectCategory.lead')}</p>
              <PlanForm key={application.view.version} application={application} plans={plans} />
            </>
          )
        }
      </LoadingRegion>
    </div>
  )
}
