import { describe, expect, it, vi } from 'vitest'
import {
  awaitScreenModule,
  ChunkLoadError,
  CHUNK_RELOAD_KEY,
  decideChunkReload,
} from './chunk-reload.ts'

describe('チャンクの読み込み失敗（SPEC §4）', () => {
  it('初めての失敗は再読み込みし、時刻を記録すること', () => {
    expect(decideChunkReload({ records: {}, path: '/app/a', now: 50_000 })).toEqual({
      action: 'reload',
      records: { '/app/a': 50_000 },
    })
  })

  it('同じパスで10秒以内の2回目はエラー画面にすること', () => {
    const records = { '/app/a': 50_000 }
    expect(decideChunkReload({ records, path: '/app/a', now: 59_999 })).toEqual({
      action: 'showError',
      records,
    })
  })

  it('10秒を過ぎたら、また再読み込みすること', () => {
    expect(
      decideChunkReload({ records: { '/app/a': 50_000 }, path: '/app/a', now: 60_000 }).action,
    ).toBe('reload')
  })

  it('別のパスの記録は妨げず、古い記録は捨てること', () => {
    expect(
      decideChunkReload({
        records: { '/app/a': 55_000, '/app/old': 1_000 },
        path: '/app/b',
        now: 56_000,
      }),
    ).toEqual({ action: 'reload', records: { '/app/a': 55_000, '/app/b': 56_000 } })
  })

  it('読み込みに失敗したら記録して再読み込みし、2回目はエラーにすること', async () => {
    const storage = window.sessionStorage
    const reload = vi.fn()
    const options = { path: '/app/x', storage, now: () => 1_000, reload }

    const first = awaitScreenModule(Promise.reject(new TypeError('Failed to fetch')), options)
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1))
    expect(JSON.parse(storage.getItem(CHUNK_RELOAD_KEY) ?? '{}')).toEqual({ '/app/x': 1_000 })
    void first

    await expect(
      awaitScreenModule(Promise.reject(new TypeError('Failed to fetch')), options),
    ).rejects.toBeInstanceOf(ChunkLoadError)
    expect(reload).toHaveBeenCalledTimes(1)
  })
})
