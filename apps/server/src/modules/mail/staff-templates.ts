import { formatJapaneseDateTime, t } from '@app/shared'
import { STAFF_ENROLMENT_HOURS } from '@app/shared/rules/staff-permissions'
import type { MailContent } from './outbox.ts'

// The back office's mail (issue #20 point 2, ADR 0026), texts in messages/admin-mail.ja.ts.

type MailTemplate = Omit<MailContent, 'recipient'>

/** スタッフ登録のご案内: the one-time enrolment link of an invited (or re-invited) member. */
export function staffEnrolmentMail(input: { name: string; link: string; expiresAt: Date }) {
  const sections = [
    t('adminMail.enrolment.greeting', { name: input.name }),
    t('adminMail.enrolment.lead'),
    input.link,
    [
      `・${t('adminMail.enrolment.expiry', { expiresAt: formatJapaneseDateTime(input.expiresAt), hours: STAFF_ENROLMENT_HOURS })}`,
      `・${t('adminMail.enrolment.once')}`,
    ].join('\n'),
    t('adminMail.enrolment.notYou'),
    `----------------------------------------\n${t('adminMail.noReply')}`,
  ]
  const mail: MailTemplate = {
    template: 'staffEnrolment',
    subject: t('adminMail.enrolment.subject'),
    textBody: `${sections.join('\n\n')}\n`,
  }
  return mail
}
