import { currentConsentVersions } from '@app/shared/documents'
import { t } from '@app/shared/messages/documents'
import { t as flowT } from '@app/shared/messages/application-flow'
import { Link } from '@/components/link.tsx'
import { useServices } from '@/lib/services.tsx'
import { saveStep } from '../application-api.ts'
import { LoadingRegion } from '@/components/loading-indicator.tsx'
import { ConsentForm, isRecordedIn, type ConsentItem } from '@/components/form/consent-form.tsx'
import { StepHeader } from '../components/step-header.tsx'
import { useApplication } from '../use-application.tsx'
import { entryGuides } from '@/lib/entry-guides.ts'
import { GuideDocumentView } from '@/components/guide-document.tsx'

const consentItems: readonly ConsentItem[] = [
  {
    name: 'importantNotes',
    documentId: 'important-notes',
    version: currentConsentVersions['important-notes'],
    legend: flowT('importantNotes.legend'),
    label: flowT('importantNotes.label'),
    requiredMessage: flowT('consent.importantNotes.required'),
  },
]

/**
 * 重要事項のご確認 (SPEC §2.1): the pamphlet's important matters (契約概要・注意喚起情報) in summary,
 * opened from checkPolicyHolderInfo only (SPEC §2.7). The consent is recorded with the
 * application; then payment. The way back to checkPolicyHolderInfo stays.
 */
export default function PamphletImportantNotesScreen() {
  const { api } = useServices()
  const application = useApplication('pamphletImportantNotes')
  return (
    <div className="flex flex-col gap-8">
      <StepHeader
        title={t('screen.pamphletImportantNotes.title')}
        step="pamphletImportantNotes"
        view={application?.view}
        conflict={application?.conflict}
      />
      <LoadingRegion data={application} className="flex flex-col gap-8">
        {(application) => (
          <>
            <GuideDocumentView document={entryGuides.importantNotesDocument(application.group)} />
            <ConsentForm
              key={application.view.version}
              items={consentItems}
              isGiven={isRecordedIn(application.view.consentArray)}
              submitLabel={flowT('importantNotes.submit')}
              onAgreed={async (consentArray) => {
                const view = await application.save((version) =>
                  saveStep(api, 'pamphletImportantNotes', { version, consentArray }),
                )
                if (view !== undefined) application.goToNext(view)
              }}
            />
            <div>
              <Link
                to="../checkPolicyHolderInfo"
                relative="path"
                className="app-button-secondary w-full md:w-auto"
              >
                {t('pamphletImportantNotes.back')}
              </Link>
            </div>
          </>
        )}
      </LoadingRegion>
    </div>
  )
}
