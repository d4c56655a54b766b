import { SESSION_WARNING_MINUTES } from '@app/shared/api/access/session'
import type { endSessionApi, extendSessionApi } from '@app/shared/api/access/endpoints'
import { endSessionRoute, extendSessionRoute } from '@app/shared/api/access/session'
import { errorCodes } from '@app/shared/errors'
import { t } from '@app/shared/messages/shell'
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { useLocation, useNavigate, useParams } from 'react-router'
import { areaEntryPath } from './guards.ts'
import { useStoredSession } from './use-stored-session.ts'
import { ApiError } from '../lib/api-client.ts'
import { callEndpoint } from '../lib/call-endpoint.ts'
import { areaOfPath } from '../lib/entry-params.ts'
import { useServices } from '../lib/services.tsx'
import {
  clearSession,
  clearSessionAndMyPageState,
  localExpiry,
  purposeOf,
  readSession,
  refreshSession,
  sessionDeadline,
} from '../lib/session.ts'

// The signed-in part of the shell (PRODUCT.md "Sessions", WCAG 2.2.1 Timing Adjustable): the
// sign-out button, and the warning SESSION_WARNING_MINUTES before the idle timeout that lets the
// applicant extend the session. Kept small: the shell's first download carries it.

const WARNING_MS = SESSION_WARNING_MINUTES * 60_000
const SECOND_MS = 1000
/** setTimeout fires at once for a longer delay (a 32-bit signed count of milliseconds). */
const LONGEST_TIMEOUT_MS = 2_147_483_647

/**
 * Ends the session on the server and in this tab, then goes to the area's first page (enrolment:
 * the link's termsOfService; my-page: login). The tab forgets the session (and the my-page's steps
 * in progress) even when the server cannot be reached: the server's row then ends by itself at the
 * idle timeout.
 */
export function useSignOut(): () => Promise<void> {
  const { api, storage } = useServices()
  const navigate = useNavigate()
  const { pathname, search } = useLocation()
  const params = useParams()
  return useCallback(async () => {
    try {
      await callEndpoint<typeof endSessionApi>(api, endSessionRoute, {})
    } catch {
      // the tab forgets the session all the same
    }
    // a policy holder on the renewal pages (enrolment pages run with the my-page session, issue
    // #9) signed in on the my-page: they go back to its login, not to the enrolment's first page
    const session = readSession(storage)
    const isMyPageSession = session !== undefined && purposeOf(session) === 'myPage'
    clearSessionAndMyPageState(storage)
    const area = areaOfPath(pathname)
    if (area === 'ent' && isMyPageSession) {
      await navigate(areaEntryPath('myp', params, new URLSearchParams()))
    } else if (area === 'ent' || area === 'myp') {
      await navigate(areaEntryPath(area, params, new URLSearchParams(search)))
    }
  }, [api, storage, navigate, pathname, search, params])
}

/** ログアウト in the enrolment header, while a session of the link's group is open. */
export function SignOutButton() {
  const session = useStoredSession()
  const { groupPfCode } = useParams()
  const { pathname } = useLocation()
  const signOut = useSignOut()
  if (session === undefined || areaOfPath(pathname) !== 'ent') return null
  if (session.groupPfCode !== groupPfCode) return null
  return (
    <button
      type="button"
      onClick={() => void signOut()}
      className="min-h-11 shrink-0 rounded-8 border-2 border-current px-4 py-1 text-std-16B-170 underline-offset-3 hover:underline"
    >
      {t('session.signOut')}
    </button>
  )
}

function SessionWarningDialog({
  remainingMs,
  onExtend,
  onSignOut,
}: {
  remainingMs: number
  onExtend: () => void
  onSignOut: () => void
}) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const extendRef = useRef<HTMLButtonElement>(null)
  const titleId = useId()
  const descriptionId = useId()

  useEffect(() => {
    const dialog = dialogRef.current
    const previous = dialog?.ownerDocument.activeElement
    // Modal: the page behind is inert until the applicant answers.
    if (dialog !== null && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal()
      else dialog.setAttribute('open', '')
    }
    extendRef.current?.focus()
    return () => {
      if (dialog?.open === true) dialog.close()
      if (previous instanceof HTMLElement) previous.focus()
    }
  }, [])

  const seconds = Math.ceil(remainingMs / SECOND_MS)
  return (
    <dialog
      ref={dialogRef}
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      // Esc would close the dialog without an answer and leave the timeout running unseen.
      onCancel={(event) => event.preventDefault()}
      className="m-auto w-[calc(100%-2rem)] max-w-[36rem] rounded-8 border border-solid-gray-420 bg-white p-6 text-solid-gray-800 backdrop:bg-black/50"
    >
      <h2 id={titleId} className="text-std-20B-150 text-solid-gray-900">
        {t('session.warning.title')}
      </h2>
      <p id={descriptionId} className="mt-3 text-std-16N-170">
        {t('session.warning.description', {
          minutes: Math.floor(seconds / 60),
          seconds: String(seconds % 60).padStart(2, '0'),
        })}
      </p>
      <div className="mt-6 flex flex-col gap-3 md:flex-row">
        <button ref={extendRef} type="button" onClick={onExtend} className="app-button">
          {t('session.warning.extend')}
        </button>
        <button type="button" onClick={onSignOut} className="app-button-secondary">
          {t('session.warning.signOut')}
        </button>
      </div>
    </dialog>
  )
}

/**
 * Watches the stored session's end: SESSION_WARNING_MINUTES before it, a modal warning with the
 * time left, 「延長する」 (PUT /sessionInfo/) and 「ログアウト」; at the end, the session is
 * forgotten and the session error (E0003) shown through the route's error boundary. A session
 * that had already ended when the page opened (a reload long after) is dropped without a word:
 * the guards have sent the applicant to the link's first page. Time is the services' clock.
 */
export function SessionTimer() {
  const { api, storage, now } = useServices()
  const session = useStoredSession()
  const signOut = useSignOut()
  const deadline = session === undefined ? undefined : sessionDeadline(session)
  const [remainingMs, setRemainingMs] = useState<number | undefined>(undefined)
  const [failure, setFailure] = useState<{ error: unknown } | undefined>(undefined)

  useEffect(() => {
    if (deadline === undefined) {
      setRemainingMs(undefined)
      return undefined
    }
    if (deadline <= now()) {
      clearSession(storage)
      return undefined
    }
    let timer: ReturnType<typeof setTimeout> | undefined
    const check = (): void => {
      const left = deadline - now()
      if (left <= 0) {
        setRemainingMs(undefined)
        clearSession(storage)
        setFailure({ error: new ApiError(401, { errorCode: errorCodes.session }) })
        return
      }
      if (left > WARNING_MS) {
        setRemainingMs(undefined)
        timer = setTimeout(check, Math.min(left - WARNING_MS, LONGEST_TIMEOUT_MS))
        return
      }
      setRemainingMs(left)
      // Next whole second, so the time shown counts down evenly.
      timer = setTimeout(check, left % SECOND_MS || SECOND_MS)
    }
    check()
    return () => clearTimeout(timer)
  }, [deadline, now, storage])

  const extend = useCallback(async () => {
    try {
      const answer = await callEndpoint<typeof extendSessionApi>(api, extendSessionRoute, {})
      refreshSession(storage, answer.sessionToken, localExpiry(answer.expiresInSeconds, now()))
    } catch (error) {
      setFailure({ error })
    }
  }, [api, now, storage])

  // Shown by the area's error boundary, as a failed screen would be (ADR 0003).
  if (failure !== undefined) throw failure.error
  if (remainingMs === undefined) return null
  return (
    <SessionWarningDialog
      remainingMs={remainingMs}
      onExtend={() => void extend()}
      onSignOut={() => void signOut()}
    />
  )
}
