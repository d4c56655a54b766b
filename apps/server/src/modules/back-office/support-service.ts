import { type EntryLink } from '@app/shared'
import type { AdminApplicationStatus } from '@app/shared/api/admin/endpoints'
import type { Clock } from '../../clock.ts'
import type { Database } from '../../db/client.ts'
import type { AccessService } from '../access/access-service.ts'
import { changeMailAddress } from '../access/account-records.ts'
import { verificationSubject, verifyIdSubject, verifyItemSubject } from '../access/lock-subjects.ts'
import {
  findApplicationById,
  listLiveApplications,
  updateApplyInfo,
} from '../application/application-records.ts'
import { appendAuditEntry } from '../audit/audit-records.ts'
import type { GroupService } from '../group/group-service.ts'
import type { DeliveryOutcome } from '../mail/delivery.ts'
import { mailChangedNotice } from '../mail/my-page-templates.ts'
import { enqueueMail } from '../mail/outbox.ts'
import { maskMailAddress } from '../my-page/auth/masking.ts'
import { myPageSignInSubject } from '../my-page/auth/sign-in-subject.ts'
import type { PaymentCompletion } from '../payment/payment-completion.ts'
import { generateInitialPassword, replaceFirstEntryPasswordHash } from '../roster/roster-records.ts'
import { hashPassword } from '../security/password.ts'
import type { ServerKeys } from '../security/secrets.ts'
import { deleteLockouts, findLockedSubjects } from '../security/security-records.ts'
import { staffActor, type StaffPrincipal } from '../staff/staff-scope.ts'
import { findMemberInScope, findMembersByCode, type SupportMember } from './support-repository.ts'
import { AdminError, adminErrorCodes } from '@app/shared/api/admin/errors'

// Holder and applicant support (issue #20 point 6, ADR 0028): find a roster member, unlock it,
// send its verification or completion mail again, issue its first-entry password again, change
// its account's mail address. Every act is audited with the staff member, the member's id and
// the typed reason; details hold ids and counts only. A member outside the staff member's scope
// answers 404 ADMN0001 exactly like one that does not exist.

export interface SupportServiceOptions {
  db: Database
  clock: Clock
  keys: ServerKeys
  groups: GroupService
  access: AccessService
  completion: PaymentCompletion
  deliverMail: (messageId: string) => Promise<DeliveryOutcome>
}

export interface MemberSummary {
  memberId: string
  memberCode: string
  groupPfCode: string
  groupPfCodeInceptionDateYm: string
  firstEntryId: string | null
  userId: string | null
  maskedMailAddress: string | null
  applicationId: string | null
  applicationStatus: AdminApplicationStatus | null
  locked: boolean
  pendingVerification: boolean
}

const conflict = (message: string) =>
  new AdminError(adminErrorCodes.adminStateConflict, { message })

function applicationStatus(status: string | undefined): AdminApplicationStatus | null {
  switch (status) {
    case 'draft':
    case 'applied':
    case 'processed':
    case 'cancelled':
      return status
    default:
      return null
  }
}

export class SupportService {
  readonly #options: SupportServiceOptions

  /**
   * Test seam, unset in the product: awaited by a first-entry password re-issue between reading
   * the member's hash and replacing it, so a test can make two re-issues overlap for certain.
   */
  afterFirstEntryHashRead: (() => Promise<void>) | undefined = undefined

  constructor(options: SupportServiceOptions) {
    this.#options = options
  }

  get #db(): Database {
    return this.#options.db
  }

  /**
   * Every subject whose lock keeps this member out (PRODUCT.md "Lockout"): its first-entry ID,
   * its three-item key, its my-page ID, and each verification link still open. The same keyed
   * hashes the checks count under (access/lock-subjects.ts, my-page/auth/sign-in-subject.ts).
   */
  #lockSubjects(member: SupportMember): string[] {
    const { keys } = this.#options
    const subjects: string[] = []
    if (member.firstEntryId !== null) {
      subjects.push(verifyIdSubject(keys, member, member.firstEntryId))
    }
    if (member.authItem1 !== null) subjects.push(verifyItemSubject(keys, member, member.authItem1))
    if (member.account !== null) {
      const { groupPfCode, userId } = member.account
      subjects.push(myPageSignInSubject(keys, groupPfCode, userId))
    }
    for (const id of member.pendingVerificationIds) subjects.push(verificationSubject(keys, id))
    return subjects
  }

  async findMembers(
    who: StaffPrincipal,
    query: { groupPfCode: string; groupPfCodeInceptionDateYm: string; memberCode: string },
  ): Promise<MemberSummary[]> {
    const now = this.#options.clock.now()
    const members = await findMembersByCode(this.#db, who.scope, query, now)
    const subjects = members.map((member) => this.#lockSubjects(member))
    const locked = new Set(await findLockedSubjects(this.#db, subjects.flat(), now))
    return members.map((member, index) => ({
      memberId: member.memberId,
      memberCode: member.memberCode,
      groupPfCode: member.groupPfCode,
      groupPfCodeInceptionDateYm: member.groupPfCodeInceptionDateYm,
      firstEntryId: member.firstEntryId,
      userId: member.account?.userId ?? null,
      maskedMailAddress:
        member.account === null ? null : maskMailAddress(member.account.mailAddress),
      applicationId: member.application?.applicationId ?? null,
      applicationStatus: applicationStatus(member.application?.status),
      locked: (subjects[index] ?? []).some((subject) => locked.has(subject)),
      pendingVerification: member.pendingVerificationIds.length > 0,
    }))
  }

  async #member(who: StaffPrincipal, memberId: string): Promise<SupportMember> {
    const now = this.#options.clock.now()
    const member = await findMemberInScope(this.#db, who.scope, memberId, now)
    if (member === undefined) {
      throw new AdminError(adminErrorCodes.adminRecordNotFound, {
        message: 'member not found or outside the scope',
      })
    }
    return member
  }

  #entry(who: StaffPrincipal, member: SupportMember, action: string, reason: string) {
    return {
      ...staffActor(who),
      action,
      recordKind: 'member',
      recordId: member.memberId,
      reason,
    }
  }

  /** Ends every lock of the member's subjects: how many locks were in force. */
  async unlock(who: StaffPrincipal, memberId: string, reason: string): Promise<number> {
    const member = await this.#member(who, memberId)
    const now = this.#options.clock.now()
    return this.#db.transaction(async (txn) => {
      const tx = txn as unknown as Database
      const unlocked = await deleteLockouts(tx, this.#lockSubjects(member), now)
      await appendAuditEntry(tx, {
        ...this.#entry(who, member, 'member.unlocked', reason),
        details: { unlocked },
      })
      return unlocked
    })
  }

  async resendVerificationMail(who: StaffPrincipal, memberId: string, reason: string) {
    const member = await this.#member(who, memberId)
    const { verificationId } = await this.#options.access.resendVerificationMail(member.memberId)
    await appendAuditEntry(this.#db, {
      ...this.#entry(who, member, 'member.verificationMailResent', reason),
      details: { verificationId },
    })
  }

  async resendCompletionMail(who: StaffPrincipal, memberId: string, reason: string) {
    const member = await this.#member(who, memberId)
    const application = member.application
    if (application?.status !== 'applied') throw conflict('the member has no applied application')
    await this.#options.completion.resendCompletionMail(application.applicationId)
    await appendAuditEntry(this.#db, {
      ...this.#entry(who, member, 'member.completionMailResent', reason),
      details: { applicationId: application.applicationId },
    })
  }

  /**
   * A new first-entry password (authenticationType "1" members): stored as its argon2id hash,
   * answered once and never kept or logged in the clear; the member's locks end with it.
   */
  async reissueFirstEntryPassword(
    who: StaffPrincipal,
    memberId: string,
    reason: string,
  ): Promise<{ firstEntryId: string; password: string }> {
    const member = await this.#member(who, memberId)
    const firstEntryId = member.firstEntryId
    if (firstEntryId === null) throw conflict('the member has no first-entry ID')
    const password = generateInitialPassword()
    const passwordHash = await hashPassword(password)
    await this.afterFirstEntryHashRead?.()
    const now = this.#options.clock.now()
    await this.#db.transaction(async (txn) => {
      const tx = txn as unknown as Database
      const replaced = await replaceFirstEntryPasswordHash(
        tx,
        member.memberId,
        passwordHash,
        now,
        member.firstEntryPasswordHash,
      )
      if (!replaced) throw conflict('first-entry password issued again meanwhile')
      const unlocked = await deleteLockouts(tx, this.#lockSubjects(member), now)
      await appendAuditEntry(tx, {
        ...this.#entry(who, member, 'member.firstEntryPasswordReissued', reason),
        details: { unlocked },
      })
    })
    return { firstEntryId, password }
  }

  /**
   * The account's mail address, and the holder's address in its live applications (SPEC §3.1
   * basicInfo.policyHolderEmailAddress: the completion and deposit mails go there); the old
   * address is told, as after a my-page mail change (ADR 0015).
   */
  async changeHolderMail(
    who: StaffPrincipal,
    memberId: string,
    body: { mailAddress: string; reason: string },
  ): Promise<void> {
    const member = await this.#member(who, memberId)
    const account = member.account
    if (account === null) throw conflict('the member has no account')
    const link = this.#linkOf(member)
    const now = this.#options.clock.now()
    const linked = await this.#options.groups.linkedGroup(link, now)
    const notice = mailChangedNotice({
      groupName: linked.groupPfInfo.groupNameKanji,
      agencyContact: linked.branch.refFreeField,
      maskedNewMailAddress: maskMailAddress(body.mailAddress),
      changedAt: now,
    })
    const messageId = await this.#db.transaction(async (txn) => {
      const tx = txn as unknown as Database
      await changeMailAddress(tx, account.accountId, body.mailAddress, now)
      const live = await listLiveApplications(tx, {
        accountId: account.accountId,
        groupPfCode: account.groupPfCode,
      })
      for (const { id } of live) {
        const row = await findApplicationById(tx, id, { forUpdate: true })
        const applyInfo = row?.applyInfo
        if (applyInfo == null) continue
        const basicInfo = { ...applyInfo.basicInfo, policyHolderEmailAddress: body.mailAddress }
        await updateApplyInfo(tx, id, { applyInfo: { ...applyInfo, basicInfo } }, now)
      }
      await appendAuditEntry(tx, {
        ...this.#entry(who, member, 'member.mailAddressChanged', body.reason),
        details: { accountId: account.accountId, applications: live.length },
      })
      return enqueueMail(tx, { ...notice, recipient: account.mailAddress }, now)
    })
    await this.#options.deliverMail(messageId).catch(() => 'retrying' as const)
  }

  #linkOf(member: SupportMember): EntryLink {
    const product = { groupPfCode: member.groupPfCode }
    if (member.application !== null) {
      const { groupPfCodeInceptionDateYm, groupPfBranchNo, urlKey } = member.application
      return { ...product, groupPfCodeInceptionDateYm, groupPfBranchNo, urlKey }
    }
    if (member.verificationLink !== null) {
      return {
        ...product,
        groupPfCodeInceptionDateYm: member.groupPfCodeInceptionDateYm,
        ...member.verificationLink,
      }
    }
    throw conflict('the member has no link to its group')
  }
}
