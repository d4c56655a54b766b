// The pamphlet page (SPEC §2.3, §3.3, §3.4; ADR 0008): plain HTML from the server with every
// presentation block of the group, its theme colour, and the apply link inside a recruitment
// window (SPEC §4; outside both windows the SPEC §8.4 message instead). Also: group rich text
// that tries to run script shows as text, and the page works by keyboard alone.
import { formatThousands, parseReferenceInfo, recruitmentPhase } from '@app/shared'
import type { Page } from '@playwright/test'
import { elementsWithBackground, hexToRgb } from '../support/colour.ts'
import {
  DEMO_GROUP_CODES,
  demoDocument,
  demoLink,
  entPath,
  pamphletPath,
  type DemoDocument,
} from '../support/demo.ts'
import {
  XSS_GROUP_DOCUMENT_PATH,
  fixturePamphletPath,
  readFixtureDocument,
} from '../support/fixtures.ts'
import { describeFocus, tabUntil } from '../support/keyboard.ts'
import { E2E_NOW } from '../support/server.ts'
import { expect, expectAccessible, test } from '../support/test.ts'

/** SPEC §8.4 "Outside the recruiting period", as the pamphlet words it. */
const NOT_ACCEPTING = '現在、お申し込みを受け付けていません。募集期間をご確認ください。'

/** What each demo group's apply link is called, by its recruitment phase on E2E_NOW. */
const applyLinkNames = {
  atOnce: 'お申し込みはこちら',
  halfway: '中途加入のお申し込みはこちら',
  closed: undefined,
} as const

const yen = (amount: number): string => `${formatThousands(amount)}円`
const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The text of each paragraph of group rich text (tags removed), as the page shows it. */
function richTextParagraphs(bodyHtml: string): string[] {
  return bodyHtml
    .split(/<\/p>|<br\s*\/?>/i)
    .map((part) => part.replace(/<[^>]*>/g, '').trim())
    .filter((part) => part !== '')
}

async function openPamphlet(page: Page, path: string): Promise<void> {
  const response = await page.goto(path)
  expect(response?.status(), `GET ${path}`).toBe(200)
  expect(response?.headers()['content-type']).toMatch(/^text\/html/)
}

for (const groupPfCode of Object.values(DEMO_GROUP_CODES)) {
  const link = demoLink(groupPfCode)
  const document: DemoDocument = demoDocument(groupPfCode)
  const info = document.groupPfInfo
  const [branch] = document.groupPfInfoBranchNoArray
  const phase = recruitmentPhase(new Date(Date.parse(E2E_NOW)), info)
  const applyLinkName = applyLinkNames[phase]

  test.describe(`${info.groupNameKanji}（${groupPfCode}）のパンフレット`, () => {
    test('スクリプトなしの HTML で、団体のすべてのブロックが表示されること', async ({ page }) => {
      await openPamphlet(page, pamphletPath(link))
      const main = page.getByRole('main')

      // ADR 0008: the server's page, not the SPA, and no script at all.
      await expect(page.locator('script')).toHaveCount(0)
      await expect(page.locator('#root')).toHaveCount(0)
      await expect(page).toHaveTitle(new RegExp(info.groupNameKanji))

      // Logo and top image, with their alternative text, loaded.
      for (const image of [info.logoImage, info.topImage]) {
        if (image === null) continue
        const element = page.getByRole('img', { name: image.alt, exact: true })
        await expect(element).toBeVisible()
        expect(
          await element.evaluate((img) => (img as HTMLImageElement).naturalWidth),
          `${image.alt} loaded`,
        ).toBeGreaterThan(0)
      }

      // Premium samples
      for (const sample of info.premiumSampleArray) {
        await expect(main.getByText(sample.label, { exact: true })).toBeVisible()
        await expect(main).toContainText(sample.description)
        await expect(main).toContainText(yen(sample.premium))
      }

      // Announcements and the other announcement (sanitised rich text)
      for (const announcement of info.announcementArray) {
        await expect(main.getByText(announcement.title, { exact: true })).toBeVisible()
        for (const paragraph of richTextParagraphs(announcement.bodyHtml)) {
          await expect(main).toContainText(paragraph)
        }
      }
      for (const paragraph of richTextParagraphs(info.otherAnnouncementHtml ?? '')) {
        await expect(main).toContainText(paragraph)
      }

      // Three features
      for (const feature of info.featureArray) {
        await expect(main.getByText(feature.title, { exact: true })).toBeVisible()
        await expect(main).toContainText(feature.description)
      }

      // Three accident cases, with the amount paid when the case states one
      for (const accidentCase of info.accidentCaseArray) {
        await expect(main.getByText(accidentCase.title, { exact: true })).toBeVisible()
        await expect(main).toContainText(accidentCase.description)
        if (accidentCase.paidAmount !== null) {
          await expect(main).toContainText(yen(accidentCase.paidAmount))
        }
      }

      // Five coverage-outline categories with their items
      expect(info.coverageOutlineArray).toHaveLength(5)
      for (const outline of info.coverageOutlineArray) {
        await expect(main.getByText(outline.category, { exact: true }).first()).toBeVisible()
        for (const item of outline.itemArray) {
          await expect(main.getByText(item.label, { exact: true }).first()).toBeVisible()
          await expect(main).toContainText(item.content)
        }
      }

      // FAQ: each question a closed <details>; its answer shows once opened
      for (const faq of info.faqArray) {
        const details = main.locator('details').filter({
          has: page.locator('summary', { hasText: faq.question }),
        })
        await expect(details).toHaveCount(1)
        await expect(details.locator('summary')).toBeVisible()
        await expect(details.getByText(faq.answer)).toBeHidden()
      }
      const [firstFaq] = info.faqArray
      if (firstFaq !== undefined) {
        await main.locator('summary', { hasText: firstFaq.question }).click()
        await expect(main.getByText(firstFaq.answer)).toBeVisible()
      }

      // Five application guides
      expect(info.applicationGuideArray).toHaveLength(5)
      for (const guide of info.applicationGuideArray) {
        // The step number may come first (for screen readers): the title ends the heading.
        await expect(
          main.getByRole('heading', { name: new RegExp(`${escapeRegExp(guide.title)}$`) }),
        ).toBeVisible()
        await expect(main).toContainText(guide.description)
      }

      // Four reference-info blocks: titles, content titles, telephone numbers
      expect(info.referenceInfoArray).toHaveLength(4)
      for (const block of info.referenceInfoArray) {
        const reference = parseReferenceInfo(block)
        if (reference.title !== undefined) {
          await expect(main.getByText(reference.title, { exact: true }).first()).toBeVisible()
        }
        for (const section of reference.sections) {
          if (section.contentTitle !== undefined) {
            await expect(main).toContainText(section.contentTitle)
          }
          for (const item of section.items.filter((each) => each.kind === 'telephone')) {
            await expect(main).toContainText(item.value)
          }
        }
      }

      // System-revision notice, when the group has one
      if (info.systemRevisionNotice === null) {
        await expect(page.getByRole('heading', { name: 'システム改修のお知らせ' })).toHaveCount(0)
      } else {
        await expect(page.getByText(info.systemRevisionNotice)).toBeVisible()
      }

      // Agency contact (the branch of the link)
      expect(branch).toBeDefined()
      if (branch !== undefined) {
        await expect(page.getByText(branch.agentName).first()).toBeVisible()
        await expect(page.locator('body')).toContainText(branch.contactRef)
        await expect(page.locator('body')).toContainText(branch.accidentRef)
      }

      await expectAccessible(page)
    })

    test('団体のテーマカラーがヘッダーの背景に使われていること', async ({ page }) => {
      await openPamphlet(page, pamphletPath(link))
      const rgb = hexToRgb(info.themeColor)

      const header = page.getByRole('banner')
      await expect(header).toBeVisible()
      const themed = await elementsWithBackground(header, rgb)

      expect(themed, `elements of the header with background ${rgb}`).not.toEqual([])
    })

    if (applyLinkName !== undefined) {
      test(`募集期間内（${phase}）はお申し込みのリンクが利用規約の画面へ進むこと`, async ({
        page,
      }) => {
        await openPamphlet(page, pamphletPath(link))
        // The apply panel is at the top and again at the bottom: every link goes the same way.
        const applyLinks = page.getByRole('link', { name: applyLinkName, exact: true })
        await expect(applyLinks.first()).toBeVisible()
        for (const href of await applyLinks.evaluateAll((links) =>
          links.map((element) => (element as HTMLAnchorElement).href),
        )) {
          expect(new URL(href).pathname).toBe(entPath(link, 'termsOfService'))
        }
        await expect(page.getByText(NOT_ACCEPTING)).toHaveCount(0)
        const applyLink = applyLinks.first()

        await applyLink.click()

        await expect(page).toHaveURL(new RegExp(`${entPath(link, 'termsOfService')}$`))
        await expect(page.getByRole('heading', { level: 1, name: '利用規約' })).toBeVisible()
      })
    } else {
      test('募集期間外はお申し込みのリンクがなく、受け付けていない旨を表示すること', async ({
        page,
      }) => {
        await openPamphlet(page, pamphletPath(link))

        await expect(page.getByText(NOT_ACCEPTING).first()).toBeVisible()
        await expect(page.locator('a[href*="/app/ent/"]')).toHaveCount(0)
        await expect(page.getByRole('link', { name: /お申し込みはこちら/ })).toHaveCount(0)
      })
    }
  })
}

// Issue #23 point 1: D (group collection) is open, so every payment method can be tried.
test('デモ団体の募集区分が A 一括募集中・B 中途募集中・C 期間外・D 一括募集中であること（前提の確認）', () => {
  const now = new Date(Date.parse(E2E_NOW))
  expect(
    Object.values(DEMO_GROUP_CODES).map((code) =>
      recruitmentPhase(now, demoDocument(code).groupPfInfo),
    ),
  ).toEqual(['atOnce', 'halfway', 'closed', 'atOnce'])
  expect(demoDocument(DEMO_GROUP_CODES.d).groupPfInfo.pymntMethod).toBe('4')
})

test.describe('お知らせの本文に仕込まれたスクリプト（XSS 検証団体 X900009）', () => {
  const document = readFixtureDocument(XSS_GROUP_DOCUMENT_PATH)

  test('タグは文字として表示され、要素にもリンクにもならず、ダイアログも出ないこと', async ({
    page,
  }) => {
    const dialogs: string[] = []
    page.on('dialog', (dialog) => {
      dialogs.push(`${dialog.type()}: ${dialog.message()}`)
      void dialog.dismiss()
    })

    await openPamphlet(page, fixturePamphletPath(document))
    const main = page.getByRole('main')

    for (const announcement of document.groupPfInfo.announcementArray) {
      await expect(main.getByText(announcement.title, { exact: true })).toBeVisible()
    }
    await expect(main.getByText('お知らせ', { exact: true }).first()).toBeVisible()
    await expect(main).toContainText('<img src=x onerror=alert(1)>')
    await expect(main).toContainText('<script>alert(1)</script>')
    await expect(page.locator('img[src="x"]')).toHaveCount(0)
    await expect(page.locator('[onerror]')).toHaveCount(0)
    await expect(page.locator('script')).toHaveCount(0)

    // The javascript: link keeps its text but is no link with that href.
    await expect(main.getByText('リンク', { exact: true })).toBeVisible()
    await expect(page.locator('[href*="javascript:" i]')).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'リンク', exact: true })).toHaveCount(0)

    // Give anything that would run a moment to do so.
    await page.waitForLoadState('load')
    expect(dialogs, 'dialogs opened by the page').toEqual([])
    await expectAccessible(page)
  })
})

test.describe('キーボードだけで操作できること', () => {
  const link = demoLink(DEMO_GROUP_CODES.a)
  const info = demoDocument(DEMO_GROUP_CODES.a).groupPfInfo

  test('ページの先頭から Tab でスキップリンク、お申し込みのリンクへ進み、Enter で利用規約へ移ること', async ({
    page,
  }) => {
    await openPamphlet(page, pamphletPath(link))

    await page.keyboard.press('Tab')
    const skipLink = page.locator(':focus')
    await expect(skipLink, `first focus: ${await describeFocus(page)}`).toHaveAttribute(
      'href',
      /^#./,
    )
    await expect(skipLink).toHaveText(/本文/)
    const targetId = ((await skipLink.getAttribute('href')) ?? '').slice(1)
    await expect(page.locator(`[id="${targetId}"]`)).toHaveCount(1)

    const applyLink = page.getByRole('link', { name: applyLinkNames.atOnce, exact: true }).first()
    await tabUntil(page, applyLink)
    await page.keyboard.press('Enter')

    await expect(page).toHaveURL(new RegExp(`${entPath(link, 'termsOfService')}$`))
    await expect(page.getByRole('heading', { level: 1, name: '利用規約' })).toBeVisible()
  })

  test('よくあるご質問は Enter でも Space でも開くこと', async ({ page }) => {
    const [first, second] = info.faqArray
    if (first === undefined || second === undefined) throw new Error('demo A has two FAQs')
    await openPamphlet(page, pamphletPath(link))

    for (const [faq, key] of [
      [first, 'Enter'],
      [second, 'Space'],
    ] as const) {
      const summary = page.locator('summary', { hasText: faq.question })
      const details = page.locator('details').filter({ has: summary })
      await expect(details).not.toHaveAttribute('open')

      await tabUntil(page, summary, 120)
      await page.keyboard.press(key)

      await expect(details).toHaveAttribute('open', '')
      await expect(details.getByText(faq.answer)).toBeVisible()
    }
  })
})

test.describe('パンフレットの入口チェック（ADR 0008）', () => {
  const link = demoLink(DEMO_GROUP_CODES.a)

  test('存在しない団体のリンクは 404 で APFF0001 を表示すること', async ({ page }) => {
    const path = `/app/pamphlet/G999999/${link.groupPfCodeInceptionDateYm}/00001/Zz9yX8wV7u`
    const response = await page.goto(path)

    expect(response?.status()).toBe(404)
    await expect(page.getByText(/APFF0001/)).toBeVisible()
    await expectAccessible(page)
  })

  test('形式の誤った URL キーは 400 で APFF0001 を表示すること', async ({ page }) => {
    const path = `/app/pamphlet/${link.groupPfCode}/${link.groupPfCodeInceptionDateYm}/${link.groupPfBranchNo}/short`
    const response = await page.goto(path)

    expect(response?.status()).toBe(400)
    await expect(page.getByText(/APFF0001/)).toBeVisible()
  })
})
