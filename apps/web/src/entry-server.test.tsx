import { t } from '@app/shared/messages/shell'
import { describe, expect, it } from 'vitest'
import { readServerRenderedData, SERVER_RENDERED_DATA_ID } from './app/server-rendered.ts'
import { renderLanding } from './entry-server.tsx'
import { linkKey } from './lib/group-store.ts'
import { entryGroupResponse } from './test/entry-group.ts'
import { entBase, link, mypBase } from './test/fixtures.ts'
import { jsonResponse, mockFetch } from './test/http.ts'

// The landing pages' server render (issue #22, ADR 0036): the app's own routes and guards decide
// whether a page is rendered; only the three landing screens are, with the group they loaded.

const origin = 'http://localhost'
const { groupPfInfo } = entryGroupResponse()
const now = Date.parse('2026-11-20T01:00:00Z')

function groupApi(group = entryGroupResponse()) {
  return mockFetch((method, path) => {
    if (method === 'GET' && path.startsWith('/groupPfInfo/')) return jsonResponse(200, group)
    if (method === 'GET' && path.startsWith('/itemDefinitions/')) {
      return jsonResponse(200, { itemDefinitionArray: [] })
    }
    return jsonResponse(500, { errorCode: 'XPFF0001' })
  })
}

/** The page's markup as a document, to read it as the browser will. */
function parse(html: string): Document {
  const doc = document.implementation.createHTMLDocument('')
  doc.body.innerHTML = html
  return doc
}

describe('renderLanding', () => {
  it('renders termsOfService with the group it loaded, its data, title, chunk and colours', async () => {
    const { fetch, requests } = groupApi()
    const page = await renderLanding({ url: `${origin}${entBase}/termsOfService`, now, fetch })

    expect(page).toBeDefined()
    const doc = parse(`${page?.root ?? ''}${page?.data ?? ''}`)
    expect(doc.querySelector('h1')?.textContent).toBe(t('screen.termsOfService.title'))
    expect(doc.querySelector('header')?.textContent).toContain(groupPfInfo.groupNameKanji)
    expect(page?.title).toBe(`利用規約 | ${groupPfInfo.groupNameKanji}`)
    expect(page?.module).toBe('src/features/entry/screens/terms-of-service.tsx')
    expect(page?.themeCss).toBe(
      `[data-layout]{--theme-color:${groupPfInfo.themeColor};--theme-on-color:#ffffff}`,
    )
    // SPEC §7.2: the group and its item definitions, as the browser asks for them.
    expect(requests.map((request) => request.url.split('?')[0])).toEqual([
      '/api/groupPfInfo/',
      '/api/itemDefinitions/',
    ])
    // The style attribute would be refused by the page's CSP: the colours are in themeCss.
    expect(page?.root).not.toContain('style=')

    const data = readServerRenderedData(doc)
    expect(data?.href).toBe(`${entBase}/termsOfService`)
    const key = linkKey('ent', link)
    expect(Object.keys(data?.groups ?? {})).toEqual([key])
    expect(data?.groups[key]?.groupPfInfo.groupNameKanji).toBe(groupPfInfo.groupNameKanji)
    expect(data?.groups[key]?.itemDefinitionArray).toEqual([])
  })

  it('renders the my-page login from the group information alone (SPEC §2.6)', async () => {
    const { fetch, requests } = groupApi()
    const query = `groupPfCodeInceptionDateYm=${link.groupPfCodeInceptionDateYm}&groupPfBranchNo=${link.groupPfBranchNo}`
    const page = await renderLanding({ url: `${origin}${mypBase}/login?${query}`, now, fetch })

    const doc = parse(`${page?.root ?? ''}${page?.data ?? ''}`)
    expect(doc.querySelector('h1')?.textContent).toBe(t('screen.login.title'))
    expect(doc.querySelectorAll('input').length).toBeGreaterThanOrEqual(2)
    expect(requests.map((request) => request.url.split('?')[0])).toEqual(['/api/groupPfInfo/'])
    expect(readServerRenderedData(doc)?.href).toBe(`${mypBase}/login?${query}`)
    expect(page?.module).toBe('src/features/my-page/screens/login.tsx')
  })

  it('renders the system terms page without asking the API anything', async () => {
    const { fetch, requests } = groupApi()
    const page = await renderLanding({
      url: `${origin}/app/systemTermsOfServiceAndPolicies`,
      now,
      fetch,
    })

    const doc = parse(page?.root ?? '')
    expect(doc.querySelector('h1')?.textContent).toBe(
      t('screen.systemTermsOfServiceAndPolicies.title'),
    )
    expect(requests).toEqual([])
    expect(page?.title).toBe('利用規約・各種ポリシー | 団体保険 Web加入・加入者マイページ')
  })

  it('leaves every other page to the browser without loading anything', async () => {
    const { fetch, requests } = groupApi()
    for (const path of [
      `${entBase}/verifyUser`,
      `${entBase}/sendVerificationMail`,
      `${entBase}/selectCategory`,
      `${mypBase}/home`,
      `${entBase}/unknownPage`,
      '/app',
    ]) {
      await expect(renderLanding({ url: `${origin}${path}`, now, fetch })).resolves.toBeUndefined()
    }
    expect(requests).toEqual([])
  })

  it('leaves a failed entry check or group load to the browser (its error screen, SPEC §8.1)', async () => {
    const refused = mockFetch(() => jsonResponse(404, { errorCode: 'XPFF0002' }))
    await expect(
      renderLanding({ url: `${origin}${entBase}/termsOfService`, now, fetch: refused.fetch }),
    ).resolves.toBeUndefined()
    expect(refused.requests.length).toBeGreaterThan(0)

    // An entry parameter that fails the check is not even asked for (SPEC §2.6).
    const { fetch, requests } = groupApi()
    const badLink = `/app/ent/${link.groupPfCode}/2026-04/${link.groupPfBranchNo}/${link.urlKey}`
    await expect(
      renderLanding({ url: `${origin}${badLink}/termsOfService`, now, fetch }),
    ).resolves.toBeUndefined()
    expect(requests).toEqual([])
  })

  it('keeps a group text from closing the data element', async () => {
    const hostile = entryGroupResponse()
    hostile.groupPfInfo = { ...hostile.groupPfInfo, groupNameKanji: '</script><script>alert(1)' }
    const { fetch } = groupApi(hostile)
    const page = await renderLanding({ url: `${origin}${entBase}/termsOfService`, now, fetch })

    expect(page?.data).not.toContain('</script><script>')
    const doc = parse(page?.data ?? '')
    expect(doc.querySelectorAll('script')).toHaveLength(1)
    expect(doc.getElementById(SERVER_RENDERED_DATA_ID)).not.toBeNull()
    const data = readServerRenderedData(doc)
    expect(Object.values(data?.groups ?? {})[0]?.groupPfInfo.groupNameKanji).toBe(
      '</script><script>alert(1)',
    )
    // Text in the markup is escaped by React.
    expect(page?.root).not.toContain('<script>')
  })
})

describe('readServerRenderedData', () => {
  it('reads nothing from the plain app page or unreadable data', () => {
    expect(readServerRenderedData(parse('<div id="root"></div>'))).toBeUndefined()
    expect(
      readServerRenderedData(
        parse(`<script type="application/json" id="${SERVER_RENDERED_DATA_ID}">{nope</script>`),
      ),
    ).toBeUndefined()
    expect(
      readServerRenderedData(
        parse(
          `<script type="application/json" id="${SERVER_RENDERED_DATA_ID}">{"href":1}</script>`,
        ),
      ),
    ).toBeUndefined()
  })
})
