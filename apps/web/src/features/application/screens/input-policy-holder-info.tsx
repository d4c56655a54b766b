import {
  policyHolderInputSchema,
  policyHolderIssues,
  type PolicyHolderDiv,
  type PolicyHolderInfoState,
  type PolicyHolderInput,
} from '@app/shared/api/application/apply-info'
import type { ItemDefinition } from '@app/shared/api/group/item-definition'
import { applicationFormsCatalogue } from '@app/shared/messages/application-forms-common'
import { translator } from '@app/shared/messages/format'
import { policyHolderFormMessages } from '@app/shared/messages/policy-holder-form.ja'
import { policyHolderItems } from '@app/shared/rules/application'
import { fieldSchema } from '@app/shared/rules/field-schema'
import { useMemo, useState, type ReactNode } from 'react'
import * as z from 'zod/mini'
import { DateInput, dateInputRules } from '@/components/form/date-input.tsx'
import { ErrorSummary } from '@/components/form/error-summary.tsx'
import { textInputClassName } from '@/components/form/field-parts.tsx'
import { Field } from '@/components/form/field.tsx'
import { RadioGroup } from '@/components/form/radio-group.tsx'
import { useStepForm, type StepForm } from '@/components/form/use-step-form.ts'
import { ApiError } from '@/lib/api-client.ts'
import { useServices } from '@/lib/services.tsx'
import { lookupAddress, saveStep, type AddressResponse } from '../application-api.ts'
import type { Application } from '../use-application.tsx'
import {
  ApplicationStepScreen,
  SubmitButton,
  useFatalFailure,
  useOneAtATime,
} from '../components/application-screen.tsx'
import {
  ItemField,
  itemAnswerDefaults,
  itemAnswersSchemaFor,
  itemLabels,
} from '../components/item-field.tsx'

// 加入者情報の入力 (SPEC §3.8; issue #6): the policy holder's own fields, the address found from
// the zip code, and the group's policy-holder items.

const t = translator({ ...applicationFormsCatalogue, ...policyHolderFormMessages })

type Values = PolicyHolderInput
type Form = StepForm<Values, Values>

const otherInsuranceDetails = [
  'otherInsuranceCompanyName',
  'otherInsuranceType',
  'otherInsuranceExpiryDate',
  'otherInsurancePymntLimit',
] as const

/**
 * The step's schema: the field rules of policyHolderInputSchema, the group's items, and the
 * cross-field rules (policyHolderIssues) reported together with them. What the applicant cannot
 * see is not sent: a corporation's birth date and sex, and the other insurance when it is なし.
 */
function policyHolderFormSchema(
  div: PolicyHolderDiv,
  items: readonly ItemDefinition[],
): z.ZodMiniType<Values, Values> {
  // The date boxes' own format message comes first, as on every date input (ADR 0007).
  const dateBoxes = fieldSchema(...dateInputRules({ required: false }))
  const fields = z
    .object({
      ...policyHolderInputSchema.shape,
      policyHolderBirthDate: dateBoxes,
      otherInsuranceExpiryDate: dateBoxes,
      itemAnswers: itemAnswersSchemaFor(items),
    })
    .check(
      z.superRefine(
        (value, context) => {
          for (const issue of policyHolderIssues(div, value)) {
            context.addIssue({ code: 'custom', path: [issue.path], message: issue.message })
          }
        },
        // Told together with the field rules, not only once every field passes.
        { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
      ),
    )
  return z.pipe(
    z.transform((value: Values): Values => {
      const shown = { ...value }
      if (div === '2') Object.assign(shown, { policyHolderBirthDate: '', policyHolderSex: '' })
      if (value.otherInsuranceFlg !== '1') {
        for (const name of otherInsuranceDetails) shown[name] = ''
      }
      return shown
    }),
    fields,
  )
}

function labelsFor(div: PolicyHolderDiv, items: readonly ItemDefinition[]) {
  const isCorporate = div === '2'
  return {
    policyHolderNameKana: t(
      isCorporate ? 'policyHolder.corporateNameKana' : 'policyHolder.policyHolderNameKana',
    ),
    policyHolderNameKanji: t(
      isCorporate ? 'policyHolder.corporateNameKanji' : 'policyHolder.policyHolderNameKanji',
    ),
    policyHolderBirthDate: t('policyHolder.policyHolderBirthDate'),
    policyHolderSex: t('policyHolder.policyHolderSex'),
    policyHolderZipCd: t('policyHolder.policyHolderZipCd'),
    policyHolderAddressKanji: t('policyHolder.policyHolderAddressKanji'),
    policyHolderAddressKana: t('policyHolder.policyHolderAddressKana'),
    homeTelNo: t(isCorporate ? 'policyHolder.homeTelNo.corporate' : 'policyHolder.homeTelNo'),
    mobileTelNo: t('policyHolder.mobileTelNo'),
    faxNo: t('policyHolder.faxNo'),
    otherInsuranceFlg: t('policyHolder.otherInsuranceFlg'),
    otherInsuranceCompanyName: t('policyHolder.otherInsuranceCompanyName'),
    otherInsuranceType: t('policyHolder.otherInsuranceType'),
    otherInsuranceExpiryDate: t('policyHolder.otherInsuranceExpiryDate'),
    otherInsurancePymntLimit: t('policyHolder.otherInsurancePymntLimit'),
    ...itemLabels(items, 'itemAnswers.'),
  }
}

/** The saved answers of the step (SPEC §3.8 defaults: sex "1" is not preset, flag "2"). */
function defaultsOf(saved: PolicyHolderInfoState, items: readonly ItemDefinition[]): Values {
  return {
    policyHolderNameKana: saved.policyHolderNameKana,
    policyHolderNameKanji: saved.policyHolderNameKanji,
    policyHolderBirthDate: saved.policyHolderBirthDate,
    policyHolderSex: saved.policyHolderSex,
    policyHolderZipCd: saved.policyHolderZipCd,
    policyHolderAddressKanji: saved.policyHolderAddressKanji,
    policyHolderAddressKana: saved.policyHolderAddressKana,
    homeTelNo: saved.homeTelNo,
    mobileTelNo: saved.mobileTelNo,
    faxNo: saved.faxNo,
    otherInsuranceFlg: saved.otherInsuranceFlg,
    otherInsuranceCompanyName: saved.otherInsuranceCompanyName,
    otherInsuranceType: saved.otherInsuranceType,
    otherInsuranceExpiryDate: saved.otherInsuranceExpiryDate,
    otherInsurancePymntLimit: saved.otherInsurancePymntLimit,
    itemAnswers: itemAnswerDefaults(items, saved.itemAnswers),
  }
}

type TextName = Exclude<
  keyof Values,
  'itemAnswers' | 'policyHolderSex' | 'otherInsuranceFlg' | 'policyHolderBirthDate'
>

function TextField({
  form,
  name,
  required = false,
  support,
  type = 'text',
  autoComplete,
  inputMode,
  width = 'w-full md:w-96',
  children,
}: {
  form: Form
  name: TextName
  required?: boolean
  support?: string | undefined
  type?: 'text' | 'tel'
  autoComplete?: string | undefined
  inputMode?: 'numeric' | 'tel' | undefined
  width?: string
  children?: ReactNode
}) {
  return (
    <Field {...form.fieldProps(name)} required={required} support={support}>
      {(control) => (
        <div className="flex flex-wrap items-center gap-4">
          <input
            type={type}
            autoComplete={autoComplete}
            inputMode={inputMode}
            className={`${textInputClassName} ${width}`}
            {...control}
            {...form.register(name)}
          />
          {children}
        </div>
      )}
    </Field>
  )
}

interface LookupStatus {
  text: string
  /** a new value for each lookup, so the same text is announced again */
  key: number
}

/** The common start of the addresses found (「東京都千代田区」 for two towns of one city). */
function commonStart(addresses: readonly string[]): string {
  const [first = '', ...rest] = addresses
  let length = first.length
  for (const address of rest) {
    let index = 0
    while (index < length && address[index] === first[index]) index += 1
    length = index
  }
  return first.slice(0, length)
}

/**
 * The reading of an address for policyHolderAddressKana: its parts apart by a full-width space
 * (U+3000), which onlyFullKatakana accepts and which keeps a long reading legible.
 */
function kanaAddressOf(entry: AddressResponse['addressArray'][number]): string {
  return [entry.prefectureKana, entry.cityKana, entry.townKana]
    .filter((part) => part !== '')
    .join('\u3000')
}

/** 「住所を検索」 (SPEC §7.6 /address/, §8.4 "Address lookup failed"). */
function useAddressLookup(form: Form) {
  const { api } = useServices()
  const fail = useFatalFailure()
  const [status, setStatus] = useState<LookupStatus | undefined>(undefined)
  const [isSearching, setIsSearching] = useState(false)
  const show = (text: string) => setStatus((previous) => ({ text, key: (previous?.key ?? 0) + 1 }))

  async function search(): Promise<void> {
    if (isSearching) return
    // The zip code's own rules first, with their message on the field.
    if (!(await form.trigger('policyHolderZipCd'))) {
      form.setFocus('policyHolderZipCd')
      return
    }
    setIsSearching(true)
    show(t('policyHolder.addressLookup.searching'))
    try {
      const { addressArray } = await lookupAddress(api, form.getValues('policyHolderZipCd'))
      const addresses = addressArray.map((entry) => `${entry.prefecture}${entry.city}${entry.town}`)
      const address = commonStart(addresses)
      if (address === '') {
        show(t('application.validation.addressNotFound'))
        return
      }
      // Both boxes are filled, as the button was pressed to fill them: what was typed there before
      // is replaced, as in the address box since issue #6.
      form.setValue('policyHolderAddressKanji', address)
      form.setValue('policyHolderAddressKana', commonStart(addressArray.map(kanaAddressOf)))
      form.clearErrors(['policyHolderAddressKanji', 'policyHolderAddressKana'])
      show(
        t(
          addresses.length > 1
            ? 'policyHolder.addressLookup.foundSeveral'
            : 'policyHolder.addressLookup.found',
        ),
      )
      // The applicant goes on with the street number, after the text that was filled in.
      const box = document.getElementById(form.fieldProps('policyHolderAddressKanji').id)
      if (box instanceof HTMLInputElement) {
        box.focus()
        box.setSelectionRange(address.length, address.length)
      }
    } catch (error) {
      // A session that ended or maintenance is the error screen's; anything else means the
      // address is typed by hand (SPEC §8.4).
      if (error instanceof ApiError && error.status !== 401 && error.status !== 503) {
        show(t('application.validation.addressNotFound'))
      } else {
        fail(error)
      }
    } finally {
      setIsSearching(false)
    }
  }
  return { status, search }
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-6">
      <h2 className="text-std-20B-150 text-solid-gray-900">{title}</h2>
      {children}
    </section>
  )
}

function PolicyHolderForm({ application }: { application: Application }) {
  const { api } = useServices()
  const { view, items, chosenUnitNos } = application
  const saved = view.applyInfo.policyHolderInfo
  const div: PolicyHolderDiv = saved.policyHolderDiv ?? '1'
  const isCorporate = div === '2'
  const shownItems = useMemo(() => policyHolderItems(items, chosenUnitNos), [items, chosenUnitNos])
  const schema = useMemo(() => policyHolderFormSchema(div, shownItems), [div, shownItems])
  const labels = useMemo(() => labelsFor(div, shownItems), [div, shownItems])
  // The saved answers when the screen opens; later saves never reset what is typed.
  const [defaultValues] = useState(() => defaultsOf(saved, shownItems))
  const oneAtATime = useOneAtATime()

  const form = useStepForm({
    schema,
    defaultValues,
    labels,
    onSubmit: (values) =>
      oneAtATime(async () => {
        const next = await application.save((version) =>
          saveStep(api, 'inputPolicyHolderInfo', { version, policyHolderInfo: values }),
        )
        if (next !== undefined) application.goToNext(next)
      }),
  })
  const lookup = useAddressLookup(form)
  const hasOtherInsurance = form.watch('otherInsuranceFlg') === '1'
  const yesNo = [
    { value: '1', label: t('applicationForm.choice.yes') },
    { value: '2', label: t('applicationForm.choice.no') },
  ]

  return (
    <form {...form.formProps} className="flex flex-col gap-10">
      <ErrorSummary {...form.summary} />
      <Section title={t('policyHolder.section.basic')}>
        <TextField
          form={form}
          name="policyHolderNameKana"
          required
          support={t(
            isCorporate ? 'policyHolder.corporateNameKana.support' : 'applicationForm.kana.support',
          )}
        />
        <TextField
          form={form}
          name="policyHolderNameKanji"
          required
          autoComplete={isCorporate ? 'organization' : 'name'}
          support={t(
            isCorporate
              ? 'policyHolder.corporateNameKanji.support'
              : 'applicationForm.kanji.support',
          )}
        />
        {!isCorporate && (
          <>
            <DateInput
              {...form.fieldProps('policyHolderBirthDate')}
              control={form.control}
              required
              autoComplete="bday"
              support={t('applicationForm.date.support')}
            />
            <RadioGroup
              {...form.fieldProps('policyHolderSex')}
              control={form.control}
              required
              options={[
                { value: '1', label: t('applicationForm.sex.male') },
                { value: '2', label: t('applicationForm.sex.female') },
              ]}
            />
          </>
        )}
      </Section>

      <Section title={t('policyHolder.section.address')}>
        <div className="flex flex-col gap-2">
          <TextField
            form={form}
            name="policyHolderZipCd"
            required
            autoComplete="postal-code"
            inputMode="numeric"
            width="w-40"
            support={t('policyHolder.policyHolderZipCd.support')}
          >
            <button
              type="button"
              className="app-button-secondary"
              onClick={() => void lookup.search()}
            >
              {t('policyHolder.addressLookup')}
            </button>
          </TextField>
          <p role="status" className="text-std-16N-170 text-solid-gray-800">
            {lookup.status !== undefined && (
              <span key={lookup.status.key}>{lookup.status.text}</span>
            )}
          </p>
        </div>
        <TextField
          form={form}
          name="policyHolderAddressKanji"
          required
          width="w-full"
          support={t('policyHolder.policyHolderAddressKanji.support')}
        />
        <TextField
          form={form}
          name="policyHolderAddressKana"
          required
          width="w-full"
          support={t('policyHolder.policyHolderAddressKana.support')}
        />
      </Section>

      <Section title={t('policyHolder.section.tel')}>
        <p className="text-std-16N-170">
          {t(isCorporate ? 'policyHolder.tel.support.corporate' : 'policyHolder.tel.support')}
        </p>
        <TextField
          form={form}
          name="homeTelNo"
          type="tel"
          autoComplete="tel"
          width="w-full md:w-72"
          support={t('applicationForm.telNo.support')}
        />
        <TextField
          form={form}
          name="mobileTelNo"
          type="tel"
          autoComplete="tel"
          width="w-full md:w-72"
          support={t('policyHolder.mobileTelNo.support')}
        />
        <TextField
          form={form}
          name="faxNo"
          type="tel"
          width="w-full md:w-72"
          support={t('applicationForm.telNo.support')}
        />
      </Section>

      <Section title={t('policyHolder.section.otherInsurance')}>
        <RadioGroup
          {...form.fieldProps('otherInsuranceFlg')}
          control={form.control}
          required
          support={t('policyHolder.otherInsuranceFlg.support')}
          options={yesNo}
        />
        {hasOtherInsurance && (
          <>
            <TextField form={form} name="otherInsuranceCompanyName" required />
            <TextField form={form} name="otherInsuranceType" required />
            <DateInput
              {...form.fieldProps('otherInsuranceExpiryDate')}
              control={form.control}
              required
              support={t('applicationForm.date.support')}
            />
            <TextField
              form={form}
              name="otherInsurancePymntLimit"
              required
              inputMode="numeric"
              width="w-full md:w-72"
              support={t('policyHolder.otherInsurancePymntLimit.support')}
            />
          </>
        )}
      </Section>

      {shownItems.length > 0 && (
        <Section title={t('policyHolder.section.items')}>
          {shownItems.map((item) => (
            <ItemField
              key={item.itemCode}
              item={item}
              control={form.control}
              {...form.fieldProps(`itemAnswers.${item.itemCode}`)}
            />
          ))}
        </Section>
      )}
      <SubmitButton />
    </form>
  )
}

/** 加入者情報の入力 (SPEC §2.1 inputPolicyHolderInfo, §3.8). */
export default function InputPolicyHolderInfoScreen() {
  return (
    <ApplicationStepScreen
      step="inputPolicyHolderInfo"
      titleKey="screen.inputPolicyHolderInfo.title"
      lead={t('policyHolder.lead')}
    >
      {(application) => <PolicyHolderForm application={application} />}
    </ApplicationStepScreen>
  )
}
