import { errorCodes } from '@app/shared'
import type { CardChangeOutcome, CardChangeView } from '@app/shared/api/my-page/card-change'
import type { ShownCard } from '@app/shared/api/my-page/endpoints'
import type { PuzzleChallenge, PuzzleSolution } from '@app/shared/api/payment/payment'
import { appHref, myPagePathWithQuery } from '@app/shared/format/page-urls'
import type { Database } from '../../db/client.ts'
import { appendAuditEntry } from '../audit/audit-records.ts'
import type { Holder } from '../my-page/my-page-access.ts'
import type { CardPayment } from './card-payment.ts'
import {
  findCardContract,
  listCardsToDelete,
  markCardsDeleted,
  replaceStoredCard,
  type CardContract,
  type StoredCardInput,
} from './instalment-repository.ts'
import type { PaymentAttempts, PaymentParts } from './payment-attempts.ts'
import { PaymentPart, startKeyedAttempt, stepNotOpen, unfinishedOutcome } from './payment-common.ts'
import {
  findAttempt,
  findLatestCardAttempt,
  finishAttempt,
  type AttemptRow,
} from './payment-repository.ts'
import { ProviderUnavailableError, type PaymentProvider, type StoredCard } from './provider.ts'

// The holder's card change for a monthly contract (issue #24 point 4, ADR 0038). The new card
// goes through the card payment's own provider part (card-payment.ts: the puzzle, the
// authorisation, 3-D Secure) as a card check: amount 0 with storeCard, so the provider keeps it
// and takes nothing (docs/payment.md "Payments"). Then, in one transaction with the attempt and
// the audit entry, it replaces the card in use: the charge job's later instalments use it, and
// refused ones are tried again at once. The old card is deleted at the provider after the commit;
// one the provider did not confirm is deleted by the charge job's next run.
// One attempt per Idempotency-Key (payment_attempts, kind cardChange): a repeat gets the first
// outcome, and two changes of one contract never run at the provider at once.

/** Removed cards the charge job deletes at the provider per run, at most. */
const DELETIONS_PER_RUN = 50

export class CardChange extends PaymentPart {
  readonly #provider: PaymentProvider
  readonly #attempts: PaymentAttempts
  readonly #card: CardPayment

  constructor(parts: PaymentParts & { card: CardPayment }) {
    super(parts.options)
    this.#provider = parts.provider
    this.#attempts = parts.attempts
    this.#card = parts.card
  }

  /** GET /cardChange/: the card in use, whether a change waits for 3-D Secure. */
  async view(holder: Holder, groupPfCodeInceptionDateYm: string): Promise<CardChangeView> {
    const contract = await this.#requireContract(holder, groupPfCodeInceptionDateYm)
    const latest = await findLatestCardAttempt(this.db, contract.applicationId, 'cardChange')
    return {
      groupPfPolicyHolderNo: contract.groupPfPolicyHolderNo,
      card: shownCardOf(contract.card),
      state: latest?.status === 'threeDSecure' ? 'threeDSecure' : 'open',
      provider: {
        tokenUrl: `${this.options.settings.publicBaseUrl()}/v1/tokens`,
        publishableKey: this.options.settings.publishableKey,
      },
    }
  }

  /** GET /cardChange/puzzle/: the card form's puzzle, as the payment screen's. */
  async newPuzzle(holder: Holder, groupPfCodeInceptionDateYm: string): Promise<PuzzleChallenge> {
    await this.#requireContract(holder, groupPfCodeInceptionDateYm)
    return this.#card.newPuzzle(holder)
  }

  /** POST /cardChange/: the card token and the solved puzzle → 3-D Secure or changed. */
  async change(
    holder: Holder,
    idempotencyKey: string,
    body: { groupPfCodeInceptionDateYm: string; cardToken: string; puzzle: PuzzleSolution },
  ): Promise<CardChangeOutcome> {
    const now = this.now()
    const contract = await this.#requireContract(holder, body.groupPfCodeInceptionDateYm)
    const existing = await findAttempt(this.db, contract.applicationId, idempotencyKey)
    if (existing !== undefined) return this.#outcomeOf(existing, contract)
    await this.#card.checkPuzzle(body.puzzle, now)
    const started = await startKeyedAttempt(this.db, {
      applicationId: contract.applicationId,
      kind: 'cardChange',
      idempotencyKey,
      amount: 0,
      now,
    })
    if (started.kind === 'repeat') return this.#outcomeOf(started.attempt, contract)
    const { attempt } = started
    return this.#attempts.settle(attempt, errorCodes.cardSystemError, () =>
      this.#card.authorize(
        attempt,
        {
          cardToken: body.cardToken,
          puzzle: body.puzzle,
          orderId: contract.applicationId,
          returnUrl: this.#returnUrl(contract),
          now,
          storeCard: true,
        },
        (paymentId) => this.#replace(holder, attempt, contract, paymentId),
      ),
    )
  }

  /** POST /cardChange/threeDSecure/: back from the provider's page, with the same key. */
  async returnFromThreeDSecure(
    holder: Holder,
    idempotencyKey: string,
    groupPfCodeInceptionDateYm: string,
  ): Promise<CardChangeOutcome> {
    const contract = await this.#requireContract(holder, groupPfCodeInceptionDateYm)
    const attempt = await findAttempt(this.db, contract.applicationId, idempotencyKey)
    if (attempt === undefined || attempt.kind !== 'cardChange') {
      throw stepNotOpen('no card change of this contract with that key')
    }
    const outcome = await this.#card.resumeAfterThreeDSecure(attempt, (paymentId) =>
      this.#replace(holder, attempt, contract, paymentId),
    )
    return outcome ?? this.#outcomeOf(attempt, contract)
  }

  /**
   * Deletes at the provider the removed cards it has not confirmed deleting (a change whose
   * deletion did not answer); run by the charge job. The number deleted.
   */
  async deleteRemovedCards(): Promise<number> {
    const cardIds = await listCardsToDelete(this.db, DELETIONS_PER_RUN)
    const deleted: string[] = []
    for (const cardId of cardIds) {
      if (await this.#deleteAtProvider(cardId)) deleted.push(cardId)
    }
    await markCardsDeleted(this.db, deleted, this.now())
    return deleted.length
  }

  /**
   * The check authorised: the card the provider kept replaces the one in use, the check's
   * authorisation (of nothing) is cancelled, and the old card is deleted at the provider.
   */
  async #replace(
    holder: Holder,
    attempt: AttemptRow,
    contract: CardContract,
    paymentId: string,
  ): Promise<CardChangeOutcome> {
    const stored = await this.#storedCardOf(paymentId)
    await this.#cancelQuietly(paymentId)
    if (stored === undefined) {
      throw await this.#attempts.fail(
        attempt,
        errorCodes.cardSystemError,
        'the provider kept no card at the check',
      )
    }
    const card: StoredCardInput = {
      applicationId: contract.applicationId,
      providerCardId: stored.id,
      brand: stored.brand,
      last4: stored.last4,
      expiryMonth: stored.expiryMonth,
      expiryYear: stored.expiryYear,
    }
    const now = this.now()
    const result = await this.db.transaction(async (txn) => {
      const tx = txn as unknown as Database
      const replaced = await replaceStoredCard(tx, card, now)
      if (replaced.kind === 'charging') return replaced
      await appendAuditEntry(tx, {
        actorKind: 'applicant',
        actorId: holder.accountId,
        action: 'payment.cardChanged',
        recordKind: 'application',
        recordId: contract.applicationId,
        details: { paymentAttemptId: attempt.id },
      })
      const isFinished = await finishAttempt(tx, attempt.id, {
        status: 'succeeded',
        outcome: { result: 'changed' },
        providerReference: paymentId,
        now,
      })
      if (!isFinished) throw new Error('card change attempt ended meanwhile')
      return replaced
    })
    if (result.kind === 'charging') {
      // The charge job is taking an instalment with the old card right now: nothing changed.
      await this.#deleteAtProvider(stored.id)
      throw await this.#attempts.fail(
        attempt,
        errorCodes.paymentInProgress,
        'an instalment is being charged',
      )
    }
    const removed = result.removedProviderCardId
    if (removed !== undefined && (await this.#deleteAtProvider(removed))) {
      await markCardsDeleted(this.db, [removed], this.now())
    }
    return { result: 'changed', card: shownCardOf(card) }
  }

  /** The card the provider kept at the check; undefined when it kept none or did not answer. */
  async #storedCardOf(paymentId: string): Promise<StoredCard | undefined> {
    const payment = await this.#provider.getPayment(paymentId).catch(() => undefined)
    return payment?.storedCard
  }

  async #cancelQuietly(paymentId: string): Promise<void> {
    await this.#provider.cancelPayment(paymentId).catch(() => undefined)
  }

  /** True when the provider deleted the card (or had it deleted already). */
  async #deleteAtProvider(providerCardId: string): Promise<boolean> {
    try {
      const result = await this.#provider.deleteStoredCard(providerCardId)
      return result.kind === 'deleted' || result.code === 'stored_card_not_found'
    } catch (error) {
      if (error instanceof ProviderUnavailableError) return false
      throw error
    }
  }

  /** A repeat's answer: the attempt's outcome, or its refusal. */
  #outcomeOf(attempt: AttemptRow, contract: CardContract): CardChangeOutcome {
    if (attempt.kind !== 'cardChange') throw stepNotOpen(`the key belongs to a ${attempt.kind}`)
    if (attempt.status !== 'succeeded') return unfinishedOutcome(attempt)
    return { result: 'changed', card: shownCardOf(contract.card) }
  }

  async #requireContract(
    holder: Holder,
    groupPfCodeInceptionDateYm: string,
  ): Promise<CardContract> {
    const contract = await findCardContract(this.db, {
      accountId: holder.accountId,
      groupPfCode: holder.link.groupPfCode,
      groupPfCodeInceptionDateYm,
    })
    if (contract === undefined) throw stepNotOpen('no monthly card contract of the holder')
    return contract
  }

  #returnUrl(contract: CardContract): string {
    const query = new URLSearchParams({
      groupPfCodeInceptionDateYm: contract.groupPfCodeInceptionDateYm,
      threeDSecure: 'return',
    })
    return `${this.options.publicBaseUrl()}${appHref(myPagePathWithQuery('changeCard', contract, query))}`
  }
}

function shownCardOf(card: Omit<StoredCardInput, 'applicationId' | 'providerCardId'>): ShownCard {
  const { brand, last4, expiryMonth, expiryYear } = card
  return { brand, last4, expiryMonth, expiryYear }
}
