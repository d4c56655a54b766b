import { Outlet } from 'react-router'
import { useCurrentLayout } from './route-handle.ts'
import { PageShell } from '../components/layout/page-shell.tsx'
import { useLoadedGroup } from '../lib/use-loaded-group.ts'

/** The layout of an area (SPEC §2.4), chosen by the matched screen. */
export function AreaLayout() {
  const layout = useCurrentLayout()
  const group = useLoadedGroup()
  return (
    <PageShell
      layout={layout}
      groupName={group?.groupPfInfo.groupNameKanji}
      themeColor={group?.groupPfInfo.themeColor}
    >
      <Outlet />
    </PageShell>
  )
}
