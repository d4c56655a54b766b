// First: must run before any zod schema is created (see the module).
import './lib/zod-jitless.ts'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router/dom'
import { AppProviders, createBrowserServices } from './app/providers.tsx'
import { createAppRouter } from './app/router.tsx'
import { installAddressRewrite } from './lib/address-rewrite.ts'
import { env } from './lib/env.ts'
import { loadTagManager } from './lib/tag-manager.ts'
import './index.css'

// Before the router: this popstate listener must run ahead of the router's own (SPEC §2).
installAddressRewrite(window, env.basename)
loadTagManager(env.gtmId, document, Date.now())

const services = createBrowserServices(window)
const router = createAppRouter(services)
const container = document.getElementById('root')
if (container === null) throw new Error('#root is missing from index.html')

createRoot(container).render(
  <StrictMode>
    <AppProviders services={services}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
)
