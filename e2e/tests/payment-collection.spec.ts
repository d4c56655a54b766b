// Issue #7, group collection (団体扱, pymntMethod "4": the group collects, e.g. by payroll
// deduction; nothing is paid online — PRODUCT.md "Money"), as a new applicant meets it: the
// fixture group K400004 (e2e/fixtures/collection-group.json, inside its all-at-once window at
// E2E_NOW) has one plan, two items of the policy holder (所属部署 required, 社員番号 optional), one
// notice matter and no insured items or documents, so its flow is short. Signed in through the
// verification mail's link, the applicant walks every step in the browser to payment (社員番号
// left empty, the notice answered 「いいえ」), applies with 「この内容で申し込む」 (the payment
// registration of SPEC §7.4) and lands on completeApplication with the 団体扱 status, the
// completion mail in the outbox, and no way back (SPEC §2.7). Axe on every screen.
import { formatJapaneseDate } from '@app/shared/format/display'
import type { ApplicationStep } from '@app/shared/rules/application-steps'
import {
  choiceLabel,
  expect,
  expectAccessible,
  expectStep,
  flowT,
  itemNamed,
  labelled,
  unitPremiumLabel,
  totalLabel,
  premiumOf,
  signInThroughMailLink,
  test,
  unitName,
  yen,
  type Person,
} from '../support/application.ts'
import { groupLink } from '../support/fixtures.ts'
import {
  agreeToEntryTerms,
  checkSection,
  checkValue,
  choosePlan,
  choosePlanOnlyType,
  choosePolicyHolderDiv,
  fillPersonalHolder,
  nextButton,
  radioGroup,
  step,
  toImportantNotesAndPayment,
} from '../support/journey.ts'
import { claimMember, COLLECTION_GROUP } from '../support/members.ts'
import {
  expectCompletion,
  expectCompletionMail,
  expectNoWayBack,
  expectPaymentScreen,
  payT,
} from '../support/payment.ts'

const group = groupLink(COLLECTION_GROUP.groupPfCode)

/** No document slots: noticeMattersDoc is never in the flow; without insured items,
 * registerInsuredInfo drops out once the coverage is chosen (selectType; ADR 0012 flowSteps). */
const flowBeforeCoverage: readonly ApplicationStep[] = [
  'entryTerms',
  'selectPolicyHolderDiv',
  'selectCategory',
  'selectType',
  'inputPolicyHolderInfo',
  'registerInsuredInfo',
  'noticeMatters',
  'checkPolicyHolderInfo',
  'pamphletImportantNotes',
]
const flow: readonly ApplicationStep[] = [
  'entryTerms',
  'selectPolicyHolderDiv',
  'selectCategory',
  'selectType',
  'inputPolicyHolderInfo',
  'noticeMatters',
  'checkPolicyHolderInfo',
  'pamphletImportantNotes',
]

test.use({ actionTimeout: 15_000 })

test('団体扱の団体（初回登録ID・一斉募集）: プラン1つで申し込み、団体扱のまま完了すること', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const holder: Person = {
    nameKana: 'アオバ　ジロウ',
    nameKanji: '青葉　次郎',
    birthDate: '19920710',
    sex: '1',
  }
  const department = itemNamed(group, 'AOB_DEPARTMENT').itemName
  const notice = itemNamed(group, 'AOB_NOTICE_ABSENCE')
  const amount = premiumOf(group, [1])

  const { mailAddress } = await signInThroughMailLink(
    page,
    request,
    claimMember('firstEntry', COLLECTION_GROUP.groupPfCode),
  )
  await expectStep(page, group, step('entryTerms', flowBeforeCoverage))
  await agreeToEntryTerms(page)

  await expectStep(page, group, step('selectPolicyHolderDiv', flowBeforeCoverage))
  await choosePolicyHolderDiv(page, '1')

  await expectStep(page, group, step('selectCategory', flowBeforeCoverage))
  await choosePlan(page, group, 1)

  await expectStep(page, group, step('selectType', flowBeforeCoverage))
  await choosePlanOnlyType(page, group, 1)

  // The coverage is chosen: the flow has no insured persons or documents (SPEC §4).
  await expectStep(page, group, step('inputPolicyHolderInfo', flow))
  await fillPersonalHolder(page, holder)
  await page.getByLabel(labelled(department)).fill('製造部第一工場')
  await expectAccessible(page)
  await nextButton(page).click()

  await expectStep(page, group, step('noticeMatters', flow))
  await radioGroup(page, notice.itemName)
    .getByRole('radio', { name: choiceLabel(group, notice.itemCode, '2') })
    .check()
  await nextButton(page).click()

  await expectStep(page, group, step('checkPolicyHolderInfo', flow))
  const coverage = checkSection(page, flowT('check.section.coverage'))
  await expect(checkValue(coverage, flowT('check.plan'))).toHaveText(
    flowT('check.unitPremium', {
      name: unitName(group, 1),
      premium: unitPremiumLabel(group, 1),
    }),
  )
  await expect(checkValue(coverage, flowT('check.contractType'))).toHaveText(
    flowT('selectType.contractType.1'),
  )
  await expect(checkValue(coverage, totalLabel(group))).toHaveText(yen(amount))
  const holderSection = checkSection(page, flowT('check.section.policyHolder'))
  await expect(checkValue(holderSection, flowT('check.nameKanji'))).toHaveText(holder.nameKanji)
  await expect(checkValue(holderSection, flowT('check.birthDate'))).toHaveText(
    formatJapaneseDate(holder.birthDate),
  )
  await expect(checkValue(holderSection, department)).toHaveText('製造部第一工場')
  await expect(
    checkValue(checkSection(page, flowT('check.section.notice')), notice.itemName),
  ).toHaveText(choiceLabel(group, notice.itemCode, '2'))
  await expect(checkSection(page, flowT('check.section.insured'))).toHaveCount(0)
  await toImportantNotesAndPayment(page, group, flow)

  // 団体扱: nothing to pay here; applying registers the payment (SPEC §7.4).
  await expectPaymentScreen(page, group, { amount, pymntMethod: '4' })
  await expect(page.getByText(payT('offline.lead'), { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: payT('card.submit') })).toHaveCount(0)
  await page.getByRole('button', { name: payT('offline.submit') }).click()

  const shown = await expectCompletion(page, group, {
    amount,
    status: payT('complete.status.offline'),
    mailAddress,
  })
  // No account to transfer to: neither the virtual account nor the group's payee text.
  await expect(
    page.getByRole('region', { name: payT('vaccount.heading'), exact: true }),
  ).toHaveCount(0)
  await expect(
    page.getByRole('region', { name: payT('payment.payeeAccntInfo'), exact: true }),
  ).toHaveCount(0)
  await expectCompletionMail(request, mailAddress, shown)
  await expectNoWayBack(page, group)
})
