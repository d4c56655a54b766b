import { lazy } from 'react'
import {
  createBrowserRouter,
  matchRoutes,
  type DataRouter,
  type HydrationState,
  type RouteObject,
} from 'react-router'
import { AreaLayout } from './area-layout.tsx'
import { loadScreen } from './guards.ts'
import { RootLayout } from './root-layout.tsx'
import { NotFoundPage, RouteErrorBoundary } from './route-error-boundary.tsx'
import { ScreenHost } from './screen-host.tsx'
import {
  areaBasePaths,
  notFoundHelperSegments,
  screens,
  type ScreenDefinition,
} from './route-table.ts'
import type { ScreenHandle } from './route-handle.ts'
import { prefetchNextScreens } from './prefetch.ts'
import { NotFoundScreen } from '../components/error-screen/not-found-screen.tsx'
import { LoadingScreen } from '../components/loading-screen.tsx'
import {
  decideNavigationLoad,
  fetchLatestBuildId,
  startBuildUpdateCheck,
} from '../lib/build-update.ts'
import { awaitScreenModule } from '../lib/chunk-reload.ts'
import { entryParamsOf } from '../lib/entry-params.ts'
import { env } from '../lib/env.ts'
import type { ScreenLoaderData } from '../lib/screen-module.ts'
import { fullPageLoad, type Services } from '../lib/services.tsx'

/** A landing page's route has an id of its own: its server-rendered state names it. */
function landingRouteId(screen: ScreenDefinition): string {
  return `landing:${screen.area}:${screen.segment}`
}

function screenRoute(screen: ScreenDefinition, services: Services): RouteObject {
  const handle: ScreenHandle = { screen }
  const route = {
    ...(screen.serverRendered === undefined ? {} : { id: landingRouteId(screen) }),
    handle,
    loader: (args: Parameters<typeof loadScreen>[2]) => loadScreen(screen, services, args),
    Component: ScreenHost,
  }
  return screen.segment === '' ? { index: true, ...route } : { path: screen.segment, ...route }
}

function areaRoute(area: 'ent' | 'myp' | 'pamphlet', services: Services): RouteObject {
  const notFoundChildren: RouteObject[] =
    area === 'pamphlet'
      ? [{ path: '*', Component: NotFoundScreen }]
      : [
          ...(area === 'ent' ? notFoundHelperSegments : []).map((segment): RouteObject => ({
            path: segment,
            Component: NotFoundScreen,
          })),
          { index: true, Component: NotFoundScreen },
          { path: '*', Component: NotFoundScreen },
        ]
  return {
    id: area,
    path: areaBasePaths[area],
    // SPEC §2.6: the entry check and group load for the area; screens await the same load.
    loader: async ({ params, request }) => {
      const searchParams = new URL(request.url).searchParams
      await services.groupStore.ensure(area, entryParamsOf(area, params, searchParams))
      return null
    },
    Component: AreaLayout,
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: LoadingScreen,
    children: [
      ...screens
        .filter((screen) => screen.area === area)
        .map((screen) => screenRoute(screen, services)),
      ...notFoundChildren,
    ],
  }
}

/** The route tree (SPEC §2.1-2.3) for the given services; tests pass fakes. */
export function createAppRoutes(services: Services): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootLayout,
      ErrorBoundary: RouteErrorBoundary,
      HydrateFallback: LoadingScreen,
      children: [
        areaRoute('ent', services),
        areaRoute('myp', services),
        areaRoute('pamphlet', services),
        {
          // SPEC §2.6: no entry check for the system terms page.
          path: areaBasePaths.system,
          Component: AreaLayout,
          ErrorBoundary: RouteErrorBoundary,
          children: screens
            .filter((screen) => screen.area === 'system')
            .map((screen) => screenRoute(screen, services)),
        },
        // /app itself is no screen of the spec: the 404 page, as for any unmatched address.
        { index: true, Component: NotFoundPage },
        { path: '*', Component: NotFoundPage },
      ],
    },
  ]
}

/**
 * Wires the router to the shell's background work: the flow tracker learns when the first
 * navigation has finished, and after a new build was seen the next navigation is carried out
 * as a full page load to its target (SPEC §4).
 */
export function connectRouter(
  router: DataRouter,
  services: Services,
  buildUpdate: { isAvailable: () => boolean },
): () => void {
  let isLeaving = false
  // A first page without loaders is ready before anyone can subscribe.
  if (router.state.initialized) services.flow.markInitialised()
  return router.subscribe((state) => {
    if (state.initialized) services.flow.markInitialised()
    const { navigation } = state
    if (isLeaving || navigation.state !== 'loading') return
    const decision = decideNavigationLoad({
      isUpdateAvailable: buildUpdate.isAvailable(),
      targetHref: router.createHref(navigation.location),
    })
    if (decision.kind === 'fullPageLoad') {
      isLeaving = true
      fullPageLoad(services, decision.href)
    }
  })
}

/**
 * The router's first state on a server-rendered landing page (issue #22, ADR 0036), so that it
 * starts initialised and React can take the server's markup over at once: the area's loader has
 * run on the server (its group is in the page, given to the group store), the screen's module is
 * preloaded and arrives through React.lazy. What the screen loader does besides is done here:
 * the page counts as reached, and the next screens' chunks are fetched in idle time. Undefined
 * when the address is not a landing page: the router then loads it as usual.
 */
export function landingState(services: Services, pathname: string): HydrationState | undefined {
  const matches = matchRoutes(createAppRoutes(services), pathname, env.basename)
  const screen = (matches?.at(-1)?.route.handle as ScreenHandle | undefined)?.screen
  if (matches === null || screen?.serverRendered === undefined) return undefined
  // Landing pages are open: no flow, session or initialisation decides them (route-table.test).
  services.flow.recordReached(pathname)
  if (services.prefetch !== undefined) prefetchNextScreens(screen, screens, services.prefetch)
  const loaderData: Record<string, unknown> = {}
  for (const { route } of matches) {
    if (route.loader !== undefined && route.id !== undefined) loaderData[route.id] = null
  }
  // As the screen loader does it: a chunk that fails to arrive reloads the page once (SPEC §4).
  const Screen = lazy(() =>
    awaitScreenModule(screen.load(), {
      path: pathname,
      storage: services.storage,
      now: services.now,
      reload: () => fullPageLoad(services, services.browser.currentHref()),
    }),
  )
  const screenData: ScreenLoaderData = { Screen, initialData: null }
  loaderData[landingRouteId(screen)] = screenData
  return { loaderData }
}

export function createAppRouter(services: Services, hydrationData?: HydrationState): DataRouter {
  const router = createBrowserRouter(createAppRoutes(services), {
    basename: env.basename,
    hydrationData,
  })
  let isUpdateAvailable = false
  connectRouter(router, services, { isAvailable: () => isUpdateAvailable })
  if (env.isProductionBuild) {
    startBuildUpdateCheck({
      currentBuildId: env.buildId,
      fetchLatestBuildId: () => fetchLatestBuildId(env.basename),
      onNewBuild: () => {
        isUpdateAvailable = true
      },
    })
  }
  return router
}
