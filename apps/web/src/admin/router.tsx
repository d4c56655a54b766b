import { t } from '@app/shared/messages/admin-console'
import type { StaffPermission } from '@app/shared/rules/staff-permissions'
import { lazy, Suspense, type ReactNode } from 'react'
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

// Issue #21's screens are loaded when first shown (a chunk each), so that the console's first
// download does not grow with them.
const ParticipationScreen = lazy(() =>
  import('./screens/participation.tsx').then((module) => ({
    default: module.ParticipationScreen,
  })),
)
const MemberStatesScreen = lazy(() =>
  import('./screens/member-states.tsx').then((module) => ({ default: module.MemberStatesScreen })),
)
const ProductsScreen = lazy(() =>
  import('./screens/products.tsx').then((module) => ({ default: module.ProductsScreen })),
)
const RostersScreen = lazy(() =>
  import('./screens/rosters.tsx').then((module) => ({ default: module.RostersScreen })),
)
const NoticesScreen = lazy(() =>
  import('./screens/notices.tsx').then((module) => ({ default: module.NoticesScreen })),
)
const MaintenanceScreen = lazy(() =>
  import('./screens/maintenance.tsx').then((module) => ({ default: module.MaintenanceScreen })),
)
const InstalmentsScreen = lazy(() =>
  import('./screens/instalments.tsx').then((module) => ({ default: module.InstalmentsScreen })),
)
const MoneyScreen = lazy(() =>
  import('./screens/money.tsx').then((module) => ({ default: module.MoneyScreen })),
)
const later = (element: ReactNode) => <Suspense fallback={<Loading />}>{element}</Suspense>

// The console's screens (issue #20) under the basename /admin. Each signed-in screen names the
// permission it needs; a role without it gets the refusal's text (the server refuses anyway).

/** The router's basename; also vite.admin.config.ts `base` (without the trailing slash). */
export const ADMIN_BASENAME = '/admin'

function Permitted({ permission, children }: { permission: StaffPermission; children: ReactNode }) {
  const may = useMay(permission)
  if (may) return children
  // the page still has its level-one heading (issue #21: a group contact meets this often)
  return (
    <>
      <ScreenHeading>{t('admin.refused.title')}</ScreenHeading>
      <ErrorAlert error={codeText('ADMA0002')} />
    </>
  )
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
        path: 'participation',
        element: guarded('viewParticipation', later(<ParticipationScreen />)),
      },
      { path: 'members', element: guarded('viewMemberStates', later(<MemberStatesScreen />)) },
      { path: 'products', element: guarded('manageProducts', later(<ProductsScreen />)) },
      { path: 'rosters', element: guarded('manageRosters', later(<RostersScreen />)) },
      { path: 'money', element: guarded('reconcileMoney', later(<MoneyScreen />)) },
      {
        path: 'instalments',
        element: guarded('followInstalments', later(<InstalmentsScreen />)),
      },
      { path: 'audit', element: guarded('viewAuditLog', <AuditScreen />) },
      { path: 'staff', element: guarded('manageStaff', <StaffScreen />) },
      { path: 'notices', element: guarded('manageNotices', later(<NoticesScreen />)) },
      {
        path: 'maintenance',
        element: guarded('manageMaintenance', later(<MaintenanceScreen />)),
      },
      { path: '*', element: <NotFound /> },
    ],
  },
]
