import type { MyPageInfo } from '@app/shared/api/my-page/endpoints'
import type { ApiClient } from '@/lib/api-client.ts'
import { fetchMyPageInfo } from './my-page-api.ts'

// The initialisation guard of my-page home (SPEC §2.5 "my-page home fetches my-page
// information"): GET /policyHolderInfo/ of the link before the screen shows. A failure is the
// error screen's (ADR 0003); a session the server no longer knows shows as the session error.

type RouteParams = Readonly<Record<string, string | undefined>>

export function initialiseMyPageHome(api: ApiClient, params: RouteParams): Promise<MyPageInfo> {
  return fetchMyPageInfo(api, {
    groupPfCode: params.groupPfCode ?? '',
    urlKey: params.urlKey ?? '',
  })
}

/** The home guard's answer as the screen receives it (the loader's initialData). */
export function asMyPageInfo(initialData: unknown): MyPageInfo {
  if (typeof initialData !== 'object' || initialData === null || !('contracts' in initialData)) {
    throw new Error('home: no initial data')
  }
  return initialData as MyPageInfo
}
