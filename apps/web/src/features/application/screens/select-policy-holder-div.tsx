import { t } from '@app/shared/messages/application-flow'
import * as z from 'zod/mini'
import { ErrorSummary } from '@/components/form/error-summary.tsx'
import { RadioGroup } from '@/components/form/radio-group.tsx'
import { useStepForm } from '@/components/form/use-step-form.ts'
import { LoadingRegion } from '@/components/loading-indicator.tsx'
import { useServices } from '@/lib/services.tsx'
import { saveStep } from '../application-api.ts'
import { StepHeader } from '../components/step-header.tsx'
import { useApplication, type Application } from '../use-application.tsx'

// policyHolderDivSchema of the contract, without loading the whole application schema module.
const schema = z.object({
  policyHolderDiv: z.enum(['1', '2'], { error: () => t('policyHolderDiv.required') }),
})

const options = [
  { value: '1', label: t('policyHolderDiv.1') },
  { value: '2', label: t('policyHolderDiv.2') },
] as const

function PolicyHolderDivForm({ application }: { application: Application }) {
  const { api } = useServices()
  const form = useStepForm({
    schema,
    // SPEC §3.8: 個人 unless the applicant chose otherwise
    defaultValues: {
      policyHolderDiv: application.view.applyInfo.policyHolderInfo.policyHolderDiv ?? '1',
    },
    labels: { policyHolderDiv: t('policyHolderDiv.legend') },
    onSubmit: async ({ policyHolderDiv }) => {
      const view = await application.save((version) =>
        saveStep(api, 'selectPolicyHolderDiv', { version, policyHolderDiv }),
      )
      if (view !== undefined) application.goToNext(view)
    },
  })
  return (
    <form {...form.formProps} className="flex flex-col gap-6">
      <ErrorSummary {...form.summary} />
      <RadioGroup
        {...form.fieldProps('policyHolderDiv')}
        control={form.control}
        required
        options={options}
      />
      <div>
        <button type="submit" className="app-button w-full md:w-auto">
          {t('flow.next')}
        </button>
      </div>
    </form>
  )
}

/** 加入者区分の選択 (SPEC §2.1, §3.8): 個人 or 法人; 法人 adds registerMaintenanceManager. */
export default function SelectPolicyHolderDivScreen() {
  const application = useApplication('selectPolicyHolderDiv')
  return (
    <div className="flex flex-col gap-8">
      <StepHeader
        title={t('screen.selectPolicyHolderDiv.title')}
        step="selectPolicyHolderDiv"
        view={application?.view}
        conflict={application?.conflict}
      />
      <LoadingRegion data={application} className="flex flex-col gap-8">
        {(application) => (
          <>
            <p className="text-std-16N-170">{t('policyHolderDiv.lead')}</p>
            <PolicyHolderDivForm key={application.view.version} application={application} />
          </>
        )}
      </LoadingRegion>
    </div>
  )
}
