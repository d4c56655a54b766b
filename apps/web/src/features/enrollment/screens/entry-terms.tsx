import { currentConsentVersions } from '@app/shared/documents'
import { t } from '@app/shared/messages/documents'
import { useNavigate } from 'react-router'
import { PageHeading } from '../../../components/page-heading.tsx'
import { ConsentForm, type ConsentItem } from '../components/consent-form.tsx'
import { entryGuides } from '../components/entry-guides.ts'
import { GuideDocumentView } from '../components/guide-document.tsx'
import { useEntryGroup } from '../components/use-entry-group.ts'

const consentItems: readonly ConsentItem[] = [
  {
    name: 'entryTerms',
    documentId: 'entry-terms',
    version: currentConsentVersions['entry-terms'],
    legend: t('consent.entryTerms.legend'),
    label: t('consent.entryTerms.label'),
    requiredMessageKey: 'consent.entryTerms.required',
  },
  {
    name: 'privacyPolicy',
    documentId: 'privacy-policy',
    version: currentConsentVersions['privacy-policy'],
    legend: t('consent.privacyPolicy.legend'),
    label: t('consent.privacyPolicy.label'),
    requiredMessageKey: 'consent.privacyPolicy.required',
  },
]

/**
 * お申し込みにあたっての同意事項 (SPEC §2.1): the group's important matters before the
 * application (insurer and agency, coverage period, duty of disclosure, cooling-off, payment,
 * personal information). Both consents are required; then selectPolicyHolderDiv.
 */
export default function EntryTermsScreen() {
  const group = useEntryGroup()
  const navigate = useNavigate()
  if (group === undefined) return null
  const document = entryGuides.entryTermsDocument(group)
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-4">
        <PageHeading>{t('screen.entryTerms.title')}</PageHeading>
        <p className="text-std-16N-170">
          {t('screen.groupName', { groupName: group.groupPfInfo.groupNameKanji })}
        </p>
      </div>
      <GuideDocumentView document={document} />
      <ConsentForm
        items={consentItems}
        onAgreed={() => navigate('../selectPolicyHolderDiv', { relative: 'path' })}
      />
    </div>
  )
}
