// First: must run before any zod schema is created (see the module).
import './lib/zod-jitless.ts'
import { startTransition, StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router/dom'
import { AppProviders, createBrowserServices } from './app/providers.tsx'
import { createAppRouter, landingState } from './app/router.tsx'
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
const container = document.getElementById('root')
if (container === null) throw new Error('#root is missing from index.html')
const isServerRendered =
  rendered !== undefined &&
  container.hasChildNodes() &&
  rendered.href === `${window.location.pathname}${window.location.search}`
const landing = isServerRendered ? landingState(services, window.location.pathname) : undefined
const router = createAppRouter(services, landing)

const acceptInput = () => {
  document.body.removeAttribute('inert')
  document.body.removeAttribute('aria-hidden')
}

const app = (
  <StrictMode>
    <AppProviders services={services} onCommit={acceptInput}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
)

if (landing !== undefined && router.state.initialized) {
  // The server's markup arrives inert and hidden from assistive technology (no click, focus or
  // form submission reaches it: a form sent by the browser itself would put its fields into the
  // address). The router starts on the page's own state, so React takes the markup over at once;
  // the page takes input, and is read out, when it has.
  // In a transition, React hydrates in slices and yields to the browser between them instead of
  // in one long task after the first paint (Total Blocking Time, issue #22).
  startTransition(() => {
    hydrateRoot(container, app)
  })
} else {
  // Anything else (a plain app page, or a page whose address changed since the server rendered
  // it) is rendered afresh, exactly as without a server render.
  container.replaceChildren()
  acceptInput()
  createRoot(container).render(app)
}
