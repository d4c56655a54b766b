import { t } from '@app/shared/messages/shell'
import { useHref, useLocation } from 'react-router'
import { useLoadedGroup } from '@/lib/use-loaded-group.ts'
import { PageHeading } from '../page-heading.tsx'
import { useDocumentTitle } from '../use-document-title.ts'

/** SPEC §8.1: 「ページが見つかりません」 and the path that was asked for. */
export function NotFoundScreen() {
  const { pathname } = useLocation()
  // The address as the user sees it, with the /app prefix.
  const path = useHref(pathname)
  const group = useLoadedGroup()
  const title = t('notFound.title')
  useDocumentTitle(title, group?.groupPfInfo.groupNameKanji)
  return (
    <div className="flex flex-col gap-4">
      <PageHeading alwaysFocus>{title}</PageHeading>
      <p className="text-std-16N-170">{t('notFound.description', { path })}</p>
    </div>
  )
}
