import { createHash } from 'node:crypto'
import { AppError, appHref, enrolmentPath, errorCodes } from '@app/shared'
import { AdminError, adminErrorCodes } from '@app/shared/api/admin/errors'
import type { Database } from '../../db/client.ts'
import { appendAuditEntry } from '../audit/audit-records.ts'
import { listLinksOfGroup, lockProductSetup } from '../group/group-records.ts'
import { staffActor, type StaffPrincipal } from '../staff/staff-scope.ts'
import {
  checkRosterFile,
  issueRosterCredentials,
  writeRosterPlan,
  type RosterPlan,
} from './import-roster.ts'
import { lettersCsv, lettersPdf } from './roster-letters.ts'
import {
  deleteRosterMembers,
  findProductInScope,
  listMemberActivity,
  listRosterMembers,
  type ProductKey,
  type RosterMember,
} from './roster-repository.ts'

// Rosters in the console (issue #21 point 2, ADR 0030): the CLI's import (import-roster.ts) split
// into its check and its write. The file is the whole roster: members not in it are removed,
// unless they have applied, are applying or have a my-page account; then the publish does not
// happen at all and the dry run names each of them with the reason. New members (type "1") are
// issued first-entry credentials, answered once as a CSV and a PDF of letters, never stored.

/** pg_advisory_xact_lock class of a roster's publish (a product's is 2101) */
const ROSTER_LOCK_CLASS = 2102

/** Column names of a change, as the file names them. */
const FIELD_NAMES: Record<string, string> = {
  preYearPolicyHolderNo: 'preYearPolicyHolderNo',
  authItem1: 'authItemCd 1',
  authItem2: 'authItemCd 2',
  authItem3: 'authItemCd 3',
}

export interface RosterUpload extends ProductKey {
  /** base64 of the file */
  csv: string
}

/** The version token of a roster: the hash of its members as they are (never a password hash). */
export function rosterVersionToken(members: readonly RosterMember[]): string {
  const rows = [...members]
    .sort((left, right) => left.memberCode.localeCompare(right.memberCode))
    .map((member) => [
      member.memberCode,
      member.firstEntryId,
      member.authItem1,
      member.authItem2,
      member.authItem3,
      member.preYearPolicyHolderNo,
    ])
  return createHash('sha256').update(JSON.stringify(rows)).digest('hex')
}

/** Why a member cannot be removed from the roster, or null when they can. */
function refusalOf(
  activity: { statuses: string[]; hasAccount: boolean } | undefined,
): string | null {
  if (activity === undefined) return null
  if (activity.statuses.some((status) => status === 'applied' || status === 'processed')) {
    return 'お申し込み済みのため、名簿から外せません。'
  }
  if (activity.statuses.includes('draft')) return 'お申し込みの手続き中のため、名簿から外せません。'
  if (activity.statuses.length > 0) return 'お申し込みの記録があるため、名簿から外せません。'
  if (activity.hasAccount) return 'マイページの登録があるため、名簿から外せません。'
  return null
}

const notFound = () =>
  new AdminError(adminErrorCodes.adminRecordNotFound, {
    message: 'product not found or outside the scope',
  })

export class RosterSetupService {
  readonly #db: Database
  readonly #publicBaseUrl: () => string

  constructor(options: { db: Database; publicBaseUrl: () => string }) {
    this.#db = options.db
    this.#publicBaseUrl = options.publicBaseUrl
  }

  async #removals(db: Database, plan: RosterPlan) {
    const activity = await listMemberActivity(
      db,
      plan.notInFile.map((member) => member.id),
    )
    return plan.notInFile.map((member) => ({
      member,
      refusal: refusalOf(activity.get(member.id)),
    }))
  }

  async check(who: StaffPrincipal, upload: RosterUpload) {
    const key = {
      groupPfCode: upload.groupPfCode,
      groupPfCodeInceptionDateYm: upload.groupPfCodeInceptionDateYm,
    }
    if ((await findProductInScope(this.#db, who.scope, key)) === undefined) throw notFound()
    const [checked, members] = await Promise.all([
      checkRosterFile(this.#db, { ...key, csvBytes: Buffer.from(upload.csv, 'base64') }),
      listRosterMembers(this.#db, key),
    ])
    const versionToken = rosterVersionToken(members)
    if (!checked.ok) {
      return {
        errors: checked.errors.map((issue) => ({
          line: issue.line ?? null,
          message: issue.message,
        })),
        encoding: null,
        additions: [],
        changes: [],
        removals: [],
        unchanged: 0,
        versionToken,
      }
    }
    const { plan } = checked
    const removals = await this.#removals(this.#db, plan)
    return {
      errors: [],
      encoding: plan.encoding,
      additions: plan.creates.map((row) => ({ line: row.line, memberCode: row.memberCode })),
      changes: plan.updates.map((update) => ({
        line: update.row.line,
        memberCode: update.member.memberCode,
        fields: [
          ...Object.keys(update.fields).map((field) => FIELD_NAMES[field] ?? field),
          ...(update.needsCredentials ? ['firstEntryId'] : []),
        ],
      })),
      removals: removals.map(({ member, refusal }) => ({ memberCode: member.memberCode, refusal })),
      unchanged: plan.unchanged,
      versionToken,
    }
  }

  async publish(who: StaffPrincipal, upload: RosterUpload & { versionToken: string }) {
    const key = {
      groupPfCode: upload.groupPfCode,
      groupPfCodeInceptionDateYm: upload.groupPfCodeInceptionDateYm,
    }
    const product = await findProductInScope(this.#db, who.scope, key)
    if (product === undefined) throw notFound()
    const checked = await checkRosterFile(this.#db, {
      ...key,
      csvBytes: Buffer.from(upload.csv, 'base64'),
    })
    if (!checked.ok) {
      throw new AppError(errorCodes.validationFailed, {
        message: 'the roster file has errors',
        issues: checked.errors.map((issue) => ({
          path: issue.line === undefined ? '' : String(issue.line),
          message: issue.message,
        })),
      })
    }
    const { plan } = checked
    // Hashing takes ~35 ms a password: before the transaction, not inside it.
    const { issued, credentials } = await issueRosterCredentials(this.#db, plan)
    const links = (await listLinksOfGroup(this.#db, key.groupPfCode))
      .filter((link) => link.groupPfCodeInceptionDateYm === key.groupPfCodeInceptionDateYm)
      .sort((left, right) => left.groupPfBranchNo.localeCompare(right.groupPfBranchNo))
    const link = links[0]
    const entryUrl =
      link === undefined
        ? this.#publicBaseUrl()
        : `${this.#publicBaseUrl()}${appHref(enrolmentPath({ ...key, ...link }, 'termsOfService'))}`

    return this.#db.transaction(async (tx) => {
      await lockProductSetup(
        tx,
        ROSTER_LOCK_CLASS,
        `${key.groupPfCode}|${key.groupPfCodeInceptionDateYm}`,
      )
      const members = await listRosterMembers(tx, key)
      if (rosterVersionToken(members) !== upload.versionToken) {
        throw new AdminError(adminErrorCodes.adminStateConflict, {
          message: 'the roster changed since the check',
        })
      }
      const removals = await this.#removals(tx, plan)
      const refused = removals.filter((removal) => removal.refusal !== null)
      if (refused.length > 0) {
        throw new AdminError(adminErrorCodes.adminStateConflict, {
          message: 'members who applied cannot be removed',
          issues: refused.map(({ member, refusal }) => ({
            path: member.memberCode,
            message: refusal ?? '',
          })),
        })
      }
      await writeRosterPlan(tx, plan, credentials)
      const removed = await deleteRosterMembers(
        tx,
        removals.map(({ member }) => member.id),
      )
      await appendAuditEntry(tx, {
        ...staffActor(who),
        action: 'roster.published',
        recordKind: 'groupProduct',
        recordId: `${key.groupPfCode}/${key.groupPfCodeInceptionDateYm}`,
        // counts only: never a member, an ID or a password
        details: {
          groupPfCode: key.groupPfCode,
          groupPfCodeInceptionDateYm: key.groupPfCodeInceptionDateYm,
          added: plan.creates.length,
          changed: plan.updates.length,
          removed,
          letters: issued.length,
        },
      })
      // Built before the commit: letters that cannot be made leave the roster as it was.
      let letters = null
      if (issued.length > 0) {
        const context = { groupName: product.groupNameKanji, entryUrl }
        const base = `letters-${key.groupPfCode}-${key.groupPfCodeInceptionDateYm}`
        letters = {
          csv: {
            fileName: `${base}.csv`,
            contentType: 'text/csv; charset=utf-8',
            base64: lettersCsv(context, issued).toString('base64'),
          },
          pdf: {
            fileName: `${base}.pdf`,
            contentType: 'application/pdf',
            base64: (await lettersPdf(context, issued)).toString('base64'),
          },
        }
      }
      return {
        added: plan.creates.length,
        changed: plan.updates.length,
        removed,
        letters,
        versionToken: rosterVersionToken(await listRosterMembers(tx, key)),
      }
    })
  }
}
