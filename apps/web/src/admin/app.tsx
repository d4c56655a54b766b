import { StrictMode } from 'react'
import { RouterProvider, type createBrowserRouter } from 'react-router'
import { AdminServicesProvider, type AdminServices } from './lib/services.tsx'

// The console's root: its services around its router (main.tsx in the browser, the tests with a
// memory router).

export function AdminApp({
  services,
  router,
}: {
  services: AdminServices
  router: ReturnType<typeof createBrowserRouter>
}) {
  return (
    <StrictMode>
      <AdminServicesProvider services={services}>
        <RouterProvider router={router} />
      </AdminServicesProvider>
    </StrictMode>
  )
}
