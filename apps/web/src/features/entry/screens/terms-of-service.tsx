import {
  currentConsentVersions,
  formatDocumentVersion,
  loadTermsOfUse,
} from '@app/shared/documents'
import { t } from '@app/shared/messages/documents'
import { t as fieldT } from '@app/shared/messages/fields'
import { useNavigate } from 'react-router'
import { Link } from '@/components/link.tsx'
import { PageHeading } from '@/components/page-heading.tsx'
import { ConsentForm, type ConsentItem } from '@/components/form/consent-form.tsx'
import { entryGuides } from '@/lib/entry-guides.ts'
import { PolicyArticles } from '@/components/policy-articles.tsx'
import { PolicyLink } from '@/components/policy-link.tsx'
import { RecruitmentClosed } from '../components/recruitment-closed.tsx'
import { useEntryGroup } from '@/lib/use-entry-group.ts'
import { useLinkConsents } from '../consent.ts'

// Awaited with the screen's own chunk (see components/entry-guides.ts).
const { termsOfUse } = await loadTermsOfUse()

const consentItems: readonly ConsentItem[] = [
  {
    name: 'termsOfUse',
    documentId: 'terms-of-use',
    version: currentConsentVersions['terms-of-use'],
    legend: t('consent.termsOfUse.legend'),
    label: t('consent.termsOfUse.label'),
    requiredMessage: fieldT('consent.termsOfUse.required'),
  },
]

/**
 * 利用規約 (SPEC §2.1): the link's first page. The shared 利用規約 after a short group preamble,
 * and the consent that lets the applicant go on to verifyUser; outside the recruiting period the
 * §8.4 message and the periods instead of the form.
 */
export default function TermsOfServiceScreen() {
  const group = useEntryGroup()
  const navigate = useNavigate()
  const consents = useLinkConsents()
  if (group === undefined) return null
  const groupName = group.groupPfInfo.groupNameKanji
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-4">
        <PageHeading>{t('screen.termsOfService.title')}</PageHeading>
        <p className="text-std-16N-170">{t('screen.groupName', { groupName })}</p>
      </div>
      {group.recruitmentPhase === 'closed' ? (
        <RecruitmentClosed group={group} />
      ) : (
        <>
          <div className="flex flex-col gap-3 text-std-16N-170">
            {entryGuides.termsOfServicePreamble(group).map((text) => (
              <p key={text}>{text}</p>
            ))}
            {/* SPEC §2.1 applyLinkGuide, reached in the flow (§2.5: it blocks direct access) */}
            <p>
              {t('termsOfService.applyLinkGuide')}
              <br />
              <Link to="../applyLinkGuide" relative="path" className="app-link">
                {t('termsOfService.applyLinkGuide.link')}
              </Link>
            </p>
          </div>
          <div className="flex flex-col gap-6 border-t border-solid-gray-420 pt-6">
            <p className="text-std-16N-170 text-solid-gray-700">
              {t('document.enacted', { date: formatDocumentVersion(termsOfUse.version) })}
            </p>
            <div className="flex flex-col gap-3 text-std-16N-170">
              {termsOfUse.preamble.map((text) => (
                <p key={text}>{text}</p>
              ))}
            </div>
            <PolicyArticles articles={termsOfUse.articles} headingLevel={2} />
          </div>
          <p className="text-std-16N-170">
            {t('termsOfService.relatedPolicies')}
            <br />
            <PolicyLink>{t('screen.systemTermsOfServiceAndPolicies.title')}</PolicyLink>
          </p>
          <ConsentForm
            items={consentItems}
            isGiven={consents.isGiven}
            submitLabel={t('consent.submit')}
            onAgreed={async (agreed) => {
              consents.record(agreed)
              await navigate('../verifyUser', { relative: 'path' })
            }}
          />
        </>
      )}
    </div>
  )
}
