import { conflictMessage, selectTypeInputSchema } from '@app/shared/api/application/select-type'
import { formatYen } from '@app/shared/format/display'
import { t } from '@app/shared/messages/application-flow'
import { planNameText, totalPremiumLabel, unitPremiumText } from '@app/shared/messages/premium-text'
import { cvrgeUnits, totalPremium, unitConflict } from '@app/shared/rules/application'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useWatch } from '@/components/form/form-store.ts'
import { Link } from '@/components/link.tsx'
import * as z from 'zod/mini'
import { CheckboxGroup } from '@/components/form/checkbox-group.tsx'
import { ErrorSummary } from '@/components/form/error-summary.tsx'
import { ErrorText } from '@/components/form/field-parts.tsx'
import { RadioGroup } from '@/components/form/radio-group.tsx'
import { useStepForm } from '@/components/form/use-step-form.ts'
import { LoadingIndicator, LoadingRegion } from '@/components/loading-indicator.tsx'
import { useServices } from '@/lib/services.tsx'
import { fetchOptions, saveStep, type CoverageUnit } from '../application-api.ts'
import { StepHeader } from '../components/step-header.tsx'
import { useApplication, type Application } from '../use-application.tsx'

type GroupUnits = Application['group']['groupPfInfo']

/** The units a choice adds up to: the plan, and the options when the type is "2". */
function chosenUnits(
  planUnitNo: number,
  values: { contractType?: string | undefined; optionUnitNoArray?: readonly string[] | undefined },
): number[] {
  const options = values.contractType === '2' ? (values.optionUnitNoArray ?? []).map(Number) : []
  return [planUnitNo, ...options]
}

/**
 * The form's rules: before the types are shown, only 「先に表示してください」 (SPEC §8.4); then the
 * contract's rules and the conflict between units, so the message comes before the server's.
 */
function selectTypeFormSchema(group: GroupUnits, planUnitNo: number, isShown: boolean) {
  if (!isShown) {
    return z
      .object({ contractType: z.string(), optionUnitNoArray: z.array(z.string()) })
      .check((payload) => {
        payload.issues.push({
          code: 'custom',
          path: ['contractType'],
          message: t('application.validation.showTypesFirst'),
          input: payload.value,
        })
      }) as unknown as typeof selectTypeInputSchema
  }
  return selectTypeInputSchema.check((payload) => {
    if (payload.value.contractType !== '2') return
    const conflict = unitConflict(group, chosenUnits(planUnitNo, payload.value))
    if (conflict === undefined) return
    payload.issues.push({
      code: 'custom',
      path: ['optionUnitNoArray'],
      message: conflictMessage(conflict.planNames, conflict.optionNames),
      input: payload.value.optionUnitNoArray,
    })
  })
}

function SelectTypeForm({
  application,
  planUnitNo,
}: {
  application: Application
  planUnitNo: number
}) {
  const { api } = useServices()
  const { view, group } = application
  const stored = view.applyInfo.cvrgeInfo
  // The options load as the screen opens (issue #23 point 9, ADR 0019). A plan without options
  // shows its only type at once; a plan with options keeps SPEC §8.4's 「選択できるタイプを表示」
  // until pressed, and a returning applicant sees the stored choice with the list it came from.
  const isReturning = stored.contractType !== null
  const [loaded, setLoaded] = useState<CoverageUnit[] | undefined>(undefined)
  const [isRequested, setIsRequested] = useState(isReturning)
  const [failure, setFailure] = useState<{ error: unknown } | undefined>(undefined)
  const options: CoverageUnit[] | 'loading' | undefined =
    loaded !== undefined && (isRequested || loaded.length === 0)
      ? loaded
      : isRequested
        ? 'loading'
        : undefined
  const isShown = Array.isArray(options)
  const schema = useMemo(
    () => selectTypeFormSchema(group.groupPfInfo, planUnitNo, isShown),
    [group, planUnitNo, isShown],
  )
  const form = useStepForm({
    schema,
    defaultValues: {
      contractType: stored.contractType ?? '',
      optionUnitNoArray: stored.unitArray
        .filter((entry) => entry.unit !== planUnitNo)
        .map((entry) => String(entry.unit)),
    },
    labels: {
      contractType: t('selectType.contractType'),
      optionUnitNoArray: t('selectType.options'),
    },
    onSubmit: async ({ contractType, optionUnitNoArray }) => {
      const next = await application.save((version) =>
        saveStep(api, 'selectType', {
          version,
          contractType,
          optionUnitNoArray: contractType === '2' ? optionUnitNoArray : [],
        }),
      )
      if (next !== undefined) application.goToNext(next)
    },
  })
  const contractTypeProps = form.fieldProps('contractType')
  // After 「選択できるタイプを表示」, focus goes on to the first choice of the list that appeared.
  const focusOnShow = useRef(false)
  useEffect(() => {
    if (!focusOnShow.current || !Array.isArray(options)) return
    focusOnShow.current = false
    document.getElementById(contractTypeProps.id)?.focus()
  }, [options, contractTypeProps.id])

  function showTypes(): void {
    focusOnShow.current = true
    setIsRequested(true)
    form.clearErrors('contractType')
  }

  useEffect(() => {
    let isCurrent = true
    fetchOptions(api, planUnitNo).then(
      (answer) => {
        if (!isCurrent) return
        setLoaded(answer.optionArray)
        // one type only: it is the choice (the applicant still presses 次へ)
        if (answer.optionArray.length === 0 && form.getValues('contractType') === '') {
          form.setValue('contractType', '1')
        }
      },
      (error: unknown) => {
        if (isCurrent) setFailure({ error })
      },
    )
    return () => {
      isCurrent = false
    }
    // the form object is stable for the screen's life; the list depends on the plan only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, planUnitNo])

  const values = useWatch({ control: form.control })
  const insuredCountOf = (unitNo: number) =>
    view.applyInfo.insrdInfoArray.filter((person) => person.unit === unitNo).length
  const premium = totalPremium(
    cvrgeUnits(group.groupPfInfo, chosenUnits(planUnitNo, values)),
    insuredCountOf,
  )

  if (failure !== undefined) throw failure.error
  const hasOptions = isShown && options.length > 0
  return (
    <form {...form.formProps} className="flex flex-col gap-6">
      <ErrorSummary {...form.summary} />
      {isShown ? (
        <>
          {!hasOptions && <p className="text-std-16N-170">{t('application.validation.noTypes')}</p>}
          <RadioGroup
            {...contractTypeProps}
            control={form.control}
            required
            options={[
              { value: '1', label: t('selectType.contractType.1') },
              ...(hasOptions ? [{ value: '2', label: t('selectType.contractType.2') }] : []),
            ]}
          />
          {hasOptions && values.contractType === '2' && (
            <CheckboxGroup
              {...form.fieldProps('optionUnitNoArray')}
              control={form.control}
              required
              support={t('selectType.options.support')}
              options={options.map((option) => ({
                value: String(option.unitNo),
                label: t('selectType.option', {
                  displayName: option.displayName,
                  premium: unitPremiumText(
                    option.unitPremium,
                    option.premiumBasis,
                    group.groupPfInfo.pymntCount,
                  ),
                }),
              }))}
            />
          )}
          <div className="flex flex-col gap-1 rounded-8 bg-solid-gray-50 p-4">
            <p className="text-std-16B-170">{totalPremiumLabel(group.groupPfInfo.pymntCount)}</p>
            <p className="text-std-20B-150" aria-live="polite" aria-atomic="true">
              {formatYen(premium)}
            </p>
            <p className="text-std-16N-170 text-solid-gray-700">{t('selectType.total.support')}</p>
          </div>
        </>
      ) : (
        <div className="flex flex-col gap-2">
          {loaded !== undefined && loaded.length > 0 && (
            <p className="text-std-16N-170">{t('selectType.hasOptions')}</p>
          )}
          <div>
            <button
              type="button"
              id={contractTypeProps.id}
              className="app-button-secondary w-full md:w-auto"
              aria-describedby={
                contractTypeProps.error === undefined ? undefined : `${contractTypeProps.id}-error`
              }
              aria-disabled={options === 'loading' ? true : undefined}
              onClick={() => {
                if (options !== 'loading') showTypes()
              }}
            >
              {t('selectType.showTypes')}
            </button>
          </div>
          {options === 'loading' && <LoadingIndicator />}
          {contractTypeProps.error !== undefined && (
            <ErrorText id={`${contractTypeProps.id}-error`}>{contractTypeProps.error}</ErrorText>
          )}
        </div>
      )}
      <div>
        <button type="submit" className="app-button w-full md:w-auto">
          {t('flow.next')}
        </button>
      </div>
    </form>
  )
}

/** プラン・タイプの選択 (SPEC §8.4 "Plan selection"): the plan alone, or with options. */
export default function SelectTypeScreen() {
  const application = useApplication('selectType')
  const planUnitNo = application?.view.applyInfo.cvrgeInfo.planUnitNo ?? null
  const plan =
    planUnitNo === null
      ? undefined
      : application?.group.groupPfInfo.unitInfoArray.find((unit) => unit.unitNo === planUnitNo)
  return (
    <div className="flex flex-col gap-8">
      <StepHeader
        title={t('screen.selectType.title')}
        step="selectType"
        view={application?.view}
        conflict={application?.conflict}
      />
      <LoadingRegion data={application} className="flex flex-col gap-8">
        {(application) =>
          planUnitNo !== null && (
            <>
              <p className="text-std-16N-170">{t('selectType.lead')}</p>
              <section className="flex flex-col gap-2 rounded-8 border border-solid-gray-420 p-4">
                <h2 className="text-std-18B-160">{t('selectType.plan')}</h2>
                {plan !== undefined && (
                  <p className="text-std-16N-170">
                    {t('selectCategory.option', {
                      name: planNameText(plan),
                      premium: unitPremiumText(
                        plan.unitPremium,
                        plan.premiumBasis,
                        application.group.groupPfInfo.pymntCount,
                      ),
                    })}
                  </p>
                )}
                <p>
                  <Link to="../selectCategory" relative="path" className="app-link">
                    {t('selectType.changePlan')}
                  </Link>
                </p>
              </section>
              <SelectTypeForm
                key={application.view.version}
                application={application}
                planUnitNo={planUnitNo}
              />
            </>
          )
        }
      </LoadingRegion>
    </div>
  )
}
