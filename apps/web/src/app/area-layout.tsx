import type { ReactNode } from 'react'
import { Outlet } from 'react-router'
import { useCurrentLayout } from './route-handle.ts'
import { PageShell } from '../components/layout/page-shell.tsx'
import { useLoadedGroup } from '../lib/use-loaded-group.ts'

/** The page shell in the matched screen's layout (SPEC §2.4) and the loaded group's colours. */
export function GroupPageShell({ children }: { children: ReactNode }) {
  const layout = useCurrentLayout()
  const group = useLoadedGroup()
  return (
    <PageShell
      layout={layout}
      groupName={group?.groupPfInfo.groupNameKanji}
      themeColor={group?.groupPfInfo.themeColor}
    >
      {children}
    </PageShell>
  )
}

/** The layout of an area, around whichever screen matched. */
export function AreaLayout() {
  return (
    <GroupPageShell>
      <Outlet />
    </GroupPageShell>
  )
}
