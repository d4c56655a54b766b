import { t } from '@app/shared/messages/shell'
import { useCallback, type MouseEvent, type ReactNode } from 'react'
import { Link } from '@/components/link.tsx'
import { themeStyle } from './theme-color.ts'

/** SPEC §2.4 */
export type LayoutName =
  'common' | 'common-encryption' | 'common-encryption-with-margin-top-none' | 'pamphlet'

export const MAIN_CONTENT_ID = 'main-content'

const mainClassName: Record<LayoutName, string> = {
  common: 'mx-auto w-full max-w-[60rem] flex-1 px-4 pt-8 pb-16 md:px-6 md:pt-12',
  'common-encryption': 'mx-auto w-full max-w-[60rem] flex-1 px-4 pt-8 pb-16 md:px-6 md:pt-12',
  'common-encryption-with-margin-top-none':
    'mx-auto w-full max-w-[60rem] flex-1 px-4 pt-0 pb-16 md:px-6',
  pamphlet: 'mx-auto w-full max-w-[75rem] flex-1 px-4 pt-6 pb-16 md:px-8 md:pt-10',
}

function handleSkipLink(event: MouseEvent<HTMLAnchorElement>): void {
  // Move focus without a fragment navigation, which the router would record as a history entry.
  event.preventDefault()
  document.getElementById(MAIN_CONTENT_ID)?.focus()
}

function LockIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 shrink-0 fill-current">
      <path d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 5a3 3 0 1 1 6 0v3H9V7Z" />
    </svg>
  )
}

/**
 * The group's colours on the shell, set through CSSOM in a ref, never as a style attribute: the
 * page's CSP (`style-src 'self'`) refuses one in server-rendered markup (ADR 0036), which carries
 * the same values as a rule in its inline stylesheet instead.
 */
function useThemeColor(themeColor: string | undefined): (element: HTMLElement | null) => void {
  return useCallback(
    (element: HTMLElement | null) => {
      if (element === null) return
      const computed = getComputedStyle(element)
      for (const [name, value] of Object.entries(themeStyle(themeColor))) {
        // Already in effect (the server-rendered rule): setting it again would recompute the
        // style of the whole page right after the first paint.
        if (computed.getPropertyValue(name).trim().toLowerCase() === String(value).toLowerCase()) {
          continue
        }
        element.style.setProperty(name, String(value))
      }
    },
    [themeColor],
  )
}

export function PageShell({
  layout,
  groupName,
  themeColor,
  headerAction,
  children,
}: {
  layout: LayoutName
  groupName: string | undefined
  themeColor: string | undefined
  /** a control at the end of the header bar (sign-out while signed in) */
  headerAction?: ReactNode
  children: ReactNode
}) {
  const isEncrypted =
    layout === 'common-encryption' || layout === 'common-encryption-with-margin-top-none'
  return (
    <div className="flex min-h-dvh flex-col" ref={useThemeColor(themeColor)} data-layout={layout}>
      <a
        href={`#${MAIN_CONTENT_ID}`}
        onClick={handleSkipLink}
        className="sr-only bg-white p-3 text-std-16B-170 text-blue-1000 underline focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
      >
        {t('app.skipToMain')}
      </a>
      <header>
        <div className="bg-(--theme-color) text-(--theme-on-color)">
          <div
            className={`mx-auto flex w-full items-center justify-between gap-4 px-4 py-3 md:px-6 md:py-4 ${layout === 'pamphlet' ? 'max-w-[75rem] md:px-8' : 'max-w-[60rem]'}`}
          >
            <p className="text-std-18B-160 md:text-std-20B-150">{groupName ?? t('app.name')}</p>
            {headerAction}
          </div>
        </div>
        {isEncrypted && (
          <div className="border-b border-solid-gray-200 bg-solid-gray-50">
            <p className="mx-auto flex w-full max-w-[60rem] items-center gap-2 px-4 py-1 text-dns-14N-130 text-solid-gray-700 md:px-6">
              <LockIcon />
              {t('app.header.encryptionNotice')}
            </p>
          </div>
        )}
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={mainClassName[layout]}>
        {children}
      </main>
      <footer className="border-t border-solid-gray-200 bg-solid-gray-50">
        <div className="mx-auto flex w-full max-w-[60rem] flex-col gap-3 px-4 py-6 md:px-6">
          <nav aria-label={t('app.footer.navigation')}>
            <ul>
              <li>
                <Link to="/systemTermsOfServiceAndPolicies" className="app-link text-std-16N-170">
                  {t('app.footer.systemTerms')}
                </Link>
              </li>
            </ul>
          </nav>
          <p className="text-dns-14N-130 text-solid-gray-700">{t('app.footer.copyright')}</p>
        </div>
      </footer>
    </div>
  )
}
