import { describe, expect, it, vi } from 'vitest'
import { applicationSteps } from '@app/shared/rules/application-steps'
import { nextScreensOf, prefetchNextScreens } from './prefetch.ts'
import { screens, type ScreenDefinition } from './route-table.ts'

// SPEC §7.7, issue #17 point 17: the next step's chunk is fetched while a step is shown.

function screen(area: ScreenDefinition['area'], page: string): ScreenDefinition {
  const found = screens.find((candidate) => candidate.area === area && candidate.page === page)
  if (found === undefined) throw new Error(`no screen ${area}/${page}`)
  return found
}

const pagesAfter = (area: ScreenDefinition['area'], page: string) =>
  nextScreensOf(screen(area, page), screens).map((next) => next.segment)

describe('次に開く画面（SPEC §7.7）', () => {
  it('申込の各手順のあとに、続く手順（省かれることのある手順の先も）を挙げること', () => {
    for (const [index, step] of applicationSteps.entries()) {
      const expected = applicationSteps.slice(index + 1, index + 3)
      const next = nextScreensOf(screen('ent', step), screens).map((definition) => definition.page)
      for (const page of expected) expect(next, step).toContain(page)
    }
    expect(pagesAfter('ent', 'pamphletImportantNotes')).toEqual(['payment'])
    expect(pagesAfter('ent', 'payment')).toEqual(['completeApplication'])
  })

  it('被保険者の一覧のあとは、単位ごとの登録と告知を挙げること', () => {
    expect(pagesAfter('ent', 'registerInsuredInfo').sort()).toEqual(
      ['noticeMatters', 'noticeMattersDoc', 'registerInsuredInfo/:unitNo'].sort(),
    )
  })

  it('入口とマイページのサインインの流れもつながっていること', () => {
    expect(pagesAfter('ent', 'termsOfService')).toEqual(['verifyUser'])
    expect(pagesAfter('myp', 'login').sort()).toEqual(['loginCode', 'telephoneAuthSelect'])
    expect(pagesAfter('myp', 'loginCode')).toEqual(['home'])
    expect(pagesAfter('ent', 'completeApplication')).toEqual([])
  })
})

describe('先読み', () => {
  function fakeScreens() {
    const load = vi.fn(() => Promise.resolve({ default: () => null }))
    const current = { ...screen('ent', 'selectType') }
    const table = screens.map((definition) =>
      definition.area === 'ent' && definition.page === 'inputPolicyHolderInfo'
        ? { ...definition, load }
        : definition.area === 'ent' && definition.page === 'selectType'
          ? current
          : { ...definition, load: vi.fn(() => Promise.resolve({ default: () => null })) },
    )
    return { load, current, table }
  }

  it('手がすいたときに次の画面のモジュールを1回だけ取りに行くこと', () => {
    const { load, current, table } = fakeScreens()
    const idle: (() => void)[] = []
    const environment = { whenIdle: (task: () => void) => void idle.push(task), saveData: false }
    prefetchNextScreens(current, table, environment)
    expect(load).not.toHaveBeenCalled()
    for (const task of idle.splice(0)) task()
    expect(load).toHaveBeenCalledTimes(1)
    prefetchNextScreens(current, table, environment)
    for (const task of idle.splice(0)) task()
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('データ節約の設定では取りに行かないこと', () => {
    const { load, current, table } = fakeScreens()
    const whenIdle = vi.fn((task: () => void) => task())
    prefetchNextScreens(current, table, { whenIdle, saveData: true })
    expect(whenIdle).not.toHaveBeenCalled()
    expect(load).not.toHaveBeenCalled()
  })
})
