import type { GuideSection } from '@app/shared/documents'
import { t } from '@app/shared/messages/documents'
import { entryGuides } from '@/lib/entry-guides.ts'
import { GuideDocumentView } from '@/components/guide-document.tsx'
import type { EntryGroup } from '@/lib/use-entry-group.ts'

/**
 * SPEC §8.4 outside the recruiting period: applications are not accepted; the periods follow, so
 * the applicant can check them, and the agency's contact.
 */
export function RecruitmentClosed({ group }: { group: EntryGroup }) {
  const branch = group.groupPfInfoBranchNo
  const contact = branch.contactRef === '' ? branch.refFreeField : branch.contactRef
  const sections: GuideSection[] = [
    {
      id: 'periods',
      heading: t('recruitment.periodsHeading'),
      blocks: [
        { type: 'definitions', entries: entryGuides.recruitmentPeriodEntries(group.groupPfInfo) },
      ],
    },
  ]
  if (contact !== '') {
    sections.push({
      id: 'contact',
      heading: t('recruitment.contactHeading'),
      blocks: [{ type: 'preformatted', text: contact }],
    })
  }
  return (
    <div className="flex flex-col gap-10">
      <p className="rounded-8 border-2 border-solid-gray-600 bg-solid-gray-50 p-4 text-std-16B-170 text-solid-gray-900 md:p-6">
        {t('recruitment.closed')}
      </p>
      <GuideDocumentView document={{ sections }} />
    </div>
  )
}
