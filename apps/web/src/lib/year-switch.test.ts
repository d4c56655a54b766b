import { describe, expect, it } from 'vitest'
import type { ApiClient, Query } from './api-client.ts'
import { createGroupStore } from './group-store.ts'
import { activeYearSwitch, restoreYear, switchToYear } from './year-switch.ts'
import { groupResponse, link } from '../test/fixtures.ts'

const thisYear = { ...link }
const nextYear = { ...link, groupPfCodeInceptionDateYm: '202704' }

function storeWith(failNextYear = false) {
  const calls: { path: string; query: Query | undefined }[] = []
  const api = {
    get(path: string, query?: Query) {
      calls.push({ path, query })
      const ym = query?.groupPfCodeInceptionDateYm
      if (failNextYear && ym === '202704') return Promise.reject(new Error('connection reset'))
      if (path === '/itemDefinitions/') {
        return Promise.resolve({ itemDefinitionArray: [{ itemId: `item-${String(ym)}` }] })
      }
      return Promise.resolve({
        ...groupResponse,
        groupPfInfo: { ...groupResponse.groupPfInfo, groupPfCodeInceptionDateYm: ym },
      })
    },
  } as unknown as ApiClient
  return { store: createGroupStore(api), calls }
}

describe('年度の切り替え（SPEC §4 Year switch）', () => {
  it('翌年度の団体情報と項目定義を読み込み、今年度のものを控えとして残すこと', async () => {
    const { store, calls } = storeWith()
    const current = await store.ensure('ent', thisYear)

    const next = await switchToYear(store, thisYear, nextYear)

    expect(next.groupPfInfo.groupPfCodeInceptionDateYm).toBe('202704')
    expect(next.itemDefinitionArray).toEqual([{ itemId: 'item-202704' }])
    expect(store.get('ent', nextYear)).toBe(next)
    expect(
      calls.filter((call) => call.query?.groupPfCodeInceptionDateYm === '202704'),
    ).toHaveLength(2)
    expect(activeYearSwitch(store)).toEqual({
      backup: { params: thisYear, group: current },
      current: { params: nextYear, group: next },
    })
  })

  it('元に戻すと、控えの今年度を返して切り替えを終えること', async () => {
    const { store } = storeWith()
    const current = await store.ensure('ent', thisYear)
    await switchToYear(store, thisYear, nextYear)

    expect(restoreYear(store)).toEqual({ params: thisYear, group: current })
    expect(activeYearSwitch(store)).toBeUndefined()
    expect(store.get('ent', thisYear)).toBe(current)
    expect(restoreYear(store)).toBeUndefined()
  })

  it('続けて切り替えても、控えは最初の年度のままであること', async () => {
    const { store } = storeWith()
    const current = await store.ensure('ent', thisYear)
    await switchToYear(store, thisYear, nextYear)
    await switchToYear(store, nextYear, nextYear)

    expect(restoreYear(store)?.group).toBe(current)
  })

  it('翌年度を読み込めなければ、何も切り替えずに失敗すること', async () => {
    const { store } = storeWith(true)
    await store.ensure('ent', thisYear)

    await expect(switchToYear(store, thisYear, nextYear)).rejects.toThrow()
    expect(activeYearSwitch(store)).toBeUndefined()
  })

  it('切り替えていなければ、元に戻すものはないこと', () => {
    const { store } = storeWith()
    expect(restoreYear(store)).toBeUndefined()
  })
})
