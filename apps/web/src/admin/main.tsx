// First: must run before any zod schema is created (see the module).
import '@/lib/zod-jitless.ts'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter } from 'react-router'
import { sessionStorageOrUndefined } from '@/lib/browser-storage.ts'
import { env } from '@/lib/env.ts'
import { AdminApp } from './app.tsx'
import { createStaffApiClient } from './lib/staff-api.ts'
import { ADMIN_BASENAME, adminRoutes } from './router.tsx'
import './admin.css'

// The back-office console (issue #20): its own page (admin/index.html), bundle and router.

const storage = sessionStorageOrUndefined()
const router = createBrowserRouter(adminRoutes, { basename: ADMIN_BASENAME })
const api = createStaffApiClient({
  baseUrl: env.apiBaseUrl,
  storage,
  // 401 ADMA0001: the session is gone; the sign-in screen says so
  onSessionEnded: () => void router.navigate('/signin', { state: { errorCode: 'ADMA0001' } }),
})
const container = document.getElementById('root')
if (container === null) throw new Error('#root is missing from index.html')

createRoot(container).render(
  <AdminApp
    services={{
      api,
      storage,
      now: () => Date.now(),
      // (with 'noopener' window.open answers null even when the tab opened: cut the link instead)
      openTab: (url) => {
        const opened = window.open(url, '_blank')
        if (opened !== null) opened.opener = null
        return opened !== null
      },
    }}
    router={router}
  />,
)
