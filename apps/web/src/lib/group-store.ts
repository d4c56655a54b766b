import type { groupPfInfoApi, itemDefinitionsApi } from '@app/shared/api/group/endpoints'
import type { GroupPfInfo, GroupPfInfoBranchNo } from '@app/shared/api/group/group-pf-info'
import type { ItemDefinition } from '@app/shared/api/group/item-definition'
import {
  checkEntryParams,
  groupLoadFailure,
  type EntryArea,
  type EntryParams,
} from '@app/shared/rules/entry-check'
import { groupPfInfoRoute, itemDefinitionsRoute } from '@app/shared/api/group/routes'
import { ApiError, type ApiClient } from './api-client.ts'
import { callEndpoint } from './call-endpoint.ts'

/** Group information of one link (SPEC §2.6, §7.1, §7.2). */
export interface GroupData {
  groupPfInfo: GroupPfInfo
  groupPfInfoBranchNo: GroupPfInfoBranchNo
  /** Not loaded under /myp/ (SPEC §2.6). */
  itemDefinitionArray: ItemDefinition[] | undefined
}

/** The entry check or the group load failed (SPEC §2.6, §8.1). */
export class GroupLoadError extends Error {
  readonly status: number
  readonly errorCode: string
  /** SPEC §8.1: the server answered, so the entry check itself ran */
  readonly entryChecked: boolean

  constructor(failure: { status: number; errorCode: string; entryChecked: boolean }) {
    super(`group load failed: ${failure.status} ${failure.errorCode}`)
    this.name = 'GroupLoadError'
    this.status = failure.status
    this.errorCode = failure.errorCode
    this.entryChecked = failure.entryChecked
  }
}

type Entry =
  | { state: 'loading'; promise: Promise<GroupData> }
  | { state: 'loaded'; data: GroupData }
  | { state: 'failed'; error: GroupLoadError }

export interface GroupStore {
  /**
   * Runs the entry check and loads the group of the link once (SPEC §2.6): skipped when already
   * loaded; a failure is remembered, so it is shown again without repeating the check.
   */
  ensure(area: EntryArea, params: EntryParams): Promise<GroupData>
  /** The group of the link when it has been loaded, else undefined. */
  get(area: EntryArea, params: EntryParams): GroupData | undefined
  /** for useSyncExternalStore: a property, so it can be passed on unbound */
  subscribe: (listener: () => void) => () => void
}

/**
 * A link is a product, a branch and a urlKey (PRODUCT.md "Group data"). Under /myp/ the group
 * is loaded by groupPfCode and urlKey only, so that is its key there.
 */
export function linkKey(area: EntryArea, params: EntryParams): string {
  const parts =
    area === 'myp'
      ? ['myp', params.groupPfCode, params.urlKey]
      : [
          'ent',
          params.groupPfCode,
          params.groupPfCodeInceptionDateYm,
          params.groupPfBranchNo,
          params.urlKey,
        ]
  return parts.map((part) => part ?? '').join('/')
}

async function fetchGroup(
  api: ApiClient,
  area: EntryArea,
  params: EntryParams,
): Promise<GroupData> {
  const groupPfCode = params.groupPfCode ?? ''
  const urlKey = params.urlKey ?? ''
  if (area === 'myp') {
    const group = await callEndpoint<typeof groupPfInfoApi>(api, groupPfInfoRoute, {
      query: { urlKey, groupPfCode },
    })
    return { ...group, itemDefinitionArray: undefined }
  }
  const groupPfCodeInceptionDateYm = params.groupPfCodeInceptionDateYm ?? ''
  // SPEC §7.2: in parallel with the group information; if either fails the whole load fails.
  const [group, items] = await Promise.all([
    callEndpoint<typeof groupPfInfoApi>(api, groupPfInfoRoute, {
      query: {
        urlKey,
        groupPfCode,
        groupPfCodeInceptionDateYm,
        groupPfBranchNo: params.groupPfBranchNo,
      },
    }),
    callEndpoint<typeof itemDefinitionsApi>(api, itemDefinitionsRoute, {
      query: { groupPfCode, urlKey, groupPfCodeInceptionDateYm },
    }),
  ])
  return { ...group, itemDefinitionArray: items.itemDefinitionArray }
}

function toGroupLoadError(error: unknown): GroupLoadError {
  if (error instanceof GroupLoadError) return error
  if (error instanceof ApiError)
    return new GroupLoadError(groupLoadFailure(error.status, error.body.errorCode))
  return new GroupLoadError(groupLoadFailure(500, undefined))
}

/**
 * `loaded`: groups already known by their link key, e.g. those a server-rendered page carries in
 * its HTML (issue #22, ADR 0035): no request is made for them.
 */
export function createGroupStore(
  api: ApiClient,
  loaded: Readonly<Record<string, GroupData>> = {},
): GroupStore {
  const entries = new Map<string, Entry>(
    Object.entries(loaded).map(([key, data]) => [key, { state: 'loaded', data }]),
  )
  const listeners = new Set<() => void>()

  function set(key: string, entry: Entry): void {
    entries.set(key, entry)
    for (const listener of listeners) listener()
  }

  return {
    ensure(area, params) {
      const key = linkKey(area, params)
      const entry = entries.get(key)
      if (entry?.state === 'loaded') return Promise.resolve(entry.data)
      if (entry?.state === 'failed') return Promise.reject(entry.error)
      if (entry?.state === 'loading') return entry.promise

      const check = checkEntryParams(area, params)
      if (!check.ok) {
        const error = new GroupLoadError({
          status: check.status,
          errorCode: check.errorCode,
          entryChecked: false,
        })
        set(key, { state: 'failed', error })
        return Promise.reject(error)
      }
      const promise = fetchGroup(api, area, params).then(
        (data) => {
          set(key, { state: 'loaded', data })
          return data
        },
        (cause: unknown) => {
          const error = toGroupLoadError(cause)
          set(key, { state: 'failed', error })
          throw error
        },
      )
      set(key, { state: 'loading', promise })
      return promise
    },
    get(area, params) {
      const entry = entries.get(linkKey(area, params))
      return entry?.state === 'loaded' ? entry.data : undefined
    },
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
