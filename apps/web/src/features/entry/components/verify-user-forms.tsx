import {
  verifyByIdApi,
  type verifyByItemApi,
  type ConsentReference,
  type EntryLink,
  type EntryTicket,
  type VerifyByIdBody,
  type VerifyByItemBody,
} from '@app/shared/api/access/endpoints'
import { verifyByIdRoute, verifyByItemRoute } from '@app/shared/api/access/routes'
import type { ItemDefinition } from '@app/shared/api/group/item-definition'
import { currentConsentVersions, type DocumentConsent } from '@app/shared/documents'
import { errorCodes } from '@app/shared/errors'
import { t } from '@app/shared/messages/verify-user'
import { fieldSchema } from '@app/shared/rules/field-schema'
import type { RuleSpec } from '@app/shared/rules/fields'
import { itemAnswerRules } from '@app/shared/rules/item-answers'
import { useMemo } from 'react'
import { useNavigate } from 'react-router'
import * as z from 'zod/mini'
import { InFlowAlert, inFlowCodeOf, useInFlowMessage } from '@/components/in-flow-alert.tsx'
import { useEntryLink } from './use-entry-link.ts'
import type { EntryGroup } from '@/lib/use-entry-group.ts'
import { DateInput, dateInputRules } from '@/components/form/date-input.tsx'
import { ErrorSummary } from '@/components/form/error-summary.tsx'
import { textInputClassName } from '@/components/form/field-parts.tsx'
import { Field } from '@/components/form/field.tsx'
import { useStepForm } from '@/components/form/use-step-form.ts'
import { callEndpoint } from '@/lib/call-endpoint.ts'
import { useServices } from '@/lib/services.tsx'
import { storeEntryTicket } from '../access-storage.ts'
import { localExpiry } from '@/lib/session.ts'
import { useLinkConsents } from '../consent.ts'

// verifyUser (SPEC §2.1, §6): the check the group's authenticationType selects, "1" the
// first-entry ID and password, "2" the three items. Success gives an entry ticket for the link
// and leads to sendVerificationMail.

/** SPEC §8.4 "Login" and "Outside the recruiting period": told on the screen. */
const verifyUserCodes: readonly string[] = [
  errorCodes.wrongFirstEntryCredentials,
  errorCodes.threeItemMismatch,
  errorCodes.verifyUserLocked,
  errorCodes.alreadyApplied,
  errorCodes.preRenewalInfoUnavailable,
  errorCodes.recruitmentClosed,
  errorCodes.rateLimited,
]
/** The messages that send the applicant to the agency come with its contact. */
const contactCodes: readonly string[] = [
  errorCodes.alreadyApplied,
  errorCodes.preRenewalInfoUnavailable,
]

/** The consents given on this link to the documents' current versions (ADR 0009). */
function currentConsents(consents: readonly DocumentConsent[]): ConsentReference[] {
  return consents
    .filter((consent) => currentConsentVersions[consent.documentId] === consent.version)
    .map(({ documentId, version }) => ({ documentId, version }))
}

/** What both ways of verifying send besides their answers. */
type LinkAndConsents = EntryLink & { consents: ConsentReference[] }

function useVerifyUser(group: EntryGroup) {
  const { api, storage, now } = useServices()
  const navigate = useNavigate()
  const { entryLink, key } = useEntryLink()
  const consents = useLinkConsents()
  const inFlow = useInFlowMessage()

  /** Sends the link, the consents and the answers by one of the two ways, then the mail step. */
  async function verify(send: (linkAndConsents: LinkAndConsents) => Promise<EntryTicket>) {
    inFlow.clear()
    try {
      const ticket = await send({ ...entryLink, consents: currentConsents(consents.read()) })
      storeEntryTicket(storage, {
        link: key,
        entryToken: ticket.entryToken,
        expiresAt: localExpiry(ticket.expiresInSeconds, now()),
        isResuming: ticket.isResuming,
      })
      await navigate('../sendVerificationMail', { relative: 'path' })
    } catch (error) {
      const code = inFlowCodeOf(error, verifyUserCodes)
      if (code === undefined) throw error
      inFlow.show(code, error)
    }
  }

  const alert = (
    <InFlowAlert
      message={inFlow.message}
      contact={
        inFlow.message !== undefined && contactCodes.includes(inFlow.message.errorCode)
          ? group.groupPfInfoBranchNo.refFreeField
          : undefined
      }
    />
  )
  return {
    verifyById: (answers: Pick<VerifyByIdBody, 'firstEntryId' | 'firstEntryPassword'>) =>
      verify((body) =>
        callEndpoint<typeof verifyByIdApi>(api, verifyByIdRoute, { body: { ...body, ...answers } }),
      ),
    verifyByItem: (answers: Pick<VerifyByItemBody, 'authItems'>) =>
      verify((body) =>
        callEndpoint<typeof verifyByItemApi>(api, verifyByItemRoute, {
          body: { ...body, ...answers },
        }),
      ),
    alert,
  }
}

function SubmitButton() {
  return (
    <div>
      <button type="submit" className="app-button w-full md:w-auto">
        {t('verifyUser.submit')}
      </button>
    </div>
  )
}

const verifyByIdFormSchema = z.pick(verifyByIdApi.body, {
  firstEntryId: true,
  firstEntryPassword: true,
})

/** authenticationType "1": 初回登録ID and パスワード. */
export function VerifyByIdForm({ group }: { group: EntryGroup }) {
  const { verifyById, alert } = useVerifyUser(group)
  const form = useStepForm({
    schema: verifyByIdFormSchema,
    defaultValues: { firstEntryId: '', firstEntryPassword: '' },
    labels: {
      firstEntryId: t('verifyUser.firstEntryId'),
      firstEntryPassword: t('verifyUser.firstEntryPassword'),
    },
    onSubmit: verifyById,
  })
  return (
    <div className="flex flex-col gap-6">
      <p className="text-std-16N-170">{t('verifyUser.firstEntryId.lead')}</p>
      {alert}
      <form {...form.formProps} className="flex flex-col gap-6">
        <ErrorSummary {...form.summary} />
        <Field
          {...form.fieldProps('firstEntryId')}
          required
          support={t('verifyUser.firstEntryId.support')}
        >
          {(control) => (
            <input
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              className={`${textInputClassName} w-full md:w-96`}
              {...control}
              {...form.register('firstEntryId')}
            />
          )}
        </Field>
        <Field
          {...form.fieldProps('firstEntryPassword')}
          required
          support={t('verifyUser.firstEntryPassword.support')}
        >
          {(control) => (
            <input
              type="password"
              autoComplete="off"
              className={`${textInputClassName} w-full md:w-96`}
              {...control}
              {...form.register('firstEntryPassword')}
            />
          )}
        </Field>
        <SubmitButton />
      </form>
    </div>
  )
}

/** The items with an authItemCd, in the order of the code (PRODUCT.md: "1", "2", "3"). */
export function authItemsOf(items: readonly ItemDefinition[]): ItemDefinition[] {
  return items
    .filter((item) => item.authItemCd !== null)
    .sort((a, b) => (a.authItemCd ?? '').localeCompare(b.authItemCd ?? ''))
}

/**
 * The rules of an item's answer: its ruleArray, required always (the roster is matched on all
 * three), and for a date the three boxes' own rules before yearMonthDate (ADR 0007).
 */
function authItemRules(item: ItemDefinition): RuleSpec[] {
  const rules = itemAnswerRules(item).filter((rule) => rule !== 'required')
  const own =
    item.inputType === 'date'
      ? [...dateInputRules({ required: true }), ...rules.filter((rule) => rule !== 'yearMonthDate')]
      : ['required' as const, ...rules]
  return [...own, ['max', { max: 200 }]]
}

interface AuthItemValues {
  authItems: Record<string, string>
}

/** authenticationType "2": the three items of the group's item definitions. */
export function VerifyByItemsForm({
  group,
  items,
}: {
  group: EntryGroup
  items: readonly ItemDefinition[]
}) {
  const { verifyByItem, alert } = useVerifyUser(group)
  const { schema, defaultValues, labels } = useMemo(() => {
    const shape = Object.fromEntries(
      items.map((item) => [item.itemCode, fieldSchema(...authItemRules(item))]),
    )
    const itemsSchema: z.ZodMiniType<AuthItemValues, AuthItemValues> = z.object({
      authItems: z.object(shape),
    })
    const itemLabels: Record<`authItems.${string}`, string> = Object.fromEntries(
      items.map((item) => [`authItems.${item.itemCode}`, item.itemName]),
    )
    return {
      schema: itemsSchema,
      defaultValues: { authItems: Object.fromEntries(items.map((item) => [item.itemCode, ''])) },
      labels: itemLabels,
    }
  }, [items])
  const form = useStepForm({
    schema,
    defaultValues,
    labels,
    onSubmit: (values) => verifyByItem({ authItems: values.authItems }),
  })
  return (
    <div className="flex flex-col gap-6">
      <p className="text-std-16N-170">{t('verifyUser.authItems.lead')}</p>
      {alert}
      <form {...form.formProps} className="flex flex-col gap-6">
        <ErrorSummary {...form.summary} />
        {items.map((item) => {
          const name = `authItems.${item.itemCode}` as const
          const support = item.supportText === '' ? undefined : item.supportText
          return item.inputType === 'date' ? (
            <DateInput
              key={item.itemCode}
              {...form.fieldProps(name)}
              control={form.control}
              required
              support={support}
            />
          ) : (
            <Field key={item.itemCode} {...form.fieldProps(name)} required support={support}>
              {(control) => (
                <input
                  type="text"
                  className={`${textInputClassName} w-full md:w-96`}
                  {...control}
                  {...form.register(name)}
                />
              )}
            </Field>
          )
        })}
        <SubmitButton />
      </form>
    </div>
  )
}
