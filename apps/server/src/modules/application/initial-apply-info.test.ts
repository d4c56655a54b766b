import { describe, expect, it } from 'vitest'
import { applicationDocument, applicationLink } from './application-test-support.ts'
import { initialApplyInfo, rosterAuthAnswers } from './initial-apply-info.ts'

// SPEC §4 "at application start", as a pure function of the group, the link, the account and now.

const document = applicationDocument()
const input = (now: Date) => ({
  now,
  group: document.groupPfInfo,
  link: applicationLink,
  account: { userId: 'ABCDE23456', mailAddress: 'hanako@example.jp' },
  rosterAuthValues: { '1': '1234567', '2': '19850415', '3': null },
  items: document.itemDefinitionArray,
})

describe('申込開始時の申込情報（SPEC §4）', () => {
  it.each([
    // the closed days: no window, so no inception (the service refuses them with APFA2001)
    ['一括募集の前日', '2026-10-31T14:59:00Z', '2', '', '', '211'],
    ['一括募集の初日', '2026-10-31T15:00:00Z', '1', '20261201', '0000', '110'],
    ['一括募集の最終日', '2026-11-30T14:59:00Z', '1', '20261201', '0000', '110'],
    ['中途募集の初日', '2026-11-30T15:00:00Z', '2', '20270101', '', '211'],
    ['中途募集の最終日', '2026-12-31T14:59:00Z', '2', '20270101', '', '211'],
    ['中途募集の翌日', '2026-12-31T15:00:00Z', '2', '', '', '211'],
  ])(
    '%s（%s）: 募集形態 %s、始期日「%s」「%s」、ステータス %s',
    (_label, iso, format, date, time, status) => {
      const { applyInfo } = initialApplyInfo(input(new Date(Date.parse(iso))))
      expect(applyInfo.basicInfo.recruitFormat).toBe(format)
      expect(applyInfo.basicInfo.statusPattern).toBe(status)
      expect(applyInfo.policyHolderInfo.policyHolderInceptionDate).toBe(date)
      expect(applyInfo.policyHolderInfo.policyHolderInceptionTime).toBe(time)
      expect(applyInfo.policyHolderInfo.policyHolderExpiryDate).toBe('20271130')
    },
  )

  it('必要書類は区分 "2"・"3" の枠だけ空のリスト、三項目認証の値は名簿にあるものだけ入ること', () => {
    const { applyInfo } = initialApplyInfo(input(new Date(Date.UTC(2026, 10, 20, 1))))
    expect(applyInfo.requiredDocsInfo).toEqual({ file1Array: [], file2Array: [], file3Array: null })
    expect(applyInfo.policyHolderInfo.itemAnswers).toEqual({
      MEMBER_NO: '1234567',
      BIRTH_DATE: '19850415',
    })
    expect(applyInfo.basicInfo).toMatchObject({
      userId: 'ABCDE23456',
      policyHolderEmailAddress: 'hanako@example.jp',
      entryDiv: '1',
      preYearEntryDiv: null,
    })
  })

  it('三項目認証の項目がない団体では、名簿の値を入れないこと', () => {
    const items = document.itemDefinitionArray.filter((item) => item.authItemCd === null)
    expect(rosterAuthAnswers(items, { '1': '1234567' })).toEqual({})
  })
})
