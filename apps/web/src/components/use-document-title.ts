import { t } from '@app/shared/messages/shell'
import { useEffect } from 'react'

/** 「画面名 | 団体名」, or the service name while no group is known. */
export function documentTitle(title: string, groupName: string | undefined): string {
  return t('app.documentTitle', { title, site: groupName ?? t('app.name') })
}

export function useDocumentTitle(title: string, groupName: string | undefined): void {
  useEffect(() => {
    document.title = documentTitle(title, groupName)
  }, [title, groupName])
}
