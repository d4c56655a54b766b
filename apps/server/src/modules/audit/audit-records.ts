// The audit module's published operation (issue #18): other modules record into the log inside
// their own transactions through this, never through the table.
export { appendAuditEntries, appendAuditEntry, type AuditEntry } from './audit-repository.ts'
export type { AuditDetails, AuditEntryInput } from './audit-hash.ts'
