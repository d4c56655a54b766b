import { currentConsentVersions } from '@app/shared/documents'
import { t } from '@app/shared/messages/documents'
import { t as flowT } from '@app/shared/messages/application-flow'
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
    name: 'entryTerms',
    documentId: 'entry-terms',
    version: currentConsentVersions['entry-terms'],
    legend: t('consent.entryTerms.legend'),
    label: t('consent.entryTerms.label'),
    requiredMessage: flowT('consent.entryTerms.required'),
  },
  {
    name: 'privacyPolicy',
    documentId: 'privacy-policy',
    version: currentConsentVersions['privacy-policy'],
    legend: t('consent.privacyPolicy.legend'),
    label: t('consent.privacyPolicy.label'),
    requiredMessage: flowT('consent.privacyPolicy.required'),
  },
]

/**
 * お申し込みにあたっての同意事項 (SPEC §2.1): the group's important matters before the
 * application (insurer and agency, coverage period, duty of disclosure, cooling-off, payment,
 * personal information). Both consents are required and recorded with the application; then
 * the next step (selectPolicyHolderDiv, or where a returning applicant left off).
 */
export default function EntryTermsScreen() {
  const { api } = useServices()
  const application = useApplication('entryTerms')
  return (
    <div className="flex flex-col gap-8">
      <StepHeader
        title={t('screen.entryTerms.title')}
        step="entryTerms"
        view={application?.view}
        conflict={application?.conflict}
      />
      <LoadingRegion data={application} className="flex flex-col gap-8">
        {(application) => (
          <>
            <GuideDocumentView document={entryGuides.entryTermsDocument(application.group)} />
            <ConsentForm
              key={application.view.version}
              items={consentItems}
              isGiven={isRecordedIn(application.view.consentArray)}
              submitLabel={t('consent.submit')}
              onAgreed={async (consentArray) => {
                const view = await application.save((version) =>
                  saveStep(api, 'entryTerms', { version, consentArray }),
                )
                if (view !== undefined) application.goToNext(view)
              }}
            />
          </>
        )}
      </LoadingRegion>
    </div>
  )
}
