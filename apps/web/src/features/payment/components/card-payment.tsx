import type { PaymentInfo, PuzzleSolution } from '@app/shared/api/payment/payment'
import { errorCodes } from '@app/shared/errors'
import { validateRules } from '@app/shared/rules/fields'
import { errorCodeForProvider, isInFlowPaymentError } from '@app/shared/rules/payment'
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react'
import { useSearchParams } from 'react-router'
import * as z from 'zod/mini'
import { ErrorSummary } from '@/components/form/error-summary.tsx'
import {
  ErrorText,
  FIELD_ATTRIBUTE,
  LabelContent,
  legendClassName,
  textInputClassName,
} from '@/components/form/field-parts.tsx'
import { Field } from '@/components/form/field.tsx'
import { useStepForm } from '@/components/form/use-step-form.ts'
import { ApiError } from '@/lib/api-client.ts'
import { useServices } from '@/lib/services.tsx'
import { readIdempotencyKey } from '../idempotency-key.ts'
import {
  executePaymentCredit,
  fetchPuzzleChallenge,
  requestCardToken,
  returnFromThreeDSecure,
} from '../payment-api.ts'
import { t } from '../payment-messages.ts'
import { ProcessingStatus } from './payment-parts.tsx'
import { Puzzle, type PuzzleHandle } from './puzzle.tsx'
import type { PaymentExecution } from '../use-payment-execution.ts'

// クレジットカードでのお支払い (SPEC §2.8 credit card entry with a puzzle check, §5.2 creditCard and
// securityCode, §5.3, §8.4 "Card"; PRODUCT.md "Money"; ADR 0014). The card data goes from this
// form to the provider's token endpoint only; our API gets the token. It is never stored, logged or
// put in an address, and it leaves the form's state as soon as it has been sent.

interface CardValues {
  cardNumber: string
  expiryMonth: string
  expiryYear: string
  securityCode: string
}

const emptyCard: CardValues = { cardNumber: '', expiryMonth: '', expiryYear: '', securityCode: '' }

/** The field's own required message (SPEC §8.4 "number, expiry and security code each required"),
 * then the shared rule (SPEC §5.2). */
function cardText(requiredMessage: string, rule: 'creditCard' | 'securityCode') {
  return z.string().check((payload) => {
    const isMissing = validateRules(['required'], payload.value) !== undefined
    const failure = isMissing ? requiredMessage : validateRules([rule], payload.value)
    if (failure !== undefined) {
      payload.issues.push({ code: 'custom', message: failure, input: payload.value })
    }
  })
}

function chosen(requiredMessage: string) {
  return z.string().check((payload) => {
    if (payload.value === '') {
      payload.issues.push({ code: 'custom', message: requiredMessage, input: payload.value })
    }
  })
}

const cardSchema = z.object({
  cardNumber: cardText(t('card.number.required'), 'creditCard'),
  expiryMonth: chosen(t('card.expiry.required')),
  expiryYear: chosen(t('card.expiry.required')),
  securityCode: cardText(t('card.securityCode.required'), 'securityCode'),
})

const labels = {
  cardNumber: t('card.number'),
  expiryMonth: `${t('card.expiry')}（${t('card.expiryMonth')}）`,
  expiryYear: `${t('card.expiry')}（${t('card.expiryYear')}）`,
  securityCode: t('card.securityCode'),
}

const months = Array.from({ length: 12 }, (_, index) => String(index + 1).padStart(2, '0'))
/** A card is valid for years: the current year and the 14 after it. */
const EXPIRY_YEARS = 15

const selectClassName = `${textInputClassName} w-auto min-w-32`

type CardForm = ReturnType<typeof useStepForm<CardValues, CardValues>>

/** 有効期限: 月 and 年 as two selects in one fieldset; each is a field of its own (§5.3: a choice
 * is checked when made, so the year is not reported missing while the month is being chosen). */
function ExpiryField({ form, years }: { form: CardForm; years: readonly string[] }) {
  const legendTextId = useId()
  const month = form.fieldProps('expiryMonth')
  const year = form.fieldProps('expiryYear')
  const message = month.error ?? year.error
  const errorId = `${month.id}-error`
  const parts = [
    { field: month, label: t('card.expiryMonth'), autoComplete: 'cc-exp-month', options: months },
    { field: year, label: t('card.expiryYear'), autoComplete: 'cc-exp-year', options: years },
  ] as const
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className={legendClassName}>
        <LabelContent label={t('card.expiry')} required textId={legendTextId} />
      </legend>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
        {parts.map(({ field, label, autoComplete, options }) => (
          <div
            key={field.name}
            className="flex items-center gap-2"
            {...{ [FIELD_ATTRIBUTE]: field.name }}
          >
            <select
              id={field.id}
              autoComplete={autoComplete}
              aria-labelledby={`${legendTextId} ${field.id}-label`}
              aria-describedby={field.error === undefined ? undefined : errorId}
              aria-invalid={field.error !== undefined}
              aria-required
              className={selectClassName}
              {...form.register(field.name)}
            >
              <option value="">{t('card.expiry.placeholder')}</option>
              {options.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
            <label id={`${field.id}-label`} htmlFor={field.id} className="text-std-16N-170">
              {label}
            </label>
          </div>
        ))}
      </div>
      {message !== undefined && <ErrorText id={errorId}>{message}</ErrorText>}
    </fieldset>
  )
}

function CardForm({
  paymentInfo,
  card,
  execution,
}: {
  paymentInfo: PaymentInfo
  card: NonNullable<PaymentInfo['card']>
  execution: PaymentExecution
}) {
  const { api, now } = useServices()
  const puzzle = useRef<PuzzleHandle>(null)
  const solved = useRef<PuzzleSolution | undefined>(undefined)
  const [firstYear] = useState(() => new Date(now()).getFullYear())
  const years = useMemo(
    () => Array.from({ length: EXPIRY_YEARS }, (_, index) => String(firstYear + index)),
    [firstYear],
  )

  const form: CardForm = useStepForm<CardValues, CardValues>({
    schema: cardSchema,
    defaultValues: emptyCard,
    labels,
    onSubmit: (values) => execution.process(() => pay(values)),
  })

  /** The card data leaves the form's state (and its inputs) once it has been sent. */
  function forgetCard(): void {
    for (const name of Object.keys(emptyCard) as (keyof CardValues)[]) form.setValue(name, '')
    form.clearErrors()
  }

  async function pay(values: CardValues): Promise<void> {
    const solvedPuzzle = solved.current
    if (solvedPuzzle === undefined) {
      execution.showError(errorCodes.puzzleNotCompleted)
      return
    }
    let tokenResult: Awaited<ReturnType<typeof requestCardToken>>
    try {
      tokenResult = await requestCardToken(card.tokenUrl, {
        publishableKey: card.publishableKey,
        cardNumber: values.cardNumber,
        expiryMonth: values.expiryMonth,
        expiryYear: values.expiryYear,
        securityCode: values.securityCode,
      })
    } finally {
      forgetCard()
    }
    if (tokenResult.kind === 'refused') {
      // The provider's code → ours (SPEC §8.4); a 42C… code is the error screen's (§8.2).
      const errorCode = errorCodeForProvider(tokenResult.providerCode ?? '')
      if (isInFlowPaymentError(errorCode)) execution.showError(errorCode)
      else execution.fail(new ApiError(tokenResult.status || 502, { errorCode }))
      return
    }
    const result = await execution.execute((client) =>
      executePaymentCredit(client, {
        registration: paymentInfo.registration,
        cardToken: tokenResult.token,
        puzzle: solvedPuzzle,
      }),
    )
    // A puzzle is used once: a refused payment needs a new one.
    if (result === 'refused') puzzle.current?.reset()
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>): void {
    if (!execution.isProcessing) execution.clearMessage()
    form.formProps.onSubmit(event)
  }

  return (
    <form {...form.formProps} onSubmit={handleSubmit} className="flex flex-col gap-6">
      <ErrorSummary {...form.summary} />
      <p className="text-std-16N-170">{t('card.lead')}</p>
      <Field {...form.fieldProps('cardNumber')} required support={t('card.number.support')}>
        {(control) => (
          <input
            type="text"
            inputMode="numeric"
            autoComplete="cc-number"
            autoCorrect="off"
            spellCheck={false}
            className={`${textInputClassName} w-full md:w-96`}
            {...control}
            {...form.register('cardNumber')}
          />
        )}
      </Field>
      <ExpiryField form={form} years={years} />
      <Field {...form.fieldProps('securityCode')} required support={t('card.securityCode.support')}>
        {(control) => (
          <input
            type="text"
            inputMode="numeric"
            autoComplete="cc-csc"
            autoCorrect="off"
            spellCheck={false}
            className={`${textInputClassName} w-32`}
            {...control}
            {...form.register('securityCode')}
          />
        )}
      </Field>
      <Puzzle
        ref={puzzle}
        loadChallenge={() => fetchPuzzleChallenge(api)}
        onChange={(next) => {
          solved.current = next
        }}
      />
      <p className="text-std-16N-170">{t('card.threeDSecure.lead')}</p>
      <ProcessingStatus isProcessing={execution.isProcessing}>
        <button
          type="submit"
          className="app-button w-full md:w-auto"
          disabled={execution.isProcessing}
        >
          {t('card.submit')}
        </button>
      </ProcessingStatus>
    </form>
  )
}

/**
 * The card route of the payment screen: the card form or, back from the provider's 3-D Secure
 * page (payment?threeDSecure=return, or a reload while the payment waits for it), the end of that
 * payment with the same idempotency key.
 */
export function CardPayment({
  paymentInfo,
  execution,
}: {
  paymentInfo: PaymentInfo
  execution: PaymentExecution
}) {
  const { storage } = useServices()
  const [searchParams] = useSearchParams()
  const isBack =
    searchParams.get('threeDSecure') === 'return' || paymentInfo.state === 'threeDSecure'
  // Without the key of the payment that went to the provider there is nothing to resume: a new
  // payment starts from the form.
  const [isReturning, setReturning] = useState(
    () => isBack && readIdempotencyKey(storage) !== undefined,
  )
  const hasReturned = useRef(false)
  const { registration } = paymentInfo

  useEffect(() => {
    if (!isReturning || hasReturned.current) return
    hasReturned.current = true
    void execution.process(async () => {
      const result = await execution.execute((client) =>
        returnFromThreeDSecure(client, registration),
      )
      if (result === 'refused') setReturning(false)
    })
  }, [isReturning, execution, registration])

  if (paymentInfo.card === null) throw new Error('a card payment without the provider settings')
  if (isReturning) {
    return (
      <p role="status" className="text-std-16B-170 text-solid-gray-900">
        {t('card.threeDSecure.returning')}
      </p>
    )
  }
  return <CardForm paymentInfo={paymentInfo} card={paymentInfo.card} execution={execution} />
}
