import { describe, expect, it } from 'vitest'
import { createFlowTracker, isReachedThroughFlow, type ReachInput } from './flow-tracker.ts'

const page = '/app/ent/G001/202604/00001/abcDEF1234/selectType'
const base: ReachInput = {
  isInitialLoad: true,
  navigationType: 'navigate',
  pathname: page,
  reachedPaths: [],
  handoff: undefined,
  now: 100_000,
}

describe('フローを通って来たかの判定（SPEC §2.5）', () => {
  it.each<[string, Partial<ReachInput>, boolean]>([
    ['アプリの中の遷移', { isInitialLoad: false }, true],
    ['初めての直接アクセス', {}, false],
    ['到達済みの画面の再読み込み', { navigationType: 'reload', reachedPaths: [page] }, true],
    ['到達済みの画面へ戻る・進む', { navigationType: 'back_forward', reachedPaths: [page] }, true],
    ['到達済みの画面へアドレスを入力', { navigationType: 'navigate', reachedPaths: [page] }, false],
    ['未到達の画面の再読み込み', { navigationType: 'reload', reachedPaths: ['/app/other'] }, false],
    [
      'アプリが始めた全画面の読み込み',
      { handoff: { path: page, at: 95_000, validForMs: 30_000 } },
      true,
    ],
    ['古い引き継ぎ', { handoff: { path: page, at: 60_000, validForMs: 30_000 } }, false],
    [
      '長く待つ引き継ぎ（3Dセキュア）',
      { handoff: { path: page, at: 1_000, validForMs: 900_000 } },
      true,
    ],
    [
      '長く待つ引き継ぎの期限切れ',
      { handoff: { path: page, at: 1_000, validForMs: 90_000 } },
      false,
    ],
    [
      '別の画面への引き継ぎ',
      { handoff: { path: '/app/other', at: 99_000, validForMs: 30_000 } },
      false,
    ],
  ])('%s は %s', (_label, input, expected) => {
    expect(isReachedThroughFlow({ ...base, ...input })).toBe(expected)
  })

  it('到達した画面を sessionStorage に記録し、初回の読み込みが終われば引き継ぎを消すこと', () => {
    const storage = window.sessionStorage
    const flow = createFlowTracker({ storage, navigationType: () => 'reload', now: () => 1 })
    expect(flow.isReached(page)).toBe(false)
    flow.recordReached(page)
    expect(flow.isReached(page)).toBe(true)

    flow.handOff('/app/next')
    flow.markInitialised()
    expect(flow.isInitialLoad()).toBe(false)
    expect(storage.getItem('flowHandoff')).toBeNull()
    expect(flow.isReached('/app/never-seen')).toBe(true)
  })

  it('引き継ぎの有効時間を指定でき、指定がなければ30秒であること', () => {
    const storage = window.sessionStorage
    let time = 0
    const flow = createFlowTracker({ storage, navigationType: () => 'navigate', now: () => time })
    flow.handOff(page)
    time = 30_001
    expect(flow.isReached(page)).toBe(false)
    time = 0
    flow.handOff(page, 600_000)
    time = 599_000
    expect(flow.isReached(page)).toBe(true)
    time = 600_001
    expect(flow.isReached(page)).toBe(false)
  })
})
