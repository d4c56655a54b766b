import {
  maintenanceManagerInputSchema,
  type MaintenanceManagerInput,
} from '@app/shared/api/application/apply-info'
import { t } from '@app/shared/messages/application-forms-common'
import { useState } from 'react'
import { ErrorSummary } from '@/components/form/error-summary.tsx'
import { textInputClassName } from '@/components/form/field-parts.tsx'
import { Field } from '@/components/form/field.tsx'
import { useStepForm } from '@/components/form/use-step-form.ts'
import { useServices } from '@/lib/services.tsx'
import { saveStep } from '../application-api.ts'
import type { Application } from '../use-application.tsx'
import {
  ApplicationStepScreen,
  SubmitButton,
  useOneAtATime,
} from '../components/application-screen.tsx'

// 管理担当者の登録 (ADR 0012): a corporate policy holder's 担当者 for the contract.

const labels = {
  maintenanceManagerNameKana: t('maintenanceManager.maintenanceManagerNameKana'),
  maintenanceManagerNameKanji: t('maintenanceManager.maintenanceManagerNameKanji'),
  maintenanceManagerDepartment: t('maintenanceManager.maintenanceManagerDepartment'),
  maintenanceManagerTelNo: t('maintenanceManager.maintenanceManagerTelNo'),
  maintenanceManagerMailAddress: t('maintenanceManager.maintenanceManagerMailAddress'),
}

const emptyManager: MaintenanceManagerInput = {
  maintenanceManagerNameKana: '',
  maintenanceManagerNameKanji: '',
  maintenanceManagerDepartment: '',
  maintenanceManagerTelNo: '',
  maintenanceManagerMailAddress: '',
}

interface FieldSpec {
  name: keyof MaintenanceManagerInput
  required: boolean
  support?: string
  type?: 'text' | 'tel' | 'email'
  autoComplete?: string
}

const fields: readonly FieldSpec[] = [
  {
    name: 'maintenanceManagerNameKana',
    required: true,
    support: t('applicationForm.kana.support'),
  },
  {
    name: 'maintenanceManagerNameKanji',
    required: true,
    support: t('applicationForm.kanji.support'),
    autoComplete: 'name',
  },
  {
    name: 'maintenanceManagerDepartment',
    required: false,
    support: t('maintenanceManager.maintenanceManagerDepartment.support'),
  },
  {
    name: 'maintenanceManagerTelNo',
    required: true,
    support: t('applicationForm.telNo.support'),
    type: 'tel',
    autoComplete: 'work tel',
  },
  {
    name: 'maintenanceManagerMailAddress',
    required: true,
    support: t('maintenanceManager.maintenanceManagerMailAddress.support'),
    type: 'email',
    autoComplete: 'work email',
  },
]

function MaintenanceManagerForm({ application }: { application: Application }) {
  const { api } = useServices()
  const [defaultValues] = useState(
    () => application.view.applyInfo.maintenanceManagerInfo ?? emptyManager,
  )
  const oneAtATime = useOneAtATime()
  const form = useStepForm({
    schema: maintenanceManagerInputSchema,
    defaultValues,
    labels,
    onSubmit: (values) =>
      oneAtATime(async () => {
        const next = await application.save((version) =>
          saveStep(api, 'registerMaintenanceManager', { version, maintenanceManagerInfo: values }),
        )
        if (next !== undefined) application.goToNext(next)
      }),
  })
  return (
    <form {...form.formProps} className="flex flex-col gap-6">
      <ErrorSummary {...form.summary} />
      {fields.map((field) => (
        <Field
          key={field.name}
          {...form.fieldProps(field.name)}
          required={field.required}
          support={field.support}
        >
          {(control) => (
            <input
              type={field.type ?? 'text'}
              autoComplete={field.autoComplete}
              className={`${textInputClassName} w-full md:w-96`}
              {...control}
              {...form.register(field.name)}
            />
          )}
        </Field>
      ))}
      <SubmitButton />
    </form>
  )
}

/** 管理担当者の登録 (SPEC §2.1 registerMaintenanceManager; corporate holders only). */
export default function RegisterMaintenanceManagerScreen() {
  return (
    <ApplicationStepScreen
      step="registerMaintenanceManager"
      titleKey="screen.registerMaintenanceManager.title"
      lead={t('maintenanceManager.lead')}
    >
      {(application) => <MaintenanceManagerForm application={application} />}
    </ApplicationStepScreen>
  )
}
