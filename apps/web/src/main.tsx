// First: must run before any zod schema is created (see the module).
import './lib/zod-jitless.ts'
import { StrictMode, useEffect } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router/dom'
import { AppProviders, createBrowserServices } from './app/providers.tsx'
import { createAppRouter } from './app/router.tsx'
import { readServerRenderedData } from './app/server-rendered.ts'
import { installAddressRewrite } from './lib/address-rewrite.ts'
import { env } from './lib/env.ts'
import { loadTagManager } from './lib/tag-manager.ts'
import './index.css'

// Before the router: this popstate listener must run ahead of the router's own (SPEC §2).
installAddressRewrite(window, env.basename)
loadTagManager(env.gtmId, document, Date.now())

// A landing page may arrive rendered by the server, with the groups it used (issue #22, ADR 0036).
const rendered = readServerRenderedData(document)
const services = createBrowserServices(window, rendered?.groups)
const router = createAppRouter(services)
const container = document.getElementById('root')
if (container === null) throw new Error('#root is missing from index.html')

/** Renders nothing; once React has committed the page, the page takes input (see below). */
function WhenCommitted({ onCommit }: { onCommit: () => void }) {
  useEffect(onCommit, [onCommit])
  return null
}

const acceptInput = () => container.removeAttribute('inert')

const app = (
  <StrictMode>
    <AppProviders services={services}>
      <RouterProvider router={router} />
    </AppProviders>
    <WhenCommitted onCommit={acceptInput} />
  </StrictMode>
)

/** Resolves once the router's first navigation (loaders, guards, the screen's module) is done. */
function routerReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve()
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return
      unsubscribe()
      resolve()
    })
  })
}

const currentHref = () => `${window.location.pathname}${window.location.search}`

if (rendered === undefined || !container.hasChildNodes()) {
  createRoot(container).render(app)
} else {
  // The server's markup arrives inert (no click, focus or form submission reaches it: a form
  // sent by the browser itself would put its fields into the address) and stays on screen while
  // the same loaders run here (the group is already known, the screen's chunk preloaded); then
  // React takes the markup over and the page takes input. When the browser's guards end
  // elsewhere (a session or a flow the server cannot see) or fail, the page is rendered afresh
  // instead, exactly as without a server render.
  void routerReady().then(() => {
    const isSamePage =
      router.state.errors === null && currentHref() === rendered.href && rendered.href !== ''
    if (isSamePage) {
      hydrateRoot(container, app)
    } else {
      container.replaceChildren()
      createRoot(container).render(app)
    }
  })
}
