// Issue #23 point 21, the layout part, measured in the browser at a phone's 375 px and at 1280 px:
// my-page home's heading keeps its distance from the header (the layout has no top margin, SPEC
// §2.4) and ログアウト is centred beside it, at the content's right edge; the three boxes of a
// date (verifyUser of demo group B, whose three items include the birth date) share one line
// with their labels, down to 320 px (WCAG 1.4.10 Reflow). No width scrolls sideways.
import type { Locator, Page } from '@playwright/test'
import { itemNamed, pageHeading, shellT, type Person } from '../support/application.ts'
import { DEMO_GROUP_CODES, demoLink, entPath } from '../support/demo.ts'
import { expectHome, mypT, openLogin, signInWithMailCode } from '../support/my-page.ts'
import { Inbox } from '../support/outbox.ts'
import { appliedPolicyHolder } from '../support/policy-holders.ts'
import { expect, expectAccessible, test } from '../support/test.ts'

const groupB = demoLink(DEMO_GROUP_CODES.b)

test.describe.configure({ mode: 'parallel' })
test.use({ actionTimeout: 15_000 })

interface Box {
  x: number
  y: number
  width: number
  height: number
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox()
  if (box === null) throw new Error(`${locator.toString()} is not shown`)
  return box
}

const centreY = (box: Box) => box.y + box.height / 2

/** Nothing is wider than the window: no sideways scrolling. */
async function expectNoSidewaysScroll(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
}

test('マイページのホーム: 見出しがヘッダーから離れ、ログアウトが見出しの横で縦の中央に揃い、375 pxでも横にはみ出さないこと', async ({
  page,
  request,
}) => {
  const person: Person = {
    nameKana: 'アオバ　シロウ',
    nameKanji: '青葉　四郎',
    birthDate: '19920718',
    sex: '1',
  }
  const holder = await appliedPolicyHolder(request, person)
  await openLogin(page)
  await signInWithMailCode(page, holder, new Inbox(request, holder.mailAddress))
  await expectHome(page, holder, { mailAddress: holder.mailAddress })

  for (const width of [375, 1280]) {
    await test.step(`${width} px`, async () => {
      await page.setViewportSize({ width, height: 800 })
      const header = await boxOf(page.getByRole('banner'))
      const heading = await boxOf(pageHeading(page, mypT('screen.home.title')))
      const logout = await boxOf(page.getByRole('link', { name: mypT('myp.home.logout') }))
      const contracts = await boxOf(
        page.getByRole('region', { name: mypT('myp.home.contracts.heading') }),
      )

      // the heading stands as far below the header as on the other screens (2 rem, 3 from md)
      expect(heading.y - (header.y + header.height)).toBeGreaterThanOrEqual(32)
      // ログアウト on the heading's line, centred on it, at the content's right edge
      expect(Math.abs(centreY(logout) - centreY(heading))).toBeLessThanOrEqual(1)
      expect(
        Math.abs(logout.x + logout.width - (contracts.x + contracts.width)),
      ).toBeLessThanOrEqual(1)
      await expectNoSidewaysScroll(page, width)
    })
  }
})

test('生年月日の年・月・日の入力欄は、375 pxでも320 pxでもラベルとともに1行に並び、横にはみ出さないこと', async ({
  page,
}) => {
  await page.goto(entPath(groupB, 'termsOfService'))
  await page.getByRole('checkbox', { name: shellT('consent.termsOfUse.label') }).check()
  await page.getByRole('button', { name: shellT('consent.submit') }).click()
  await expect(pageHeading(page, shellT('screen.verifyUser.title'))).toBeVisible()

  const legend = itemNamed(groupB, 'MDR_BIRTH_DATE').itemName
  const birthDate = page.getByRole('group', { name: legend })
  const parts = (['year', 'month', 'day'] as const).map((part) => ({
    box: birthDate.getByRole('textbox', { name: `${legend} ${shellT(`form.date.${part}`)}` }),
    label: birthDate.getByText(shellT(`form.date.${part}`), { exact: true }),
  }))
  await parts[0]?.box.fill('1985')
  await parts[1]?.box.fill('12')
  await parts[2]?.box.fill('31')

  for (const width of [320, 375, 1280]) {
    await test.step(`${width} px`, async () => {
      await page.setViewportSize({ width, height: 800 })
      const boxes = await Promise.all(parts.map(({ box }) => boxOf(box)))
      const labels = await Promise.all(parts.map(({ label }) => boxOf(label)))
      const [year] = boxes
      if (year === undefined) throw new Error('no year box')
      for (const [index, box] of boxes.entries()) {
        expect(box.y, `box ${index} on the year box's line`).toBe(year.y)
        // each label beside its box, on the same line
        const label = labels[index]
        expect(label !== undefined && Math.abs(centreY(label) - centreY(box))).toBeLessThanOrEqual(
          2,
        )
        // the typed digits fit: the box is not narrower than what it holds
        const fits = await parts[index]?.box.evaluate(
          (input: HTMLInputElement) => input.scrollWidth <= input.clientWidth,
        )
        expect(fits, `box ${index} shows its digits`).toBe(true)
      }
      await expectNoSidewaysScroll(page, width)
    })
  }
  await expectAccessible(page)
})
