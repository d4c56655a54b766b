import { formatJapaneseDateTime, t } from '@app/shared'
import { plainMail, type MyPageMailContext } from './my-page-templates.ts'
import type { MailContent } from './outbox.ts'

// The mails the back office sends to an applicant (issue #20 point 5, ADR 0027), in the my-page
// mail's style; texts in shared messages/admin-notice-mail.ja.ts. The staff member's reason is
// never in them: the applicant is asked to contact the agency.

type MailTemplate = Omit<MailContent, 'recipient'>

/** お申込みの取消: staff cancelled the application. */
export function applicationCancelledMail(
  context: MyPageMailContext & { cancelledAt: Date },
): MailTemplate {
  return plainMail('adminApplicationCancelled', context, t('adminNoticeMail.cancelled.subject'), [
    t('adminNoticeMail.cancelled.lead', { groupName: context.groupName }),
    t('adminNoticeMail.cancelled.details', {
      cancelledAt: formatJapaneseDateTime(context.cancelledAt),
    }),
    t('adminNoticeMail.cancelled.contact'),
  ])
}
