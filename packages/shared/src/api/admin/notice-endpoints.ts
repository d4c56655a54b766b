import * as z from 'zod/mini'
import { defineEndpoint } from '../endpoint.ts'
import { reasonSchema } from './endpoints.ts'
import {
  cancelMaintenanceRoute,
  createNoticeRoute,
  endNoticeRoute,
  maintenanceSettingsRoute,
  maintenanceStatusRoute,
  maintenanceSwitchRoute,
  noticeListRoute,
  scheduleMaintenanceRoute,
  updateNoticeRoute,
} from './notice-routes.ts'

// Maintenance and notices from the console (issue #21 point 7, ADR 0034; routes in
// ./notice-routes.ts). Times are ISO 8601 instants on the wire; the console enters and shows them
// in Japan time. A notice's text is plain text: never HTML, escaped wherever it is shown.

const id = z.string().check(z.regex(/^[0-9a-f-]{36}$/))
const isoInstant = z.iso.datetime({ offset: true })
const code = z.string().check(z.minLength(1), z.maxLength(32))

/** A notice's title: one line, plain text. */
export const NOTICE_TITLE_MAX = 60
/** A notice's body: plain text, line breaks kept. */
export const NOTICE_BODY_MAX = 1000

export const noticeTitleSchema = z.string().check(
  z.trim(),
  z.minLength(1),
  z.maxLength(NOTICE_TITLE_MAX),
  z.refine((text) => !/[\r\n]/.test(text), { message: 'one line' }),
)
export const noticeBodySchema = z
  .string()
  .check(z.trim(), z.minLength(1), z.maxLength(NOTICE_BODY_MAX))

/** A start and an end, the end after the start. */
const endAfterStart = z.refine<{ startsAt: string; endsAt: string }>(
  (value) => Date.parse(value.endsAt) > Date.parse(value.startsAt),
  { message: 'the end must be after the start', path: ['endsAt'] },
)

// ── Maintenance ────────────────────────────────────────────────────────────────────────────

/** Why maintenance is on now: the manual switch, the daily window or a scheduled window. */
export const maintenanceSourceSchema = z.enum(['manual', 'daily', 'scheduled'])

export const maintenanceStatusApi = defineEndpoint(maintenanceStatusRoute, {
  response: z.strictObject({
    active: z.boolean(),
    source: z.nullable(maintenanceSourceSchema),
  }),
})

export const maintenanceWindowSchema = z.strictObject({
  windowId: id,
  startsAt: isoInstant,
  endsAt: isoInstant,
  reason: z.string(),
  createdAt: isoInstant,
  cancelledAt: z.nullable(isoInstant),
})
export type ScheduledMaintenance = z.infer<typeof maintenanceWindowSchema>

export const maintenanceSettingsApi = defineEndpoint(maintenanceSettingsRoute, {
  response: z.strictObject({
    active: z.boolean(),
    source: z.nullable(maintenanceSourceSchema),
    manual: z.strictObject({
      on: z.boolean(),
      reason: z.nullable(z.string()),
      switchedAt: z.nullable(isoInstant),
    }),
    /** the daily window of the configuration, 'HH:MM-HH:MM' in Japan time, or null when off */
    dailyWindow: z.nullable(z.string()),
    /** scheduled windows not yet over, and the ones over or cancelled in the last 30 days */
    windows: z.array(maintenanceWindowSchema),
  }),
})

export const maintenanceSwitchApi = defineEndpoint(maintenanceSwitchRoute, {
  body: z.strictObject({ on: z.boolean(), reason: reasonSchema }),
  response: z.strictObject({ on: z.boolean() }),
})

export const scheduleMaintenanceApi = defineEndpoint(scheduleMaintenanceRoute, {
  body: z
    .strictObject({ startsAt: isoInstant, endsAt: isoInstant, reason: reasonSchema })
    .check(endAfterStart),
  response: maintenanceWindowSchema,
  status: 201,
})

export const cancelMaintenanceApi = defineEndpoint(cancelMaintenanceRoute, {
  params: z.strictObject({ windowId: id }),
  response: maintenanceWindowSchema,
})

// ── Notices ────────────────────────────────────────────────────────────────────────────────

/** Where a notice stands against now: shown, not yet, or over (its end passed or ended early). */
export const noticeStateSchema = z.enum(['current', 'upcoming', 'past'])
export type NoticeState = z.infer<typeof noticeStateSchema>

export const noticeSchema = z.strictObject({
  noticeId: id,
  groupPfCode: z.string(),
  title: z.string(),
  noticeBody: z.string(),
  startsAt: isoInstant,
  endsAt: isoInstant,
  state: noticeStateSchema,
  /** set when a staff member ended it before its end */
  endedEarlyAt: z.nullable(isoInstant),
  updatedAt: isoInstant,
  version: z.number(),
})
export type AdminNotice = z.infer<typeof noticeSchema>

export const noticeListApi = defineEndpoint(noticeListRoute, {
  querystring: z.strictObject({ groupPfCode: z.optional(code) }),
  response: z.strictObject({ notices: z.array(noticeSchema) }),
})

export const createNoticeApi = defineEndpoint(createNoticeRoute, {
  body: z
    .strictObject({
      groupPfCode: code,
      title: noticeTitleSchema,
      /** line breaks allowed (plugins/input-text.ts lets this key carry them) */
      noticeBody: noticeBodySchema,
      startsAt: isoInstant,
      endsAt: isoInstant,
    })
    .check(endAfterStart),
  response: noticeSchema,
  status: 201,
})

export const updateNoticeApi = defineEndpoint(updateNoticeRoute, {
  params: z.strictObject({ noticeId: id }),
  body: z
    .strictObject({
      title: noticeTitleSchema,
      /** line breaks allowed (plugins/input-text.ts lets this key carry them) */
      noticeBody: noticeBodySchema,
      startsAt: isoInstant,
      endsAt: isoInstant,
      /** the version the staff member edited (409 ADMC0001 when someone changed it since) */
      version: z.number().check(z.int(), z.minimum(0)),
    })
    .check(endAfterStart),
  response: noticeSchema,
})

export const endNoticeApi = defineEndpoint(endNoticeRoute, {
  params: z.strictObject({ noticeId: id }),
  response: noticeSchema,
})
