import { t } from '@app/shared/messages/shell'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  StaticRouterProvider,
} from 'react-router'
import { AppProviders } from './app/providers.tsx'
import type { ScreenHandle } from './app/route-handle.ts'
import { createAppRoutes } from './app/router.tsx'
import { serverRenderedDataElement } from './app/server-rendered.ts'
import { themeStyle } from './components/layout/theme-color.ts'
import { documentTitle } from './components/use-document-title.ts'
import { createApiClient } from './lib/api-client.ts'
import { entryParamsOf } from './lib/entry-params.ts'
import { env } from './lib/env.ts'
import { createFlowTracker } from './lib/flow-tracker.ts'
import { createGroupStore, linkKey, type GroupData } from './lib/group-store.ts'
import type { BrowserWindow, Services } from './lib/services.tsx'

// The landing pages rendered on the server (issue #22, ADR 0036): termsOfService, the my-page
// login and the system terms page arrive as complete HTML and are hydrated by main.tsx. The same
// route tree, loaders and guards as in the browser run here through React Router's static
// handler; whatever does not end in one of those screens with its data (a redirect, a 404, a
// failed entry check, any error) is not rendered here, and the browser does exactly what it
// does without a server render.
//
// Built by `vite build --ssr` into apps/web/dist-ssr and imported by the server
// (apps/server/src/plugins/landing-render.ts).

export interface LandingRequest {
  /** the whole address asked for (origin, /app path and query) */
  url: string
  /** the product's clock */
  now: number
  /** how the group's API calls are made here: the server answers them in-process */
  fetch: typeof fetch
}

export interface LandingPage {
  /** the markup inside the app's root element */
  root: string
  /** the document title the screen sets */
  title: string
  /** the data element (server-rendered.ts) to put into the page */
  data: string
  /** the screen's module as the build manifest names it, to preload its chunk */
  module: string
  /**
   * CSS rules for the group's colours: the page shell sets them in a style attribute, which the
   * page's CSP (`style-src 'self'`) refuses in markup (React sets it through CSSOM, allowed).
   */
  themeCss: string
}

/** Nothing here may act on a window: a guard that tried to would make the render fail. */
const noWindow: BrowserWindow = {
  currentHref: () => {
    throw new Error('no window on the server')
  },
  assign: () => {
    throw new Error('no window on the server')
  },
  reload: () => {
    throw new Error('no window on the server')
  },
  hasOpener: () => false,
  close: () => {
    throw new Error('no window on the server')
  },
  removeFragment: () => {
    throw new Error('no window on the server')
  },
}

function serverServices(request: LandingRequest): Services {
  // No storage: the server knows no session, no flow and no ticket of the tab.
  const api = createApiClient({
    baseUrl: env.apiBaseUrl,
    fetch: request.fetch,
    storage: undefined,
    isDev: false,
  })
  const now = () => request.now
  return {
    api,
    groupStore: createGroupStore(api),
    flow: createFlowTracker({ storage: undefined, navigationType: () => 'navigate', now }),
    browser: noWindow,
    storage: undefined,
    now,
  }
}

function screenOf(handle: unknown): ScreenHandle['screen'] | undefined {
  return (handle as Partial<ScreenHandle> | undefined)?.screen
}

/** The page for `request.url` when it is a landing page that renders, else undefined. */
export async function renderLanding(request: LandingRequest): Promise<LandingPage | undefined> {
  const services = serverServices(request)
  const routes = createAppRoutes(services)
  const url = new URL(request.url)
  // Only the landing screens: any other address is not even loaded here.
  const matched = matchRoutes(routes, url.pathname, env.basename)
  const screen = screenOf(matched?.at(-1)?.route.handle)
  const serverRendered = screen?.serverRendered
  if (screen === undefined || serverRendered === undefined) return undefined

  const handler = createStaticHandler(routes, { basename: env.basename })
  const context = await handler.query(new Request(url, { headers: { accept: 'text/html' } }))
  if (context instanceof Response || context.errors !== null || context.statusCode !== 200) {
    return undefined
  }
  const leaf = context.matches.at(-1)
  if (leaf === undefined || screenOf(leaf.route.handle) !== screen) return undefined

  const root = renderToString(
    <StrictMode>
      <AppProviders services={services}>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </AppProviders>
    </StrictMode>,
  )

  const groups: Record<string, GroupData> = {}
  let groupName: string | undefined
  let themeColor: string | undefined
  if (screen.area !== 'system') {
    const params = entryParamsOf(screen.area, leaf.params, url.searchParams)
    const group = services.groupStore.get(screen.area, params)
    if (group === undefined) return undefined
    groups[linkKey(screen.area, params)] = group
    groupName = group.groupPfInfo.groupNameKanji
    themeColor = group.groupPfInfo.themeColor
  }
  const declarations = Object.entries(themeStyle(themeColor)).map(
    ([name, value]) => `${name}:${String(value)}`,
  )
  return {
    root,
    title: documentTitle(t(screen.titleKey), groupName),
    data: serverRenderedDataElement({ href: `${url.pathname}${url.search}`, groups }),
    module: serverRendered.module,
    themeCss: `[data-layout]{${declarations.join(';')}}`,
  }
}
