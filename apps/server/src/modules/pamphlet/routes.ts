import { randomBytes } from 'node:crypto'
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify'
import {
  AppError,
  checkEntryParams,
  decideErrorScreen,
  errorCodes,
  groupLoadFailure,
  type ErrorDisplayState,
  type GroupPfInfoResponse,
} from '@app/shared'
import type { PreparedJson } from '../../lib/send.ts'
import { contentSecurityPolicy } from '../../plugins/security.ts'
import type { NoticeBoard } from '../notices/notice-board.ts'
import { renderNoticeBanner } from '../notices/notice-banner.ts'
import type { MaintenanceState } from '../system/maintenance.ts'
import { renderErrorPage } from './error-page.ts'
import { raw } from './html.ts'
import { renderPamphletPage } from './pamphlet-page.ts'
import { findStylesheetHref } from './stylesheet.ts'

// The pamphlet page (SPEC §2.3), answered by the server as complete HTML without JavaScript
// (ADR 0008). The SPA keeps the route, but this path never reaches its index.html.

export interface PamphletRoutesOptions {
  /** the app's maintenance state, shared with the API's gate */
  maintenance: MaintenanceState
  /** the group's notices shown now (issue #21 point 7), at the top of the main content */
  notices: NoticeBoard
}

interface PamphletParams {
  groupPfCode: string
  groupPfCodeInceptionDateYm: string
  groupPfBranchNo: string
  urlKey: string
}

const PAMPHLET_PATH =
  '/app/pamphlet/:groupPfCode/:groupPfCodeInceptionDateYm/:groupPfBranchNo/:urlKey'

// Marks where the per-response nonce goes in a rendered page. It contains "<", which no
// escaped value and no sanitised rich text can contain, so the split is unambiguous.
const NONCE_SLOT = '<pamphlet-nonce>'

type RenderedPage = { before: string; after: string }

const MAIN_OPENING = /<main\b[^>]*>/

/** The page with the notice banner first in its main content (none: as it is). */
function withBanner(markup: string, banner: string): string {
  if (banner === '') return markup
  return markup.replace(MAIN_OPENING, (opening) => opening + banner)
}

export const pamphletRoutes: FastifyPluginCallback<PamphletRoutesOptions> = (
  app,
  options,
  done,
) => {
  const { maintenance, notices } = options
  const stylesheetHref = findStylesheetHref(app.config.webDistDir)
  if (stylesheetHref === undefined) {
    app.log.warn('web app not built: the pamphlet is served without its stylesheet')
  }
  // The group service caches each answer for a while and per business date; a page rendered
  // from an answer stays valid exactly as long, so it is kept beside it.
  const pages = new WeakMap<PreparedJson, RenderedPage>()

  const renderFor = (prepared: PreparedJson, urlKey: string): RenderedPage => {
    const cached = pages.get(prepared)
    if (cached !== undefined) return cached
    const response = JSON.parse(prepared.body.toString('utf8')) as GroupPfInfoResponse
    const markup = renderPamphletPage(
      { response, urlKey },
      { stylesheetHref, nonce: raw(NONCE_SLOT) },
    ).value
    const parts = markup.split(NONCE_SLOT)
    if (parts.length !== 2) throw new Error('the pamphlet must carry exactly one nonce slot')
    const page = { before: parts[0] ?? '', after: parts[1] ?? '' }
    pages.set(prepared, page)
    return page
  }

  const sendErrorPage = (reply: FastifyReply, status: number, state: ErrorDisplayState) => {
    const model = decideErrorScreen(state, { area: 'other', isSignedIn: false, isOnHome: false })
    void reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', status === 503 ? 'no-store' : 'no-cache')
    if (status === 503) void reply.header('retry-after', '600')
    return reply.send(renderErrorPage(model, stylesheetHref).value)
  }

  const handler = async (
    request: FastifyRequest<{ Params: PamphletParams }>,
    reply: FastifyReply,
  ) => {
    const now = app.clock.now()
    try {
      if (await maintenance.isActive(now)) {
        return sendErrorPage(reply, 503, { kind: 'maintenance' })
      }
      const { groupPfCode, groupPfCodeInceptionDateYm, groupPfBranchNo, urlKey } = request.params
      const check = checkEntryParams('pamphlet', request.params)
      if (!check.ok) {
        return sendErrorPage(reply, check.status, { kind: 'coded', errorCode: check.errorCode })
      }
      const prepared = await app.groupService.groupPfInfo(
        { groupPfCode, groupPfCodeInceptionDateYm, groupPfBranchNo, urlKey },
        now,
      )
      const page = renderFor(prepared, urlKey)
      const banner = renderNoticeBanner(await notices.current(groupPfCode, now)).value
      const nonce = randomBytes(16).toString('base64')
      return reply
        .status(200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('content-security-policy', contentSecurityPolicy(app.config, { styleNonce: nonce }))
        .send(page.before + nonce + withBanner(page.after, banner))
    } catch (error) {
      if (error instanceof AppError) {
        // SPEC §8.1: the three not-found codes are shown as the invalid-URL code.
        const failure = groupLoadFailure(error.status, error.errorCode)
        request.log.info({ errorCode: error.errorCode, reason: error.message }, 'pamphlet refused')
        return sendErrorPage(reply, failure.status, { kind: 'coded', errorCode: failure.errorCode })
      }
      request.log.error({ err: error }, 'pamphlet failed')
      return sendErrorPage(reply, 500, { kind: 'coded', errorCode: errorCodes.system })
    }
  }

  app.get(PAMPHLET_PATH, handler)
  // With a trailing slash the SPA would answer and send the browser straight back here.
  app.get(`${PAMPHLET_PATH}/`, handler)
  done()
}
