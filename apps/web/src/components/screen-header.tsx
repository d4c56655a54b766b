import { t } from '@app/shared/messages/shell'
import { PageHeading } from './page-heading.tsx'
import { useLoadedGroup } from '../lib/use-loaded-group.ts'

/** A screen's <h1> and, once the link's group is loaded, the group line under it. */
export function ScreenHeader({ title }: { title: string }) {
  const group = useLoadedGroup()
  const groupName = group?.groupPfInfo.groupNameKanji
  return (
    <div className="flex flex-col gap-4">
      <PageHeading>{title}</PageHeading>
      {groupName !== undefined && (
        <p className="text-std-16N-170">{t('screen.groupName', { groupName })}</p>
      )}
    </div>
  )
}
