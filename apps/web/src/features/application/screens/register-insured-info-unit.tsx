import { unitPremiumText } from '@app/shared/messages/premium-text'
import {
  insuredInputSchema,
  type InsuredInput,
  type InsuredPerson,
} from '@app/shared/api/application/apply-info'
import type { ItemDefinition } from '@app/shared/api/group/item-definition'
import { formatJapaneseDate } from '@app/shared/format/display'
import { applicationFormsCatalogue } from '@app/shared/messages/application-forms-common'
import { translator } from '@app/shared/messages/format'
import { insuredFormMessages } from '@app/shared/messages/insured-form.ja'
import { insuredItems, insuredUnitNos } from '@app/shared/rules/application'
import {
  insuredFillFromPerson,
  insuredFillFromPolicyHolder,
  reusableInsuredPersons,
  type InsuredFill,
} from '@app/shared/rules/insured'
import { fieldSchema } from '@app/shared/rules/field-schema'
import { useEffect, useId, useMemo, useRef, useState, type RefObject } from 'react'
import { useNavigate, useParams } from 'react-router'
import { Link } from '@/components/link.tsx'
import * as z from 'zod/mini'
import { DateInput, dateInputRules } from '@/components/form/date-input.tsx'
import { ErrorSummary, type ErrorSummaryItem } from '@/components/form/error-summary.tsx'
import { textInputClassName } from '@/components/form/field-parts.tsx'
import { Field } from '@/components/form/field.tsx'
import type { FieldPath } from '@/components/form/form-store.ts'
import { RadioGroup } from '@/components/form/radio-group.tsx'
import { useStepForm, validationIssuesOf } from '@/components/form/use-step-form.ts'
import { PageNotFoundError } from '@/lib/failure.ts'
import { useServices } from '@/lib/services.tsx'
import { addInsured, confirmInsuredUnit, removeInsured, updateInsured } from '../application-api.ts'
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
  itemAnswerText,
  itemLabels,
  type ItemAnswerValues,
} from '../components/item-field.tsx'

// 被保険者情報の入力 (SPEC §2.1 registerInsuredInfo/{unitNo}, §3.1 insrdInfoArray, §4 unit
// registration): the unit's insured persons, added, changed and removed one by one, and
// 「この内容で確定する」 for the unit.

const t = translator({ ...applicationFormsCatalogue, ...insuredFormMessages })

interface InsuredValues {
  insrdNameKana: string
  insrdNameKanji: string
  insrdBirthDate: string
  insrdSex: string
  itemAnswers: ItemAnswerValues
}

/** insuredInputSchema's rules, the birth date's boxes (ADR 0007) and the unit's items. */
function insuredFormSchema(items: readonly ItemDefinition[]) {
  const { insrdNameKana, insrdNameKanji } = insuredInputSchema.shape
  return z.object({
    insrdNameKana,
    insrdNameKanji,
    insrdBirthDate: fieldSchema(...dateInputRules({ required: true })),
    insrdSex: fieldSchema('required'),
    itemAnswers: itemAnswersSchemaFor(items),
  }) as unknown as z.ZodMiniType<InsuredValues, InsuredValues>
}

function defaultsOf(items: readonly ItemDefinition[], person?: InsuredPerson): InsuredValues {
  return {
    insrdNameKana: person?.insrdNameKana ?? '',
    insrdNameKanji: person?.insrdNameKanji ?? '',
    insrdBirthDate: person?.insrdBirthDate ?? '',
    insrdSex: person?.insrdSex ?? '',
    itemAnswers: itemAnswerDefaults(items, person?.itemAnswers),
  }
}

interface Announcement {
  text: string
  key: number
}

/** A polite live region: each new text is a new node, so the same text is told again. */
function StatusMessage({ announcement }: { announcement: Announcement | undefined }) {
  return (
    <p role="status" className="text-std-16B-170">
      {announcement !== undefined && <span key={announcement.key}>{announcement.text}</span>}
    </p>
  )
}

/** The text of a StatusMessage, and how to tell a new one. */
function useAnnouncement(): [Announcement | undefined, (text: string) => void] {
  const [announcement, setAnnouncement] = useState<Announcement | undefined>(undefined)
  const announce = (text: string) =>
    setAnnouncement((previous) => ({ text, key: (previous?.key ?? 0) + 1 }))
  return [announcement, announce]
}

/** Who the add form can be filled from (issue #23 point 12). */
interface FillSources {
  /** 「ご契約者と同じ」; undefined for a corporate holder */
  policyHolder: InsuredFill | undefined
  /** persons registered for other units and not for this one */
  persons: readonly InsuredPerson[]
}

/**
 * 「すでに入力した方と同じ方を登録する」 above the add form: the policy holder's button, and a
 * choice of the persons registered for other units with its own button. Both only fill the form
 * (nothing is sent until 「追加する」) and say what they filled in a polite live region.
 */
function FillFromEntered({
  sources,
  unitItems,
  onFill,
}: {
  sources: FillSources
  unitItems: readonly ItemDefinition[]
  onFill: (fill: InsuredFill) => void
}) {
  const { policyHolder, persons } = sources
  const headingId = useId()
  const holderNameId = useId()
  const selectRef = useRef<HTMLSelectElement>(null)
  const [chosenId, setChosenId] = useState('')
  const [choiceError, setChoiceError] = useState<string | undefined>(undefined)
  const [announcement, announce] = useAnnouncement()

  function fillFromPolicyHolder(fill: InsuredFill): void {
    onFill(fill)
    announce(t('insuredUnit.fill.filledPolicyHolder', { name: fill.insrdNameKanji }))
  }

  function fillFromChosen(): void {
    const chosen = persons.find((person) => person.insrdId === chosenId)
    if (chosen === undefined) {
      setChoiceError(t('insuredUnit.fill.personRequired'))
      selectRef.current?.focus()
      return
    }
    setChoiceError(undefined)
    onFill(insuredFillFromPerson(chosen, unitItems))
    announce(t('insuredUnit.fill.filledPerson', { name: chosen.insrdNameKanji }))
  }

  return (
    <div
      role="group"
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-8 bg-solid-gray-50 p-4"
    >
      <h3 id={headingId} className="text-std-17B-170 text-solid-gray-900">
        {t('insuredUnit.fill.heading')}
      </h3>
      <p className="text-std-16N-170">{t('insuredUnit.fill.lead')}</p>
      {policyHolder !== undefined && (
        <div className="flex flex-col gap-2 md:flex-row md:items-center md:gap-4">
          <button
            type="button"
            className="app-button-secondary w-full md:w-auto"
            aria-describedby={holderNameId}
            onClick={() => fillFromPolicyHolder(policyHolder)}
          >
            {t('insuredUnit.fill.policyHolder')}
          </button>
          <p id={holderNameId} className="text-std-16N-170">
            {t('insuredUnit.fill.policyHolderName', { name: policyHolder.insrdNameKanji })}
          </p>
        </div>
      )}
      {persons.length > 0 && (
        <div className="flex flex-col gap-3">
          <Field label={t('insuredUnit.fill.person')} error={choiceError}>
            {(control) => (
              <select
                {...control}
                ref={selectRef}
                value={chosenId}
                onChange={(event) => {
                  setChosenId(event.currentTarget.value)
                  setChoiceError(undefined)
                }}
                className={`${textInputClassName} w-full md:w-96`}
              >
                <option value="">{t('applicationForm.select.empty')}</option>
                {persons.map((person) => (
                  <option key={person.insrdId} value={person.insrdId}>
                    {t('insuredUnit.fill.personOption', {
                      name: person.insrdNameKanji,
                      birthDate: formatJapaneseDate(person.insrdBirthDate),
                    })}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <div>
            <button
              type="button"
              className="app-button-secondary w-full md:w-auto"
              onClick={fillFromChosen}
            >
              {t('insuredUnit.fill.usePerson')}
            </button>
          </div>
        </div>
      )}
      <StatusMessage announcement={announcement} />
    </div>
  )
}

const sexLabel = (sex: string) =>
  sex === '1' ? t('applicationForm.sex.male') : sex === '2' ? t('applicationForm.sex.female') : ''

/** The add form, or the change form of one person (the same fields, prefilled). */
function InsuredForm({
  application,
  unitNo,
  items,
  person,
  fillSources,
  headingRef,
  onSaved,
  onCancel,
}: {
  application: Application
  unitNo: number
  items: readonly ItemDefinition[]
  person: InsuredPerson | undefined
  fillSources: FillSources
  headingRef: RefObject<HTMLHeadingElement | null>
  onSaved: (message: string) => void
  onCancel: () => void
}) {
  const { api } = useServices()
  const schema = useMemo(() => insuredFormSchema(items), [items])
  const [defaultValues] = useState(() => defaultsOf(items, person))
  const oneAtATime = useOneAtATime()
  const labels = {
    insrdNameKana: t('insuredUnit.insrdNameKana'),
    insrdNameKanji: t('insuredUnit.insrdNameKanji'),
    insrdBirthDate: t('insuredUnit.insrdBirthDate.label'),
    insrdSex: t('insuredUnit.insrdSex'),
    ...itemLabels(items, 'itemAnswers.'),
  }
  const form = useStepForm({
    schema,
    defaultValues,
    labels,
    onSubmit: (values) =>
      oneAtATime(async () => {
        const insrdInfo: InsuredInput = { ...values, insrdSex: values.insrdSex as '1' | '2' }
        const next = await application.save((version) =>
          person === undefined
            ? addInsured(api, unitNo, { version, insrdInfo })
            : updateInsured(api, unitNo, person.insrdId, { version, insrdInfo }),
        )
        if (next === undefined) return
        onSaved(
          t(person === undefined ? 'insuredUnit.added' : 'insuredUnit.updated', {
            name: values.insrdNameKanji,
          }),
        )
      }),
  })
  /** Fills the form, never sends it; a field that shows an error is checked again. */
  function fill(values: InsuredFill): void {
    const filled: FieldPath<InsuredValues>[] = []
    const set = (name: 'insrdNameKana' | 'insrdNameKanji' | 'insrdBirthDate' | 'insrdSex') => {
      if (values[name] === '') return
      form.setValue(name, values[name])
      filled.push(name)
    }
    set('insrdNameKana')
    set('insrdNameKanji')
    set('insrdBirthDate')
    set('insrdSex')
    for (const [itemCode, answer] of Object.entries(values.itemAnswers)) {
      const path = `itemAnswers.${itemCode}` as const
      form.setValue(path, typeof answer === 'string' ? answer : [...answer])
      filled.push(path)
    }
    const shown = filled.filter((name) => form.getFieldState(name).error !== undefined)
    if (shown.length > 0) void form.trigger(shown)
  }

  const canFill =
    person === undefined &&
    (fillSources.policyHolder !== undefined || fillSources.persons.length > 0)

  return (
    <section className="flex flex-col gap-6 rounded-8 border border-solid-gray-420 p-4 md:p-6">
      <h2 ref={headingRef} tabIndex={-1} className="text-std-20B-150 text-solid-gray-900">
        {t(person === undefined ? 'insuredUnit.addHeading' : 'insuredUnit.editHeading')}
      </h2>
      {canFill && <FillFromEntered sources={fillSources} unitItems={items} onFill={fill} />}
      <form {...form.formProps} className="flex flex-col gap-6">
        <ErrorSummary {...form.summary} />
        <Field
          {...form.fieldProps('insrdNameKana')}
          required
          support={t('applicationForm.kana.support')}
        >
          {(control) => (
            <input
              type="text"
              className={`${textInputClassName} w-full md:w-96`}
              {...control}
              {...form.register('insrdNameKana')}
            />
          )}
        </Field>
        <Field
          {...form.fieldProps('insrdNameKanji')}
          required
          support={t('applicationForm.kanji.support')}
        >
          {(control) => (
            <input
              type="text"
              className={`${textInputClassName} w-full md:w-96`}
              {...control}
              {...form.register('insrdNameKanji')}
            />
          )}
        </Field>
        <DateInput
          {...form.fieldProps('insrdBirthDate')}
          control={form.control}
          required
          support={t('applicationForm.date.support')}
        />
        <RadioGroup
          {...form.fieldProps('insrdSex')}
          control={form.control}
          required
          options={[
            { value: '1', label: t('applicationForm.sex.male') },
            { value: '2', label: t('applicationForm.sex.female') },
          ]}
        />
        {items.map((item) => (
          <ItemField
            key={item.itemCode}
            item={item}
            control={form.control}
            {...form.fieldProps(`itemAnswers.${item.itemCode}`)}
          />
        ))}
        <div className="flex flex-col gap-4 md:flex-row">
          <SubmitButton>
            {t(person === undefined ? 'insuredUnit.add' : 'insuredUnit.update')}
          </SubmitButton>
          {person !== undefined && (
            <div>
              <button
                type="button"
                className="app-button-secondary w-full md:w-auto"
                onClick={onCancel}
              >
                {t('insuredUnit.cancelEdit')}
              </button>
            </div>
          )}
        </div>
      </form>
    </section>
  )
}

/** 「削除」's confirmation: a modal alert dialog; focus starts on キャンセル and returns after. */
function RemoveDialog({
  name,
  onConfirm,
  onCancel,
}: {
  name: string
  onConfirm: () => void
  onCancel: () => void
}) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const cancelRef = useRef<HTMLButtonElement>(null)
  const titleId = useId()
  const descriptionId = useId()
  useEffect(() => {
    const dialog = dialogRef.current
    if (dialog !== null && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal()
      else dialog.setAttribute('open', '')
    }
    cancelRef.current?.focus()
    return () => {
      if (dialog?.open === true) dialog.close()
    }
  }, [])
  return (
    <dialog
      ref={dialogRef}
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onCancel={(event) => {
        event.preventDefault()
        onCancel()
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-[36rem] rounded-8 border border-solid-gray-420 bg-white p-6 text-solid-gray-800 backdrop:bg-black/50"
    >
      <h2 id={titleId} className="text-std-20B-150 text-solid-gray-900">
        {t('insuredUnit.removeConfirm.title')}
      </h2>
      <p id={descriptionId} className="mt-3 text-std-16N-170">
        {t('insuredUnit.removeConfirm.body', { name })}
      </p>
      <div className="mt-6 flex flex-col gap-3 md:flex-row">
        <button type="button" onClick={onConfirm} className="app-button">
          {t('insuredUnit.removeConfirm.ok')}
        </button>
        <button ref={cancelRef} type="button" onClick={onCancel} className="app-button-secondary">
          {t('insuredUnit.removeConfirm.cancel')}
        </button>
      </div>
    </dialog>
  )
}

function PersonCard({
  person,
  items,
  onEdit,
  onRemove,
}: {
  person: InsuredPerson
  items: readonly ItemDefinition[]
  onEdit: (button: HTMLButtonElement) => void
  onRemove: (button: HTMLButtonElement) => void
}) {
  const name = person.insrdNameKanji
  return (
    <li className="flex flex-col gap-3 rounded-8 border border-solid-gray-420 p-4">
      <p className="text-std-17B-170">
        {t('insuredUnit.personName', { name, kana: person.insrdNameKana })}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-std-16N-170">
        <dt className="text-solid-gray-700">{t('insuredUnit.insrdBirthDate.label')}</dt>
        <dd>{formatJapaneseDate(person.insrdBirthDate)}</dd>
        <dt className="text-solid-gray-700">{t('insuredUnit.insrdSex')}</dt>
        <dd>{sexLabel(person.insrdSex)}</dd>
        {items.map((item) => (
          <div key={item.itemCode} className="contents">
            <dt className="text-solid-gray-700">{item.itemName}</dt>
            <dd>{itemAnswerText(item, person.itemAnswers[item.itemCode])}</dd>
          </div>
        ))}
      </dl>
      <div className="flex gap-3">
        <button
          type="button"
          className="app-button-secondary"
          aria-label={t('insuredUnit.editFor', { name })}
          onClick={(event) => onEdit(event.currentTarget)}
        >
          {t('insuredUnit.edit')}
        </button>
        <button
          type="button"
          className="app-button-secondary"
          aria-label={t('insuredUnit.removeFor', { name })}
          onClick={(event) => onRemove(event.currentTarget)}
        >
          {t('insuredUnit.remove')}
        </button>
      </div>
    </li>
  )
}

function InsuredUnit({ application, unitNo }: { application: Application; unitNo: number }) {
  const { api } = useServices()
  const navigate = useNavigate()
  const fail = useFatalFailure()
  const oneAtATime = useOneAtATime()
  const { view, group, items, chosenUnitNos } = application
  const unitItems = useMemo(() => insuredItems(items, unitNo), [items, unitNo])
  const [editingId, setEditingId] = useState<string | undefined>(undefined)
  const [formKey, setFormKey] = useState(0)
  const [removing, setRemoving] = useState<InsuredPerson | undefined>(undefined)
  const [announcement, announce] = useAnnouncement()
  const [summary, setSummary] = useState<{ items: ErrorSummaryItem[]; focusKey: number }>({
    items: [],
    focusKey: 0,
  })
  const listHeadingRef = useRef<HTMLHeadingElement>(null)
  const listHeadingId = useId()
  const formHeadingRef = useRef<HTMLHeadingElement>(null)
  const returnFocus = useRef<HTMLElement | null>(null)
  const [pendingFocus, setPendingFocus] = useState<'list' | 'form' | 'return' | undefined>()

  // Focus moves after the render that shows its target.
  useEffect(() => {
    if (pendingFocus === undefined) return
    if (pendingFocus === 'list') listHeadingRef.current?.focus()
    else if (pendingFocus === 'form') formHeadingRef.current?.focus()
    else if (returnFocus.current?.isConnected === true) returnFocus.current.focus()
    else listHeadingRef.current?.focus()
    setPendingFocus(undefined)
  }, [pendingFocus])

  // SPEC §4: only the units of the list have this page; any other is not found.
  if (!insuredUnitNos(items, chosenUnitNos).includes(unitNo)) throw new PageNotFoundError()

  const unit = group.groupPfInfo.unitInfoArray.find((candidate) => candidate.unitNo === unitNo)
  const unitName = unit?.displayName ?? String(unitNo)
  const chosen = view.applyInfo.cvrgeInfo.unitArray.find((entry) => entry.unit === unitNo)
  // issue #23 points 3, 4: per person or for all, per month or year
  const premium = unitPremiumText(
    chosen?.unitPremium ?? unit?.unitPremium ?? 0,
    chosen?.premiumBasis ?? unit?.premiumBasis,
    group.groupPfInfo.pymntCount,
  )
  const persons = view.applyInfo.insrdInfoArray.filter((person) => person.unit === unitNo)
  const editing = persons.find((person) => person.insrdId === editingId)
  const isConfirmed = view.applyInfoOption.insuredRegisterStatus[String(unitNo)] === '2'
  const fillSources: FillSources = {
    policyHolder: insuredFillFromPolicyHolder(view.applyInfo.policyHolderInfo, unitItems),
    persons: reusableInsuredPersons(view.applyInfo.insrdInfoArray, unitNo),
  }

  const refuse = (message: string) =>
    setSummary((previous) => ({ items: [{ message }], focusKey: previous.focusKey + 1 }))

  function handleSaved(message: string): void {
    setEditingId(undefined)
    setFormKey((key) => key + 1)
    setSummary((previous) => ({ items: [], focusKey: previous.focusKey }))
    announce(message)
    setPendingFocus('list')
  }

  function handleEdit(person: InsuredPerson, button: HTMLButtonElement): void {
    returnFocus.current = button
    setEditingId(person.insrdId)
    setPendingFocus('form')
  }

  function handleCancelEdit(): void {
    setEditingId(undefined)
    setPendingFocus('return')
  }

  function handleRemove(person: InsuredPerson, button: HTMLButtonElement): void {
    returnFocus.current = button
    setRemoving(person)
  }

  async function remove(person: InsuredPerson): Promise<void> {
    setRemoving(undefined)
    let next
    try {
      next = await application.save((version) =>
        removeInsured(api, unitNo, person.insrdId, version),
      )
    } catch (error) {
      const issues = validationIssuesOf(error)
      if (issues === undefined) fail(error)
      else refuse(issues[0]?.message ?? t('application.validation.insuredIncomplete'))
      return
    }
    if (next === undefined) return
    if (editingId === person.insrdId) setEditingId(undefined)
    announce(t('insuredUnit.removed', { name: person.insrdNameKanji }))
    setPendingFocus('list')
  }

  async function confirm(): Promise<void> {
    if (persons.length === 0) {
      refuse(t('application.validation.insuredNone'))
      return
    }
    try {
      const next = await application.save((version) => confirmInsuredUnit(api, unitNo, version))
      if (next !== undefined) void navigate('..', { relative: 'path' })
    } catch (error) {
      const issues = validationIssuesOf(error)
      if (issues === undefined) fail(error)
      else refuse(issues[0]?.message ?? t('application.validation.insuredIncomplete'))
    }
  }

  return (
    <div className="flex flex-col gap-8">
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-std-16N-170">
        <dt className="font-bold">{t('insuredUnit.unit')}</dt>
        <dd>{unitName}</dd>
        <dt className="font-bold">{t('insuredUnit.premium')}</dt>
        <dd>{premium}</dd>
      </dl>
      {isConfirmed && <p className="text-std-16N-170">{t('insuredUnit.confirmed')}</p>}

      <section aria-labelledby={listHeadingId} className="flex flex-col gap-4">
        <h2
          ref={listHeadingRef}
          id={listHeadingId}
          tabIndex={-1}
          className="text-std-20B-150 text-solid-gray-900"
        >
          {t('insuredUnit.listHeading')}
        </h2>
        <StatusMessage announcement={announcement} />
        {persons.length === 0 ? (
          <p className="text-std-16N-170">{t('insuredUnit.none')}</p>
        ) : (
          <ul className="flex flex-col gap-4">
            {persons.map((person) => (
              <PersonCard
                key={person.insrdId}
                person={person}
                items={unitItems}
                onEdit={(button) => handleEdit(person, button)}
                onRemove={(button) => handleRemove(person, button)}
              />
            ))}
          </ul>
        )}
      </section>

      <InsuredForm
        key={editing?.insrdId ?? `new-${formKey}`}
        application={application}
        unitNo={unitNo}
        items={unitItems}
        person={editing}
        fillSources={fillSources}
        headingRef={formHeadingRef}
        onSaved={handleSaved}
        onCancel={handleCancelEdit}
      />

      <div className="flex flex-col gap-6">
        <ErrorSummary {...summary} />
        <div className="flex flex-col gap-4 md:flex-row md:items-center">
          <button
            type="button"
            className="app-button w-full md:w-auto"
            onClick={() => void oneAtATime(confirm)}
          >
            {t('insuredUnit.confirm')}
          </button>
          <Link to=".." relative="path" className="app-link text-std-16N-170">
            {t('insuredUnit.backToList')}
          </Link>
        </div>
      </div>

      {removing !== undefined && (
        <RemoveDialog
          name={removing.insrdNameKanji}
          onConfirm={() => void oneAtATime(() => remove(removing))}
          onCancel={() => {
            setRemoving(undefined)
            setPendingFocus('return')
          }}
        />
      )}
    </div>
  )
}

/** The unit of the address (registerInsuredInfo/{unitNo}); the route checks it is 1–20. */
function InsuredUnitContent({ application }: { application: Application }) {
  const unitNo = Number(useParams().unitNo)
  return <InsuredUnit application={application} unitNo={unitNo} />
}

/** 被保険者情報の入力 (SPEC §2.1 registerInsuredInfo/{unitNo}). */
export default function RegisterInsuredInfoUnitScreen() {
  return (
    <ApplicationStepScreen
      step="registerInsuredInfo"
      titleKey="screen.registerInsuredInfoUnit.title"
    >
      {(application) => <InsuredUnitContent application={application} />}
    </ApplicationStepScreen>
  )
}
