import { afterEach, describe, expect, it, vi } from 'vitest'
import { loadTagManager, pushPageView } from './tag-manager.ts'

afterEach(() => {
  delete window.dataLayer
})

describe('タグマネージャー（SPEC §7.7）', () => {
  it('ID がなければ何も読み込まないこと', () => {
    expect(loadTagManager(undefined, document, 1)).toBe(false)
    expect(document.head.querySelector('script')).toBeNull()
    expect(window.dataLayer).toBeUndefined()
  })

  it('ID があれば外部のスクリプトとして読み込むこと', () => {
    // Keep the script out of the test DOM, which would try to fetch it.
    const appended: Node[] = []
    vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
      appended.push(...(nodes as Node[]))
    })
    expect(loadTagManager('GTM-AB12CD', document, 1)).toBe(true)
    const script = appended[0] as HTMLScriptElement | undefined
    expect(script?.tagName).toBe('SCRIPT')
    expect(script?.getAttribute('src')).toBe(
      'https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD',
    )
    expect(script?.textContent).toBe('')
    expect(window.dataLayer).toEqual([{ 'gtm.start': 1, event: 'gtm.js' }])
  })

  it('画面ごとに page_view を積むこと', () => {
    pushPageView(window, {
      path: '/app/systemTermsOfServiceAndPolicies',
      title: '利用規約・各種ポリシー',
    })
    expect(window.dataLayer).toEqual([
      {
        event: 'page_view',
        page_path: '/app/systemTermsOfServiceAndPolicies',
        page_title: '利用規約・各種ポリシー',
      },
    ])
  })
})
