import { t } from '@app/shared/messages/shell'
import type { ScreenTitleKey } from './screen-title-key.ts'
import { PageHeading } from './page-heading.tsx'
import { useLoadedGroup } from '../lib/use-loaded-group.ts'

/**
 * A screen that so far shows only its title and the group (SPA shell issue). A later issue
 * replaces the screen's module with the real screen.
 */
export function TitleOnlyScreen({ titleKey }: { titleKey: ScreenTitleKey }) {
  const group = useLoadedGroup()
  const groupName = group?.groupPfInfo.groupNameKanji
  return (
    <div className="flex flex-col gap-4">
      <PageHeading>{t(titleKey)}</PageHeading>
      {groupName !== undefined && (
        <p className="text-std-16N-170">{t('screen.groupName', { groupName })}</p>
      )}
    </div>
  )
}
