import type { ReactNode } from 'react'
import { Outlet } from 'react-router'
import { useCurrentLayout } from './route-handle.ts'
import { SessionTimer, SignOutButton } from './session-controls.tsx'
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
      headerAction={<SignOutButton />}
    >
      {children}
    </PageShell>
  )
}

/**
 * The layout of an area, around whichever screen matched. The session timer lives here, so the
 * session error at the idle timeout is shown by the area's error boundary in the same layout.
 */
export function AreaLayout() {
  return (
    <GroupPageShell>
      <Outlet />
      <SessionTimer />
    </GroupPageShell>
  )
}
