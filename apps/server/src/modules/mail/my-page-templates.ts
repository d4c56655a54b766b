import { formatJapaneseDateTime } from '@app/shared'
import { ONE_TIME_CODE_MINUTES } from '@app/shared/api/my-page/fields'
import type { TelephoneMessage } from '../telephone/telephone-outbox.ts'
import type { MailContent } from './outbox.ts'

// The my-page's mail, SMS and voice texts (issue #8, PRODUCT.md "Messages"): Japanese, plain
// text, and the agency contact (the branch's refFreeField, SPEC §3.4) in every mail. A code mail
// gives the code and its 10 minutes; no mail ever holds a password.

type MailTemplate = Omit<MailContent, 'recipient'>
type TelephoneTemplate = Omit<TelephoneMessage, 'recipient' | 'channel'>

/** What every my-page mail names: the group, and whom to ask. */
export interface MyPageMailContext {
  /** 団体名 (groupPfInfo.groupNameKanji) */
  groupName: string
  /** the branch's refFreeField (SPEC §3.4), several lines */
  agencyContact: string
}

const NO_REPLY = [
  '----------------------------------------',
  'このメールは送信専用です。返信いただいてもお答えできません。',
].join('\n')

/** Sections joined by blank lines; the agency's contact and the no-reply note close every mail. */
export function plainMail(
  template: string,
  context: MyPageMailContext,
  subject: string,
  sections: string[],
): MailTemplate {
  const contact = context.agencyContact.trim()
  const closing = contact === '' ? [] : [`■お問い合わせ先\n${contact}`]
  return {
    template,
    subject: `【${context.groupName}】${subject}`,
    textBody: `${[...sections, ...closing, NO_REPLY].join('\n\n')}\n`,
  }
}

export type CodePurpose = 'login' | 'mailChange' | 'passwordReset'

const codeSubjects: Record<CodePurpose, { template: string; subject: string; use: string }> = {
  login: {
    template: 'myPageLoginCode',
    subject: 'マイページの認証コード',
    use: 'マイページへのログイン',
  },
  mailChange: {
    template: 'myPageMailChangeCode',
    subject: 'メールアドレス変更の認証コード',
    use: 'メールアドレスの変更',
  },
  passwordReset: {
    template: 'myPagePasswordResetCode',
    subject: 'パスワード再設定の認証コード',
    use: 'パスワードの再設定',
  },
}

/** 認証コードのお知らせ: the 6 digits, until when they work (10 minutes), and what they are for. */
export function codeMail(
  purpose: CodePurpose,
  context: MyPageMailContext & { code: string; codeExpiresAt: Date },
): MailTemplate {
  const { template, subject, use } = codeSubjects[purpose]
  return plainMail(template, context, subject, [
    `${context.groupName}の団体保険 加入者マイページをご利用いただき、ありがとうございます。`,
    `${use}のための認証コードをお知らせします。画面に次の6桁の認証コードを入力してください。`,
    `認証コード：${context.code}`,
    [
      `・有効期限：${formatJapaneseDateTime(context.codeExpiresAt)}まで（送信から${ONE_TIME_CODE_MINUTES}分）`,
      '・認証コードは1回だけご利用いただけます。',
      '・認証コードは、ほかの人に教えないでください。',
    ].join('\n'),
    'このメールにお心当たりのない場合は、ほかの方が誤って入力した可能性があります。認証コードは入力せずに、このメールを破棄してください。',
  ])
}

/** To the OLD address after a mail change: what changed, and whom to call if it was not them. */
export function mailChangedNotice(
  context: MyPageMailContext & { maskedNewMailAddress: string; changedAt: Date },
): MailTemplate {
  return plainMail('myPageMailChanged', context, 'メールアドレス変更のお知らせ', [
    `${context.groupName}の団体保険 加入者マイページにご登録のメールアドレスが変更されました。`,
    [
      `・変更日時：${formatJapaneseDateTime(context.changedAt)}`,
      `・新しいメールアドレス：${context.maskedNewMailAddress}`,
    ].join('\n'),
    '今後のお知らせは、新しいメールアドレスにお送りします。このメールアドレスには届きません。',
    'この変更にお心当たりのない場合は、ほかの方がマイページを利用した可能性があります。お手数ですが、下記のお問い合わせ先へご連絡ください。',
  ])
}

/** After a password change (signed in) or a reset (by code): never the password itself. */
export function passwordChangedNotice(
  kind: 'change' | 'reset',
  context: MyPageMailContext & { changedAt: Date },
): MailTemplate {
  const what = kind === 'change' ? '変更' : '再設定'
  return plainMail(
    kind === 'change' ? 'myPagePasswordChanged' : 'myPagePasswordReset',
    context,
    `パスワード${what}のお知らせ`,
    [
      `${context.groupName}の団体保険 加入者マイページのパスワードが${what}されました。`,
      `・${what}日時：${formatJapaneseDateTime(context.changedAt)}`,
      'ほかの端末でのログインは、すべて終了しました。次回からは新しいパスワードでログインしてください。',
      'この操作にお心当たりのない場合は、ほかの方がマイページを利用した可能性があります。お手数ですが、下記のお問い合わせ先へご連絡ください。',
    ],
  )
}

/** ID再通知: every my-page ID registered with the address in the group. */
export function idReNotificationMail(
  context: MyPageMailContext & { userIds: readonly string[] },
): MailTemplate {
  return plainMail('myPageIdReNotification', context, 'マイページのIDのお知らせ', [
    `${context.groupName}の団体保険 加入者マイページのIDをお知らせします。`,
    context.userIds.map((userId) => `・マイページのID：${userId}`).join('\n'),
    'マイページのログイン画面で、このIDとパスワードを入力してください。パスワードがわからない場合は、ログイン画面の「パスワードをお忘れの方」から再設定できます。',
    'このメールにお心当たりのない場合は、ほかの方が誤ってメールアドレスを入力した可能性があります。このメールを破棄してください。',
  ])
}

/** After a phone was registered for telephone authentication. */
export function phoneRegisteredNotice(
  context: MyPageMailContext & { maskedPhoneNumber: string; registeredAt: Date },
): MailTemplate {
  return plainMail('myPagePhoneRegistered', context, '電話番号認証の登録のお知らせ', [
    `${context.groupName}の団体保険 加入者マイページに、電話番号認証の電話番号が登録されました。`,
    [
      `・登録日時：${formatJapaneseDateTime(context.registeredAt)}`,
      `・電話番号：${context.maskedPhoneNumber}`,
    ].join('\n'),
    '次回のログインからは、この電話番号あてのSMSまたは音声ガイダンスで認証コードをお知らせします。',
    'この登録にお心当たりのない場合は、ほかの方がマイページを利用した可能性があります。お手数ですが、下記のお問い合わせ先へご連絡ください。',
  ])
}

/** An SMS fits one message (70 characters of Japanese): the group, the code, 10 minutes. */
export function smsCodeMessage(context: { groupName: string; code: string }): TelephoneTemplate {
  return {
    template: 'myPageSmsCode',
    subject: 'SMS認証コード',
    textBody: `【${context.groupName}】認証コード：${context.code}（${ONE_TIME_CODE_MINUTES}分間有効）。他人に教えないでください。`,
  }
}

const DIGIT_READINGS = [
  'ゼロ',
  'イチ',
  'ニ',
  'サン',
  'ヨン',
  'ゴ',
  'ロク',
  'ナナ',
  'ハチ',
  'キュウ',
]

/** The code as a voice reads it: one digit at a time, with a pause between ("イチ、ニ、…"). */
export function readDigits(code: string): string {
  return Array.from(code, (digit) => DIGIT_READINGS[Number(digit)] ?? digit).join('、')
}

/** The voice call's script: the code twice, slowly, and how long it works. */
export function voiceCodeMessage(context: { groupName: string; code: string }): TelephoneTemplate {
  const spoken = `認証コードは、${readDigits(context.code)}、です。`
  return {
    template: 'myPageVoiceCode',
    subject: '音声ガイダンスの認証コード',
    textBody: [
      `こちらは、${context.groupName}、団体保険 加入者マイページです。`,
      spoken,
      `繰り返します。${spoken}`,
      `この認証コードの有効期限は、${ONE_TIME_CODE_MINUTES}分です。ほかの人には教えないでください。`,
    ].join('\n'),
  }
}
