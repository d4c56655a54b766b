import type { PolicyDocumentId } from '@app/shared/documents'
import { t } from '@app/shared/messages/documents'
import { Link } from '@/components/link.tsx'

/**
 * A link to the system terms page (SPEC §2.3), at one document when given. It opens in a new tab,
 * and says so, so that leaving a consent form never loses what has been ticked (WCAG G201).
 */
export function PolicyLink({
  documentId,
  children,
}: {
  documentId?: PolicyDocumentId | undefined
  children: string
}) {
  return (
    <Link
      to={{
        pathname: '/systemTermsOfServiceAndPolicies',
        hash: documentId === undefined ? '' : `#${documentId}`,
      }}
      target="_blank"
      rel="noopener noreferrer"
      className="app-link"
    >
      {children}
      {t('document.opensInNewTab')}
    </Link>
  )
}
