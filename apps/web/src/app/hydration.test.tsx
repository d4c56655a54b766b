import { t } from '@app/shared/messages/shell'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { StrictMode } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { AppProviders } from './providers.tsx'
import { createAppRoutes, landingState } from './router.tsx'
import { readServerRenderedData } from './server-rendered.ts'
import { renderLanding } from '../entry-server.tsx'
import { createGroupStore } from '../lib/group-store.ts'
import { entryGroupResponse } from '../test/entry-group.ts'
import { entBase } from '../test/fixtures.ts'
import { jsonResponse, mockFetch } from '../test/http.ts'
import { createTestServices } from '../test/render-app.tsx'

// Issue #22, ADR 0036: the browser takes the server's markup over (hydrateRoot) on a router that
// starts from the page's own state — without a mismatch, and without asking for the group again.

const now = Date.parse('2026-11-20T01:00:00Z')
let root: Root | undefined
let container: HTMLElement | undefined

afterEach(() => {
  act(() => root?.unmount())
  container?.remove()
  root = undefined
})

async function serverPage(path: string) {
  const { fetch } = mockFetch((method, apiPath) => {
    if (apiPath.startsWith('/groupPfInfo/')) return jsonResponse(200, entryGroupResponse())
    if (apiPath.startsWith('/itemDefinitions/')) {
      return jsonResponse(200, { itemDefinitionArray: [] })
    }
    return jsonResponse(500, { errorCode: 'XPFF0001' })
  })
  const page = await renderLanding({ url: `http://localhost${path}`, now, fetch })
  if (page === undefined) throw new Error(`${path} was not rendered`)
  return page
}

describe('hydrating a server-rendered landing page', () => {
  it('takes the markup of termsOfService over without a mismatch or a group request, and works', async () => {
    const path = `${entBase}/termsOfService`
    const page = await serverPage(path)
    container = document.createElement('div')
    container.innerHTML = `${page.root}${page.data}`
    document.body.append(container)
    const rendered = readServerRenderedData(document)
    const serverHeading = container.querySelector('h1')

    const services = createTestServices({
      handlers: {
        '/groupPfInfo/': () => {
          throw new Error('the group must come from the page')
        },
      },
    })
    services.groupStore = createGroupStore(services.api, rendered?.groups)
    const hydrationData = landingState(services, path)
    expect(hydrationData).toBeDefined()
    const router = createMemoryRouter(createAppRoutes(services), {
      basename: '/app',
      initialEntries: [path],
      hydrationData,
    })
    expect(router.state.initialized).toBe(true)

    const recoverable: unknown[] = []
    await act(async () => {
      root = hydrateRoot(
        container as HTMLElement,
        <StrictMode>
          <AppProviders services={services}>
            <RouterProvider router={router} />
          </AppProviders>
        </StrictMode>,
        { onRecoverableError: (error) => recoverable.push(error) },
      )
      await Promise.resolve()
    })
    // React's own handling: sending without the consent marks the box (the browser alone would
    // not; the submit is React's once the screen's module has arrived and the markup is taken over)
    const agree = screen.getByRole('button', { name: '同意して次へ' })
    await waitFor(() => {
      fireEvent.click(agree)
      expect(
        screen.getByRole('checkbox', { name: t('consent.termsOfUse.label') }),
      ).toHaveAttribute('aria-invalid', 'true')
    })

    expect(recoverable).toEqual([])
    // the same element: taken over, not replaced
    expect(container.querySelector('h1')).toBe(serverHeading)
    expect(services.getCalls).toEqual([])
  })

  it('gives no starting state to a page that is not a landing page', () => {
    const services = createTestServices()
    expect(landingState(services, `${entBase}/verifyUser`)).toBeUndefined()
    expect(landingState(services, '/app/nowhere')).toBeUndefined()
    expect(services.flow.isReached(`${entBase}/verifyUser`)).toBe(false)
  })
})
