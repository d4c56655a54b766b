import {
  AppError,
  errorCodes,
  myPageLoginHref,
  toBusinessDate,
  type ApplyInfo,
  type GroupPfInfo,
} from '@app/shared'
import type { ContractSummary } from '@app/shared/api/my-page/endpoints'
import type { RenewalInfo, RenewalProcedureStarted } from '@app/shared/api/renewal/endpoints'
import {
  renewalTransition,
  type RenewalAction,
  type RenewalOutcome,
} from '@app/shared/rules/renewal'
import type { Clock } from '../../clock.ts'
import type { Database } from '../../db/client.ts'
import type { SignedIn } from '../access/session.ts'
import {
  cancelDraft,
  createApplication,
  findAccountForStart,
  findApplicationLineage,
  findContractById,
  findOwnContract,
  listLiveApplications,
  type ContractRow,
} from '../application/application-records.ts'
import {
  findBranch,
  findGroupPfInfo,
  findLink,
  listItemDefinitions,
} from '../group/group-records.ts'
import { enqueueMail } from '../mail/outbox.ts'
import { autoRenewStoppedMail } from '../mail/renewal-templates.ts'
import type { MyPageLinkTarget } from '../my-page/my-page-access.ts'
import {
  findAccountMail,
  findNextProductYm,
  findRenewal,
  listRenewalsOfAccount,
  lockRenewal,
  openRenewal,
  updateRenewal,
  type RenewalRow,
} from './renewal-repository.ts'
import {
  contractRenewalOf,
  renewalContext,
  renewalDraftState,
  renewalInfoOf,
  type NextProduct,
  type RenewalContextGroup,
} from './renewal-view.ts'

// The renewal of one contract (issue #9, SPEC §3.7, §4, §8.3, §8.4; ADR 0016). The server is the
// authority: every transition runs in one transaction that makes sure the contract's renewal
// row exists, locks it (FOR UPDATE), asks rules/renewal.ts and applies what it allows. The
// browser only names the my-page link and the contract's coverage period; the contract is the
// signed-in holder's own applied application of that period (404 APFH0001 otherwise).

export interface RenewalServiceOptions {
  db: Database
  clock: Clock
  /** this product as the browser reaches it: for the my-page link in mail */
  publicBaseUrl: () => string
  /** `deliver(id)` right after the transaction that wrote the mail commits */
  deliverMail: (messageId: string) => Promise<unknown>
}

/** The policy holder of a my-page call (MyPageAccess.requireSignedIn). */
export type SignedInHolder = SignedIn & MyPageLinkTarget

/** What a transition of a contract depends on, read in the caller's transaction. */
export interface RenewalFacts {
  /** the contract the facts are of (its inception date: rules/renewal.ts coverStartDate) */
  contract: Pick<ContractRow, 'applyInfo'>
  contractGroup: GroupPfInfo
  /** next year's product with a link of the contract's branch and URL key, if any */
  next: NextProduct | undefined
  /** next year exists and the account holds no other application there (ADR 0016) */
  hasNextProduct: boolean
}

/** Next year's product of a contract: the group's next year with the contract's own link. */
export async function findNextProduct(
  db: Database,
  contract: Pick<
    ContractRow,
    'groupPfCode' | 'groupPfCodeInceptionDateYm' | 'groupPfBranchNo' | 'urlKey'
  >,
): Promise<NextProduct | undefined> {
  const ym = await findNextProductYm(db, contract)
  if (ym === undefined) return undefined
  const link = await findLink(db, {
    groupPfCode: contract.groupPfCode,
    urlKey: contract.urlKey,
    groupPfCodeInceptionDateYm: ym,
  })
  if (link === undefined || link.groupPfBranchNo !== contract.groupPfBranchNo) return undefined
  const [group, items] = await Promise.all([
    findGroupPfInfo(db, link),
    listItemDefinitions(db, link),
  ])
  return group === undefined ? undefined : { group, items, link }
}

/** Reads a contract's product year, next year and whether next year is free for it. */
export async function loadRenewalFacts(db: Database, contract: ContractRow): Promise<RenewalFacts> {
  const [contractGroup, next, live] = await Promise.all([
    findGroupPfInfo(db, contract),
    findNextProduct(db, contract),
    listLiveApplications(db, contract),
  ])
  if (contractGroup === undefined) {
    throw new Error(`no product ${contract.groupPfCode} ${contract.groupPfCodeInceptionDateYm}`)
  }
  const isTaken =
    next !== undefined &&
    live.some(
      (application) =>
        application.groupPfCodeInceptionDateYm === next.link.groupPfCodeInceptionDateYm &&
        application.preApplicationId !== contract.id,
    )
  return { contract, contractGroup, next, hasNextProduct: next !== undefined && !isTaken }
}

/** The transition, or the refusal as the error to answer with (409 APFA2029 / APFA2031). */
export function decide(
  row: RenewalRow,
  action: RenewalAction,
  facts: RenewalFacts,
  today: string,
): Extract<RenewalOutcome, { ok: true }> {
  const outcome = renewalTransition(
    row.state,
    action,
    renewalContext(today, facts.contractGroup, facts.hasNextProduct, facts.contract.applyInfo),
  )
  if (!outcome.ok) {
    throw new AppError(outcome.errorCode, { message: `renewal ${action} refused in ${row.state}` })
  }
  return outcome
}

/** The my-page login screen of a contract's group, for mail. */
export function myPageUrlOf(
  publicBaseUrl: string,
  contract: Pick<ContractRow, 'groupPfCode' | 'urlKey'>,
): string {
  return `${publicBaseUrl}${myPageLoginHref({ groupPfCode: contract.groupPfCode, urlKey: contract.urlKey })}`
}

function transaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction((txn) => work(txn as unknown as Database))
}

export class RenewalService {
  readonly #options: RenewalServiceOptions

  constructor(options: RenewalServiceOptions) {
    this.#options = options
  }

  get #db(): Database {
    return this.#options.db
  }

  #now(): Date {
    return this.#options.clock.now()
  }

  /** GET /renewalInfo/ */
  async info(holder: SignedInHolder, groupPfCodeInceptionDateYm: string): Promise<RenewalInfo> {
    const contract = await this.#ownContract(this.#db, holder, groupPfCodeInceptionDateYm)
    return this.#infoOf(this.#db, contract)
  }

  /** POST /stopUpdate/: stopped (a started procedure's draft cancelled), and its mail. */
  async stopAutoRenewal(
    holder: SignedInHolder,
    groupPfCodeInceptionDateYm: string,
  ): Promise<RenewalInfo> {
    const now = this.#now()
    const today = toBusinessDate(now)
    const { info, messageId } = await transaction(this.#db, async (tx) => {
      const contract = await this.#ownContract(tx, holder, groupPfCodeInceptionDateYm)
      const row = await lockRenewal(tx, contract)
      const facts = await loadRenewalFacts(tx, contract)
      decide(row, 'stopAutoRenewal', facts, today)
      if (row.procedureApplicationId !== null) {
        await cancelDraft(tx, row.procedureApplicationId, now)
      }
      await updateRenewal(tx, contract.id, { state: 'stopped', autoRenewStoppedAt: now }, now)
      const [account, branch] = await Promise.all([
        findAccountMail(tx, contract.accountId),
        findBranch(tx, contract),
      ])
      if (account === undefined) throw new Error('contract without its account')
      const policyHolderNo =
        contract.groupPfPolicyHolderNo ?? contract.applyInfo.basicInfo.groupPfPolicyHolderNo ?? ''
      const holderInfo = contract.applyInfo.policyHolderInfo
      const mail = autoRenewStoppedMail({
        groupName: facts.contractGroup.groupNameKanji,
        agencyContact: branch?.refFreeField ?? '',
        groupPfPolicyHolderNo: policyHolderNo,
        myPageUrl: myPageUrlOf(this.#options.publicBaseUrl(), contract),
        expiryDate:
          holderInfo.policyHolderExpiryDate === ''
            ? facts.contractGroup.groupExpiryDate
            : holderInfo.policyHolderExpiryDate,
        stoppedAt: now,
      })
      const id = await enqueueMail(tx, { ...mail, recipient: account.mailAddress }, now)
      return { info: await this.#infoOf(tx, contract), messageId: id }
    })
    await this.#options.deliverMail(messageId).catch(() => undefined)
    return info
  }

  /**
   * POST /renewalProcedure/: from open, a draft on next year's product carried over from the
   * contract (renewal-view.ts renewalDraftState); from inProcedure, the same draft again.
   */
  async startProcedure(
    holder: SignedInHolder,
    groupPfCodeInceptionDateYm: string,
  ): Promise<RenewalProcedureStarted> {
    const now = this.#now()
    const today = toBusinessDate(now)
    return transaction(this.#db, async (tx) => {
      const contract = await this.#ownContract(tx, holder, groupPfCodeInceptionDateYm)
      const row = await lockRenewal(tx, contract)
      const facts = await loadRenewalFacts(tx, contract)
      const outcome = decide(row, 'startProcedure', facts, today)
      const { next } = facts
      if (next === undefined) throw new Error('a procedure allowed without next year')
      const started: RenewalProcedureStarted = {
        groupPfCode: next.link.groupPfCode,
        groupPfCodeInceptionDateYm: next.link.groupPfCodeInceptionDateYm,
        groupPfBranchNo: next.link.groupPfBranchNo,
        urlKey: next.link.urlKey,
      }
      if (!outcome.changed && row.procedureApplicationId !== null) return started
      const account = await findAccountForStart(tx, contract.accountId)
      if (account === undefined) throw new Error('contract without its account')
      const state = renewalDraftState({
        now,
        contract,
        next,
        account: { userId: account.userId, mailAddress: account.mailAddress },
        rosterAuthValues: {
          '1': account.authItem1,
          '2': account.authItem2,
          '3': account.authItem3,
        },
      })
      const draftId = await createApplication(
        tx,
        {
          accountId: contract.accountId,
          rosterMemberId: contract.rosterMemberId,
          ...next.link,
          status: 'draft',
          preApplicationId: contract.id,
          groupPfPolicyHolderNo: null,
          appliedAt: null,
          ...state,
        },
        now,
      )
      await updateRenewal(
        tx,
        contract.id,
        { state: 'inProcedure', procedureApplicationId: draftId },
        now,
      )
      return started
    })
  }

  /**
   * Before money moves for an application (payment, issue #7): a renewal procedure's draft may
   * complete only while its contract's renewal allows it (else 409 APFA2029). Other applications
   * pass.
   */
  async checkCompletion(applicationId: string): Promise<void> {
    const contract = await this.#contractRenewedBy(this.#db, applicationId)
    if (contract === undefined) return
    const row = (await findRenewal(this.#db, contract.id)) ?? openRenewal(contract.id)
    this.#requireProcedureOf(row, applicationId)
    decide(
      row,
      'completeProcedure',
      await loadRenewalFacts(this.#db, contract),
      toBusinessDate(this.#now()),
    )
  }

  /**
   * Inside payment's completion transaction: the contract renewed by its procedure's draft
   * (renewed, by procedure). A refusal throws 409 APFA2029 and the caller's transaction rolls back.
   */
  /** Completes the renewal this application is the procedure of; false when it is none. */
  async completeInTx(tx: Database, applicationId: string, now: Date): Promise<boolean> {
    const contract = await this.#contractRenewedBy(tx, applicationId)
    if (contract === undefined) return false
    const row = await lockRenewal(tx, contract)
    this.#requireProcedureOf(row, applicationId)
    decide(row, 'completeProcedure', await loadRenewalFacts(tx, contract), toBusinessDate(now))
    await updateRenewal(
      tx,
      contract.id,
      {
        state: 'renewed',
        renewedBy: 'procedure',
        renewedApplicationId: applicationId,
        renewedAt: now,
      },
      now,
    )
    return true
  }

  /**
   * Home: the renewal of each contract and the actions it offers, from one query of the
   * account's renewal rows, one of its live applications, and next year's product per period.
   */
  async contractRenewals(
    accountId: string,
    groupPfCode: string,
    contracts: readonly {
      id: string
      groupPfCodeInceptionDateYm: string
      groupPfBranchNo: string
      urlKey: string
      group: RenewalContextGroup
      applyInfo: Pick<ApplyInfo, 'policyHolderInfo'>
    }[],
  ): Promise<Map<string, Pick<ContractSummary, 'renewal' | 'actions'>>> {
    const today = toBusinessDate(this.#now())
    const [rows, live] = await Promise.all([
      listRenewalsOfAccount(this.#db, accountId),
      listLiveApplications(this.#db, { accountId, groupPfCode }),
    ])
    const nextYms = new Map<string, Promise<string | undefined>>()
    const nextYmOf = (contract: (typeof contracts)[number]) => {
      const key = `${contract.groupPfCodeInceptionDateYm}|${contract.groupPfBranchNo}|${contract.urlKey}`
      let found = nextYms.get(key)
      if (found === undefined) {
        found = findNextProduct(this.#db, { groupPfCode, ...contract }).then(
          (next) => next?.link.groupPfCodeInceptionDateYm,
        )
        nextYms.set(key, found)
      }
      return found
    }
    const answers = new Map<string, Pick<ContractSummary, 'renewal' | 'actions'>>()
    for (const contract of contracts) {
      const row = rows.find((candidate) => candidate.preApplicationId === contract.id)
      const nextYm = await nextYmOf(contract)
      const isTaken = live.some(
        (application) =>
          application.groupPfCodeInceptionDateYm === nextYm &&
          application.preApplicationId !== contract.id,
      )
      const context = renewalContext(
        today,
        contract.group,
        nextYm !== undefined && !isTaken,
        contract.applyInfo,
      )
      answers.set(contract.id, contractRenewalOf(row?.state ?? 'open', context))
    }
    return answers
  }

  async #ownContract(
    db: Database,
    holder: SignedInHolder,
    groupPfCodeInceptionDateYm: string,
  ): Promise<ContractRow> {
    const contract = await findOwnContract(db, {
      accountId: holder.accountId,
      groupPfCode: holder.link.groupPfCode,
      groupPfCodeInceptionDateYm,
    })
    if (contract === undefined) {
      throw new AppError(errorCodes.contractNotShown, {
        message: `no applied contract of the account in ${groupPfCodeInceptionDateYm}`,
      })
    }
    return contract
  }

  async #infoOf(db: Database, contract: ContractRow): Promise<RenewalInfo> {
    const row = (await findRenewal(db, contract.id)) ?? openRenewal(contract.id)
    // this year's item definitions only where there is no next year to take them from
    const facts = await loadRenewalFacts(db, contract)
    const contractItems = facts.next === undefined ? await listItemDefinitions(db, contract) : []
    const renewed =
      row.renewedApplicationId === null
        ? undefined
        : await findApplicationLineage(db, row.renewedApplicationId)
    return renewalInfoOf({
      contract,
      contractGroup: facts.contractGroup,
      contractItems,
      next: facts.next,
      hasNextProduct: facts.hasNextProduct,
      state: row.state,
      renewedBy: row.renewedBy,
      autoRenewStoppedAt: row.autoRenewStoppedAt,
      renewedGroupPfCodeInceptionDateYm: renewed?.groupPfCodeInceptionDateYm ?? null,
      today: toBusinessDate(this.#now()),
    })
  }

  /** The contract an application renews (a procedure's draft), or undefined for any other. */
  async #contractRenewedBy(db: Database, applicationId: string): Promise<ContractRow | undefined> {
    const application = await findApplicationLineage(db, applicationId)
    if (application?.preApplicationId == null) return undefined
    const contract = await findContractById(db, application.preApplicationId)
    if (contract === undefined) {
      throw new AppError(errorCodes.renewalNotPossible, { message: 'the renewed contract is gone' })
    }
    return contract
  }

  /** Only the procedure's own draft completes it (a cancelled draft never does). */
  #requireProcedureOf(row: RenewalRow, applicationId: string): void {
    if (row.procedureApplicationId !== applicationId) {
      throw new AppError(errorCodes.renewalNotPossible, {
        message: 'not the draft of the contract renewal procedure',
      })
    }
  }
}
