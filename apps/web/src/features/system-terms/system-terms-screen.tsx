import { formatDocumentVersion, type PolicyDocument } from '@app/shared/documents'
import { t } from '@app/shared/messages/documents'
import { useEffect, useId } from 'react'
import { useLocation } from 'react-router'
import { InPageLink, moveToSection } from './in-page-link.tsx'
import { PolicyArticles } from '@/components/policy-articles.tsx'
import { policyDocuments } from './policy-documents.ts'
import { PageHeading } from '@/components/page-heading.tsx'

const PAGE_TOP_ID = 'page-top'

/** Moves to the document an address's fragment names (#privacy-policy), if it names one. */
function moveToDocumentOf(hash: string): void {
  const id = decodeURIComponent(hash.replace(/^#/, ''))
  if (policyDocuments.some((document) => document.documentId === id)) {
    moveToSection(window.document, id)
  }
}

function DocumentSection({ document }: { document: PolicyDocument }) {
  const headingId = useId()
  return (
    <section
      id={document.documentId}
      aria-labelledby={headingId}
      className="flex flex-col gap-6 border-t-2 border-solid-gray-420 pt-8"
    >
      <div className="flex flex-col gap-2">
        <h2
          id={headingId}
          tabIndex={-1}
          // Focused only by script, as the page's <h1> (index.css): no ring on a heading.
          className="text-std-24B-150 text-solid-gray-900 focus:shadow-none focus:outline-none md:text-std-28B-150"
        >
          {document.title}
        </h2>
        <p className="text-std-16N-170 text-solid-gray-700">
          {t('document.enacted', { date: formatDocumentVersion(document.version) })}
        </p>
      </div>
      <div className="flex flex-col gap-3 text-std-16N-170">
        {document.preamble.map((text) => (
          <p key={text}>{text}</p>
        ))}
      </div>
      <PolicyArticles articles={document.articles} headingLevel={3} />
      <p className="text-std-16N-170">
        <InPageLink targetId={PAGE_TOP_ID}>{t('document.backToTop')}</InPageLink>
      </p>
    </section>
  )
}

/**
 * 利用規約・各種ポリシー (SPEC §2.3, no entry checks §2.6): the four documents, each under its
 * anchor (#terms-of-use, #system-terms, #privacy-policy, #security-policy) with a table of
 * contents at the top. An address with one of the anchors opens at that document.
 */
export default function SystemTermsScreen() {
  const { hash, key } = useLocation()
  const contentsId = useId()

  useEffect(() => {
    // Runs after the heading's own focus (a child's effect runs first), so the document wins.
    // The address bar's fragment first, which the router's equals once it has seen every move:
    // a server-rendered page may be taken over after a fragment opened meanwhile (ADR 0036).
    moveToDocumentOf(window.location.hash || hash)
  }, [hash, key])

  useEffect(() => {
    // A fragment typed into the address bar: the browser resets focus after the router has seen
    // the change, so the move waits for hashchange, which comes last.
    const onHashChange = () => moveToDocumentOf(window.location.hash)
    window.addEventListener('hashchange', onHashChange)
    return () => window.removeEventListener('hashchange', onHashChange)
  }, [])

  return (
    <div className="flex flex-col gap-10">
      <div id={PAGE_TOP_ID} className="flex flex-col gap-6">
        <PageHeading>{t('screen.systemTermsOfServiceAndPolicies.title')}</PageHeading>
        <p className="text-std-16N-170">{t('systemTerms.lead')}</p>
        <nav
          aria-labelledby={contentsId}
          className="rounded-8 border border-solid-gray-420 bg-solid-gray-50 p-4 md:p-6"
        >
          <h2 id={contentsId} className="text-std-18B-160 text-solid-gray-900">
            {t('document.contents')}
          </h2>
          <ol className="mt-3 flex list-decimal flex-col gap-2 pl-6 text-std-16N-170">
            {policyDocuments.map((document) => (
              <li key={document.documentId}>
                <InPageLink targetId={document.documentId}>{document.title}</InPageLink>
              </li>
            ))}
          </ol>
        </nav>
      </div>
      {policyDocuments.map((document) => (
        <DocumentSection key={document.documentId} document={document} />
      ))}
    </div>
  )
}
