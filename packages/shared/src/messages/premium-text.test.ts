import { describe, expect, it } from 'vitest'
import { paymentScopeText } from './payment-scope-text.ts'
import {
  planNameText,
  premiumPeriodLabel,
  totalPremiumLabel,
  unitPremiumText,
} from './premium-text.ts'

// Issue #23 points 3, 4 and 20: what an amount is the price of, and a plan's name once.

describe('保険料の書き方', () => {
  it.each([
    [12, '月額'],
    [1, '年額'],
    [4, '年4回払いの1回分'],
  ])('払込回数 %i の1回分は「%s」と書くこと', (count, label) => {
    expect(premiumPeriodLabel(count)).toBe(label)
  })

  it('1名あたりか被保険者全員分かと、月額か年額かを添えること', () => {
    expect(unitPremiumText(1230, 'perInsured', 12)).toBe('1,230円（1名あたり・月額）')
    expect(unitPremiumText(2180, 'perUnit', 12)).toBe('2,180円（被保険者全員分・月額）')
    // saved before the basis existed: per insured person
    expect(unitPremiumText(12600, undefined, 1)).toBe('12,600円（1名あたり・年額）')
    expect(totalPremiumLabel(12)).toBe('合計保険料（月額）')
  })

  it('今回の支払いが何の分で、残りをどう払うかを支払い方法と回数で伝えること', () => {
    expect(paymentScopeText({ pymntMethod: '1', pymntCount: 12 })).toBe(
      '今回のお支払いは、初回（1か月分）の保険料です。2回目以降の保険料のお支払いについては、あらためてご案内します。',
    )
    expect(paymentScopeText({ pymntMethod: '3', pymntCount: 1 })).toBe(
      '今回のお支払いは、1年分の保険料です。保険期間1年分の保険料は、これですべてです。',
    )
    expect(paymentScopeText({ pymntMethod: '1', pymntCount: 4 })).toContain(
      '初回（年4回払いの1回分）の保険料',
    )
    expect(paymentScopeText({ pymntMethod: '4', pymntCount: 12 })).toBe(
      '保険料（月額）は、ご所属の団体を通じてお支払いいただきます。',
    )
  })

  it('カードの2回目以降は、同じカードで締日に払うと伝えること（issue #24）', () => {
    expect(paymentScopeText({ pymntMethod: '1', pymntCount: 12, closingDay: 20 })).toBe(
      '今回のお支払いは、初回（1か月分）の保険料です。2回目以降は、同じクレジットカードで毎月20日にお支払いいただきます。',
    )
    expect(paymentScopeText({ pymntMethod: '1', pymntCount: 4, closingDay: 31 })).toBe(
      '今回のお支払いは、初回（年4回払いの1回分）の保険料です。2回目以降は、同じクレジットカードで3か月ごとの末日にお支払いいただきます。',
    )
    expect(paymentScopeText({ pymntMethod: '1', pymntCount: 12, closingDay: null })).toContain(
      '毎月保険開始日と同じ日にお支払いいただきます。',
    )
    // a count that does not divide a year has no schedule: the rest is announced
    expect(paymentScopeText({ pymntMethod: '1', pymntCount: 5, closingDay: 20 })).toContain(
      'あらためてご案内します。',
    )
    expect(paymentScopeText({ pymntMethod: '3', pymntCount: 5, closingDay: 20 })).toContain(
      'あらためてご案内します。',
    )
    expect(paymentScopeText({ pymntMethod: '1', pymntCount: 1, closingDay: 20 })).toBe(
      '今回のお支払いは、1年分の保険料です。保険期間1年分の保険料は、これですべてです。',
    )
  })
})

describe('プランの名前', () => {
  it('補償名が表示名を含むときは表示名だけ、違うことを言うときは括弧で添えること', () => {
    expect(planNameText({ displayName: 'Aプラン', coverageName: '団体総合保険 Aプラン' })).toBe(
      'Aプラン',
    )
    expect(
      planNameText({
        displayName: 'Aプラン（本人のみ）',
        coverageName: '団体総合生活補償保険 Aプラン（本人型）',
      }),
    ).toBe('Aプラン（本人のみ）')
    expect(planNameText({ displayName: 'スタンダード', coverageName: '傷害補償（基本）' })).toBe(
      'スタンダード（傷害補償（基本））',
    )
  })
})

describe('振込の2回目以降（issue #24 point 5, ADR 0039）', () => {
  it('締日までに振り込むこと、振込先は期日の14日前ごろにメールで届くことを伝えること', () => {
    expect(paymentScopeText({ pymntMethod: '3', pymntCount: 12, closingDay: 20 })).toBe(
      '今回のお支払いは、初回（1か月分）の保険料です。2回目以降は、毎月20日までにお振り込みいただきます。お振込先の口座は、そのつど期日の14日前ごろにメールでお知らせします。',
    )
    expect(paymentScopeText({ pymntMethod: '3', pymntCount: 4, closingDay: 31 })).toContain(
      '3か月ごとの末日までにお振り込みいただきます。',
    )
    // without the schedule (closingDay left out) the rest is announced, as before
    expect(paymentScopeText({ pymntMethod: '3', pymntCount: 12 })).toContain(
      'あらためてご案内します。',
    )
  })
})
