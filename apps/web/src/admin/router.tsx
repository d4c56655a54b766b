import { t } from '@app/shared/messages/admin-console'
import type { StaffPermission } from '@app/shared/rules/staff-permissions'
import type { ReactNode } from 'react'
import { Navigate, type RouteObject } from 'react-router'
import { StaffLayout } from './components/layout.tsx'
import { ErrorAlert, Loading, ScreenHeading } from './components/ui.tsx'
import { codeText } from './lib/format.ts'
import { homeOf, useMay, useStaff } from './lib/staff.tsx'
import { ApplicationDetailScreen } from './screens/application-detail.tsx'
import { ApplicationsScreen } from './screens/applications.tsx'
import { AuditScreen } from './screens/audit.tsx'
import { EnrolScreen } from './screens/enrol.tsx'
import { ExportsScreen } from './screens/exports.tsx'
import { SignInScreen } from './screens/sign-in.tsx'
import { StaffScreen } from './screens/staff.tsx'
import { SupportScreen } from './screens/support.tsx'

// The console's screens (issue #20) under the basename /admin. Each signed-in screen names the
// permission it needs; a role without it gets the refusal's text (the server refuses anyway).

/** The router's basename; also vite.admin.config.ts `base` (without the trailing slash). */
export const ADMIN_BASENAME = '/admin'

function Permitted({ permission, children }: { permission: StaffPermission; children: ReactNode }) {
  const may = useMay(permission)
  return may ? children : <ErrorAlert error={codeText('ADMA0002')} />
}

function Home() {
  return <Navigate to={homeOf(useStaff().role)} replace />
}

function NotFound() {
  return (
    <>
      <ScreenHeading>{t('admin.notFound.title')}</ScreenHeading>
      <p>{t('admin.notFound.body')}</p>
    </>
  )
}

const guarded = (permission: StaffPermission, element: ReactNode) => (
  <Permitted permission={permission}>{element}</Permitted>
)

export const adminRoutes: RouteObject[] = [
  { path: '/signin', element: <SignInScreen /> },
  { path: '/enrol', element: <EnrolScreen /> },
  {
    path: '/',
    element: <StaffLayout />,
    children: [
      { index: true, element: <Home /> },
      { path: 'applications', element: guarded('viewApplications', <ApplicationsScreen />) },
      {
        path: 'applications/:applicationId',
        element: guarded('viewApplications', <ApplicationDetailScreen />),
      },
      { path: 'support', element: guarded('supportMembers', <SupportScreen />) },
      { path: 'exports', element: guarded('exportCore', <ExportsScreen />) },
      {
        // loaded when first opened: the console's first download does not grow (issue #21)
        path: 'money',
        hydrateFallbackElement: <Loading />,
        lazy: async () => {
          const { MoneyScreen } = await import('./screens/money.tsx')
          return { element: guarded('reconcileMoney', <MoneyScreen />) }
        },
      },
      { path: 'audit', element: guarded('viewAuditLog', <AuditScreen />) },
      { path: 'staff', element: guarded('manageStaff', <StaffScreen />) },
      { path: '*', element: <NotFound /> },
    ],
  },
]
