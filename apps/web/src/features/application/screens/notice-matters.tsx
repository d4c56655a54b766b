import type { ItemDefinition } from '@app/shared/api/group/item-definition'
import { t } from '@app/shared/messages/application-forms-common'
import { isBlockingAnswer, noticeItems } from '@app/shared/rules/application'
import { useMemo, useState } from 'react'
import { useWatch } from '@/components/form/form-store.ts'
import * as z from 'zod/mini'
import { ErrorSummary } from '@/components/form/error-summary.tsx'
import { useStepForm } from '@/components/form/use-step-form.ts'
import { useServices } from '@/lib/services.tsx'
import { saveStep } from '../application-api.ts'
import type { Application } from '../use-application.tsx'
import {
  AgencyContact,
  ApplicationStepScreen,
  SubmitButton,
  useOneAtATime,
} from '../components/application-screen.tsx'
import {
  ItemField,
  itemAnswerDefaults,
  itemAnswersSchemaFor,
  itemLabels,
} from '../components/item-field.tsx'

// 告知事項 (SPEC §8.4 "Notice answers block the application"; ADR 0012): the notice matters of the
// chosen units through the item renderer. An answer in the item's blockingAnswerArray is told at
// once, beside the question, with the agency's contact, and refused as the server refuses it.

const blockingMessage = t('application.validation.noticeBlocking')

function noticeFormSchema(items: readonly ItemDefinition[]) {
  return z.object({
    answers: itemAnswersSchemaFor(items, (item, answer) =>
      isBlockingAnswer(item, answer) ? blockingMessage : undefined,
    ),
  })
}

/** The message and the agency's contact beside a question whose answer blocks the application. */
function BlockingNotice({ isBlocking, contact }: { isBlocking: boolean; contact: string }) {
  // A live region that is always there, so the message is read out as soon as it appears.
  return (
    <div aria-live="polite">
      {isBlocking && (
        <div className="flex flex-col gap-4 rounded-8 border-2 border-error-1 bg-white p-4 md:p-6">
          <p className="text-std-16B-170 text-error-1">{blockingMessage}</p>
          <AgencyContact contact={contact} />
        </div>
      )}
    </div>
  )
}

function NoticeForm({ application }: { application: Application }) {
  const { api } = useServices()
  const { view, group, items, chosenUnitNos } = application
  const shownItems = useMemo(() => noticeItems(items, chosenUnitNos), [items, chosenUnitNos])
  const schema = useMemo(() => noticeFormSchema(shownItems), [shownItems])
  const labels = useMemo(() => itemLabels(shownItems, 'answers.'), [shownItems])
  const [defaultValues] = useState(() => ({
    answers: itemAnswerDefaults(shownItems, view.applyInfo.noticeMatterInfo.answers),
  }))
  const oneAtATime = useOneAtATime()
  const form = useStepForm({
    schema,
    defaultValues,
    labels,
    onSubmit: (values) =>
      oneAtATime(async () => {
        const next = await application.save((version) =>
          saveStep(api, 'noticeMatters', { version, answers: values.answers }),
        )
        if (next !== undefined) application.goToNext(next)
      }),
  })
  const answers = useWatch({ control: form.control, name: 'answers' })

  return (
    <form {...form.formProps} className="flex flex-col gap-8">
      <ErrorSummary {...form.summary} />
      {shownItems.map((item) => {
        const name = `answers.${item.itemCode}` as const
        const field = form.fieldProps(name)
        // Shown from the moment a blocking answer is chosen until the answer is checked again
        // (5 ms later), and whenever the server refused the answer for this reason.
        const isRefused = field.error === blockingMessage
        const isBlocking = isRefused || isBlockingAnswer(item, answers[item.itemCode])
        return (
          <div key={item.itemCode} className="flex flex-col gap-4">
            <ItemField
              item={item}
              control={form.control}
              {...field}
              // The blocking message is shown with the contact below: not twice.
              error={isRefused ? undefined : field.error}
            />
            <BlockingNotice
              isBlocking={isBlocking}
              contact={group.groupPfInfoBranchNo.refFreeField}
            />
          </div>
        )
      })}
      <SubmitButton />
    </form>
  )
}

/** 告知事項 (SPEC §2.1 noticeMatters). */
export default function NoticeMattersScreen() {
  return (
    <ApplicationStepScreen
      step="noticeMatters"
      titleKey="screen.noticeMatters.title"
      lead={t('notice.lead')}
    >
      {(application) => <NoticeForm application={application} />}
    </ApplicationStepScreen>
  )
}
