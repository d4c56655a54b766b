// Who in the back office may do what (issue #20 point 3, PRODUCT.md "Staff", ADR 0026). The
// server decides every call with this table (403 ADMA0002 otherwise); the console reads the same
// table to leave out what the signed-in role cannot use. Scope is the other half: agency staff
// reach only the records of branches whose agentCd is their agency's, a group's contact person
// (団体担当者, issue #21 point 6) only their one group product (404 outside it).

export type StaffRole =
  'insurerAdmin' | 'insurerOperator' | 'agencyStaff' | 'auditor' | 'groupContact'

export const staffRoles: readonly StaffRole[] = [
  'insurerAdmin',
  'insurerOperator',
  'agencyStaff',
  'auditor',
  'groupContact',
]

export const staffPermissions = {
  /** invite staff, change roles, disable */
  manageStaff: ['insurerAdmin'],
  /** search applications and open their detail */
  viewApplications: ['insurerAdmin', 'insurerOperator', 'agencyStaff'],
  /** the notice answers and documents, behind a typed reason */
  viewSensitive: ['insurerAdmin', 'insurerOperator', 'agencyStaff'],
  /** mark processed, cancel */
  processApplications: ['insurerAdmin', 'insurerOperator'],
  /** unlock, resend mail, re-issue a first-entry password, change a holder's mail */
  supportMembers: ['insurerAdmin', 'insurerOperator', 'agencyStaff'],
  /** the export to the core policy system */
  exportCore: ['insurerAdmin', 'insurerOperator'],
  /** the audit log and its CSV */
  viewAuditLog: ['insurerAdmin', 'auditor'],
  /** upload, check and publish a group product document (issue #21 point 1) */
  manageProducts: ['insurerAdmin', 'insurerOperator'],
  /** upload, check and publish a roster; the first-entry letters (issue #21 point 2) */
  manageRosters: ['insurerAdmin', 'insurerOperator', 'agencyStaff'],
  /** the reconciliation desk: deposits, card payments needing attention, refunds (point 3) */
  reconcileMoney: ['insurerAdmin', 'insurerOperator'],
  /** the monthly instalments not collected, each marked handled (issue #24: the agency is told
   * of a failed one, and follows it up) */
  followInstalments: ['insurerAdmin', 'insurerOperator', 'agencyStaff'],
  /** the participation dashboard and its CSV (point 5) */
  viewParticipation: ['insurerAdmin', 'insurerOperator', 'agencyStaff', 'groupContact'],
  /** roster members with their state only: names and member codes (point 6) */
  viewMemberStates: ['insurerAdmin', 'insurerOperator', 'agencyStaff', 'groupContact'],
  /** the maintenance switch and window (point 7) */
  manageMaintenance: ['insurerAdmin'],
  /** a notice banner per group (point 7) */
  manageNotices: ['insurerAdmin', 'insurerOperator', 'agencyStaff'],
} as const satisfies Record<string, readonly StaffRole[]>

export type StaffPermission = keyof typeof staffPermissions

export function staffMay(role: StaffRole, permission: StaffPermission): boolean {
  const allowed: readonly StaffRole[] = staffPermissions[permission]
  return allowed.includes(role)
}

/** Staff sessions (PRODUCT.md "Staff"): 15 idle minutes, 8 hours in all. */
export const STAFF_SESSION_IDLE_MINUTES = 15
export const STAFF_SESSION_ABSOLUTE_HOURS = 8
/** An enrolment link works for 24 hours, once. */
export const STAFF_ENROLMENT_HOURS = 24
