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
import { entBase, link, mypBase } from '../test/fixtures.ts'
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

/** The server's page for `href` taken over by a router started from its state. */
async function hydrate(href: string) {
  const page = await serverPage(href)
  container = document.createElement('div')
  container.innerHTML = `${page.root}${page.data}`
  document.body.append(container)
  const rendered = readServerRenderedData(document)
  const serverHeading = container.querySelector('h1')
  const pathname = href.split('?')[0] ?? href

  const services = createTestServices({
    handlers: {
      '/groupPfInfo/': () => {
        throw new Error('the group must come from the page')
      },
    },
  })
  services.groupStore = createGroupStore(services.api, rendered?.groups)
  const hydrationData = landingState(services, pathname)
  expect(hydrationData).toBeDefined()
  const router = createMemoryRouter(createAppRoutes(services), {
    basename: '/app',
    initialEntries: [href],
    hydrationData,
  })
  expect(router.state.initialized).toBe(true)

  const recoverable: unknown[] = []
  let committed = false
  const onCommit = () => {
    committed = true
  }
  await act(async () => {
    root = hydrateRoot(
      container as HTMLElement,
      <StrictMode>
        <AppProviders services={services} onCommit={onCommit}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
      { onRecoverableError: (error) => recoverable.push(error) },
    )
    await Promise.resolve()
  })
  await waitFor(() => expect(committed).toBe(true))
  expect(recoverable).toEqual([])
  return { services, serverHeading }
}

describe('hydrating a server-rendered landing page', () => {
  it('takes the markup of termsOfService over without a mismatch or a group request, and works', async () => {
    const { services, serverHeading } = await hydrate(`${entBase}/termsOfService`)

    // React's own handling: sending without the consent marks the box (the browser alone would not)
    fireEvent.click(screen.getByRole('button', { name: '同意して次へ' }))
    await waitFor(() =>
      expect(screen.getByRole('checkbox').getAttribute('aria-invalid')).toBe('true'),
    )
    // the same element: taken over, not replaced (a mismatch would be a console error: setup.ts)
    expect(container?.querySelector('h1')).toBe(serverHeading)
    expect(services.getCalls).toEqual([])
  })

  it('takes the my-page login over, its form ids included', async () => {
    const { services, serverHeading } = await hydrate(
      `${mypBase}/login?groupPfCodeInceptionDateYm=${link.groupPfCodeInceptionDateYm}&groupPfBranchNo=${link.groupPfBranchNo}`,
    )

    expect(container?.querySelector('h1')).toBe(serverHeading)
    const labelled = [...(container?.querySelectorAll('label[for]') ?? [])]
    expect(labelled.length).toBeGreaterThan(0)
    for (const label of labelled) {
      expect(document.getElementById(label.getAttribute('for') ?? '')).not.toBeNull()
    }
    expect(services.getCalls).toEqual([])
  })

  it('gives no starting state to a page that is not a landing page', () => {
    const services = createTestServices()
    expect(landingState(services, `${entBase}/verifyUser`)).toBeUndefined()
    expect(landingState(services, '/app/nowhere')).toBeUndefined()
    expect(services.flow.isReached(`${entBase}/verifyUser`)).toBe(false)
  })
})
