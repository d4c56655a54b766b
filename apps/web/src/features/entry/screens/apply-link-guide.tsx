import { t } from '@app/shared/messages/documents'
import { Link } from '@/components/link.tsx'
import { PageHeading } from '@/components/page-heading.tsx'
import { entryGuides } from '@/lib/entry-guides.ts'
import { GuideDocumentView } from '@/components/guide-document.tsx'
import { useEntryGroup } from '@/lib/use-entry-group.ts'

/**
 * お申し込み用URLのご案内 (SPEC §2.1): what the link is, who may apply, the recruitment periods,
 * what to prepare (the group's required documents) and the steps; then on to termsOfService.
 */
export default function ApplyLinkGuideScreen() {
  const group = useEntryGroup()
  if (group === undefined) return null
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-4">
        <PageHeading>{t('screen.applyLinkGuide.title')}</PageHeading>
        <p className="text-std-16N-170">
          {t('screen.groupName', { groupName: group.groupPfInfo.groupNameKanji })}
        </p>
      </div>
      <GuideDocumentView document={entryGuides.applyLinkGuideDocument(group)} />
      <div>
        <Link to="../termsOfService" relative="path" className="app-button w-full md:w-auto">
          {t('applyLinkGuide.next')}
        </Link>
      </div>
    </div>
  )
}
