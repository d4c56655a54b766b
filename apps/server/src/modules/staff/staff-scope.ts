import type { StaffRole } from '@app/shared/rules/staff-permissions'

// Scope (issue #20 point 3, ADR 0026): which records a staff member reaches. Insurer staff reach
// every group; agency staff reach the groups and branches whose agentCd is their agency's; an
// auditor reaches no application (the audit log only). A record outside the scope answers 404
// ADMN0001, exactly like a record that does not exist. Every repository query that reads a
// record for the back office takes a RecordScope and filters by it in SQL.

export type RecordScope =
  | { kind: 'all' }
  | { kind: 'agency'; agentCd: string }
  /** a group's contact person (issue #21 point 6): one group product, read-only */
  | { kind: 'group'; groupPfCode: string }
  /** no application, member or export at all */
  | { kind: 'none' }

/** Who is calling: the open staff session's member as they are now. */
export interface StaffPrincipal {
  sessionId: string
  staffId: string
  name: string
  email: string
  role: StaffRole
  agentCd: string | null
  scope: RecordScope
  idleExpiresAt: Date
  absoluteExpiresAt: Date
  /** the request's address, for the audit log */
  clientAddress: string
}

export function recordScope(member: {
  role: StaffRole
  agentCd: string | null
  groupPfCode?: string | null
}): RecordScope {
  switch (member.role) {
    case 'insurerAdmin':
    case 'insurerOperator':
      return { kind: 'all' }
    case 'agencyStaff':
      return member.agentCd === null
        ? { kind: 'none' }
        : { kind: 'agency', agentCd: member.agentCd }
    case 'auditor':
      return { kind: 'none' }
    case 'groupContact':
      return member.groupPfCode == null
        ? { kind: 'none' }
        : { kind: 'group', groupPfCode: member.groupPfCode }
  }
}

/** The audit log's actor fields for a staff member's act. */
export function staffActor(principal: StaffPrincipal): {
  actorKind: 'staff'
  actorId: string
  clientAddress: string
} {
  return { actorKind: 'staff', actorId: principal.staffId, clientAddress: principal.clientAddress }
}
