import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  buildMetaUrl,
  decideNavigationLoad,
  isNewBuild,
  parseBuildMeta,
  startBuildUpdateCheck,
} from './build-update.ts'

describe('ビルドの更新の判定（SPEC §4）', () => {
  it.each([
    ['b1', 'b1', false],
    ['b1', 'b2', true],
    ['b1', undefined, false],
  ])('実行中 %s・最新 %s なら更新ありは %s であること', (current, latest, expected) => {
    expect(isNewBuild(current, latest)).toBe(expected)
  })

  it.each([
    [{ buildId: 'abc' }, 'abc'],
    [{ buildId: '' }, undefined],
    [{ buildId: 1 }, undefined],
    ['<!doctype html>', undefined],
    [null, undefined],
  ])('build-meta.json %j からビルドIDを読むこと', (value, expected) => {
    expect(parseBuildMeta(value)).toBe(expected)
  })

  it('時刻のクエリを付けて build-meta.json を読むこと', () => {
    expect(buildMetaUrl('/app', 1_700_000_000_000)).toBe('/app/build-meta.json?t=1700000000000')
  })

  it('更新があれば次の画面遷移を行き先への全画面の読み込みにすること', () => {
    expect(decideNavigationLoad({ isUpdateAvailable: false, targetHref: '/app/x' })).toEqual({
      kind: 'router',
    })
    expect(decideNavigationLoad({ isUpdateAvailable: true, targetHref: '/app/x?y=1' })).toEqual({
      kind: 'fullPageLoad',
      href: '/app/x?y=1',
    })
  })
})

describe('ビルドの定期確認', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('10秒ごとに確認し、新しいビルドを見つけたら一度だけ知らせて止まること', async () => {
    const answers = ['b1', 'b1', 'b2', 'b3']
    const fetchLatestBuildId = vi.fn(() => Promise.resolve(answers.shift()))
    const onNewBuild = vi.fn()
    const stop = startBuildUpdateCheck({ currentBuildId: 'b1', fetchLatestBuildId, onNewBuild })

    await vi.advanceTimersByTimeAsync(9_999)
    expect(fetchLatestBuildId).toHaveBeenCalledTimes(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(fetchLatestBuildId).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(10_000)
    expect(onNewBuild).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(10_000)
    expect(onNewBuild).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(fetchLatestBuildId).toHaveBeenCalledTimes(3)
    expect(onNewBuild).toHaveBeenCalledTimes(1)
    stop()
  })

  it('確認に失敗しても次の回に確認を続けること', async () => {
    const fetchLatestBuildId = vi
      .fn<() => Promise<string | undefined>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce('b2')
    const onNewBuild = vi.fn()
    startBuildUpdateCheck({ currentBuildId: 'b1', fetchLatestBuildId, onNewBuild })

    await vi.advanceTimersByTimeAsync(20_000)
    expect(onNewBuild).toHaveBeenCalledTimes(1)
  })
})
