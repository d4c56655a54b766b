// The application's steps as a new applicant walks them (issue #6, ADR 0012), shared by the
// journeys that go on to payment and completion (issue #7): tests/application-journey.spec.ts
// (groups A and B) and tests/payment-collection.spec.ts (the group-collection fixture group).
// The texts come from the catalogues and the groups' documents, never copied.
import type { ApplicationStep } from '@app/shared/rules/application-steps'
import type { Locator, Page } from '@playwright/test'
import {
  dateParts,
  documentsT,
  expect,
  expectAccessible,
  expectStep,
  flowT,
  formT,
  labelled,
  optionLabel,
  pageHeading,
  planLabel,
  premiumOf,
  sexLabel,
  shellT,
  stepTitles,
  stepUrl,
  unitName,
  yen,
  type Person,
} from './application.ts'
import type { DemoLink } from './demo.ts'

/** The flow of a personal holder whose coverage has insured items, notices and a document slot. */
export const personalFlow: readonly ApplicationStep[] = [
  'entryTerms',
  'selectPolicyHolderDiv',
  'selectCategory',
  'selectType',
  'inputPolicyHolderInfo',
  'registerInsuredInfo',
  'noticeMatters',
  'noticeMattersDoc',
  'checkPolicyHolderInfo',
  'pamphletImportantNotes',
]
/** The same for a corporate holder: registerMaintenanceManager after inputPolicyHolderInfo. */
export const corporateFlow: readonly ApplicationStep[] = [
  ...personalFlow.slice(0, 5),
  'registerMaintenanceManager',
  ...personalFlow.slice(5),
]

export function step(screen: string, flow: readonly ApplicationStep[]) {
  const [name] = screen.split('/') as [ApplicationStep]
  const title = screen.includes('/') ? stepTitles.registerInsuredInfoUnit : stepTitles[name]
  return { screen, title, step: name, flow }
}

/** The unit list of registerInsuredInfo: the row of a unit (its name is the row's header). */
export function unitRow(page: Page, link: DemoLink, unitNo: number): Locator {
  return page
    .getByRole('table', { name: formT('insuredList.caption') })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: unitName(link, unitNo), exact: true }) })
}

export function radioGroup(scope: Page | Locator, legend: string): Locator {
  return scope.getByRole('radiogroup', { name: labelled(legend) })
}

export function nextButton(page: Page): Locator {
  return page.getByRole('button', { name: formT('applicationForm.next'), exact: true })
}

/** The three boxes of a date (fieldset named by its legend, boxes 「{legend} 年」…). */
export async function fillDate(
  scope: Page | Locator,
  legend: string,
  yyyymmdd: string,
): Promise<void> {
  const { year, month, day } = dateParts(yyyymmdd)
  const group = scope.getByRole('group', { name: labelled(legend) })
  await group.getByRole('textbox', { name: `${legend} ${shellT('form.date.year')}` }).fill(year)
  await group.getByRole('textbox', { name: `${legend} ${shellT('form.date.month')}` }).fill(month)
  await group.getByRole('textbox', { name: `${legend} ${shellT('form.date.day')}` }).fill(day)
}

/**
 * A refused 「次へ」: the message is told where focus goes, in the error summary (a region named
 * 「入力内容を確認してください」) or, for a step's own rule, an alert.
 */
export async function expectRefused(page: Page, message: string): Promise<void> {
  const told = page
    .getByRole('region', { name: shellT('form.errorSummary.title') })
    .or(page.getByRole('alert'))
    .filter({ hasText: message })
  await expect(told).toBeVisible()
  await expect(told).toBeFocused()
}

// ---------------------------------------------------------------------------------------------
// Steps shared by both groups

export async function agreeToEntryTerms(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: documentsT('consent.entryTerms.label') }).check()
  await page.getByRole('checkbox', { name: documentsT('consent.privacyPolicy.label') }).check()
  await page.getByRole('button', { name: documentsT('consent.submit') }).click()
}

export async function choosePolicyHolderDiv(page: Page, div: '1' | '2'): Promise<void> {
  await radioGroup(page, flowT('policyHolderDiv.legend'))
    .getByRole('radio', { name: flowT(`policyHolderDiv.${div}`) })
    .check()
  await page.getByRole('button', { name: flowT('flow.next') }).click()
}

/** selectType: 「選択できるタイプを表示」, オプションを付ける, the options; the total shown. */
export async function chooseOptions(
  page: Page,
  link: DemoLink,
  planUnitNo: number,
  optionUnitNos: readonly number[],
): Promise<void> {
  await page.getByRole('button', { name: flowT('selectType.showTypes') }).click()
  const contractType = radioGroup(page, flowT('selectType.contractType'))
  await expect(contractType).toBeVisible()
  await contractType.getByRole('radio', { name: flowT('selectType.contractType.2') }).check()
  const options = page.getByRole('group', { name: labelled(flowT('selectType.options')) })
  for (const unitNo of optionUnitNos) {
    await options.getByRole('checkbox', { name: optionLabel(link, unitNo) }).check()
  }
  await expect(
    page.getByText(yen(premiumOf(link, [planUnitNo, ...optionUnitNos])), { exact: true }),
  ).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('button', { name: flowT('flow.next') }).click()
}

/**
 * The zip code, 「住所を検索」: 1000001 fills 東京都千代田区千代田 and its reading; then the street
 * number.
 */
export async function lookUpAddress(page: Page): Promise<void> {
  await page.getByLabel(labelled(formT('policyHolder.policyHolderZipCd'))).fill('1000001')
  await page.getByRole('button', { name: formT('policyHolder.addressLookup') }).click()
  const address = page.getByLabel(labelled(formT('policyHolder.policyHolderAddressKanji')))
  const addressKana = page.getByLabel(labelled(formT('policyHolder.policyHolderAddressKana')))
  await expect(address).toHaveValue('東京都千代田区千代田')
  await expect(addressKana).toHaveValue('トウキョウト　チヨダク　チヨダ')
  await expect(address).toBeFocused()
  await expect(
    page.getByRole('status').filter({ hasText: formT('policyHolder.addressLookup.found') }),
  ).toBeVisible()
  await address.fill('東京都千代田区千代田１－１')
  await addressKana.fill('トウキョウトチヨダクチヨダ１－１')
}

/** selectCategory: the plan's radio, 「次へ」. */
export async function choosePlan(page: Page, link: DemoLink, planUnitNo: number): Promise<void> {
  await page.getByRole('radio', { name: planLabel(link, planUnitNo) }).check()
  await page.getByRole('button', { name: flowT('flow.next') }).click()
}

/**
 * selectType for a plan without options: the screen tells there are none without a button to
 * press (issue #23 point 9), プランのみ (contract type "1") is the only type and comes chosen; the
 * plan's premium is the total.
 */
export async function choosePlanOnlyType(
  page: Page,
  link: DemoLink,
  planUnitNo: number,
): Promise<void> {
  const contractType = radioGroup(page, flowT('selectType.contractType'))
  await expect(contractType).toBeVisible()
  await expect(
    page.getByText(flowT('application.validation.noTypes'), { exact: true }),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: flowT('selectType.showTypes') })).toHaveCount(0)
  await expect(contractType.getByRole('radio')).toHaveCount(1)
  await expect(
    contractType.getByRole('radio', { name: flowT('selectType.contractType.1') }),
  ).toBeChecked()
  await expect(page.getByText(yen(premiumOf(link, [planUnitNo])), { exact: true })).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('button', { name: flowT('flow.next') }).click()
}

/**
 * inputPolicyHolderInfo for a personal holder (個人): names, birth date, sex, the address by
 * zip-code lookup, a mobile number, no other insurance. The group's own items are the caller's.
 */
export async function fillPersonalHolder(page: Page, holder: Person): Promise<void> {
  await page.getByLabel(labelled(formT('policyHolder.policyHolderNameKana'))).fill(holder.nameKana)
  await page
    .getByLabel(labelled(formT('policyHolder.policyHolderNameKanji')))
    .fill(holder.nameKanji)
  await fillDate(page, formT('policyHolder.policyHolderBirthDate'), holder.birthDate)
  await radioGroup(page, formT('policyHolder.policyHolderSex'))
    .getByRole('radio', { name: sexLabel(holder.sex) })
    .check()
  await lookUpAddress(page)
  await page.getByLabel(labelled(formT('policyHolder.mobileTelNo'))).fill('090-1234-5678')
  await radioGroup(page, formT('policyHolder.otherInsuranceFlg'))
    .getByRole('radio', { name: formT('applicationForm.choice.no') })
    .check()
}

// ---------------------------------------------------------------------------------------------
// checkPolicyHolderInfo

export function checkSection(page: Page, title: string): Locator {
  return page
    .locator('section')
    .filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) })
}

/** A row of the check screen: the value shown beside its label (the first such row). */
export function checkValue(scope: Locator, label: string): Locator {
  return scope
    .locator('dl > div')
    .filter({ has: scope.page().locator('dt').getByText(label, { exact: true }) })
    .locator('dd')
    .first()
}

/** From checkPolicyHolderInfo through pamphletImportantNotes (agreed to) to the payment screen. */
export async function toImportantNotesAndPayment(
  page: Page,
  link: DemoLink,
  flow: readonly ApplicationStep[],
) {
  await page.getByRole('button', { name: flowT('check.submit') }).click()
  await expectStep(page, link, step('pamphletImportantNotes', flow))
  await page.getByRole('checkbox', { name: flowT('importantNotes.label') }).check()
  await page.getByRole('button', { name: flowT('importantNotes.submit') }).click()
  await expect(page).toHaveURL(stepUrl(link, 'payment'))
  await expect(page).toHaveURL(/\/payment$/)
  await expect(pageHeading(page, stepTitles.payment)).toBeVisible()
  await expectAccessible(page)
}
