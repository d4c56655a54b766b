import { route } from '../endpoint.ts'

// Maintenance and notices from the console (issue #21 point 7, ADR 0034). Every route is under
// /api/admin/ and answers only a staff session; the maintenance gate never closes /api/admin/.

// ── Maintenance (manageMaintenance; the status for every staff member's banner) ─────────────
/** Whether maintenance is on now (every signed-in staff member: the console's banner) */
export const maintenanceStatusRoute = route('GET', '/admin/maintenance/status/')
/** The manual switch, the daily window and the scheduled one-off windows */
export const maintenanceSettingsRoute = route('GET', '/admin/maintenance/')
/** Switch maintenance on or off by hand, with a reason */
export const maintenanceSwitchRoute = route('PUT', '/admin/maintenance/switch/')
/** Schedule a one-off window (start and end) */
export const scheduleMaintenanceRoute = route('POST', '/admin/maintenance/windows/')
/** Cancel a scheduled window */
export const cancelMaintenanceRoute = route('POST', '/admin/maintenance/windows/{windowId}/cancel/')

// ── Notices per group product (manageNotices; agency staff: their groups only) ──────────────
/** The notices of the group products in scope: current, upcoming and past */
export const noticeListRoute = route('GET', '/admin/notices/')
/** A new notice */
export const createNoticeRoute = route('POST', '/admin/notices/')
/** Edit a notice */
export const updateNoticeRoute = route('PUT', '/admin/notices/{noticeId}')
/** End a notice now */
export const endNoticeRoute = route('POST', '/admin/notices/{noticeId}/end/')
