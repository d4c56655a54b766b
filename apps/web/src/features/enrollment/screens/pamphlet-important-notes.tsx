import { t } from '@app/shared/messages/documents'
import { Link } from 'react-router'
import { PageHeading } from '../../../components/page-heading.tsx'
import { entryGuides } from '../components/entry-guides.ts'
import { GuideDocumentView } from '../components/guide-document.tsx'
import { useEntryGroup } from '../components/use-entry-group.ts'

/**
 * 重要事項のご確認 (SPEC §2.1): the pamphlet's important matters (契約概要・注意喚起情報) in summary,
 * opened from checkPolicyHolderInfo only (SPEC §2.7), with the way back to it.
 */
export default function PamphletImportantNotesScreen() {
  const group = useEntryGroup()
  if (group === undefined) return null
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-4">
        <PageHeading>{t('screen.pamphletImportantNotes.title')}</PageHeading>
        <p className="text-std-16N-170">
          {t('screen.groupName', { groupName: group.groupPfInfo.groupNameKanji })}
        </p>
      </div>
      <GuideDocumentView document={entryGuides.importantNotesDocument(group)} />
      <div>
        <Link to="../checkPolicyHolderInfo" relative="path" className="app-button w-full md:w-auto">
          {t('pamphletImportantNotes.back')}
        </Link>
      </div>
    </div>
  )
}
