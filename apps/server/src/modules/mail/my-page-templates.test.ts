import { describe, expect, it } from 'vitest'
import {
  codeMail,
  idReNotificationMail,
  mailChangedNotice,
  passwordChangedNotice,
  phoneRegisteredNotice,
  readDigits,
  smsCodeMessage,
  voiceCodeMessage,
} from './my-page-templates.ts'

// Issue #8, PRODUCT.md "Messages": the my-page's mail, SMS and voice texts are Japanese plain
// text, name the agency contact, give a code's 10 minutes, and never hold a password.

const context = {
  groupName: 'みどり商事健康保険組合',
  agencyContact: 'みどり保険サービス株式会社\n電話 03-1234-5678',
}
// 2026-11-20 10:10 JST
const codeExpiresAt = new Date(Date.UTC(2026, 10, 20, 1, 10, 30))

describe('マイページのメールの文面', () => {
  it.each([
    [
      'login',
      'myPageLoginCode',
      '【みどり商事健康保険組合】マイページの認証コード',
      'マイページへのログイン',
    ],
    [
      'mailChange',
      'myPageMailChangeCode',
      '【みどり商事健康保険組合】メールアドレス変更の認証コード',
      'メールアドレスの変更',
    ],
    [
      'passwordReset',
      'myPagePasswordResetCode',
      '【みどり商事健康保険組合】パスワード再設定の認証コード',
      'パスワードの再設定',
    ],
  ] as const)(
    '認証コードのメール（%s）は、コードと有効期限（10分）と用途と代理店の連絡先を書くこと',
    (purpose, template, subject, use) => {
      const mail = codeMail(purpose, { ...context, code: '012345', codeExpiresAt })
      expect(mail.template).toBe(template)
      expect(mail.subject).toBe(subject)
      expect(mail.htmlBody).toBeUndefined()
      expect(mail.textBody).toContain(`${use}のための認証コード`)
      expect(mail.textBody).toContain('認証コード：012345\n')
      expect(mail.textBody).toContain('有効期限：2026年11月20日 10時10分まで（送信から10分）')
      expect(mail.textBody).toContain(
        '■お問い合わせ先\nみどり保険サービス株式会社\n電話 03-1234-5678',
      )
      expect(
        mail.textBody.endsWith('このメールは送信専用です。返信いただいてもお答えできません。\n'),
      ).toBe(true)
    },
  )

  it('代理店の連絡先がなければ、お問い合わせ先の見出しも出さないこと', () => {
    const mail = codeMail('login', {
      ...context,
      agencyContact: '  ',
      code: '012345',
      codeExpiresAt,
    })
    expect(mail.textBody).not.toContain('■お問い合わせ先')
  })

  it('メールアドレス変更のお知らせは、新しいアドレスを伏せ字で書き、心当たりがなければ代理店へと案内すること', () => {
    const mail = mailChangedNotice({
      ...context,
      maskedNewMailAddress: 'n***@example.jp',
      changedAt: codeExpiresAt,
    })
    expect(mail.subject).toBe('【みどり商事健康保険組合】メールアドレス変更のお知らせ')
    expect(mail.textBody).toContain(
      '・変更日時：2026年11月20日 10時10分\n・新しいメールアドレス：n***@example.jp',
    )
    expect(mail.textBody).toContain(
      'お心当たりのない場合は、ほかの方がマイページを利用した可能性があります。お手数ですが、下記のお問い合わせ先へご連絡ください。',
    )
  })

  it('パスワードの変更・再設定のお知らせは、どちらかを書き分けること（パスワードそのものは書かない）', () => {
    const changed = passwordChangedNotice('change', { ...context, changedAt: codeExpiresAt })
    const reset = passwordChangedNotice('reset', { ...context, changedAt: codeExpiresAt })
    expect([changed.template, changed.subject]).toEqual([
      'myPagePasswordChanged',
      '【みどり商事健康保険組合】パスワード変更のお知らせ',
    ])
    expect([reset.template, reset.subject]).toEqual([
      'myPagePasswordReset',
      '【みどり商事健康保険組合】パスワード再設定のお知らせ',
    ])
    expect(reset.textBody).toContain('・再設定日時：2026年11月20日 10時10分')
  })

  it('IDの再通知は、登録のIDをすべて書くこと', () => {
    const mail = idReNotificationMail({ ...context, userIds: ['ABCDE23456', 'FGHJK34567'] })
    expect(mail.textBody).toContain('・マイページのID：ABCDE23456\n・マイページのID：FGHJK34567')
  })

  it('電話番号の登録のお知らせは、番号を伏せ字で書くこと', () => {
    const mail = phoneRegisteredNotice({
      ...context,
      maskedPhoneNumber: '*******5678',
      registeredAt: codeExpiresAt,
    })
    expect(mail.textBody).toContain('・電話番号：*******5678')
  })
})

describe('SMS と音声ガイダンスの文面', () => {
  it('SMS は1通（70文字）に収まり、コードと10分を書くこと', () => {
    const sms = smsCodeMessage({ groupName: context.groupName, code: '012345' })
    expect(sms.textBody).toBe(
      '【みどり商事健康保険組合】認証コード：012345（10分間有効）。他人に教えないでください。',
    )
    expect(sms.textBody.length).toBeLessThanOrEqual(70)
  })

  it('音声は数字を1つずつ読み、コードを2回読むこと', () => {
    expect(readDigits('0123456789')).toBe(
      'ゼロ、イチ、ニ、サン、ヨン、ゴ、ロク、ナナ、ハチ、キュウ',
    )
    const voice = voiceCodeMessage({ groupName: context.groupName, code: '409871' })
    expect(voice.textBody).toBe(
      [
        'こちらは、みどり商事健康保険組合、団体保険 加入者マイページです。',
        '認証コードは、ヨン、ゼロ、キュウ、ハチ、ナナ、イチ、です。',
        '繰り返します。認証コードは、ヨン、ゼロ、キュウ、ハチ、ナナ、イチ、です。',
        'この認証コードの有効期限は、10分です。ほかの人には教えないでください。',
      ].join('\n'),
    )
  })
})
