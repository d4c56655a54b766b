import { route } from '../endpoint.ts'

// The applicant's current application (issue #6, ADR 0012, 0022), apart from the application's
// other routes (routes.ts): the entry, payment and renewal pages read it, and a module of its own
// keeps the application's other routes out of their bundles.

/** 申込情報: the state, its version and progress */
export const applyInfoRoute = route('GET', '/applyInfo/')
