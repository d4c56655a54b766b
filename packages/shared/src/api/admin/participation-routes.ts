import { route } from '../endpoint.ts'

// The participation dashboard and the group contact's view (issue #21 points 5 and 6, ADR 0033):
// the light half of admin/participation.ts. A group product outside the staff member's scope
// answers 404 ADMN0001; a role without viewParticipation / viewMemberStates 403 ADMA0002.

/** The group products in the staff member's scope (the dashboard's choice) */
export const participationProductsRoute = route('GET', '/admin/participation/')
/** One group product's figures, daily series and step funnel (the view is audited) */
export const participationRoute = route(
  'GET',
  '/admin/participation/{groupPfCode}/{groupPfCodeInceptionDateYm}/',
)
/** The same figures as a CSV file (UTF-8 with BOM, CRLF; audited) */
export const participationCsvRoute = route(
  'GET',
  '/admin/participation/{groupPfCode}/{groupPfCodeInceptionDateYm}/csv/',
)
/** The roster members with their state: names and member codes only (audited) */
export const memberStatesRoute = route(
  'GET',
  '/admin/participation/{groupPfCode}/{groupPfCodeInceptionDateYm}/members/',
)
