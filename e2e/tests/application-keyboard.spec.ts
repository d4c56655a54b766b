// Issue #6, and issue #17 point 16 ("Keyboard to the end"), by keyboard alone: group A's
// application (tests/application-journey.spec.ts) from the verification mail's link through the
// card payment, the sandbox provider's 3-D Secure page and on to completion with Tab, Shift+Tab,
// Space, Enter, the arrow keys and typing only. After the one page load (the mail's link), nothing
// is clicked, filled, checked or selected through a locator: the locators only say where focus
// must arrive and what must show (the provider's page and the way back to the app are page loads
// the keyboard causes). The file is chosen by pressing Space on the file input (the browser's file
// chooser). Each move to a new screen of the app must put focus on its title (PageHeading), so the
// next Tab starts from the top.
import { phaseProgressText } from '@app/shared/messages/flow-phase'
import type { ApplicationStep } from '@app/shared/rules/application-steps'
import type { Locator, Page } from '@playwright/test'
import { APPLICANT_PASSWORD, mailVerificationLink } from '../support/applicant.ts'
import {
  choiceLabel,
  dateParts,
  docSlotName,
  documentsT,
  escapeRegExp,
  expect,
  flowT,
  formT,
  itemNamed,
  labelled,
  onePixelPng,
  optionLabel,
  pageHeading,
  planLabel,
  premiumOf,
  shellT,
  stepTitles,
  stepUrl,
  test,
  unitName,
  yen,
  type UploadFile,
} from '../support/application.ts'
import { DEMO_GROUP_CODES, demoLink } from '../support/demo.ts'
import { describeFocus, tabUntil } from '../support/keyboard.ts'
import { claimMember } from '../support/members.ts'
import {
  amountText,
  cardNumberInput,
  expectCompletion,
  payByCardButton,
  payT,
  puzzleCheckbox,
  puzzleStatus,
  sandboxTestCards,
} from '../support/payment.ts'
import { SANDBOX_3DS_PASSWORD } from '../../apps/server/src/sandbox/test-cards.ts'

const groupA = demoLink(DEMO_GROUP_CODES.a)

/** Tab stops on the longest screens (the entry terms document, the check screen). */
const MANY = 200

const flow: readonly ApplicationStep[] = [
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

test.use({ actionTimeout: 15_000 })

/** Arrived on a screen by an in-app move: its URL, focus on its title, the application loaded. */
async function arrivedAt(page: Page, screen: string, title: string, step: ApplicationStep) {
  await expect(page).toHaveURL(stepUrl(groupA, screen))
  await expect(pageHeading(page, title)).toBeFocused()
  expect(flow).toContain(step)
  await expect(page.getByText(phaseProgressText(step), { exact: true })).toBeVisible()
}

/** Tab until focus is inside `container` (a radio group: Tab stops once in it). */
async function tabInto(page: Page, container: Locator, maxPresses = 60): Promise<void> {
  await expect(container).toBeVisible()
  const path: string[] = []
  for (let press = 0; press < maxPresses; press += 1) {
    await page.keyboard.press('Tab')
    path.push(await describeFocus(page))
    if (await container.evaluate((element) => element.contains(document.activeElement))) return
  }
  throw new Error(`focus never entered the group; it went: ${path.join(' → ')}`)
}

/** Shift+Tab until `target` has focus. */
async function shiftTabUntil(page: Page, target: Locator, maxPresses = 60): Promise<void> {
  await expect(target).toBeAttached()
  const path: string[] = []
  for (let press = 0; press < maxPresses; press += 1) {
    await page.keyboard.press('Shift+Tab')
    path.push(await describeFocus(page))
    if (await target.evaluate((element) => element === document.activeElement)) return
  }
  throw new Error(`not focused by Shift+Tab; focus went: ${path.join(' → ')}`)
}

async function typeInto(page: Page, target: Locator, text: string, maxPresses = 60) {
  await tabUntil(page, target, maxPresses)
  await page.keyboard.type(text)
  await expect(target).toHaveValue(text)
}

async function press(page: Page, target: Locator, key: 'Enter' | 'Space', maxPresses = 60) {
  await tabUntil(page, target, maxPresses)
  await page.keyboard.press(key)
}

/** A radio group: Tab into it, then Space on the first or the arrow keys to the choice. */
async function chooseRadio(page: Page, group: Locator, label: string): Promise<void> {
  await tabInto(page, group)
  const target = group.getByRole('radio', { name: label, exact: true })
  for (let move = 0; move < 10 && !(await target.isChecked()); move += 1) {
    const isFocused = await target.evaluate((element) => element === document.activeElement)
    await page.keyboard.press(isFocused ? 'Space' : 'ArrowDown')
  }
  await expect(target).toBeChecked()
  await expect(target).toBeFocused()
}

async function tick(page: Page, checkbox: Locator): Promise<void> {
  await press(page, checkbox, 'Space')
  await expect(checkbox).toBeChecked()
}

/** A select: focus it, then ArrowDown until the choice is shown. */
async function chooseOption(
  page: Page,
  select: Locator,
  label: string,
  maxPresses = 60,
): Promise<void> {
  await tabUntil(page, select, maxPresses)
  for (let move = 0; move < 20; move += 1) {
    const shown = await select.evaluate(
      (element) => (element as HTMLSelectElement).selectedOptions[0]?.label,
    )
    if (shown === label) return
    await page.keyboard.press('ArrowDown')
  }
  throw new Error(`「${label}」 was never chosen`)
}

/** The three boxes of a date, one after the other. */
async function typeDate(page: Page, legend: string, yyyymmdd: string): Promise<void> {
  const { year, month, day } = dateParts(yyyymmdd)
  const group = page.getByRole('group', { name: labelled(legend) })
  await typeInto(
    page,
    group.getByRole('textbox', { name: `${legend} ${shellT('form.date.year')}` }),
    year,
  )
  await typeInto(
    page,
    group.getByRole('textbox', { name: `${legend} ${shellT('form.date.month')}` }),
    month,
    3,
  )
  await typeInto(
    page,
    group.getByRole('textbox', { name: `${legend} ${shellT('form.date.day')}` }),
    day,
    3,
  )
}

function radioGroup(legend: string, scope: Page): Locator {
  return scope.getByRole('radiogroup', { name: labelled(legend) })
}

function nextButton(page: Page): Locator {
  return page.getByRole('button', { name: formT('applicationForm.next'), exact: true })
}

test('キーボードだけで: 団体Aのお申し込みを確認メールのリンクからカード払いと3Dセキュアを経て完了まで進めること', async ({
  page,
  request,
}) => {
  // the puzzle alone may take up to 30 s on a busy machine
  test.setTimeout(180_000)
  const person = { nameKana: 'キーボード　ハナコ', nameKanji: '鍵盤　花子', birthDate: '19920310' }
  const relationship = itemNamed(groupA, 'SKR_RELATIONSHIP').itemName
  const occupation = itemNamed(groupA, 'SKR_OCCUPATION').itemName
  const png: UploadFile = { name: 'keyboard.png', mimeType: 'image/png', buffer: onePixelPng() }

  const { mailLink, mailAddress } = await mailVerificationLink(request, claimMember('firstEntry'))
  await page.goto(mailLink)
  await expect(
    page.getByRole('heading', { level: 2, name: shellT('verifyUser.mail.heading') }),
  ).toBeVisible()
  // From here on: the keyboard only.
  await typeInto(
    page,
    page.getByLabel(labelled(shellT('verifyUser.mail.password'))),
    APPLICANT_PASSWORD,
  )
  await press(
    page,
    page.getByRole('button', { name: shellT('verifyUser.mail.submit') }),
    'Enter',
    5,
  )

  // entryTerms: both consents under the document, 「同意して次へ」.
  await arrivedAt(page, 'entryTerms', stepTitles.entryTerms, 'entryTerms')
  await press(
    page,
    page.getByRole('checkbox', { name: documentsT('consent.entryTerms.label') }),
    'Space',
    MANY,
  )
  await tick(page, page.getByRole('checkbox', { name: documentsT('consent.privacyPolicy.label') }))
  await press(page, page.getByRole('button', { name: documentsT('consent.submit') }), 'Enter', 5)

  // selectPolicyHolderDiv: 個人.
  await arrivedAt(
    page,
    'selectPolicyHolderDiv',
    stepTitles.selectPolicyHolderDiv,
    'selectPolicyHolderDiv',
  )
  await chooseRadio(
    page,
    radioGroup(flowT('policyHolderDiv.legend'), page),
    flowT('policyHolderDiv.1'),
  )
  await press(page, page.getByRole('button', { name: flowT('flow.next') }), 'Enter', 5)

  // selectCategory: plan 1.
  await arrivedAt(page, 'selectCategory', stepTitles.selectCategory, 'selectCategory')
  await chooseRadio(page, radioGroup(flowT('selectCategory.legend'), page), planLabel(groupA, 1))
  await press(page, page.getByRole('button', { name: flowT('flow.next') }), 'Enter', 5)

  // selectType: the types shown, focus on the first; the arrow key to オプションを付ける; 5 and 6.
  await arrivedAt(page, 'selectType', stepTitles.selectType, 'selectType')
  await press(page, page.getByRole('button', { name: flowT('selectType.showTypes') }), 'Enter')
  const contractType = radioGroup(flowT('selectType.contractType'), page)
  await expect(
    contractType.getByRole('radio', { name: flowT('selectType.contractType.1') }),
  ).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(
    contractType.getByRole('radio', { name: flowT('selectType.contractType.2') }),
  ).toBeChecked()
  const options = page.getByRole('group', { name: labelled(flowT('selectType.options')) })
  for (const unitNo of [5, 6]) {
    await tick(
      page,
      options.getByRole('checkbox', {
        name: optionLabel(groupA, unitNo),
      }),
    )
  }
  await expect(page.getByText(yen(premiumOf(groupA, [1, 5, 6])), { exact: true })).toBeVisible()
  await press(page, page.getByRole('button', { name: flowT('flow.next') }), 'Enter')

  // inputPolicyHolderInfo
  await arrivedAt(
    page,
    'inputPolicyHolderInfo',
    stepTitles.inputPolicyHolderInfo,
    'inputPolicyHolderInfo',
  )
  await typeInto(
    page,
    page.getByLabel(labelled(formT('policyHolder.policyHolderNameKana'))),
    person.nameKana,
  )
  await typeInto(
    page,
    page.getByLabel(labelled(formT('policyHolder.policyHolderNameKanji'))),
    person.nameKanji,
    5,
  )
  await typeDate(page, formT('policyHolder.policyHolderBirthDate'), person.birthDate)
  await chooseRadio(
    page,
    radioGroup(formT('policyHolder.policyHolderSex'), page),
    formT('applicationForm.sex.female'),
  )
  await typeInto(
    page,
    page.getByLabel(labelled(formT('policyHolder.policyHolderZipCd'))),
    '1000001',
  )
  await press(
    page,
    page.getByRole('button', { name: formT('policyHolder.addressLookup') }),
    'Enter',
    3,
  )
  // The address found, and focus at its end for the street number.
  const address = page.getByLabel(labelled(formT('policyHolder.policyHolderAddressKanji')))
  await expect(address).toHaveValue('東京都千代田区千代田')
  await expect(address).toBeFocused()
  await page.keyboard.type('２－２')
  await expect(address).toHaveValue('東京都千代田区千代田２－２')
  // Its reading too (issue #23 point 13): Tab selects it whole, End goes on after it.
  const addressKana = page.getByLabel(labelled(formT('policyHolder.policyHolderAddressKana')))
  await expect(addressKana).toHaveValue('トウキョウト　チヨダク　チヨダ')
  await tabUntil(page, addressKana, 5)
  await page.keyboard.press('End')
  await page.keyboard.type('　２－２')
  await expect(addressKana).toHaveValue('トウキョウト　チヨダク　チヨダ　２－２')
  await typeInto(
    page,
    page.getByLabel(labelled(formT('policyHolder.mobileTelNo'))),
    '080-2222-3333',
  )
  await expect(
    radioGroup(formT('policyHolder.otherInsuranceFlg'), page).getByRole('radio', {
      name: formT('applicationForm.choice.no'),
    }),
  ).toBeChecked()
  await typeInto(
    page,
    page.getByLabel(labelled(itemNamed(groupA, 'SKR_DEPARTMENT').itemName)),
    '営業部',
  )
  await typeInto(
    page,
    page.getByLabel(labelled(itemNamed(groupA, 'SKR_EMPLOYEE_NO').itemName)),
    '12345678',
    5,
  )
  await press(page, nextButton(page), 'Enter')

  // registerInsuredInfo: each unit's page, one person, 「この内容で確定する」.
  await arrivedAt(
    page,
    'registerInsuredInfo',
    stepTitles.registerInsuredInfo,
    'registerInsuredInfo',
  )
  for (const unitNo of [1, 5, 6]) {
    await press(
      page,
      page.getByRole('link', {
        name: formT('insuredList.registerFor', { unitName: unitName(groupA, unitNo) }),
      }),
      'Enter',
    )
    await arrivedAt(
      page,
      `registerInsuredInfo/${unitNo}`,
      stepTitles.registerInsuredInfoUnit,
      'registerInsuredInfo',
    )
    await typeInto(
      page,
      page.getByLabel(labelled(formT('insuredUnit.insrdNameKana'))),
      person.nameKana,
    )
    await typeInto(
      page,
      page.getByLabel(labelled(formT('insuredUnit.insrdNameKanji'))),
      person.nameKanji,
      5,
    )
    await typeDate(page, formT('insuredUnit.insrdBirthDate.label'), person.birthDate)
    await chooseRadio(
      page,
      radioGroup(formT('insuredUnit.insrdSex'), page),
      formT('applicationForm.sex.female'),
    )
    await chooseRadio(
      page,
      radioGroup(relationship, page),
      choiceLabel(groupA, 'SKR_RELATIONSHIP', '01'),
    )
    await chooseOption(
      page,
      page.getByRole('combobox', { name: labelled(occupation) }),
      choiceLabel(groupA, 'SKR_OCCUPATION', '03'),
    )
    if (unitNo === 5) {
      await tick(
        page,
        page
          .getByRole('group', { name: labelled(itemNamed(groupA, 'SKR_CARRIED_ITEMS').itemName) })
          .getByRole('checkbox', { name: choiceLabel(groupA, 'SKR_CARRIED_ITEMS', '3') }),
      )
    }
    await press(page, page.getByRole('button', { name: formT('insuredUnit.add') }), 'Enter')
    await expect(
      page.getByRole('status').filter({
        hasText: formT('insuredUnit.added', { name: person.nameKanji }),
      }),
    ).toBeVisible()
    // Focus goes to the list of registered persons, where the new one is.
    await expect(
      page.getByRole('heading', { level: 2, name: formT('insuredUnit.listHeading') }),
    ).toBeFocused()
    await press(page, page.getByRole('button', { name: formT('insuredUnit.confirm') }), 'Enter')
    await arrivedAt(
      page,
      'registerInsuredInfo',
      stepTitles.registerInsuredInfo,
      'registerInsuredInfo',
    )
    await expect(
      page.getByRole('row').filter({
        has: page.getByRole('rowheader', { name: unitName(groupA, unitNo), exact: true }),
      }),
    ).toContainText(formT('insuredList.status.2'))
  }
  await press(page, nextButton(page), 'Enter')

  // noticeMatters: はい blocks and 「次へ」 is refused; back to the question through the error
  // summary's link, the arrow key to いいえ.
  await arrivedAt(page, 'noticeMatters', stepTitles.noticeMatters, 'noticeMatters')
  const hospital = radioGroup(itemNamed(groupA, 'SKR_NOTICE_HOSPITAL').itemName, page)
  const blocking = page.getByText(formT('application.validation.noticeBlocking'), { exact: true })
  await chooseRadio(page, hospital, choiceLabel(groupA, 'SKR_NOTICE_HOSPITAL', '1'))
  await expect(blocking.first()).toBeVisible()
  await press(page, nextButton(page), 'Enter')
  const summary = page.getByRole('region', { name: shellT('form.errorSummary.title') })
  await expect(summary).toBeFocused()
  await press(
    page,
    summary.getByRole('link', {
      name: new RegExp(`^${escapeRegExp(itemNamed(groupA, 'SKR_NOTICE_HOSPITAL').itemName)}`),
    }),
    'Enter',
    3,
  )
  await expect(
    hospital.getByRole('radio', { name: choiceLabel(groupA, 'SKR_NOTICE_HOSPITAL', '1') }),
  ).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(
    hospital.getByRole('radio', { name: choiceLabel(groupA, 'SKR_NOTICE_HOSPITAL', '2') }),
  ).toBeChecked()
  await expect(blocking).toHaveCount(0)
  await chooseRadio(
    page,
    radioGroup(itemNamed(groupA, 'SKR_NOTICE_PAST_STAY').itemName, page),
    choiceLabel(groupA, 'SKR_NOTICE_PAST_STAY', '2'),
  )
  await press(page, nextButton(page), 'Enter')

  // noticeMattersDoc: Space on the file input opens the browser's file chooser.
  await arrivedAt(page, 'noticeMattersDoc', stepTitles.noticeMattersDoc, 'noticeMattersDoc')
  const slotName = docSlotName(groupA, 1)
  // Listening starts before the Tabs: Playwright turns the browser's file-chooser interception on
  // without waiting for it, and a Space pressed at once could beat it (the chooser then opens
  // unseen and the wait times out).
  const chooser = page.waitForEvent('filechooser')
  await tabUntil(page, page.getByLabel(labelled(formT('docs.file', { name: slotName }))))
  await page.keyboard.press('Space')
  await (await chooser).setFiles(png)
  await expect(
    page.getByRole('status').filter({ hasText: formT('docs.uploaded', { fileName: png.name }) }),
  ).toBeVisible()
  await expect(
    page.getByRole('button', { name: formT('docs.removeFor', { fileName: png.name }) }),
  ).toBeVisible()
  await press(page, nextButton(page), 'Enter')

  // checkPolicyHolderInfo: what was entered; 「契約者情報を変更する」, a change, and back.
  await arrivedAt(
    page,
    'checkPolicyHolderInfo',
    stepTitles.checkPolicyHolderInfo,
    'checkPolicyHolderInfo',
  )
  const main = page.getByRole('main')
  await expect(main).toContainText(person.nameKanji)
  await expect(main).toContainText('東京都千代田区千代田２－２')
  await expect(main).toContainText('トウキョウト　チヨダク　チヨダ　２－２')
  await expect(main).toContainText(choiceLabel(groupA, 'SKR_CARRIED_ITEMS', '3'))
  // Issue #23 point 16: the attached file's button downloads it, and says so (no new tab).
  const downloadButton = page.getByRole('button', {
    name: flowT('check.downloadFile', { fileName: png.name }),
  })
  await tabUntil(page, downloadButton, MANY)
  const download = page.waitForEvent('download')
  await page.keyboard.press('Enter')
  expect((await download).suggestedFilename()).toBe(png.name)
  expect(page.context().pages()).toHaveLength(1)
  const submit = page.getByRole('button', { name: flowT('check.submit') })
  await tabUntil(page, submit, MANY)
  // From the button at the end, back up to the policy holder's 「変更する」.
  await shiftTabUntil(
    page,
    page.getByRole('link', {
      name: flowT('check.changeFor', { section: flowT('check.section.policyHolder') }),
    }),
    MANY,
  )
  await page.keyboard.press('Enter')
  await arrivedAt(
    page,
    'inputPolicyHolderInfo',
    stepTitles.inputPolicyHolderInfo,
    'inputPolicyHolderInfo',
  )
  // Tab selects a box's text, so typing replaces it.
  await typeInto(
    page,
    page.getByLabel(labelled(itemNamed(groupA, 'SKR_EMPLOYEE_NO').itemName)),
    '87654321',
    MANY,
  )
  await press(page, nextButton(page), 'Enter')
  await arrivedAt(
    page,
    'checkPolicyHolderInfo',
    stepTitles.checkPolicyHolderInfo,
    'checkPolicyHolderInfo',
  )
  await expect(main).toContainText('87654321')
  await press(page, submit, 'Enter', MANY)

  // pamphletImportantNotes: the consent, then payment.
  await arrivedAt(
    page,
    'pamphletImportantNotes',
    stepTitles.pamphletImportantNotes,
    'pamphletImportantNotes',
  )
  await tick(page, page.getByRole('checkbox', { name: flowT('importantNotes.label') }))
  await press(page, page.getByRole('button', { name: flowT('importantNotes.submit') }), 'Enter', 5)
  await expect(page).toHaveURL(stepUrl(groupA, 'payment'))
  await expect(pageHeading(page, stepTitles.payment)).toBeFocused()

  // payment (issue #17 point 16): the card that asks for 3-D Secure, a valid expiry (December,
  // three years after the first year offered, as fillCard in support/payment.ts), the code.
  const amount = premiumOf(groupA, [1, 5, 6])
  await typeInto(page, cardNumberInput(page), sandboxTestCards.threeDSecure)
  const expiry = page.getByRole('group', { name: labelled(payT('card.expiry')) })
  await chooseOption(
    page,
    expiry.getByRole('combobox', { name: new RegExp(`${payT('card.expiryMonth')}$`) }),
    '12',
  )
  const year = expiry.getByRole('combobox', { name: new RegExp(`${payT('card.expiryYear')}$`) })
  const years = await year
    .locator('option')
    .evaluateAll((options) =>
      options
        .map((option) => (option as HTMLOptionElement).label)
        .filter((label) => /^\d+$/.test(label)),
    )
  const expiryYear = years[3]
  if (expiryYear === undefined) throw new Error(`too few expiry years offered: ${years.join(', ')}`)
  await chooseOption(page, year, expiryYear, 3)
  await typeInto(page, page.getByLabel(labelled(payT('card.securityCode'))), '123', 5)
  // The puzzle: Space on 「私はロボットではありません」, then the device solves it.
  await tick(page, puzzleCheckbox(page))
  await expect(puzzleStatus(page)).toHaveText(payT('puzzle.solved'), { timeout: 30_000 })
  await press(page, payByCardButton(page), 'Enter', 5)

  // The provider's 3-D Secure page (a full page load; see authenticateThreeDSecure in
  // support/payment.ts, whose texts these are): the first Tab goes to the password box.
  await expect(page).toHaveURL(/\/sandbox-pay\//)
  await expect(page.getByRole('heading', { level: 1, name: /3Dセキュア/ })).toBeVisible()
  await expect(page.getByText(amountText(amount), { exact: true })).toBeVisible()
  await typeInto(page, page.getByLabel('パスワード', { exact: true }), SANDBOX_3DS_PASSWORD, 1)
  await press(page, page.getByRole('button', { name: '認証する' }), 'Enter', 1)

  // Back on payment?threeDSecure=return (a page load), the app finishes the payment and moves to
  // completeApplication within itself: focus on its title. SPEC §4: captured, so 330.
  await expect(page).toHaveURL(stepUrl(groupA, 'completeApplication'))
  await expect(pageHeading(page, payT('complete.title'))).toBeFocused()
  await expectCompletion(page, groupA, {
    amount,
    status: payT('complete.status.330'),
    mailAddress,
  })
  // From the title, Tab goes on into the page: to 「マイページへ」.
  await tabUntil(page, page.getByRole('link', { name: payT('complete.toMyPage') }), 1)
})
