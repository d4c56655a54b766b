import { adminGroupsRoute } from '@app/shared/api/admin/routes'
import type { adminGroupsApi } from '@app/shared/api/admin/endpoints'
import type { EndpointResponse } from '@app/shared/api/endpoint'
import { t } from '@app/shared/messages/admin-console'
import { callEndpoint } from '@/lib/call-endpoint.ts'
import { useAdminServices } from './services.tsx'
import { useLoad } from './use-load.ts'

// The group products (and their branches) in the staff member's scope: the filters' choices.

export type AdminGroup = EndpointResponse<typeof adminGroupsApi>['groups'][number]

/** A product and year as one select value. */
export const groupKey = (code: string, ym: string) => `${code}/${ym}`

export function splitGroupKey(
  key: string,
): { groupPfCode: string; groupPfCodeInceptionDateYm: string } | undefined {
  const [groupPfCode = '', groupPfCodeInceptionDateYm = ''] = key.split('/')
  return groupPfCode === '' || !/^\d{6}$/.test(groupPfCodeInceptionDateYm)
    ? undefined
    : { groupPfCode, groupPfCodeInceptionDateYm }
}

export function groupLabel(group: AdminGroup): string {
  const ym = group.groupPfCodeInceptionDateYm
  return t('admin.applications.groupOption', {
    name: group.groupNameKanji,
    code: group.groupPfCode,
    year: ym.slice(0, 4),
    month: ym.slice(4, 6),
  })
}

export function useGroups() {
  const { api } = useAdminServices()
  return useLoad(
    (signal) => callEndpoint<typeof adminGroupsApi>(api, adminGroupsRoute, {}, { signal }),
    [api],
  )
}
