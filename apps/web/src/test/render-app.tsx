import { render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { vi } from 'vitest'
import { AppProviders } from '../app/providers.tsx'
import { connectRouter, createAppRoutes } from '../app/router.tsx'
import type { ApiClient, Query } from '../lib/api-client.ts'
import { createFlowTracker, type DocumentNavigationType } from '../lib/flow-tracker.ts'
import { createGroupStore } from '../lib/group-store.ts'
import type { BrowserWindow, Services } from '../lib/services.tsx'
import { groupResponse } from './fixtures.ts'

/** Answers a GET: a value, or throw an ApiError. */
export type GetHandler = (query: Query | undefined) => unknown

export interface TestServices extends Services {
  getCalls: { path: string; query: Query | undefined }[]
  browser: BrowserWindow & {
    assign: ReturnType<typeof vi.fn<(href: string) => void>>
    reload: ReturnType<typeof vi.fn<() => void>>
    close: ReturnType<typeof vi.fn<() => void>>
  }
}

export function createTestServices(
  options: {
    handlers?: Record<string, GetHandler>
    navigationType?: DocumentNavigationType
    hasOpener?: boolean
    currentHref?: string
    now?: () => number
  } = {},
): TestServices {
  const handlers: Record<string, GetHandler> = {
    '/groupPfInfo/': () => groupResponse,
    '/itemDefinitions/': () => ({ itemDefinitionArray: [] }),
    '/sessionInfo/': () => ({}),
    ...options.handlers,
  }
  const getCalls: TestServices['getCalls'] = []
  const api: ApiClient = {
    get<T>(path: string, query?: Query): Promise<T> {
      getCalls.push({ path, query })
      // A handler that throws rejects the promise, as a failed call would.
      return new Promise<T>((resolve) => {
        const handler = handlers[path]
        if (handler === undefined) throw new Error(`no handler for GET ${path}`)
        resolve(handler(query) as T)
      })
    },
    post: () => Promise.reject(new Error('POST is not expected')),
    put: () => Promise.reject(new Error('PUT is not expected')),
  }
  const storage = window.sessionStorage
  const now = options.now ?? (() => Date.now())
  return {
    api,
    groupStore: createGroupStore(api),
    flow: createFlowTracker({
      storage,
      navigationType: () => options.navigationType ?? 'navigate',
      now,
    }),
    browser: {
      currentHref: () => options.currentHref ?? '/',
      assign: vi.fn<(href: string) => void>(),
      reload: vi.fn<() => void>(),
      hasOpener: () => options.hasOpener ?? false,
      close: vi.fn<() => void>(),
    },
    storage,
    now,
    getCalls,
  }
}

export function renderApp(
  path: string,
  services: TestServices = createTestServices(),
  buildUpdate: { isAvailable: () => boolean } = { isAvailable: () => false },
) {
  const router = createMemoryRouter(createAppRoutes(services), {
    initialEntries: [path],
    basename: '/app',
  })
  connectRouter(router, services, buildUpdate)
  const result = render(
    <AppProviders services={services}>
      <RouterProvider router={router} />
    </AppProviders>,
  )
  return { ...result, router, services }
}
