import { currentConsentVersions } from '@app/shared/documents'
import { t } from '@app/shared/messages/verify-user'
import { lazy, Suspense, useMemo } from 'react'
import { Navigate } from 'react-router'
import { PageHeading } from '@/components/page-heading.tsx'
import { ConfirmMailForm, useMailLinkToken } from '../components/confirm-mail-form.tsx'
import { useEntryGroup, type EntryGroup } from '@/lib/use-entry-group.ts'
import { authItemsOf, VerifyByIdForm, VerifyByItemsForm } from '../components/verify-user-forms.tsx'
import { useLinkConsents } from '../consent.ts'

// Only outside the recruiting period: the periods' texts (entry-guides) stay out of this chunk.
const RecruitmentClosed = lazy(() =>
  import('../components/recruitment-closed.tsx').then((module) => ({
    default: module.RecruitmentClosed,
  })),
)

const termsOfUse = {
  documentId: 'terms-of-use',
  version: currentConsentVersions['terms-of-use'],
} as const

function VerificationForm({ group }: { group: EntryGroup }) {
  const items = useMemo(() => authItemsOf(group.itemDefinitionArray ?? []), [group])
  if (group.groupPfInfo.authenticationType === '1') return <VerifyByIdForm group={group} />
  // A group set up for three-item authentication without its items cannot verify anyone.
  if (items.length === 0) throw new Error('the group has no authentication items (authItemCd)')
  return <VerifyByItemsForm group={group} items={items} />
}

/**
 * 本人確認 (SPEC §2.1, §6; issue #5). Opened from the verification mail (`#token=…`): the mail
 * address check. Otherwise, after the termsOfService consent, the check the group's
 * authenticationType selects; outside the recruiting period the §8.4 message and the periods.
 */
export default function VerifyUserScreen() {
  const group = useEntryGroup()
  const mailToken = useMailLinkToken()
  const consents = useLinkConsents()
  if (group === undefined) return null

  let content
  if (mailToken !== undefined) content = <ConfirmMailForm token={mailToken} />
  else if (group.recruitmentPhase === 'closed') {
    content = (
      <Suspense fallback={null}>
        <RecruitmentClosed group={group} />
      </Suspense>
    )
  } else if (!consents.isGiven(termsOfUse)) {
    return <Navigate to="../termsOfService" relative="path" replace />
  } else content = <VerificationForm group={group} />

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-4">
        <PageHeading>{t('screen.verifyUser.title')}</PageHeading>
        <p className="text-std-16N-170">
          {t('screen.groupName', { groupName: group.groupPfInfo.groupNameKanji })}
        </p>
      </div>
      {content}
    </div>
  )
}
