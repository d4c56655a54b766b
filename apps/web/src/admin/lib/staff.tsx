import type { staffMeApi } from '@app/shared/api/admin/endpoints'
import type { EndpointResponse } from '@app/shared/api/endpoint'
import { staffMay, type StaffPermission } from '@app/shared/rules/staff-permissions'
import { createContext, useContext } from 'react'

// The signed-in staff member, as the layout loaded them (staffMeApi); screens read their role to
// leave out what it may not do (the server refuses it anyway, 403 ADMA0002).

export type Staff = EndpointResponse<typeof staffMeApi>

export const StaffContext = createContext<Staff | undefined>(undefined)

export function useStaff(): Staff {
  const staff = useContext(StaffContext)
  if (staff === undefined) throw new Error('StaffContext is missing')
  return staff
}

export function useMay(permission: StaffPermission): boolean {
  return staffMay(useStaff().role, permission)
}

/** Where the role starts: the application search, or the audit log for an auditor. */
export function homeOf(role: Staff['role']): string {
  if (staffMay(role, 'viewApplications')) return '/applications'
  // a group's contact person (issue #21 point 6): the participation figures
  if (staffMay(role, 'viewParticipation')) return '/participation'
  return '/audit'
}
