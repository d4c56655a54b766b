import { formatJapaneseDate } from '@app/shared/format/display'
import {
  addDays,
  AppError,
  errorCodes,
  startOfBusinessDate,
  type ApplyInfo,
  type ItemAnswers,
  type ItemDefinition,
} from '@app/shared'
import type * as Admin from '@app/shared/api/admin/endpoints'
import {
  adminApplicationStatus,
  canCancel,
  canMarkProcessed,
  statusPatternWhenProcessed,
  type AdminPaymentStatus,
} from '@app/shared/rules/back-office'
import type { Clock } from '../../clock.ts'
import type { Database } from '../../db/client.ts'
import {
  cancelByStaff,
  findApplicationById,
  markProcessedByStaff,
} from '../application/application-records.ts'
import { appendAuditEntry } from '../audit/audit-records.ts'
import type { SignedUrl } from '../files/file-service.ts'
import { applicationCancelledMail } from '../mail/admin-templates.ts'
import { enqueueMail } from '../mail/outbox.ts'
import { normaliseAuthItem } from '../roster/normalise.ts'
import { staffActor, type StaffPrincipal } from '../staff/staff-scope.ts'
import {
  findApplicationInScope,
  findApplicationRecords,
  findBranchContact,
  findFileOfApplication,
  listGroupsInScope,
  listProductItems,
  listProductUnits,
  searchApplications,
  type ApplicationInScope,
} from './back-office-repository.ts'
import { AdminError, adminErrorCodes } from '@app/shared/api/admin/errors'

// Applications in the back office (issue #20 point 5, ADR 0027): search, detail, the notice
// answers and documents behind a typed reason, mark processed and cancel. Every read is scoped in
// SQL (back-office-repository.ts); a record outside the scope answers 404 ADMN0001 like a missing
// one. Every view and action is audited; the actions change the application only through the
// application module's published operations, in one transaction with their event and audit entry.

type SearchQuery = typeof Admin.searchApplicationsApi.querystring._zod.output
type SearchAnswer = typeof Admin.searchApplicationsApi.response._zod.output
type DetailAnswer = typeof Admin.applicationDetailApi.response._zod.output
type NoticeAnswer = typeof Admin.noticeAnswersApi.response._zod.output
type StateAnswer = typeof Admin.markProcessedApi.response._zod.output
type LabelledValue = DetailAnswer['policyHolder'][number]

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

export interface ApplicationAdminOptions {
  db: Database
  clock: Clock
  /** the files module's signed download URL for a staff member */
  issueDownloadUrl: (fileId: string, staffId: string) => Promise<SignedUrl>
  /** hands a queued mail to delivery after its transaction commits */
  deliverMail: (messageId: string) => Promise<unknown>
}

function notFound(): AppError {
  return new AdminError(adminErrorCodes.adminRecordNotFound, {
    message: 'application not found or outside scope',
  })
}

/** The policy holder's own fields as the confirmation shows them (SPEC §3.8), in screen order. */
const HOLDER_FIELDS: readonly (readonly [keyof ApplyInfo['policyHolderInfo'], string])[] = [
  ['policyHolderDiv', '個人・法人の別'],
  ['policyHolderNameKana', '氏名（カナ）'],
  ['policyHolderNameKanji', '氏名（漢字）'],
  ['policyHolderBirthDate', '生年月日'],
  ['policyHolderSex', '性別'],
  ['policyHolderZipCd', '郵便番号'],
  ['policyHolderAddressKanji', '住所（漢字）'],
  ['policyHolderAddressKana', '住所（カナ）'],
  ['homeTelNo', '自宅電話番号'],
  ['mobileTelNo', '携帯電話番号'],
  ['faxNo', 'FAX番号'],
  ['otherInsuranceFlg', '他の保険契約の有無'],
  ['otherInsuranceCompanyName', '他の保険契約の保険会社名'],
  ['otherInsuranceType', '他の保険契約の保険種類'],
  ['otherInsuranceExpiryDate', '他の保険契約の満期日'],
  ['otherInsurancePymntLimit', '他の保険契約の支払限度額'],
  ['policyHolderInceptionDate', '保険始期日'],
  ['policyHolderExpiryDate', '保険終期日'],
]

/** Code values of the fixed fields, shown as their labels. */
const CODE_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  policyHolderDiv: { '1': '個人', '2': '法人' },
  policyHolderSex: { '1': '男性', '2': '女性' },
  insrdSex: { '1': '男性', '2': '女性' },
  otherInsuranceFlg: { '1': 'あり', '2': 'なし' },
}

/** The fixed fields that hold a date (YYYYMMDD, SPEC §5), shown as 1988年7月12日. */
const DATE_FIELDS: ReadonlySet<string> = new Set([
  'policyHolderBirthDate',
  'otherInsuranceExpiryDate',
  'policyHolderInceptionDate',
  'policyHolderExpiryDate',
  'insrdBirthDate',
])

function codeLabel(field: string, value: string): string {
  if (DATE_FIELDS.has(field)) return formatJapaneseDate(value)
  return CODE_LABELS[field]?.[value] ?? value
}

type ProductItem = Pick<
  ItemDefinition,
  'itemCode' | 'itemName' | 'itemClass' | 'inputType' | 'choiceArray'
>

/** An answer as text: a choice's label (several joined), a date as a date, else as typed. */
function answerText(item: ProductItem | undefined, answer: string | string[]): string {
  const codes = Array.isArray(answer) ? answer : [answer]
  if (item?.inputType === 'date') return codes.map(formatJapaneseDate).join('、')
  if (item === undefined || item.choiceArray.length === 0) return codes.join('、')
  return codes
    .map((code) => item.choiceArray.find((choice) => choice.code === code)?.label ?? code)
    .join('、')
}

/** The answers to normal items (itemClass 010), labelled; notice matters (030) never. */
function itemValues(items: readonly ProductItem[], answers: ItemAnswers): LabelledValue[] {
  const values: LabelledValue[] = []
  for (const item of items) {
    const answer = answers[item.itemCode]
    if (item.itemClass !== '010' || answer === undefined) continue
    values.push({ itemCode: item.itemCode, label: item.itemName, value: answerText(item, answer) })
  }
  return values
}

export class ApplicationAdminService {
  readonly #options: ApplicationAdminOptions

  constructor(options: ApplicationAdminOptions) {
    this.#options = options
  }

  /** GET /admin/groups/: the products and branches in scope (the search's filters). */
  async groups(who: StaffPrincipal): Promise<typeof Admin.adminGroupsApi.response._zod.output> {
    return { groups: await listGroupsInScope(this.#options.db, who.scope) }
  }

  /** GET /admin/applications/: one page of the applications in scope that match. */
  async search(who: StaffPrincipal, query: SearchQuery): Promise<SearchAnswer> {
    const appliedFrom = query.appliedFrom === undefined ? undefined : businessDay(query.appliedFrom)
    const appliedBefore =
      query.appliedTo === undefined ? undefined : businessDay(addDays(query.appliedTo, 1))
    const nameKey = query.name === undefined ? '' : normaliseAuthItem(query.name, 'text')
    const memberCode = query.memberCode?.trim()
    const { total, rows } = await searchApplications(
      this.#options.db,
      who.scope,
      {
        groupPfCode: query.groupPfCode,
        groupPfCodeInceptionDateYm: query.groupPfCodeInceptionDateYm,
        groupPfBranchNo: query.groupPfBranchNo,
        status: query.status,
        statusPattern: query.statusPattern,
        paymentStatus: query.paymentStatus,
        appliedFrom,
        appliedBefore,
        memberCode: memberCode === '' ? undefined : memberCode,
        nameKey: nameKey === '' ? undefined : nameKey,
      },
      {
        sort: query.sort,
        order: query.order,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      },
    )
    return {
      total,
      page: query.page,
      pageSize: query.pageSize,
      rows: rows.map((row) => ({
        applicationId: row.id,
        groupPfCode: row.groupPfCode,
        groupPfCodeInceptionDateYm: row.groupPfCodeInceptionDateYm,
        groupPfBranchNo: row.groupPfBranchNo,
        memberCode: row.memberCode,
        nameKanji: emptyAsNull(row.nameKanji),
        nameKana: emptyAsNull(row.nameKana),
        status: adminApplicationStatus(row.status, row.processedAt !== null),
        statusPattern: row.statusPattern,
        paymentStatus: asPaymentStatus(row.paymentStatus),
        appliedAt: row.appliedAt?.toISOString() ?? null,
        updatedAt: row.updatedAt.toISOString(),
      })),
    }
  }

  /** GET /admin/applications/{id}: the detail without the notice answers; the view is audited. */
  async detail(who: StaffPrincipal, applicationId: string): Promise<DetailAnswer> {
    const { db } = this.#options
    const found = await this.#find(who, applicationId)
    const applyInfo = found.applyInfo
    const [items, units, records] = await Promise.all([
      listProductItems(db, found),
      listProductUnits(db, found),
      findApplicationRecords(db, {
        id: found.id,
        createdAt: found.createdAt,
        mailAddress: applyInfo?.basicInfo.policyHolderEmailAddress ?? null,
      }),
    ])
    await appendAuditEntry(db, {
      ...staffActor(who),
      action: 'application.viewed',
      recordKind: 'application',
      recordId: found.id,
    })
    const holder = applyInfo?.policyHolderInfo
    const policyHolder: LabelledValue[] =
      holder === undefined
        ? []
        : [
            ...HOLDER_FIELDS.flatMap(([field, label]) => {
              const value = holder[field]
              if (typeof value !== 'string' || value === '') return []
              return [{ itemCode: field, label, value: codeLabel(field, value) }]
            }),
            ...itemValues(items, holder.itemAnswers),
          ]
    const insured = (applyInfo?.insrdInfoArray ?? []).map((person) => ({
      unitNo: person.unit,
      insrdId: person.insrdId,
      items: [
        { itemCode: 'insrdNameKana', label: '氏名（カナ）', value: person.insrdNameKana },
        { itemCode: 'insrdNameKanji', label: '氏名（漢字）', value: person.insrdNameKanji },
        {
          itemCode: 'insrdBirthDate',
          label: '生年月日',
          value: codeLabel('insrdBirthDate', person.insrdBirthDate),
        },
        { itemCode: 'insrdSex', label: '性別', value: codeLabel('insrdSex', person.insrdSex) },
        ...itemValues(items, person.itemAnswers),
      ],
    }))
    const unitNames = new Map(units.map((unit) => [unit.unitNo, unit.displayName]))
    const history = [
      ...records.events.map((event) => ({ at: event.at, event: event.event, note: event.note })),
      ...records.attempts.map((attempt) => ({
        at: attempt.finishedAt ?? attempt.createdAt,
        event: `payment.${attempt.kind}.${attempt.status}`,
        note: null,
      })),
    ]
    // applications applied before the events table: their completion from the row itself
    if (found.appliedAt !== null && !records.events.some((event) => event.event === 'submitted')) {
      history.unshift({ at: found.appliedAt, event: 'submitted', note: null })
    }
    history.sort((left, right) => left.at.getTime() - right.at.getTime())
    return {
      applicationId: found.id,
      version: found.version,
      groupPfCode: found.groupPfCode,
      groupPfCodeInceptionDateYm: found.groupPfCodeInceptionDateYm,
      groupPfBranchNo: found.groupPfBranchNo,
      groupNameKanji: found.groupNameKanji,
      memberId: found.rosterMemberId,
      memberCode: found.memberCode,
      userId: emptyAsNull(applyInfo?.basicInfo.userId ?? null),
      status: adminApplicationStatus(found.status, found.processedAt !== null),
      statusPattern: found.statusPattern,
      paymentStatus: asPaymentStatus(found.paymentStatus),
      groupPfPolicyHolderNo: found.groupPfPolicyHolderNo,
      appliedAt: found.appliedAt?.toISOString() ?? null,
      policyHolder,
      coverage: {
        totalPremium: applyInfo?.cvrgeInfo.totalPremium ?? null,
        units: (applyInfo?.cvrgeInfo.unitArray ?? []).map((unit) => ({
          unitNo: unit.unit,
          displayName: unitNames.get(unit.unit) ?? unit.unitTypeCd,
        })),
      },
      insured,
      consents: records.consents.map((consent) => ({
        documentId: consent.documentId,
        version: consent.version,
        agreedAt: consent.agreedAt.toISOString(),
      })),
      history: history.map((entry) => ({ ...entry, at: entry.at.toISOString() })),
      payments: records.attempts.map((attempt) => ({
        kind: attempt.kind,
        status: attempt.status,
        amount: attempt.amount,
        at: (attempt.finishedAt ?? attempt.createdAt).toISOString(),
      })),
      mails: records.mails.map((mail) => ({
        kind: mail.template,
        status: mail.status,
        at: mail.createdAt.toISOString(),
      })),
      documents: records.files.map((file) => ({
        fileId: file.id,
        slot: String(file.slot),
        fileName: file.fileName,
      })),
      hasNoticeAnswers: Object.keys(applyInfo?.noticeMatterInfo.answers ?? {}).length > 0,
    }
  }

  /** POST …/notice/: the notice answers (告知), read and audited with the reason in one go. */
  async noticeAnswers(
    who: StaffPrincipal,
    applicationId: string,
    reason: string,
  ): Promise<NoticeAnswer> {
    const { db } = this.#options
    return db.transaction(async (tx) => {
      const found = await this.#find(who, applicationId, tx)
      const answers = found.applyInfo?.noticeMatterInfo.answers ?? {}
      const items = await listProductItems(tx, found)
      const byCode = new Map(items.map((item) => [item.itemCode, item]))
      await appendAuditEntry(tx, {
        ...staffActor(who),
        action: 'application.noticeViewed',
        recordKind: 'application',
        recordId: found.id,
        reason,
      })
      const ordered = [
        ...items
          .filter((item) => answers[item.itemCode] !== undefined)
          .map((item) => item.itemCode),
        ...Object.keys(answers).filter((code) => !byCode.has(code)),
      ]
      return {
        answers: ordered.flatMap((itemCode) => {
          const answer = answers[itemCode]
          if (answer === undefined) return []
          const item = byCode.get(itemCode)
          return [
            {
              insrdId: null,
              unitNo: null,
              itemCode,
              question: item?.itemName ?? itemCode,
              answer: answerText(item, answer),
            },
          ]
        }),
      }
    })
  }

  /** POST …/documents/{fileId}/link/: a 5-minute signed URL to one of the application's files. */
  async documentLink(
    who: StaffPrincipal,
    applicationId: string,
    fileId: string,
    reason: string,
  ): Promise<SignedUrl> {
    const { db } = this.#options
    const found = await this.#find(who, applicationId)
    const file = UUID.test(fileId) ? await findFileOfApplication(db, found.id, fileId) : undefined
    if (file === undefined) throw notFound()
    await appendAuditEntry(db, {
      ...staffActor(who),
      action: 'document.linked',
      recordKind: 'application',
      recordId: found.id,
      reason,
      details: { fileId: file.id },
    })
    return this.#options.issueDownloadUrl(file.id, who.staffId)
  }

  /** POST …/processed/: the applied application taken up (110 → 210), with the member's note. */
  async markProcessed(
    who: StaffPrincipal,
    applicationId: string,
    body: { note: string; version: number },
  ): Promise<StateAnswer> {
    const now = this.#options.clock.now()
    return this.#options.db.transaction(async (tx) => {
      const { found, row } = await this.#lock(who, applicationId, body.version, tx)
      const applyInfo = row.applyInfo
      if (applyInfo === null || !canMarkProcessed(row.status, found.processedAt !== null)) {
        throw stateConflict('mark processed')
      }
      const statusPattern = statusPatternWhenProcessed(applyInfo.basicInfo.statusPattern)
      const note = body.note === '' ? null : body.note
      const version = await markProcessedByStaff(tx, row.id, applyInfo, {
        version: body.version,
        event: 'processed',
        staffId: who.staffId,
        note,
        now,
      })
      if (version === undefined) throw versionConflict()
      await appendAuditEntry(tx, {
        ...staffActor(who),
        action: 'application.processed',
        recordKind: 'application',
        recordId: row.id,
        reason: note,
        details: { statusPattern },
      })
      return { status: 'processed', statusPattern, version }
    })
  }

  /** POST …/cancel/: a draft or applied application cancelled; the applicant is told by mail. */
  async cancel(
    who: StaffPrincipal,
    applicationId: string,
    body: { reason: string; version: number },
  ): Promise<StateAnswer> {
    const { db, clock, deliverMail } = this.#options
    const now = clock.now()
    const { answer, messageId } = await db.transaction(async (tx) => {
      const { found, row } = await this.#lock(who, applicationId, body.version, tx)
      if (!canCancel(row.status)) throw stateConflict('cancel')
      const version = await cancelByStaff(tx, row.id, {
        version: body.version,
        event: 'cancelled',
        staffId: who.staffId,
        note: body.reason,
        now,
      })
      if (version === undefined) throw versionConflict()
      await appendAuditEntry(tx, {
        ...staffActor(who),
        action: 'application.cancelled',
        recordKind: 'application',
        recordId: row.id,
        reason: body.reason,
        details: { previousStatus: row.status },
      })
      const recipient = row.applyInfo?.basicInfo.policyHolderEmailAddress ?? ''
      let queued: string | undefined
      if (recipient !== '') {
        const mail = applicationCancelledMail({
          groupName: found.groupNameKanji,
          agencyContact: await findBranchContact(tx, found),
          cancelledAt: now,
        })
        queued = await enqueueMail(tx, { ...mail, recipient }, now)
      }
      const statusPattern = row.applyInfo?.basicInfo.statusPattern ?? null
      return {
        answer: { status: 'cancelled' as const, statusPattern, version },
        messageId: queued,
      }
    })
    if (messageId !== undefined) await deliverMail(messageId).catch(() => undefined)
    return answer
  }

  /** The application in the caller's scope, else 404 ADMN0001 (missing or outside alike). */
  async #find(
    who: StaffPrincipal,
    applicationId: string,
    db: Database = this.#options.db,
  ): Promise<ApplicationInScope> {
    const found = await findApplicationInScope(db, who.scope, applicationId)
    if (found === undefined) throw notFound()
    return found
  }

  /** The row locked for a change, in scope and at the version the staff member read. */
  async #lock(who: StaffPrincipal, applicationId: string, version: number, tx: Database) {
    const found = await this.#find(who, applicationId, tx)
    const row = await findApplicationById(tx, applicationId, { forUpdate: true })
    if (row === undefined) throw notFound()
    if (row.version !== version) throw versionConflict()
    return { found, row }
  }
}

function businessDay(yyyymmdd: string): Date {
  try {
    return startOfBusinessDate(yyyymmdd)
  } catch {
    throw new AppError(errorCodes.validationFailed, { message: 'applied date out of range' })
  }
}

function emptyAsNull(value: string | null): string | null {
  return value === null || value === '' ? null : value
}

function asPaymentStatus(value: string): AdminPaymentStatus {
  switch (value) {
    case 'unpaid':
    case 'paid':
    case 'underpaid':
    case 'overpaid':
      return value
    default:
      return 'none'
  }
}

function stateConflict(action: string): AppError {
  return new AdminError(adminErrorCodes.adminStateConflict, {
    message: `application state does not allow ${action}`,
  })
}

function versionConflict(): AppError {
  return new AppError(errorCodes.applicationVersionConflict, {
    message: 'application version conflict',
  })
}
