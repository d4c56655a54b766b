// Issue #23 points 12 and 21, the insured persons of group A as an applicant enters them: on
// registerInsuredInfo/{unitNo} 「ご契約者と同じ内容を入力する」 fills the form from the policy holder
// (続柄 本人), and on a second unit the person already registered is chosen from
// 「ほかの補償に登録した方」; nothing is sent until 「追加する」. The unit list then says
// 「被保険者を確認・変更する」 and the unit's status (確定済み, 未確定) instead of 「被保険者を登録する」.
// At 375 px the list stacks each unit so its link keeps one line, and the page does not scroll
// sideways. The applicant's steps before registerInsuredInfo are saved through the API (support/
// applicant.ts signInApplicant), as tests/application-journey.spec.ts walks them in the browser.
// A renewal's carried-over persons (未確定) need a product with insured items and a next year that
// a policy holder can renew into; no fixture has both, so the server's tests cover them.
import {
  applyInfoRoute,
  fillPath,
  currentConsentVersions,
  addInsuredRoute,
  saveStepRoute,
  type ApplicationStep,
  type ApplicationView,
} from '@app/shared'
import { formatJapaneseDate } from '@app/shared/format/display'
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { signInApplicant } from '../support/applicant.ts'
import { moveWithinApp } from '../support/app-navigation.ts'
import {
  choiceLabel,
  dateParts,
  expect,
  expectAccessible,
  expectStep,
  formT,
  itemNamed,
  labelled,
  sexLabel,
  shellT,
  test,
  totalLabel,
  unitName,
  unitPremium,
  unitPremiumLabel,
  yen,
  type Person,
} from '../support/application.ts'
import { DEMO_GROUP_CODES, demoLink, entPath } from '../support/demo.ts'
import { personalFlow, radioGroup, step, unitRow } from '../support/journey.ts'

const groupA = demoLink(DEMO_GROUP_CODES.a)
const flow = personalFlow
/** Plan 1 with options 5 and 6: three units with insured items (SKR_CARRIED_ITEMS on 5 only). */
const PLAN = 1
const OPTIONS = [5, 6] as const

test.use({ actionTimeout: 15_000 })

const holder: Person = {
  nameKana: 'ツバキ　ハナコ',
  nameKanji: '椿　花子',
  birthDate: '19880316',
  sex: '2',
}

const relationship = itemNamed(groupA, 'SKR_RELATIONSHIP')
const occupation = itemNamed(groupA, 'SKR_OCCUPATION')

const consent = (documentId: keyof typeof currentConsentVersions) => ({
  documentId,
  version: currentConsentVersions[documentId],
})

interface Coverage {
  planUnitNo: number
  optionUnitNos: readonly number[]
}

/** The steps before registerInsuredInfo, saved as the screens send them (個人, the coverage). */
const stepBodies = (coverage: Coverage): [ApplicationStep, Record<string, unknown>][] => [
  ['entryTerms', { consentArray: [consent('entry-terms'), consent('privacy-policy')] }],
  ['selectPolicyHolderDiv', { policyHolderDiv: '1' }],
  ['selectCategory', { planUnitNo: coverage.planUnitNo }],
  [
    'selectType',
    coverage.optionUnitNos.length === 0
      ? { contractType: '1', optionUnitNoArray: [] }
      : { contractType: '2', optionUnitNoArray: coverage.optionUnitNos.map(String) },
  ],
  [
    'inputPolicyHolderInfo',
    {
      policyHolderInfo: {
        policyHolderNameKana: holder.nameKana,
        policyHolderNameKanji: holder.nameKanji,
        policyHolderBirthDate: holder.birthDate,
        policyHolderSex: holder.sex,
        policyHolderZipCd: '1000001',
        policyHolderAddressKanji: '東京都千代田区千代田１－１',
        policyHolderAddressKana: 'トウキョウトチヨダクチヨダ１－１',
        homeTelNo: '',
        mobileTelNo: '090-1234-5678',
        faxNo: '',
        otherInsuranceFlg: '2',
        otherInsuranceCompanyName: '',
        otherInsuranceType: '',
        otherInsuranceExpiryDate: '',
        otherInsurancePymntLimit: '',
        itemAnswers: { SKR_DEPARTMENT: '営業部第一課', SKR_EMPLOYEE_NO: '20180401' },
      },
    },
  ],
]

/**
 * A member of group A of this test's own, signed in, the steps up to registerInsuredInfo saved
 * (plan 1 with options 5 and 6 unless told); answers the session's Authorization header.
 */
async function applicantAtInsuredList(
  page: Page,
  request: APIRequestContext,
  coverage: Coverage = { planUnitNo: PLAN, optionUnitNos: OPTIONS },
): Promise<Record<string, string>> {
  const { session } = await signInApplicant(page, request)
  const headers = { authorization: `Bearer ${session.sessionToken}` }
  const read = await request.get(`/api${applyInfoRoute.path}`, { headers })
  expect(read.status()).toBe(200)
  let view = (await read.json()) as ApplicationView
  for (const [name, body] of stepBodies(coverage)) {
    const saved = await request.put(`/api${saveStepRoute(name).path}`, {
      headers,
      data: { ...body, version: view.version },
    })
    expect(saved.status(), `PUT ${name}: ${await saved.text()}`).toBe(200)
    view = (await saved.json()) as ApplicationView
  }
  expect(view.progress.nextStep).toBe('registerInsuredInfo')
  // registerInsuredInfo blocks direct access (SPEC §2.5): reached by an in-app move
  await page.goto(entPath(groupA, 'termsOfService'))
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await moveWithinApp(page, entPath(groupA, 'registerInsuredInfo'))
  await expectStep(page, groupA, step('registerInsuredInfo', flow))
  return headers
}

/** The row's count, status and the one link it offers (named with the unit). */
async function expectUnitRow(
  page: Page,
  unitNo: number,
  expected: { count: number; status: '0' | '1' | '2'; action: 'register' | 'review' },
): Promise<void> {
  const row = unitRow(page, groupA, unitNo)
  await expect(row).toContainText(formT('insuredList.countValue', { count: expected.count }))
  await expect(row).toContainText(formT(`insuredList.status.${expected.status}`))
  const unit = { unitName: unitName(groupA, unitNo) }
  const [shown, hidden] =
    expected.action === 'register'
      ? [formT('insuredList.registerFor', unit), formT('insuredList.reviewFor', unit)]
      : [formT('insuredList.reviewFor', unit), formT('insuredList.registerFor', unit)]
  await expect(row.getByRole('link', { name: shown, exact: true })).toBeVisible()
  await expect(row.getByRole('link', { name: hidden, exact: true })).toHaveCount(0)
  await expect(row.getByRole('link')).toHaveText(
    formT(expected.action === 'register' ? 'insuredList.register' : 'insuredList.review'),
  )
}

/** The add form's boxes, checked against a person. */
async function expectFormHolds(page: Page, person: Person): Promise<void> {
  await expect(page.getByLabel(labelled(formT('insuredUnit.insrdNameKana')))).toHaveValue(
    person.nameKana,
  )
  await expect(page.getByLabel(labelled(formT('insuredUnit.insrdNameKanji')))).toHaveValue(
    person.nameKanji,
  )
  const legend = formT('insuredUnit.insrdBirthDate.label')
  const birth = page.getByRole('group', { name: labelled(legend) })
  const { year, month, day } = dateParts(person.birthDate)
  await expect(
    birth.getByRole('textbox', { name: `${legend} ${shellT('form.date.year')}` }),
  ).toHaveValue(year)
  await expect(
    birth.getByRole('textbox', { name: `${legend} ${shellT('form.date.month')}` }),
  ).toHaveValue(new RegExp(`^0?${month}$`))
  await expect(
    birth.getByRole('textbox', { name: `${legend} ${shellT('form.date.day')}` }),
  ).toHaveValue(new RegExp(`^0?${day}$`))
  await expect(
    radioGroup(page, formT('insuredUnit.insrdSex')).getByRole('radio', {
      name: sexLabel(person.sex),
    }),
  ).toBeChecked()
}

function personCard(page: Page, person: Person): Locator {
  return page.getByRole('listitem').filter({
    hasText: formT('insuredUnit.personName', { name: person.nameKanji, kana: person.nameKana }),
  })
}

/** Every line of text of the element's own text on the page: 1 when it does not wrap. */
async function lineCount(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const range = document.createRange()
    range.selectNodeContents(node)
    const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)))
    return tops.size
  })
}

/** E2E_SCREENSHOTS=1: a full-page picture, for a person to look at. */
async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS !== '1') return
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true })
}

/** The list at a width: no sideways scroll, and each unit's link on one line. */
async function expectUnitListFits(
  page: Page,
  width: number,
  unitNos: readonly number[],
  shot: string,
): Promise<void> {
  await page.setViewportSize({ width, height: 900 })
  await expect(page.getByRole('table', { name: formT('insuredList.caption') })).toBeVisible()
  await screenshot(page, `insured-list-${shot}-${width}`)
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow, `the page scrolls sideways at ${width} px`).toBeLessThanOrEqual(0)
  for (const unitNo of unitNos) {
    const link = unitRow(page, groupA, unitNo).getByRole('link')
    expect(await lineCount(link), `unit ${unitNo}'s link at ${width} px`).toBe(1)
  }
}

test('被保険者（issue #23 12・21）: 「ご契約者と同じ」とほかの補償に登録した方の呼び出しで入力し、一覧の行が「確認・変更する」と状況を示し、375pxでも操作が潰れないこと', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const units = [PLAN, ...OPTIONS]
  await applicantAtInsuredList(page, request)

  await test.step('一覧: どの補償も未登録で「被保険者を登録する」、375pxでも1行', async () => {
    await expectUnitListFits(page, 375, units, 'none')
    for (const unitNo of units) {
      await expectUnitRow(page, unitNo, { count: 0, status: '0', action: 'register' })
    }
    await expectAccessible(page)
    await expectUnitListFits(page, 1280, units, 'none')
  })

  const occupationChoice = choiceLabel(groupA, 'SKR_OCCUPATION', '01')
  await test.step('補償1: 「ご契約者と同じ内容を入力する」で氏名・生年月日・性別と続柄（本人）が入り、送らずに待つ', async () => {
    await unitRow(page, groupA, PLAN).getByRole('link').click()
    await expectStep(page, groupA, step(`registerInsuredInfo/${PLAN}`, flow))
    await expect(page.getByText(formT('insuredUnit.none'))).toBeVisible()
    // a unit with nobody entered elsewhere yet: no one to choose from
    await expect(
      page.getByRole('combobox', { name: formT('insuredUnit.fill.person') }),
    ).toHaveCount(0)
    await page.setViewportSize({ width: 375, height: 900 })
    await screenshot(page, 'insured-unit-375-empty')

    await page.getByRole('button', { name: formT('insuredUnit.fill.policyHolder') }).click()
    await expect(
      page.getByRole('status').filter({
        hasText: formT('insuredUnit.fill.filledPolicyHolder', { name: holder.nameKanji }),
      }),
    ).toBeVisible()
    await expectFormHolds(page, holder)
    await expect(
      radioGroup(page, relationship.itemName).getByRole('radio', {
        name: choiceLabel(groupA, 'SKR_RELATIONSHIP', '01'),
      }),
    ).toBeChecked()
    // filled, not sent: the list is still empty
    await expect(page.getByText(formT('insuredUnit.none'))).toBeVisible()
    await expectAccessible(page)
    await screenshot(page, 'insured-unit-375-filled')
    await page.setViewportSize({ width: 1280, height: 800 })
    await screenshot(page, 'insured-unit-1280-filled')

    // what the holder's form has not (職業) is the applicant's to enter
    await page
      .getByRole('combobox', { name: labelled(occupation.itemName) })
      .selectOption({ label: occupationChoice })
    await page.getByRole('button', { name: formT('insuredUnit.add') }).click()
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: formT('insuredUnit.added', { name: holder.nameKanji }) }),
    ).toBeVisible()
    await expect(personCard(page, holder)).toContainText(formatJapaneseDate(holder.birthDate))
    await page.getByRole('button', { name: formT('insuredUnit.confirm') }).click()
  })

  await test.step('一覧: 補償1は「確認・変更する」と確定済み、ほかは未登録のまま', async () => {
    await expectStep(page, groupA, step('registerInsuredInfo', flow))
    await expectUnitRow(page, PLAN, { count: 1, status: '2', action: 'review' })
    for (const unitNo of OPTIONS) {
      await expectUnitRow(page, unitNo, { count: 0, status: '0', action: 'register' })
    }
  })

  await test.step('補償5: ほかの補償に登録した方を選んで呼び出し、続柄と職業も入る', async () => {
    await unitRow(page, groupA, OPTIONS[0]).getByRole('link').click()
    await expectStep(page, groupA, step(`registerInsuredInfo/${OPTIONS[0]}`, flow))
    const choose = page.getByRole('combobox', { name: formT('insuredUnit.fill.person') })
    // nothing chosen yet: asked to choose, nothing filled
    await page.getByRole('button', { name: formT('insuredUnit.fill.usePerson') }).click()
    await expect(page.getByText(formT('insuredUnit.fill.personRequired'))).toBeVisible()
    await expect(choose).toBeFocused()
    await expect(page.getByLabel(labelled(formT('insuredUnit.insrdNameKanji')))).toHaveValue('')

    await choose.selectOption({
      label: formT('insuredUnit.fill.personOption', {
        name: holder.nameKanji,
        birthDate: formatJapaneseDate(holder.birthDate),
      }),
    })
    await page.getByRole('button', { name: formT('insuredUnit.fill.usePerson') }).click()
    await expect(
      page.getByRole('status').filter({
        hasText: formT('insuredUnit.fill.filledPerson', { name: holder.nameKanji }),
      }),
    ).toBeVisible()
    await expect(page.getByText(formT('insuredUnit.fill.personRequired'))).toHaveCount(0)
    await expectFormHolds(page, holder)
    await expect(
      radioGroup(page, relationship.itemName).getByRole('radio', {
        name: choiceLabel(groupA, 'SKR_RELATIONSHIP', '01'),
      }),
    ).toBeChecked()
    await expect(page.getByRole('combobox', { name: labelled(occupation.itemName) })).toHaveValue(
      '01',
    )
    await expectAccessible(page)
    await page.getByRole('button', { name: formT('insuredUnit.add') }).click()
    await expect(personCard(page, holder)).toBeVisible()
    // not confirmed: back to the list as it is
    await page.getByRole('link', { name: formT('insuredUnit.backToList') }).click()
  })

  await test.step('一覧: 補償5は「確認・変更する」と未確定、375pxでも1行', async () => {
    await expectStep(page, groupA, step('registerInsuredInfo', flow))
    await expectUnitRow(page, PLAN, { count: 1, status: '2', action: 'review' })
    await expectUnitRow(page, OPTIONS[0], { count: 1, status: '1', action: 'review' })
    await expectUnitRow(page, OPTIONS[1], { count: 0, status: '0', action: 'register' })
    await expectUnitListFits(page, 375, units, 'registered')
    await expectUnitListFits(page, 1280, units, 'registered')
  })
})

// Issue #23 point 3: Bプラン（夫婦型） costs 2,180円 a month for the couple, as the pamphlet's
// example says; registering the second person of the couple does not double it.
test('夫婦型の保険料（issue #23 の3）: 被保険者全員分と示し、2人を登録しても合計保険料は1回分のままであること', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const COUPLE = 2
  const headers = await applicantAtInsuredList(page, request, {
    planUnitNo: COUPLE,
    optionUnitNos: [],
  })
  const couplePremium = unitPremiumLabel(groupA, COUPLE)
  expect(couplePremium).toBe('2,180円（被保険者全員分・月額）')

  await test.step('補償2: 保険料は「被保険者全員分・月額」、ご契約者と配偶者を登録する', async () => {
    await unitRow(page, groupA, COUPLE).getByRole('link').click()
    await expectStep(page, groupA, step(`registerInsuredInfo/${COUPLE}`, flow))
    await expect(page.getByRole('definition').filter({ hasText: couplePremium })).toHaveText(
      couplePremium,
    )
    await page.getByRole('button', { name: formT('insuredUnit.fill.policyHolder') }).click()
    await expectFormHolds(page, holder)
    await page
      .getByRole('combobox', { name: labelled(occupation.itemName) })
      .selectOption({ label: choiceLabel(groupA, 'SKR_OCCUPATION', '01') })
    await page.getByRole('button', { name: formT('insuredUnit.add') }).click()
    await expect(personCard(page, holder)).toBeVisible()
  })

  // the spouse through the API, as the form sends it (the form is the first test's subject)
  const read = await request.get(`/api${applyInfoRoute.path}`, { headers })
  const before = (await read.json()) as ApplicationView
  const spouse = await request.post(`/api${fillPath(addInsuredRoute.path, { unitNo: COUPLE })}`, {
    headers,
    data: {
      version: before.version,
      insrdInfo: {
        insrdNameKana: 'ツバキ　タロウ',
        insrdNameKanji: '椿　太郎',
        insrdBirthDate: '19860102',
        insrdSex: '1',
        itemAnswers: { SKR_RELATIONSHIP: '02', SKR_OCCUPATION: '01' },
      },
    },
  })
  expect(spouse.status(), await spouse.text()).toBe(200)
  const couple = (await spouse.json()) as ApplicationView
  expect(couple.applyInfo.insrdInfoArray.filter((person) => person.unit === COUPLE)).toHaveLength(2)
  // once for the couple, not 2,180 × 2
  expect(couple.applyInfo.cvrgeInfo.totalPremium).toBe(unitPremium(groupA, COUPLE))

  await test.step('selectType: 合計保険料（月額）は2人でも2,180円', async () => {
    await moveWithinApp(page, entPath(groupA, 'selectType'))
    await expect(page.getByText(totalLabel(groupA), { exact: true })).toBeVisible()
    await expect(page.getByText(yen(unitPremium(groupA, COUPLE)), { exact: true })).toBeVisible()
    await expect(page.getByText(couplePremium, { exact: false }).first()).toBeVisible()
  })
})
