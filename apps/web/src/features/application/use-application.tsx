import type { ApplicationView } from '@app/shared/api/application/apply-info'
import type { ItemDefinition } from '@app/shared/api/group/item-definition'
import { errorCodes } from '@app/shared/errors'
import { t } from '@app/shared/messages/shell'
import { isStepOpen, type FlowTarget } from '@app/shared/rules/application-steps'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useNavigate, useParams } from 'react-router'
import { enrolmentPagePath } from '@/lib/entry-params.ts'
import { ApiError } from '@/lib/api-client.ts'
import { useServices } from '@/lib/services.tsx'
import { useEntryGroup, type EntryGroup } from '@/lib/use-entry-group.ts'
import { fetchApplication } from '@/lib/fetch-application.ts'

// The application's state on a step screen (issue #6, ADR 0012): loaded from the server on
// arrival, kept in step with every write, and the step guard of SPEC §2.5 (a step that is not
// open sends the applicant to the step that is next).

export interface Application {
  /** the application as the server last answered */
  view: ApplicationView
  group: EntryGroup
  /** the group's item definitions */
  items: ItemDefinition[]
  /** the units of the chosen coverage (cvrgeInfo.unitArray), in unit order */
  chosenUnitNos: number[]
  /**
   * Runs a write with the current version and keeps the answer. On 409 APFC0001 (changed in
   * another tab) the view is reloaded, `conflict` is set and undefined returned; on 409 APFD0001
   * the applicant goes to the next open step. A 400 APFV0001 is rethrown for the form; any other
   * failure shows the error screen. A write asked for while another is on its way is ignored
   * (undefined).
   */
  save: (
    write: (version: number) => Promise<ApplicationView>,
  ) => Promise<ApplicationView | undefined>
  /** the last save met a newer version: show <ConflictAlert /> */
  conflict: boolean
  /** to the step the application is at (view.progress.nextStep); payment once all are done */
  goToNext: (view?: ApplicationView) => void
}

function isApiError(error: unknown, status: number, code: string): boolean {
  return error instanceof ApiError && error.status === status && error.body.errorCode === code
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError'
}

/** The application on the screen of `step`; undefined while it loads or when the step is closed. */
export function useApplication(step: FlowTarget): Application | undefined {
  const { api } = useServices()
  const group = useEntryGroup()
  const navigate = useNavigate()
  const params = useParams()
  const [view, setView] = useState<ApplicationView | undefined>(undefined)
  const [conflict, setConflict] = useState(false)
  const [failure, setFailure] = useState<{ error: unknown } | undefined>(undefined)
  // The latest view for writes started before a re-render.
  const latest = useRef<ApplicationView | undefined>(undefined)
  // One write at a time: a second press while the first is on its way would only meet a conflict.
  const isSaving = useRef(false)

  const { groupPfCode, groupPfCodeInceptionDateYm, groupPfBranchNo, urlKey } = params
  const pathOf = useCallback(
    (target: FlowTarget | 'completeApplication') =>
      enrolmentPagePath(
        { groupPfCode, groupPfCodeInceptionDateYm, groupPfBranchNo, urlKey },
        target,
      ),
    [groupPfCode, groupPfCodeInceptionDateYm, groupPfBranchNo, urlKey],
  )

  const keep = useCallback((next: ApplicationView) => {
    latest.current = next
    setView(next)
  }, [])

  useEffect(() => {
    const controller = new AbortController()
    fetchApplication(api, controller.signal).then(keep, (error: unknown) => {
      if (!controller.signal.aborted && !isAbort(error)) setFailure({ error })
    })
    return () => controller.abort()
  }, [api, keep])

  // An applied application (issue #7) has no step left: its place is completeApplication.
  const isApplied = view?.applicationStatus === 'applied'
  const isOpen = view === undefined || (!isApplied && isStepOpen(view.progress, step))
  const nextStep = view?.progress.nextStep
  // SPEC §2.5: a step cannot be reached before the steps ahead of it are done.
  useEffect(() => {
    if (isApplied) {
      void navigate(pathOf('completeApplication'), { replace: true })
    } else if (!isOpen && nextStep !== undefined) {
      void navigate(pathOf(nextStep), { replace: true })
    }
  }, [isApplied, isOpen, nextStep, navigate, pathOf])

  const goToNext = useCallback(
    (next?: ApplicationView) => {
      const target = (next ?? latest.current)?.progress.nextStep
      if (target !== undefined) void navigate(pathOf(target))
    },
    [navigate, pathOf],
  )

  const save = useCallback(
    async (write: (version: number) => Promise<ApplicationView>) => {
      const current = latest.current
      if (current === undefined || isSaving.current) return undefined
      isSaving.current = true
      try {
        const next = await write(current.version)
        keep(next)
        setConflict(false)
        return next
      } catch (error) {
        if (error instanceof ApiError && error.body.errorCode === errorCodes.validationFailed) {
          throw error
        }
        try {
          if (isApiError(error, 409, errorCodes.applicationVersionConflict)) {
            keep(await fetchApplication(api))
            setConflict(true)
          } else if (isApiError(error, 409, errorCodes.stepNotOpen)) {
            const fresh = await fetchApplication(api)
            keep(fresh)
            goToNext(fresh)
          } else {
            setFailure({ error })
          }
        } catch (reloadError) {
          setFailure({ error: reloadError })
        }
        return undefined
      } finally {
        isSaving.current = false
      }
    },
    [api, keep, goToNext],
  )

  const chosenUnitNos = useMemo(
    () => view?.applyInfo.cvrgeInfo.unitArray.map((entry) => entry.unit).sort((a, b) => a - b),
    [view],
  )

  // A failed load or write is rethrown while rendering: the route's error boundary shows it.
  if (failure !== undefined) throw failure.error
  if (view === undefined || group === undefined || !isOpen || chosenUnitNos === undefined) {
    return undefined
  }
  return {
    view,
    group,
    items: group.itemDefinitionArray ?? [],
    chosenUnitNos,
    save,
    conflict,
    goToNext,
  }
}

/**
 * SPEC §8.4 APFC0001, told on the screen: the application was changed in another tab, the newest
 * state is shown. The box takes focus when it appears, so a screen reader reads it at once.
 */
export function ConflictAlert() {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    ref.current?.focus()
  }, [])
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      data-error-code={errorCodes.applicationVersionConflict}
      className="rounded-8 border-2 border-error-1 bg-white p-4 md:p-6"
    >
      <p className="text-std-16B-170 text-solid-gray-900">
        {t(`error.${errorCodes.applicationVersionConflict}`)}
      </p>
    </div>
  )
}
