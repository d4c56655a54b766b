import type { ApplicationView } from '@app/shared/api/application/apply-info'
import type { UnitInfo } from '@app/shared/api/group/group-pf-info'
import type { FlowTarget } from '@app/shared/rules/application-steps'
import { screen } from '@testing-library/react'
import { storeTestSession } from '@/test/access.ts'
import { entBase } from '@/test/fixtures.ts'
import { jsonResponse, mockFetch } from '@/test/http.ts'
import { createTestServices, renderApp, type GetHandler } from '@/test/render-app.tsx'
import { applicationHandlers, testUnits } from '@/test/application.ts'

export const entRouterBase = entBase.replace(/^\/app/, '')

export type Respond = (method: string, path: string) => Response

/**
 * An application step reached through the flow (SPEC §2.5) with a session (issue #5): the test
 * starts on the link's first page and navigates in the app. GET /applyInfo/ answers the `views`
 * in turn (the last one again); POST, PUT and DELETE go to `respond`.
 */
export async function openStep(
  step: FlowTarget,
  {
    views,
    respond = () => jsonResponse(500, { errorCode: 'E9999' }),
    units = testUnits,
    handlers = {},
    now,
  }: {
    views: ApplicationView[]
    respond?: Respond
    units?: UnitInfo[]
    handlers?: Record<string, GetHandler>
    /** the services' clock (default: the real one) */
    now?: () => number
  },
) {
  storeTestSession()
  let loads = 0
  const { fetch, requests } = mockFetch(respond)
  const services = createTestServices({
    ...(now === undefined ? {} : { now }),
    handlers: {
      ...applicationHandlers(
        () => views[Math.min(loads++, views.length - 1)] as ApplicationView,
        units,
      ),
      ...handlers,
    },
    fetch,
  })
  const rendered = renderApp(`${entBase}/termsOfService`, services)
  await screen.findByRole('heading', { level: 1, name: '利用規約' })
  await rendered.router.navigate(`${entRouterBase}/${step}`)
  return { ...rendered, requests }
}

/** The PUT, POST and DELETE requests, without their headers. */
export function sent(requests: { method: string; url: string; body: unknown }[]) {
  return requests.map(({ method, url, body }) => ({ method, url, body }))
}
