// The staff module's published operation (issue #18, #20 point 3): the group import makes each
// branch's agency (agentCd, agentName, the refFreeField contact) a record, which agency staff
// are then scoped to. Other modules write agencies only through this.
export { upsertAgency } from './staff-repository.ts'
