import { staffMeRoute, staffSignOutRoute } from '@app/shared/api/admin/routes'
import type { staffMeApi, staffSignOutApi } from '@app/shared/api/admin/endpoints'
import { maintenanceStatusRoute } from '@app/shared/api/admin/notice-routes'
import type { maintenanceStatusApi } from '@app/shared/api/admin/notice-endpoints'
import { t } from '@app/shared/messages/admin-console'
import { staffMay, type StaffPermission } from '@app/shared/rules/staff-permissions'
import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router'
import { callEndpoint } from '@/lib/call-endpoint.ts'
import { useAdminServices } from '../lib/services.tsx'
import { StaffContext } from '../lib/staff.tsx'
import {
  clearStaffSession,
  readStaffSession,
  readStaffToken,
  staffSessionDeadline,
  subscribeStaffSession,
} from '../lib/staff-session.ts'
import { MAINTENANCE_CHANGED_EVENT } from '../lib/jst-datetime.ts'
import { useLoad } from '../lib/use-load.ts'
import { ErrorAlert, Loading, secondaryButtonClassName } from './ui.tsx'

// The console's frame (issue #20): the product name, who is signed in, the menu of what their
// role may use, the session's warning before its idle end, and the screen.

const menu: readonly { to: string; label: string; permission: StaffPermission }[] = [
  { to: '/applications', label: t('admin.nav.applications'), permission: 'viewApplications' },
  { to: '/support', label: t('admin.nav.support'), permission: 'supportMembers' },
  { to: '/exports', label: t('admin.nav.exports'), permission: 'exportCore' },
  { to: '/participation', label: t('admin.nav.participation'), permission: 'viewParticipation' },
  { to: '/members', label: t('admin.nav.memberStates'), permission: 'viewMemberStates' },
  { to: '/products', label: t('admin.nav.products'), permission: 'manageProducts' },
  { to: '/rosters', label: t('admin.nav.rosters'), permission: 'manageRosters' },
  { to: '/money', label: t('admin.nav.money'), permission: 'reconcileMoney' },
  { to: '/instalments', label: t('admin.nav.instalments'), permission: 'followInstalments' },
  { to: '/audit', label: t('admin.nav.audit'), permission: 'viewAuditLog' },
  { to: '/staff', label: t('admin.nav.staff'), permission: 'manageStaff' },
  { to: '/notices', label: t('admin.nav.notices'), permission: 'manageNotices' },
  { to: '/maintenance', label: t('admin.nav.maintenance'), permission: 'manageMaintenance' },
]

/** How long before the idle end the console warns (of 15 idle minutes). */
const WARNING_MS = 2 * 60 * 1000
const TICK_MS = 10 * 1000

function useHasToken(): boolean {
  const { storage } = useAdminServices()
  return useSyncExternalStore(subscribeStaffSession, () => readStaffToken(storage) !== undefined)
}

/** The signed-in part of the console: without a session, the sign-in screen. */
export function StaffLayout() {
  const hasToken = useHasToken()
  // a session that was here and is gone has ended (401 ADMA0001, the idle end): say so
  const hadToken = useRef(hasToken)
  if (!hasToken) {
    const state = hadToken.current ? { errorCode: 'ADMA0001' } : undefined
    return <Navigate to="/signin" replace state={state} />
  }
  hadToken.current = true
  return <SignedInLayout />
}

function SignedInLayout() {
  const { api } = useAdminServices()
  const me = useLoad(
    (signal) => callEndpoint<typeof staffMeApi>(api, staffMeRoute, {}, { signal }),
    [api],
  )
  if (me.state === 'loading') {
    return (
      <div className="p-6">
        <Loading />
      </div>
    )
  }
  if (me.state === 'failed') {
    return (
      <div className="p-6">
        <ErrorAlert error={me.error} />
      </div>
    )
  }
  const staff = me.data
  return (
    <StaffContext value={staff}>
      <div className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:bg-white focus:p-2"
        >
          {t('admin.skipLink')}
        </a>
        <header className="flex flex-wrap items-center justify-between gap-3 border-b border-solid-gray-300 bg-blue-1000 px-6 py-3 text-white">
          <p className="text-std-20B-150">{t('admin.productName')}</p>
          <div className="flex flex-wrap items-center gap-4 text-std-16N-170">
            <p>
              {t('admin.header.signedInAs', {
                name: staff.name,
                role: t(`admin.role.${staff.role}`),
              })}
            </p>
            {staff.agency !== null && (
              <p>{t('admin.header.agency', { agency: staff.agency.agentName })}</p>
            )}
            <SignOutButton />
          </div>
        </header>
        <SessionWarning />
        <MaintenanceBanner />
        <div className="flex flex-1">
          <nav
            aria-label={t('admin.nav.label')}
            className="w-52 shrink-0 border-r border-solid-gray-300 bg-solid-gray-50 p-3"
          >
            <ul className="flex flex-col gap-1">
              {menu
                .filter((item) => staffMay(staff.role, item.permission))
                .map((item) => (
                  <li key={item.to}>
                    <NavLink
                      to={item.to}
                      className={({ isActive }) =>
                        `block rounded-6 px-3 py-2 text-std-16B-170 ${isActive ? 'bg-blue-900 text-white' : 'text-blue-1000 underline hover:bg-blue-100'}`
                      }
                    >
                      {item.label}
                    </NavLink>
                  </li>
                ))}
            </ul>
          </nav>
          <main id="main" tabIndex={-1} className="min-w-0 flex-1 p-6">
            <div className="flex flex-col gap-6">
              <Outlet />
            </div>
          </main>
        </div>
      </div>
    </StaffContext>
  )
}

function SignOutButton() {
  const { api, storage } = useAdminServices()
  const navigate = useNavigate()
  async function signOut() {
    try {
      await callEndpoint<typeof staffSignOutApi>(api, staffSignOutRoute, {})
    } catch {
      // the session ends here either way
    }
    // away first: the layout would otherwise take the ended session for an expired one
    await navigate('/signin', { replace: true, state: { signedOut: true } })
    clearStaffSession(storage)
  }
  return (
    <button
      type="button"
      onClick={() => void signOut()}
      className="rounded-6 border border-white px-3 py-1 font-bold text-white underline hover:bg-blue-900"
    >
      {t('admin.header.signOut')}
    </button>
  )
}

/** How often the console asks whether maintenance is on (also on every screen change). */
const MAINTENANCE_POLL_MS = 60 * 1000

/**
 * While maintenance is on, a banner over every screen (issue #21 point 7): the applicants see the
 * maintenance screen, the console goes on working. Asked again on every screen change, every
 * minute, and at once when the maintenance screen changes something.
 */
function MaintenanceBanner() {
  const { api } = useAdminServices()
  const { pathname } = useLocation()
  const [round, setRound] = useState(0)
  useEffect(() => {
    const again = () => setRound((value) => value + 1)
    const timer = setInterval(again, MAINTENANCE_POLL_MS)
    window.addEventListener(MAINTENANCE_CHANGED_EVENT, again)
    return () => {
      clearInterval(timer)
      window.removeEventListener(MAINTENANCE_CHANGED_EVENT, again)
    }
  }, [])
  // the last answer stays shown while the next is asked (no flicker, nothing read out again)
  const [source, setSource] = useState<'manual' | 'daily' | 'scheduled' | null>(null)
  useEffect(() => {
    const controller = new AbortController()
    callEndpoint<typeof maintenanceStatusApi>(
      api,
      maintenanceStatusRoute,
      {},
      { signal: controller.signal },
    ).then(
      (answer) => setSource(answer.source),
      () => {
        // the banner is a courtesy: a failed ask keeps what was known
      },
    )
    return () => controller.abort()
  }, [api, pathname, round])
  return (
    <div role="status" aria-live="polite">
      {source !== null && (
        <div className="border-b-2 border-error-1 bg-yellow-50 px-6 py-3">
          <p className="text-std-16B-170 text-solid-gray-900">
            {t(`admin.maintenanceBanner.${source}`)}
          </p>
        </div>
      )}
    </div>
  )
}

/** Before the idle end: a warning with 「続ける」; at the end, the sign-in screen. */
function SessionWarning() {
  const { api, storage, now } = useAdminServices()
  const navigate = useNavigate()
  const [remaining, setRemaining] = useState<number | undefined>(undefined)
  useEffect(() => {
    function tick() {
      const info = readStaffSession(storage)
      const deadline = info === undefined ? undefined : staffSessionDeadline(info)
      if (deadline === undefined) return
      const left = deadline - now()
      if (left <= 0) {
        clearStaffSession(storage)
        return
      }
      setRemaining(left)
    }
    tick()
    const timer = setInterval(tick, TICK_MS)
    const unsubscribe = subscribeStaffSession(tick)
    return () => {
      clearInterval(timer)
      unsubscribe()
    }
  }, [storage, now, navigate])
  const isWarning = remaining !== undefined && remaining <= WARNING_MS
  return (
    <div aria-live="assertive">
      {isWarning && (
        <div className="flex flex-wrap items-center gap-3 border-b-2 border-yellow-700 bg-yellow-50 px-6 py-3">
          <p className="text-std-16B-170">
            {t('admin.session.warning', { minutes: Math.max(1, Math.ceil(remaining / 60_000)) })}
          </p>
          <button
            type="button"
            className={secondaryButtonClassName}
            onClick={() =>
              void callEndpoint<typeof staffMeApi>(api, staffMeRoute, {}).catch(() => {})
            }
          >
            {t('admin.session.continue')}
          </button>
        </div>
      )}
    </div>
  )
}
