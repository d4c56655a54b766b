import { render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { vi } from 'vitest'
import { AppProviders } from '../app/providers.tsx'
import { connectRouter, createAppRoutes } from '../app/router.tsx'
import { createApiClient, type ApiClient, type Query } from '../lib/api-client.ts'
import { createFlowTracker, type DocumentNavigationType } from '../lib/flow-tracker.ts'
import { createGroupStore } from '../lib/group-store.ts'
import type { BrowserWindow, Services } from '../lib/services.tsx'
import { completedApplication } from './application.ts'
import { groupResponse } from './fixtures.ts'

/** Answers a GET: a value, or throw an ApiError. */
export type GetHandler = (query: Query | undefined) => unknown

export interface TestServices extends Services {
  getCalls: { path: string; query: Query | undefined }[]
  browser: BrowserWindow & {
    assign: ReturnType<typeof vi.fn<(href: string) => void>>
    reload: ReturnType<typeof vi.fn<() => void>>
    close: ReturnType<typeof vi.fn<() => void>>
    removeFragment: ReturnType<typeof vi.fn<() => void>>
  }
}

export function createTestServices(
  options: {
    handlers?: Record<string, GetHandler>
    navigationType?: DocumentNavigationType
    hasOpener?: boolean
    currentHref?: string
    now?: () => number
    /**
     * Answers POST, PUT and DELETE through the real API client (gzip, the session token and its
     * refresh); GET stays with `handlers`. Without it those calls fail the test.
     */
    fetch?: typeof globalThis.fetch
  } = {},
): TestServices {
  const handlers: Record<string, GetHandler> = {
    '/groupPfInfo/': () => groupResponse,
    '/itemDefinitions/': () => ({ itemDefinitionArray: [] }),
    '/sessionInfo/': () => ({}),
    // the application's steps (issue #6): every step done, so each step's screen opens
    '/applyInfo/': () => completedApplication(),
    ...options.handlers,
  }
  const getCalls: TestServices['getCalls'] = []
  const storage = window.sessionStorage
  const client =
    options.fetch === undefined
      ? undefined
      : createApiClient({ baseUrl: '/api', fetch: options.fetch, storage })
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
    post: (path, body, requestOptions) =>
      client?.post(path, body, requestOptions) ?? Promise.reject(new Error('POST is not expected')),
    put: (path, body, requestOptions) =>
      client?.put(path, body, requestOptions) ?? Promise.reject(new Error('PUT is not expected')),
    delete: (path, query, requestOptions) =>
      client?.delete(path, query, requestOptions) ??
      Promise.reject(new Error('DELETE is not expected')),
  }
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
      removeFragment: vi.fn<() => void>(),
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
  const result = renderRouter(router, services)
  return { ...result, router, services }
}

/** Renders a router inside the app's providers (a feature's test does not import app/). */
export function renderRouter(router: ReturnType<typeof createMemoryRouter>, services: Services) {
  return render(
    <AppProviders services={services}>
      <RouterProvider router={router} />
    </AppProviders>,
  )
}
