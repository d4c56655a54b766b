// The application's journey (issue #6) as a new applicant meets it: signed in through the
// verification mail's link (the screens from there on are all UI), then the steps of ADR 0012
// from entryTerms to payment. What the specs share: where each step is, the texts the screens
// show (from the message catalogues and the demo data, never copied), small files to upload, and
// the applicant's answers.
import { phaseProgressText } from '@app/shared/messages/flow-phase'
import { deflateSync } from 'node:zlib'
import { t as shellT } from '@app/shared'
import { formatYen } from '@app/shared/format/display'
import { t as flowT } from '@app/shared/messages/application-flow'
import { planNameText, totalPremiumLabel, unitPremiumText } from '@app/shared/messages/premium-text'
import { t as formT } from '@app/shared/messages/application-forms'
import { t as documentsT } from '@app/shared/messages/documents'
import type { ApplicationStep } from '@app/shared/rules/application-steps'
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { APPLICANT_PASSWORD, mailVerificationLink, type MailedApplicant } from './applicant.ts'
import { entPath, type DemoLink } from './demo.ts'
import { groupDocument } from './fixtures.ts'
import type { Member } from './members.ts'
import { expect, expectAccessible, test } from './test.ts'

export { flowT, formT, documentsT, shellT }

export { test }
export { expect, expectAccessible }

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** A label or legend that is `label`, maybe followed by the required marker 「※必須」. */
export function labelled(label: string): RegExp {
  return new RegExp(`^${escapeRegExp(label)}(\\s|$)`)
}

/** The URL of a step (or `registerInsuredInfo/6`) of a link, as a whole-path match. */
export function stepUrl(link: DemoLink, screen: string): RegExp {
  return new RegExp(`${escapeRegExp(entPath(link, screen))}$`)
}

/** The page's title (h1), by its exact text. */
export function pageHeading(page: Page, title: string): Locator {
  return page.getByRole('heading', { level: 1, name: title, exact: true })
}

/** The h1 of each screen of the journey (apps/web route-table titleKey). */
export const stepTitles = {
  entryTerms: shellT('screen.entryTerms.title'),
  selectPolicyHolderDiv: flowT('screen.selectPolicyHolderDiv.title'),
  selectCategory: flowT('screen.selectCategory.title'),
  selectType: flowT('screen.selectType.title'),
  inputPolicyHolderInfo: formT('screen.inputPolicyHolderInfo.title'),
  registerMaintenanceManager: formT('screen.registerMaintenanceManager.title'),
  registerInsuredInfo: formT('screen.registerInsuredInfo.title'),
  registerInsuredInfoUnit: formT('screen.registerInsuredInfoUnit.title'),
  noticeMatters: formT('screen.noticeMatters.title'),
  noticeMattersDoc: formT('screen.noticeMattersDoc.title'),
  checkPolicyHolderInfo: flowT('screen.checkPolicyHolderInfo.title'),
  pamphletImportantNotes: flowT('screen.pamphletImportantNotes.title'),
  payment: shellT('screen.payment.title'),
} as const

/**
 * Where a screen stands in the flow: its title and the steps the flow has at that moment (the
 * 「ステップ n / m」 line; registerMaintenanceManager joins once 法人 is chosen).
 */
export interface StepExpectation {
  /** the route segment after the link: 'selectType', 'registerInsuredInfo/6' */
  screen: string
  title: string
  /** the step whose place the screen shows */
  step: ApplicationStep
  flow: readonly ApplicationStep[]
}

/**
 * On the step: its URL, its title, the group line and 「ステップ n / m」 (the application has loaded
 * from the server), then axe on the page as it is.
 */
export async function expectStep(page: Page, link: DemoLink, expected: StepExpectation) {
  await expect(page).toHaveURL(stepUrl(link, expected.screen))
  await expect(pageHeading(page, expected.title)).toBeVisible()
  expect(expected.flow.indexOf(expected.step), `${expected.step} is in the flow`).toBeGreaterThan(
    -1,
  )
  // 「ステップ n / 5：…」: the step's phase, the same total whatever the flow (issue #23 point 11)
  await expect(page.getByText(phaseProgressText(expected.step), { exact: true })).toBeVisible()
  await expect(
    page.getByText(flowT('screen.groupName', { groupName: link.name }), { exact: true }),
  ).toBeVisible()
  await expectAccessible(page)
  // E2E_SCREENSHOTS=1: a full-page picture of every step, for a person to look at.
  if (process.env.E2E_SCREENSHOTS === '1') {
    const name = `${link.groupPfCode}-${expected.screen.replace('/', '-')}.png`
    await page.screenshot({ path: test.info().outputPath(name), fullPage: true })
  }
}

/**
 * The verification mail through the API (verifyUser and sendVerificationMail are issue #5's
 * journey), then as the applicant: the mail's link in the page, the password typed, 「確認して次へ」.
 * A new applicant lands on entryTerms. Returns the member and the mail address used.
 */
export async function signInThroughMailLink(
  page: Page,
  request: APIRequestContext,
  member: Member,
): Promise<MailedApplicant> {
  const mailed = await mailVerificationLink(request, member)
  const { mailLink } = mailed
  await page.goto(mailLink)
  await expect(
    page.getByRole('heading', { level: 2, name: shellT('verifyUser.mail.heading') }),
  ).toBeVisible()
  await expectAccessible(page)
  await page.getByLabel(labelled(shellT('verifyUser.mail.password'))).fill(APPLICANT_PASSWORD)
  await page.getByRole('button', { name: shellT('verifyUser.mail.submit') }).click()
  return mailed
}

// ---------------------------------------------------------------------------------------------
// The groups' data the screens show (apps/server/src/demo/demo-groups.ts, e2e/fixtures)

/** The import document of a link's product year (a fixture group may have two years). */
function documentOf(link: DemoLink) {
  return groupDocument(link.groupPfCode, link.groupPfCodeInceptionDateYm)
}

/** A unit of the demo group, as the server loaded it. */
export function unitOf(link: DemoLink, unitNo: number) {
  const unit = documentOf(link).groupPfInfo.unitInfoArray.find(
    (candidate) => candidate.unitNo === unitNo,
  )
  if (unit === undefined) throw new Error(`no unit ${unitNo} in ${link.groupPfCode}`)
  return unit
}

export function unitName(link: DemoLink, unitNo: number): string {
  return unitOf(link, unitNo).displayName
}

export function unitPremium(link: DemoLink, unitNo: number): number {
  return unitOf(link, unitNo).unitPremium
}

/** The plan's radio on selectCategory (selectCategory.option: the plan's name and premium). */
export function planLabel(link: DemoLink, unitNo: number): string {
  const unit = unitOf(link, unitNo)
  return flowT('selectCategory.option', {
    name: planNameText(unit),
    premium: unitPremiumLabel(link, unitNo),
  })
}

/** An option's checkbox on selectType (selectType.option: name and premium). */
export function optionLabel(link: DemoLink, unitNo: number): string {
  return flowT('selectType.option', {
    displayName: unitName(link, unitNo),
    premium: unitPremiumLabel(link, unitNo),
  })
}

/** The premiums of the units added up (one insured person each). */
export function premiumOf(link: DemoLink, unitNos: readonly number[]): number {
  return unitNos.reduce((sum, unitNo) => sum + unitPremium(link, unitNo), 0)
}

export function itemNamed(link: DemoLink, itemCode: string) {
  const item = documentOf(link).itemDefinitionArray.find(
    (candidate) => candidate.itemCode === itemCode,
  )
  if (item === undefined) throw new Error(`no item ${itemCode} in ${link.groupPfCode}`)
  return item
}

/** The label of a choice of an item, by its code. */
export function choiceLabel(link: DemoLink, itemCode: string, code: string): string {
  const choice = itemNamed(link, itemCode).choiceArray.find((candidate) => candidate.code === code)
  if (choice === undefined) throw new Error(`no choice ${code} of ${itemCode}`)
  return choice.label
}

/** The name of a required-document slot (1–3). */
export function docSlotName(link: DemoLink, slot: 1 | 2 | 3): string {
  const doc = documentOf(link).groupPfInfo.requiredDocsArray[slot - 1]
  if (doc === undefined) throw new Error(`no document slot ${slot} in ${link.groupPfCode}`)
  return doc.name
}

export function agencyContactFirstLine(link: DemoLink): string {
  const contact = documentOf(link).groupPfInfoBranchNoArray[0]?.refFreeField ?? ''
  return contact.split('\n')[0] ?? ''
}

/** 1234 → 「1,234円」 */
export function yen(amount: number): string {
  return formatYen(amount)
}

/** A unit's premium as the screens label it: 「1,230円（1名あたり・月額）」 (issue #23 points 3, 4). */
export function unitPremiumLabel(link: DemoLink, unitNo: number): string {
  const unit = unitOf(link, unitNo)
  return unitPremiumText(unit.unitPremium, unit.premiumBasis, pymntCountOf(link))
}

/** 「合計保険料（月額）」 for the link's product. */
export function totalLabel(link: DemoLink): string {
  return totalPremiumLabel(pymntCountOf(link))
}

export function pymntCountOf(link: DemoLink): number {
  return documentOf(link).groupPfInfo.pymntCount
}

// ---------------------------------------------------------------------------------------------
// Files to upload, built here: the server checks the content against the extension.

const CRC_TABLE = Array.from({ length: 256 }, (_, index) => {
  let value = index
  for (let bit = 0; bit < 8; bit += 1) {
    value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1
  }
  return value >>> 0
})

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(typed))
  return Buffer.concat([length, typed, crc])
}

/** A valid PNG of one white pixel (RGBA, 8 bits). */
export function onePixelPng(): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(1, 0) // width
  header.writeUInt32BE(1, 4) // height
  header[8] = 8 // bit depth
  header[9] = 6 // colour type: RGBA
  // compression, filter, interlace: 0
  const scanline = Buffer.from([0, 0xff, 0xff, 0xff, 0xff]) // filter 0, one pixel
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(scanline)),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

/** A minimal valid PDF: one empty page, with a correct cross-reference table. */
export function minimalPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 72 72] >>',
  ]
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'))
    body += `${index + 1} 0 obj\n${object}\nendobj\n`
  })
  const xrefAt = Buffer.byteLength(body, 'latin1')
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`
  return Buffer.from(body, 'latin1')
}

export interface UploadFile {
  name: string
  mimeType: string
  buffer: Buffer
}

// ---------------------------------------------------------------------------------------------
// The applicant's answers

export interface Person {
  nameKana: string
  nameKanji: string
  /** YYYYMMDD */
  birthDate: string
  sex: '1' | '2'
}

export function dateParts(yyyymmdd: string): { year: string; month: string; day: string } {
  return {
    year: yyyymmdd.slice(0, 4),
    month: String(Number(yyyymmdd.slice(4, 6))),
    day: String(Number(yyyymmdd.slice(6, 8))),
  }
}

export function sexLabel(sex: '1' | '2'): string {
  return formT(sex === '1' ? 'applicationForm.sex.male' : 'applicationForm.sex.female')
}

/** 「{nameKanji}さんを登録しました。」 */
export function addedMessage(person: Person): string {
  return formT('insuredUnit.added', { name: person.nameKanji })
}
