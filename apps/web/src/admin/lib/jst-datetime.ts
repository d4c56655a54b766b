// A datetime-local box's value read and written in Japan time (issue #21 point 7): the console's
// times are JST whatever the staff member's computer is set to.

const JST_OFFSET_MS = 9 * 60 * 60 * 1000
const LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/

/** 2026-12-31T18:00 (JST) → the ISO instant; undefined when empty or malformed. */
export function jstInputToIso(value: string): string | undefined {
  if (!LOCAL.test(value)) return undefined
  const time = Date.parse(`${value}:00+09:00`)
  return Number.isNaN(time) ? undefined : new Date(time).toISOString()
}

/** An ISO instant as a datetime-local value in JST (2026-12-31T18:00). */
export function isoToJstInput(iso: string): string {
  const time = Date.parse(iso)
  return Number.isNaN(time) ? '' : new Date(time + JST_OFFSET_MS).toISOString().slice(0, 16)
}

/** The start and end boxes' errors: each required, the end after the start. */
export function jstRangeErrors(
  startsAt: string,
  endsAt: string,
  messages: { required: string; order: string },
): { startsAt?: string; endsAt?: string; iso?: { startsAt: string; endsAt: string } } {
  const start = jstInputToIso(startsAt)
  const end = jstInputToIso(endsAt)
  if (start === undefined || end === undefined) {
    return {
      ...(start === undefined ? { startsAt: messages.required } : {}),
      ...(end === undefined ? { endsAt: messages.required } : {}),
    }
  }
  if (Date.parse(end) <= Date.parse(start)) return { endsAt: messages.order }
  return { iso: { startsAt: start, endsAt: end } }
}

/** Tells the console's banner to ask again now (this screen changed maintenance). */
export const MAINTENANCE_CHANGED_EVENT = 'admin:maintenance-changed'
