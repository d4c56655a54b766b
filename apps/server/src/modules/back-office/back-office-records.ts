// What modules/back-office offers other modules (issue #18): the one definition of which
// applications a staff member's scope reaches (ADR 0026), for the dashboard's counts (ADR 0033).
export { scopeCondition as applicationScopeCondition } from './back-office-repository.ts'
