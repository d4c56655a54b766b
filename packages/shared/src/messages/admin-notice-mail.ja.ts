// The mails the back office sends to an applicant (issue #20 point 5, ADR 0027). The staff
// member's reason is never in them: the applicant is asked to contact the agency.
export const adminNoticeMailMessages = {
  'adminNoticeMail.cancelled.subject': 'お申込みの取消のお知らせ',
  'adminNoticeMail.cancelled.lead': '{groupName}の団体保険について、お申込みを取り消しました。',
  'adminNoticeMail.cancelled.details': '・取消日時：{cancelledAt}',
  'adminNoticeMail.cancelled.contact':
    '取消の理由やお手続きについては、お手数ですが、下記のお問い合わせ先（取扱代理店）へご連絡ください。',
} as const
