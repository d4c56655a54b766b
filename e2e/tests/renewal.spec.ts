// Issue #9, renewal (SPEC §3.7, §4, §2.7, §8.3, §8.4; ADR 0016) as a policy holder meets it.
// The group-collection fixture group K400004 has this year's product (202701, auto-renewing, fix
// date 20271031) and next year's beside it (e2e/fixtures/collection-group-next.json: 202801, its
// window open from 20270901, two plans, 所属部署 carried over, 社員番号 not, the notice matter
// never). A renewal opens once the contract's cover has begun (issue #23 point 19), so these tests
// run on servers of their own (support/renewal-world.ts): each test's policy holder applied to
// this year's product (support/policy-holders.ts, plan 1) on a server at E2E_NOW, and the tests
// meet them on a second server with the same database at RENEWAL_NOW, ten months into the cover,
// signed in to my-page with the mailed code:
// - renewing with a changed plan: home offers the renewal → renewalProcedure shows last year's
//   contract → 「更新手続きを始める」 → next year's steps with the holder's fields and 所属部署
//   pre-filled (社員番号 and the notice matter answered fresh), 充実プラン chosen → payment (団体扱)
//   → completeApplication, no way back → home lists next year's contract and last year's renewed,
//   with no renewal offered any more;
// - stopping auto-renewal: autoRenewCheck shows next year's terms first → autoRenewStopCheck →
//   autoRenewStopComplete, no way back (SPEC §2.7) → home shows the stop, and neither the stop
//   nor the renewal is offered any more.
// Axe on every screen.
import type { ApplicationStep } from '@app/shared/rules/application-steps'
import { formatJapaneseDate, formatYen } from '@app/shared/format/display'
import { translator } from '@app/shared/messages/format'
import { renewalScreenMessages } from '@app/shared/messages/renewal-screens.ja'
import type { Locator, Page } from '@playwright/test'
import { projectEngine, SMOKE_TAG } from '../support/engines.ts'
import {
  choiceLabel,
  dateParts,
  expectStep,
  flowT,
  formT,
  itemNamed,
  labelled,
  pageHeading,
  unitPremiumLabel,
  totalLabel,
  planLabel,
  premiumOf,
  sexLabel,
  shellT,
  stepUrl,
  unitName,
  yen,
  type Person,
} from '../support/application.ts'
import type { DemoLink } from '../support/demo.ts'
import {
  COLLECTION_GROUP_NEXT_DOCUMENT_PATH,
  groupDocument,
  groupLink,
  linkOfDocument,
  readGroupDocument,
} from '../support/fixtures.ts'
import {
  agreeToEntryTerms,
  checkSection,
  checkValue,
  choosePlan,
  choosePlanOnlyType,
  choosePolicyHolderDiv,
  nextButton,
  radioGroup,
  step,
  toImportantNotesAndPayment,
} from '../support/journey.ts'
import { COLLECTION_GROUP } from '../support/members.ts'
import {
  expectHome,
  expectMyPageScreen,
  mypT,
  openLogin,
  signInWithMailCode,
} from '../support/my-page.ts'
import { Inbox } from '../support/outbox.ts'
import {
  expectCompletion,
  expectNoWayBack,
  expectPaymentScreen,
  payT,
  rowValue,
} from '../support/payment.ts'
import {
  HOLDER_CONTACT,
  HOLDER_ITEM_ANSWERS,
  type PolicyHolder,
} from '../support/policy-holders.ts'
import { RENEWAL_TODAY, startRenewalWorld, type RenewalWorld } from '../support/renewal-world.ts'
import { E2E_NOW } from '../support/server.ts'
import { expect, expectAccessible, test as e2eTest } from '../support/test.ts'
import { autoRenewStoppedMail } from '../../apps/server/src/modules/mail/renewal-templates.ts'

/** This year's product (202701), where the policy holders applied. */
const thisYear = groupLink(COLLECTION_GROUP.groupPfCode)
/** Next year's product (202801): the same branch and urlKey (docs/group-import.md §10). */
const nextDocument = readGroupDocument(COLLECTION_GROUP_NEXT_DOCUMENT_PATH)
const nextYear: DemoLink = linkOfDocument(nextDocument)
const thisYearInfo = groupDocument(
  thisYear.groupPfCode,
  thisYear.groupPfCodeInceptionDateYm,
).groupPfInfo
const nextYearInfo = nextDocument.groupPfInfo

/** The plan the holders have this year (policy-holders.ts) and the one the renewal changes to. */
const LAST_YEAR_PLAN = 1
const NEW_PLAN = 2

/**
 * The renewal's flow on next year's product: no insured items, no documents, the notice matter.
 * The draft starts with last year's coverage chosen (ADR 0016), so registerInsuredInfo is out of
 * the flow from the first step (ADR 0012 flowSteps).
 */
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

type RenewalScreen =
  'renewalProcedure' | 'autoRenewCheck' | 'autoRenewStopCheck' | 'autoRenewStopComplete'

/** The policy holders, one per test: the renewing one, then the one who stops auto-renewal. */
const people: readonly Person[] = [
  { nameKana: 'アオバ　サブロウ', nameKanji: '青葉　三郎', birthDate: '19850412', sex: '1' },
  { nameKana: 'アオバ　シロウ', nameKanji: '青葉　四郎', birthDate: '19900923', sex: '1' },
]

// The tests of this file run on the servers of their worker (one pair a worker and engine).
const test = e2eTest.extend<{ holders: PolicyHolder[] }, { renewalWorld: RenewalWorld }>({
  renewalWorld: [
    async ({ playwright }, use, workerInfo) => {
      const engine = projectEngine(workerInfo.project)
      const world = await startRenewalWorld({
        engine,
        label: `renewal-${engine}-${workerInfo.workerIndex}`,
        people,
        playwright,
      })
      try {
        await use(world)
      } finally {
        await world.stop()
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ renewalWorld }, use) => {
    await use(renewalWorld.server.baseURL)
  },
  holders: async ({ renewalWorld }, use) => {
    await use(renewalWorld.holders)
  },
})
test.use({ actionTimeout: 15_000 })

// ---------------------------------------------------------------------------------------------
// home's contract cards

/** 保険期間 of a product year as home writes it (contract-summary.ts periodText). */
function periodOf(info: { groupInceptionDate: string; groupExpiryDate: string }): string {
  return mypT('myp.home.contract.period', {
    inception: formatJapaneseDate(info.groupInceptionDate),
    expiry: formatJapaneseDate(info.groupExpiryDate),
  })
}

/** The contract card of a product year on home: an article named by its heading (保険期間). */
function contractCard(page: Page, info: typeof thisYearInfo): Locator {
  return page
    .getByRole('region', { name: mypT('myp.home.contracts.heading') })
    .getByRole('article', {
      name: mypT('myp.home.contract.heading', { period: periodOf(info) }),
      exact: true,
    })
}

/** The card's 更新の状況 row. */
function renewalStatus(card: Locator): Locator {
  return rowValue(card, mypT('myp.home.contract.renewalStatus'))
}

/** The link of that exact name within `scope`. */
function linkNamed(scope: Page | Locator, name: string): Locator {
  return scope.getByRole('link', { name, exact: true })
}

const renewalLinkName = mypT('myp.home.contract.renewal')
const autoRenewCheckLinkName = mypT('myp.home.contract.autoRenewCheck')
const stopLinkName = mypT('myp.home.contract.stopAutoRenewal')

// ---------------------------------------------------------------------------------------------
// The renewal screens (enrolment pages of the contract's product year)

/** t() over the renewal screens' texts (packages/shared/src/messages/renewal-screens.ja.ts). */
const renT = translator(renewalScreenMessages)

/** 「2027年1月1日〜2027年12月31日」 of a product year (renewal.period). */
function renewalScreenPeriod(info: { groupInceptionDate: string; groupExpiryDate: string }) {
  return renT('renewal.period', {
    inception: formatJapaneseDate(info.groupInceptionDate),
    expiry: formatJapaneseDate(info.groupExpiryDate),
  })
}

/** A part of a renewal screen: a <section> named by its <h2>. */
function sectionNamed(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title, exact: true })
}

/** The template name of the stop's confirmation mail, as the server's template names it. */
const stopMailTemplate = autoRenewStoppedMail({
  groupName: '',
  agencyContact: '',
  groupPfPolicyHolderNo: '',
  myPageUrl: '',
  expiryDate: '20270101',
  stoppedAt: new Date(E2E_NOW),
}).template

/** On a renewal screen of this year's product: its URL, its title (h1), the group line, axe. */
async function expectRenewalScreen(page: Page, screen: RenewalScreen): Promise<void> {
  await expect(page).toHaveURL(stepUrl(thisYear, screen))
  await expect(pageHeading(page, shellT(`screen.${screen}.title`))).toBeVisible()
  await expectAccessible(page)
}

/** Signs the holder in to my-page (the mailed code) and checks home's one contract. */
async function signInToHome(page: Page, holder: PolicyHolder, mail: Inbox): Promise<void> {
  await openLogin(page)
  await signInWithMailCode(page, holder, mail)
  await expectHome(page, holder, { mailAddress: holder.mailAddress })
}

test(
  '更新（SPEC §3.7、§4）: マイページのホームから更新の手続きを始め、翌年度の商品でプランを変えて申し込むと、前年度の契約者情報と引き継ぐ項目が入力済みで、告知事項は改めて答え、ホームに翌年度の契約と更新済みの前年度の契約が並ぶこと',
  { tag: SMOKE_TAG },
  async ({ page, request, holders }) => {
    test.setTimeout(240_000)
    const holder = holders[0]
    if (holder === undefined) throw new Error('no renewing policy holder')
    const { person } = holder
    const mail = new Inbox(request, holder.mailAddress)
    // the completion mail of last year's application is not this test's
    await mail.skipAll()
    const department = itemNamed(nextYear, 'AOB_DEPARTMENT')
    const employeeNo = itemNamed(nextYear, 'AOB_EMPLOYEE_NO')
    const notice = itemNamed(nextYear, 'AOB_NOTICE_ABSENCE')
    const newAmount = premiumOf(nextYear, [NEW_PLAN])

    await test.step('ホーム: 今年度の契約に「更新のお手続きをする」', async () => {
      await signInToHome(page, holder, mail)
      const card = contractCard(page, thisYearInfo)
      await expect(renewalStatus(card)).toHaveText(
        mypT('myp.home.renewal.3.auto', {
          date: formatJapaneseDate(thisYearInfo.renewalFixDate ?? ''),
        }),
      )
      await linkNamed(card, renewalLinkName).click()
    })

    await test.step('renewalProcedure: 前年度の契約（期間・プラン・保険料・契約者）と更新後の期間、「更新手続きを始める」', async () => {
      await expectRenewalScreen(page, 'renewalProcedure')
      await expect(page.getByText(renT('renewal.procedure.lead'), { exact: true })).toBeVisible()
      const now = sectionNamed(page, renT('renewal.procedure.lastYear'))
      await expect(rowValue(now, renT('renewal.currentPeriod'))).toHaveText(
        renewalScreenPeriod(thisYearInfo),
      )
      await expect(rowValue(now, unitName(thisYear, LAST_YEAR_PLAN))).toHaveText(
        unitPremiumLabel(thisYear, LAST_YEAR_PLAN),
      )
      await expect(rowValue(now, totalLabel(thisYear))).toHaveText(formatYen(holder.totalPremium))
      await expect(rowValue(now, flowT('check.nameKanji'))).toHaveText(person.nameKanji)
      await expect(rowValue(now, flowT('check.nameKana'))).toHaveText(person.nameKana)
      await expect(rowValue(now, flowT('check.addressKanji'))).toHaveText(
        HOLDER_CONTACT.policyHolderAddressKanji,
      )
      await expect(
        rowValue(
          sectionNamed(page, renT('renewal.procedure.nextYear')),
          renT('renewal.nextPeriod'),
        ),
      ).toHaveText(renewalScreenPeriod(nextYearInfo))
      // SPEC §4: the notice matters are not carried over, and the screen says so
      await expect(page.getByText(renT('renewal.procedure.notice'), { exact: true })).toBeVisible()
      await page.getByRole('button', { name: renT('renewal.procedure.start'), exact: true }).click()
    })

    await test.step('翌年度の商品で: 申込規約、加入者区分、別のプラン', async () => {
      await expectStep(page, nextYear, step('entryTerms', flow))
      await agreeToEntryTerms(page)
      await expectStep(page, nextYear, step('selectPolicyHolderDiv', flow))
      await choosePolicyHolderDiv(page, '1')
      await expectStep(page, nextYear, step('selectCategory', flow))
      // both of next year's plans are offered; the holder had plan 1 and takes plan 2
      for (const unitNo of [LAST_YEAR_PLAN, NEW_PLAN]) {
        await expect(page.getByRole('radio', { name: planLabel(nextYear, unitNo) })).toBeVisible()
      }
      // last year's plan comes chosen (the draft carries last year's coverage, ADR 0016)
      await expect(
        page.getByRole('radio', { name: planLabel(nextYear, LAST_YEAR_PLAN) }),
      ).toBeChecked()
      await choosePlan(page, nextYear, NEW_PLAN)
      await expectStep(page, nextYear, step('selectType', flow))
      await choosePlanOnlyType(page, nextYear, NEW_PLAN)
    })

    await test.step('inputPolicyHolderInfo: 前年度の契約者情報と所属部署が入力済み、社員番号は空', async () => {
      await expectStep(page, nextYear, step('inputPolicyHolderInfo', flow))
      const box = (label: string) => page.getByLabel(labelled(label))
      await expect(box(formT('policyHolder.policyHolderNameKana'))).toHaveValue(person.nameKana)
      await expect(box(formT('policyHolder.policyHolderNameKanji'))).toHaveValue(person.nameKanji)
      const birthLegend = formT('policyHolder.policyHolderBirthDate')
      const birth = page.getByRole('group', { name: labelled(birthLegend) })
      const { year, month, day } = dateParts(person.birthDate)
      await expect(
        birth.getByRole('textbox', { name: `${birthLegend} ${shellT('form.date.year')}` }),
      ).toHaveValue(year)
      await expect(
        birth.getByRole('textbox', { name: `${birthLegend} ${shellT('form.date.month')}` }),
      ).toHaveValue(new RegExp(`^0?${month}$`))
      await expect(
        birth.getByRole('textbox', { name: `${birthLegend} ${shellT('form.date.day')}` }),
      ).toHaveValue(new RegExp(`^0?${day}$`))
      await expect(
        radioGroup(page, formT('policyHolder.policyHolderSex')).getByRole('radio', {
          name: sexLabel(person.sex),
        }),
      ).toBeChecked()
      await expect(box(formT('policyHolder.policyHolderZipCd'))).toHaveValue(/^100-?0001$/)
      await expect(box(formT('policyHolder.policyHolderAddressKanji'))).toHaveValue(
        HOLDER_CONTACT.policyHolderAddressKanji,
      )
      await expect(box(formT('policyHolder.policyHolderAddressKana'))).toHaveValue(
        HOLDER_CONTACT.policyHolderAddressKana,
      )
      await expect(box(formT('policyHolder.mobileTelNo'))).toHaveValue(HOLDER_CONTACT.mobileTelNo)
      await expect(
        radioGroup(page, formT('policyHolder.otherInsuranceFlg')).getByRole('radio', {
          name: formT('applicationForm.choice.no'),
        }),
      ).toBeChecked()
      // preRenewCopyFlg "1": last year's answer; "2": not carried over (SPEC §4)
      await expect(page.getByLabel(labelled(department.itemName))).toHaveValue(
        HOLDER_ITEM_ANSWERS.AOB_DEPARTMENT,
      )
      await expect(page.getByLabel(labelled(employeeNo.itemName))).toHaveValue('')
      await page.getByLabel(labelled(employeeNo.itemName)).fill('E0054321')
      await nextButton(page).click()
    })

    await test.step('noticeMatters: 告知事項は引き継がれず、改めて答える', async () => {
      await expectStep(page, nextYear, step('noticeMatters', flow))
      const question = radioGroup(page, notice.itemName)
      await expect(question.getByRole('radio')).toHaveCount(notice.choiceArray.length)
      for (const radio of await question.getByRole('radio').all()) {
        await expect(radio).not.toBeChecked()
      }
      await question
        .getByRole('radio', { name: choiceLabel(nextYear, notice.itemCode, '2') })
        .check()
      await nextButton(page).click()
    })

    await test.step('checkPolicyHolderInfo → pamphletImportantNotes → payment（団体扱）', async () => {
      await expectStep(page, nextYear, step('checkPolicyHolderInfo', flow))
      const coverage = checkSection(page, flowT('check.section.coverage'))
      await expect(checkValue(coverage, flowT('check.plan'))).toHaveText(
        flowT('check.unitPremium', {
          name: unitName(nextYear, NEW_PLAN),
          premium: unitPremiumLabel(nextYear, NEW_PLAN),
        }),
      )
      await expect(checkValue(coverage, totalLabel(nextYear))).toHaveText(yen(newAmount))
      const holderSection = checkSection(page, flowT('check.section.policyHolder'))
      await expect(checkValue(holderSection, flowT('check.nameKanji'))).toHaveText(person.nameKanji)
      await expect(checkValue(holderSection, department.itemName)).toHaveText(
        HOLDER_ITEM_ANSWERS.AOB_DEPARTMENT,
      )
      await expect(checkValue(holderSection, employeeNo.itemName)).toHaveText('E0054321')
      await expect(
        checkValue(checkSection(page, flowT('check.section.notice')), notice.itemName),
      ).toHaveText(choiceLabel(nextYear, notice.itemCode, '2'))
      await toImportantNotesAndPayment(page, nextYear, flow)
      await expectPaymentScreen(page, nextYear, { amount: newAmount, pymntMethod: '4' })
      await page.getByRole('button', { name: payT('offline.submit') }).click()
    })

    let newPolicyHolderNo = ''
    await test.step('completeApplication: 翌年度の契約、完了メール、戻れないこと', async () => {
      const shown = await expectCompletion(page, nextYear, {
        amount: newAmount,
        status: payT('complete.status.offline'),
        mailAddress: holder.mailAddress,
        today: RENEWAL_TODAY,
      })
      newPolicyHolderNo = shown.policyHolderNo
      expect(shown.userId).toBe(holder.userId)
      // issue #23 point 19: the password is the one in use, not one set on this application
      await expect(rowValue(page, payT('complete.userId'))).toContainText(
        payT('complete.userId.support.renewal'),
      )
      const completionMail = await mail.next('completion')
      expect(completionMail.textBody).toContain(shown.policyHolderNo)
      expect(completionMail.textBody).toContain('いまお使いのマイページのパスワード')
      await expectNoWayBack(page, nextYear)
    })

    await test.step('ホーム: 翌年度（2028年）の契約と、更新済みの今年度の契約。更新はもう出ない', async () => {
      // issue #23 point 19: still signed in on the my-page, straight to its home
      await page.getByRole('link', { name: payT('complete.toMyPageHome') }).click()
      await expectMyPageScreen(page, 'home')
      const contracts = page
        .getByRole('region', { name: mypT('myp.home.contracts.heading') })
        .getByRole('article')
      await expect(contracts).toHaveCount(2)
      // newest period first
      const renewed = contractCard(page, nextYearInfo)
      await expect(contracts.first()).toHaveAccessibleName(
        mypT('myp.home.contract.heading', { period: periodOf(nextYearInfo) }),
      )
      await expect(rowValue(renewed, mypT('myp.home.contract.policyHolderNo'))).toHaveText(
        newPolicyHolderNo,
      )
      await expect(rowValue(renewed, mypT('myp.home.contract.status'))).toHaveText(
        mypT('myp.home.status.330'),
      )
      await expect(rowValue(renewed, totalLabel(nextYear))).toHaveText(formatYen(newAmount))
      const lastYear = contractCard(page, thisYearInfo)
      await expect(rowValue(lastYear, mypT('myp.home.contract.policyHolderNo'))).toHaveText(
        holder.policyHolderNo,
      )
      await expect(renewalStatus(lastYear)).toHaveText(mypT('myp.home.renewal.1'))
      await expect(linkNamed(page, renewalLinkName)).toHaveCount(0)
      await expect(linkNamed(lastYear, stopLinkName)).toHaveCount(0)
      await expect(linkNamed(lastYear, autoRenewCheckLinkName)).toHaveCount(0)
      await expectAccessible(page)
    })
  },
)

test('自動更新の停止（SPEC §3.7、§2.7）: 自動更新の内容を確かめてから停止し、完了画面から戻れず、ホームで停止済みと表示され停止も更新も出なくなること', async ({
  page,
  request,
  holders,
}) => {
  test.setTimeout(180_000)
  const holder = holders[1]
  if (holder === undefined) throw new Error('no policy holder to stop the auto-renewal')
  const mail = new Inbox(request, holder.mailAddress)
  await mail.skipAll()

  await test.step('ホーム: 自動更新の予定と、確認・停止・更新の3つ', async () => {
    await signInToHome(page, holder, mail)
    const card = contractCard(page, thisYearInfo)
    await expect(renewalStatus(card)).toHaveText(
      mypT('myp.home.renewal.3.auto', {
        date: formatJapaneseDate(thisYearInfo.renewalFixDate ?? ''),
      }),
    )
    await expect(linkNamed(card, renewalLinkName)).toBeVisible()
    await expect(linkNamed(card, stopLinkName)).toBeVisible()
    await linkNamed(card, autoRenewCheckLinkName).click()
  })

  await test.step('autoRenewCheck: 停止の期限、翌年度の保険期間、前年度のプランの翌年度の保険料', async () => {
    await expectRenewalScreen(page, 'autoRenewCheck')
    await expect(page.getByText(renT('renewal.check.lead'), { exact: true })).toBeVisible()
    await expect(
      page.getByText(
        renT('renewal.fixDate', { date: formatJapaneseDate(thisYearInfo.renewalFixDate ?? '') }),
        { exact: true },
      ),
    ).toBeVisible()
    const terms = sectionNamed(page, renT('renewal.check.terms'))
    await expect(rowValue(terms, renT('renewal.currentPeriod'))).toHaveText(
      renewalScreenPeriod(thisYearInfo),
    )
    await expect(rowValue(terms, renT('renewal.nextPeriod'))).toHaveText(
      renewalScreenPeriod(nextYearInfo),
    )
    // last year's plan (1) under next year's name and premium
    await expect(rowValue(terms, unitName(nextYear, LAST_YEAR_PLAN))).toHaveText(
      unitPremiumLabel(nextYear, LAST_YEAR_PLAN),
    )
    await expect(rowValue(terms, totalLabel(nextYear))).toHaveText(
      formatYen(premiumOf(nextYear, [LAST_YEAR_PLAN])),
    )
    await expect(rowValue(terms, unitName(nextYear, NEW_PLAN))).toHaveCount(0)
    await expect(linkNamed(page, renT('renewal.check.stop'))).toBeVisible()
    await expect(linkNamed(page, renT('renewal.check.procedure'))).toBeVisible()
    await linkNamed(page, renT('renewal.toHome')).click()
    await expectMyPageScreen(page, 'home')
  })

  await test.step('autoRenewStopCheck: 停止の結果を示し、確認なしでは停止せず、確認して停止する', async () => {
    await linkNamed(contractCard(page, thisYearInfo), stopLinkName).click()
    await expectRenewalScreen(page, 'autoRenewStopCheck')
    await expect(page.getByText(renT('renewal.stop.lead'), { exact: true })).toBeVisible()
    await expect(rowValue(page, renT('renewal.currentPeriod'))).toHaveText(
      renewalScreenPeriod(thisYearInfo),
    )
    await expect(
      page.getByText(
        renT('renewal.stop.effect.end', {
          date: formatJapaneseDate(thisYearInfo.groupExpiryDate),
        }),
        { exact: true },
      ),
    ).toBeVisible()
    const confirm = page.getByRole('checkbox', { name: renT('renewal.stop.confirm'), exact: true })
    const submit = page.getByRole('button', { name: renT('renewal.stop.submit'), exact: true })
    // without the confirmation nothing is sent: told, and the box takes focus
    await submit.click()
    await expect(
      page.getByText(renT('renewal.stop.confirm.required'), { exact: true }),
    ).toBeVisible()
    await expect(confirm).toBeFocused()
    await expect(page).toHaveURL(stepUrl(thisYear, 'autoRenewStopCheck'))
    await expectAccessible(page)
    await confirm.check()
    await submit.click()
  })

  await test.step('autoRenewStopComplete: 停止した旨、受付のメール、ブラウザの戻るでは戻れないこと（SPEC §2.7）', async () => {
    await expectRenewalScreen(page, 'autoRenewStopComplete')
    await expect(page.getByText(renT('renewal.stopped.heading'), { exact: true })).toBeVisible()
    await expect(rowValue(page, renT('renewal.currentPeriod'))).toHaveText(
      renewalScreenPeriod(thisYearInfo),
    )
    const stopMail = await mail.next(stopMailTemplate)
    expect(stopMail.textBody).toContain(holder.policyHolderNo)
    expect(stopMail.textBody).toContain(formatJapaneseDate(thisYearInfo.groupExpiryDate))
    await page.goBack()
    await expect(page).toHaveURL(stepUrl(thisYear, 'autoRenewStopComplete'))
    await expect(pageHeading(page, shellT('screen.autoRenewStopComplete.title'))).toBeVisible()
    await expect(page.getByText(renT('renewal.stopped.heading'), { exact: true })).toBeVisible()
  })

  await test.step('ホーム: 自動更新停止済み、停止も更新も出ない', async () => {
    await linkNamed(page, renT('renewal.toHome')).click()
    await expectMyPageScreen(page, 'home')
    const card = contractCard(page, thisYearInfo)
    await expect(renewalStatus(card)).toHaveText(mypT('myp.home.renewal.2'))
    await expect(linkNamed(card, stopLinkName)).toHaveCount(0)
    await expect(linkNamed(card, renewalLinkName)).toHaveCount(0)
    await expect(
      page.getByRole('region', { name: mypT('myp.home.contracts.heading') }).getByRole('article'),
    ).toHaveCount(1)
  })
})
