import { appendAuditEntries } from '../audit/audit-records.ts'
import {
  AppError,
  consentDocumentIds,
  errorCodes,
  isStepOpen,
  optionUnitsFor,
  planUnits,
  recruitmentPhase,
  startOfBusinessDate,
  toBusinessDate,
  type ApplicationStep,
  type ApplicationView,
  type ConsentDocumentId,
  type ConsentReference,
  type CoverageUnit,
  type DocSlot,
  type FileRef,
  type GroupPfInfo,
  type GroupPfInfoBranchNo,
  type InsuredInput,
  type UnitInfo,
} from '@app/shared'
import { t } from '@app/shared/messages/application'
import type { Clock } from '../../clock.ts'
import type { Database } from '../../db/client.ts'
import { findGroupPfInfo, listItemDefinitions } from '../group/group-records.ts'
import type { GroupService } from '../group/group-service.ts'
import type { SignedIn } from '../access/session.ts'
import {
  addInsured,
  applyStep,
  attachFileToState,
  confirmInsured,
  detachFileFromState,
  editInsured,
  progressOf,
  removeInsured,
  type ApplicationState,
  type Product,
  type StepBody,
} from './apply-info-state.ts'
import {
  findAccountForStart,
  findApplicationById,
  findApplicationOfAccount,
  findNoticeAnswers,
  initialiseState,
  listConsents,
  appendStepEvent,
  saveConsents,
  saveState,
  type ApplicationRow,
} from './application-repository.ts'
import { initialApplyInfo } from './initial-apply-info.ts'

// The application's state on the server (issue #6, ADR 0012). Every call works on the signed-in
// account's own row, found by the session: no call takes an application id from the browser.
// Each write names the version it read (409 APFC0001 otherwise) and may only touch a step that
// is open (409 APFD0001, SPEC §2.5).

export interface ApplicationServiceOptions {
  db: Database
  groups: GroupService
  clock: Clock
}

interface Draft {
  row: ApplicationRow
  product: Product
  state: ApplicationState
  version: number
}

/**
 * The applicant's application as payment reads it (issue #7): draft or applied, with its product
 * and branch. The recruitment windows are not checked here: payment answers a closed window with
 * its own codes (SPEC §8.3: APFA2012, APFA2013).
 */
export interface PaymentDraft {
  applicationId: string
  status: 'draft' | 'applied'
  version: number
  state: ApplicationState
  product: Product
  branch: GroupPfInfoBranchNo
}

function alreadyApplied(): AppError {
  return new AppError(errorCodes.alreadyApplied, { message: 'the application is applied' })
}

const consentIds = new Set<string>(consentDocumentIds)

function versionConflict(): AppError {
  return new AppError(errorCodes.applicationVersionConflict, {
    message: 'the application changed since the version sent',
  })
}

function coverageUnit(unit: UnitInfo): CoverageUnit {
  return {
    unitNo: unit.unitNo,
    displayName: unit.displayName,
    coverageName: unit.coverageName,
    coverageTypeFlg: unit.coverageTypeFlg,
    unitPremium: unit.unitPremium,
    premiumBasis: unit.premiumBasis,
  }
}

export class ApplicationService {
  readonly #db: Database
  readonly #groups: GroupService
  readonly #clock: Clock

  constructor(options: ApplicationServiceOptions) {
    this.#db = options.db
    this.#groups = options.groups
    this.#clock = options.clock
  }

  /** GET /applyInfo/: an applied application is shown as it was completed (issue #7). */
  async view(signedIn: SignedIn): Promise<ApplicationView> {
    const row = await this.#rowOf(signedIn)
    if (row.status === 'applied' && row.applyInfo !== null && row.applyInfoOption !== null) {
      const product = await this.#productOf(this.#db, row, this.#clock.now())
      return this.#viewOf(this.#db, {
        row,
        product,
        version: row.version,
        state: {
          applyInfo: row.applyInfo,
          applyInfoOption: row.applyInfoOption,
          completedSteps: row.completedSteps,
        },
      })
    }
    return this.#viewOf(this.#db, await this.#draftOfRow(this.#db, row))
  }

  /**
   * The signed-in applicant's application for payment (issue #7), or undefined when the account
   * has none. A draft without a state yet gets its first one, as on the first read.
   */
  async forPayment(signedIn: SignedIn): Promise<PaymentDraft | undefined> {
    const row = await findApplicationOfAccount(this.#db, signedIn.accountId)
    if (row === undefined) return undefined
    const now = this.#clock.now()
    const linked = await this.#groups.linkedGroup(row, now)
    const product: Product = { group: linked.groupPfInfo, items: linked.itemDefinitionArray }
    const status = row.status === 'applied' ? 'applied' : 'draft'
    if (row.applyInfo !== null && row.applyInfoOption !== null) {
      const state = {
        applyInfo: row.applyInfo,
        applyInfoOption: row.applyInfoOption,
        completedSteps: row.completedSteps,
      }
      return {
        applicationId: row.id,
        status,
        version: row.version,
        state,
        product,
        branch: linked.branch,
      }
    }
    const started = await this.#startState(this.#db, row, product, now)
    return {
      applicationId: row.id,
      status,
      version: started.version,
      state: started.state,
      product,
      branch: linked.branch,
    }
  }

  /** The signed-in applicant's draft, for the files module (same refusals as every call here). */
  async requireDraft(
    signedIn: SignedIn,
  ): Promise<{ applicationId: string; group: GroupPfInfo; view: ApplicationView }> {
    const draft = await this.#draftOf(signedIn)
    return {
      applicationId: draft.row.id,
      group: draft.product.group,
      view: await this.#viewOf(this.#db, draft),
    }
  }

  /** PUT /applyInfo/{step} */
  async saveStep<S extends ApplicationStep>(
    signedIn: SignedIn,
    step: S,
    body: StepBody<S>,
  ): Promise<ApplicationView> {
    const draft = await this.#draftOf(signedIn)
    this.#checkVersion(draft, body.version)
    this.#requireOpen(draft, step)
    const outcome = applyStep(draft.state, step, body, draft.product)
    return this.#store(draft, body.version, outcome.state, outcome.consents, this.#db, step)
  }

  /** POST /applyInfo/insured/{unitNo} */
  async addInsured(
    signedIn: SignedIn,
    unitNo: number,
    body: { version: number; insrdInfo: InsuredInput },
  ): Promise<ApplicationView> {
    return this.#changeInsured(signedIn, body.version, (draft) =>
      addInsured(draft.state, draft.product, unitNo, body.insrdInfo),
    )
  }

  /** PUT /applyInfo/insured/{unitNo}/{insrdId} */
  async editInsured(
    signedIn: SignedIn,
    unitNo: number,
    insrdId: string,
    body: { version: number; insrdInfo: InsuredInput },
  ): Promise<ApplicationView> {
    return this.#changeInsured(signedIn, body.version, (draft) =>
      editInsured(draft.state, draft.product, unitNo, insrdId, body.insrdInfo),
    )
  }

  /** DELETE /applyInfo/insured/{unitNo}/{insrdId}?version=N */
  async removeInsured(
    signedIn: SignedIn,
    unitNo: number,
    insrdId: string,
    version: number,
  ): Promise<ApplicationView> {
    return this.#changeInsured(signedIn, version, (draft) =>
      removeInsured(draft.state, draft.product, unitNo, insrdId),
    )
  }

  /** PUT /applyInfo/insured/{unitNo}/confirm */
  async confirmInsured(
    signedIn: SignedIn,
    unitNo: number,
    version: number,
  ): Promise<ApplicationView> {
    return this.#changeInsured(signedIn, version, (draft) =>
      confirmInsured(draft.state, draft.product, unitNo),
    )
  }

  /** GET /mainCoverageTypes/: the plans of the application's product */
  async mainCoverageTypes(signedIn: SignedIn): Promise<{ planArray: CoverageUnit[] }> {
    const draft = await this.#draftOf(signedIn)
    return { planArray: planUnits(draft.product.group).map(coverageUnit) }
  }

  /** GET /specifiedCoverageTypes/?planUnitNo=N: the options that may be added to that plan */
  async specifiedCoverageTypes(
    signedIn: SignedIn,
    planUnitNo: number,
  ): Promise<{ optionArray: CoverageUnit[] }> {
    const { group } = (await this.#draftOf(signedIn)).product
    if (!planUnits(group).some((unit) => unit.unitNo === planUnitNo)) {
      throw new AppError(errorCodes.validationFailed, {
        message: 'not a plan of the product',
        issues: [{ path: 'planUnitNo', message: t('application.validation.unknownUnit') }],
      })
    }
    return { optionArray: optionUnitsFor(group, planUnitNo).map(coverageUnit) }
  }

  /**
   * A stored file joins its slot (the files module calls this, inside its own transaction when
   * it passes `db`). Uploads only add, so there is no version check; the version still moves on.
   */
  async attachFile(
    applicationId: string,
    slot: DocSlot,
    file: FileRef,
    db?: Database,
  ): Promise<ApplicationView> {
    const run = async (tx: Database): Promise<ApplicationView> => {
      const draft = await this.#draftById(tx, applicationId, true)
      const state = attachFileToState(draft.state, draft.product, slot, file)
      return this.#store(draft, null, state, undefined, tx)
    }
    if (db !== undefined) return run(db)
    return this.#db.transaction((txn) => run(txn as unknown as Database))
  }

  /**
   * A file leaves its slot (version check; unknown id → 404 APFN0001). Only the list changes
   * here: the files module removes the stored bytes and its own row.
   */
  async detachFile(
    applicationId: string,
    fileId: string,
    expectedVersion: number,
    db: Database = this.#db,
  ): Promise<ApplicationView> {
    const draft = await this.#draftById(db, applicationId, false)
    this.#checkVersion(draft, expectedVersion)
    const state = detachFileFromState(draft.state, draft.product, fileId)
    return this.#store(draft, expectedVersion, state, undefined, db)
  }

  async #changeInsured(
    signedIn: SignedIn,
    version: number,
    change: (draft: Draft) => ApplicationState,
  ): Promise<ApplicationView> {
    const draft = await this.#draftOf(signedIn)
    this.#checkVersion(draft, version)
    this.#requireOpen(draft, 'registerInsuredInfo')
    return this.#store(draft, version, change(draft))
  }

  #checkVersion(draft: Draft, version: number): void {
    if (draft.version !== version) throw versionConflict()
  }

  #requireOpen(draft: Draft, step: ApplicationStep): void {
    if (!isStepOpen(progressOf(draft.state, draft.product), step)) {
      throw new AppError(errorCodes.stepNotOpen, { message: `step ${step} is not open` })
    }
  }

  async #rowOf(signedIn: SignedIn): Promise<ApplicationRow> {
    const row = await findApplicationOfAccount(this.#db, signedIn.accountId)
    if (row === undefined) {
      throw new AppError(errorCodes.session, { message: 'the account has no application' })
    }
    return row
  }

  async #draftOf(signedIn: SignedIn): Promise<Draft> {
    return this.#draftOfRow(this.#db, await this.#rowOf(signedIn))
  }

  async #draftById(db: Database, applicationId: string, forUpdate: boolean): Promise<Draft> {
    const row = await findApplicationById(db, applicationId, { forUpdate })
    if (row === undefined) {
      throw new AppError(errorCodes.apiNotFound, { message: 'application not found' })
    }
    return this.#draftOfRow(db, row)
  }

  /** Applied → APFA2002; outside both recruitment windows → APFA2001 (SPEC §8.4). */
  async #draftOfRow(db: Database, row: ApplicationRow): Promise<Draft> {
    if (row.status === 'applied') throw alreadyApplied()
    const now = this.#clock.now()
    const product = await this.#productOf(db, row, now)
    const phase = recruitmentPhase(startOfBusinessDate(toBusinessDate(now)), product.group)
    if (phase === 'closed') {
      throw new AppError(errorCodes.recruitmentClosed, {
        message: 'outside the recruitment windows',
      })
    }
    if (row.applyInfo !== null && row.applyInfoOption !== null) {
      return {
        row,
        product,
        version: row.version,
        state: {
          applyInfo: row.applyInfo,
          applyInfoOption: row.applyInfoOption,
          completedSteps: row.completedSteps,
        },
      }
    }
    return this.#startState(db, row, product, now)
  }

  async #productOf(db: Database, row: ApplicationRow, now: Date): Promise<Product> {
    const preRenewAnswers = await this.#preRenewAnswers(db, row)
    if (db === this.#db) {
      const linked = await this.#groups.linkedGroup(row, now)
      return { group: linked.groupPfInfo, items: linked.itemDefinitionArray, preRenewAnswers }
    }
    // Inside a transaction, read with it: PGlite runs one transaction at a time, so a query
    // outside it (the group cache on a miss) would wait for that transaction forever.
    const group = await findGroupPfInfo(db, row)
    if (group === undefined) {
      throw new AppError(errorCodes.groupNotFound, { message: 'group product not found' })
    }
    return { group, items: await listItemDefinitions(db, row), preRenewAnswers }
  }

  /** A renewal procedure's draft: the notice answers of the contract it renews (SPEC §3.7). */
  async #preRenewAnswers(db: Database, row: ApplicationRow) {
    return row.preApplicationId === null ? undefined : findNoticeAnswers(db, row.preApplicationId)
  }

  /** A row created before applyInfo existed gets its first state on the first read (SPEC §4). */
  async #startState(
    db: Database,
    row: ApplicationRow,
    product: Product,
    now: Date,
  ): Promise<Draft> {
    const account = await findAccountForStart(db, row.accountId)
    if (account === undefined) throw new Error('application without its account')
    const state: ApplicationState = {
      ...initialApplyInfo({
        now,
        group: product.group,
        link: row,
        account,
        rosterAuthValues: {
          '1': account.authItem1,
          '2': account.authItem2,
          '3': account.authItem3,
        },
        items: product.items,
      }),
      completedSteps: [],
    }
    if (await initialiseState(db, row.id, state, now)) {
      return { row, product, state, version: row.version }
    }
    // Another request initialised it first: use what it stored.
    const stored = await findApplicationById(db, row.id)
    if (stored?.applyInfo == null) throw new Error('application state vanished')
    return this.#draftOfRow(db, stored)
  }

  /** Stores a new state (under the lock when `expectedVersion` is given) and answers with it. */
  async #store(
    draft: Draft,
    expectedVersion: number | null,
    state: ApplicationState,
    consents?: ConsentReference[],
    db: Database = this.#db,
    /** the step the applicant saved: recorded with the state (the dashboard's funnel) */
    savedStep?: ApplicationStep,
  ): Promise<ApplicationView> {
    const now = this.#clock.now()
    const write = async (tx: Database): Promise<number> => {
      const version = await saveState(tx, draft.row.id, expectedVersion, state, now)
      if (version === undefined) {
        // Completed by payment since it was read (issue #7), or written by another request.
        const current = await findApplicationById(tx, draft.row.id)
        throw current?.status === 'applied' ? alreadyApplied() : versionConflict()
      }
      if (savedStep !== undefined) await appendStepEvent(tx, draft.row.id, savedStep, now)
      // consents carry the server's time (ADR 0009)
      if (consents !== undefined) {
        const agreed = consents.map((consent) => ({ ...consent, agreedAt: now }))
        await saveConsents(tx, draft.row.id, agreed)
        // in the same transaction: a consent rolled back leaves no entry (issue #20 point 4);
        // last, all at once: the append holds the log's lock until the commit (ADR 0035)
        await appendAuditEntries(
          tx,
          consents.map((consent) => ({
            actorKind: 'applicant' as const,
            actorId: draft.row.accountId,
            action: 'consent.given',
            recordKind: 'application',
            recordId: draft.row.id,
            details: { documentId: consent.documentId, version: consent.version },
          })),
        )
      }
      return version
    }
    const version =
      consents === undefined && savedStep === undefined
        ? await write(db)
        : await db.transaction((txn) => write(txn as unknown as Database))
    return this.#viewOf(db, { ...draft, state, version })
  }

  async #viewOf(db: Database, draft: Draft): Promise<ApplicationView> {
    const consents = await listConsents(db, draft.row.id)
    return {
      version: draft.version,
      applicationStatus: draft.row.status === 'applied' ? 'applied' : 'draft',
      applyInfo: draft.state.applyInfo,
      applyInfoOption: draft.state.applyInfoOption,
      progress: progressOf(draft.state, draft.product),
      consentArray: consents
        .filter((consent) => consentIds.has(consent.documentId))
        .map((consent) => ({
          documentId: consent.documentId as ConsentDocumentId,
          version: consent.version,
          agreedAt: consent.agreedAt.toISOString(),
        })),
    }
  }
}
