import { createContext, useContext, type ReactNode } from 'react'
import type { KeyValueStorage } from '@/lib/browser-storage.ts'
import type { StaffApiClient } from './staff-api.ts'

// What the console's screens are given (issue #20): its API client, the tab's storage and the
// clock; tests give their own (test/admin.tsx).

export interface AdminServices {
  api: StaffApiClient
  storage: KeyValueStorage | undefined
  now: () => number
  /** opens a URL in a new tab (a document's short-lived link); false when the browser refused */
  openTab: (url: string) => boolean
}

const AdminServicesContext = createContext<AdminServices | undefined>(undefined)

export function AdminServicesProvider({
  services,
  children,
}: {
  services: AdminServices
  children: ReactNode
}) {
  return <AdminServicesContext value={services}>{children}</AdminServicesContext>
}

export function useAdminServices(): AdminServices {
  const services = useContext(AdminServicesContext)
  if (services === undefined) throw new Error('AdminServicesProvider is missing')
  return services
}
