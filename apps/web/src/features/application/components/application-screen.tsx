import { t } from '@app/shared/messages/application-forms-common'
import { phaseProgressText } from '@app/shared/messages/flow-phase'
import { errorCodes, type Issue } from '@app/shared/errors'
import type { ApplicationStep } from '@app/shared/rules/application-steps'
import { useCallback, useRef, useState, type ReactNode } from 'react'
import { LoadingRegion } from '@/components/loading-indicator.tsx'
import { PageHeading } from '@/components/page-heading.tsx'
import type { ScreenTitleKey } from '@/components/screen-title-key.ts'
import { ApiError } from '@/lib/api-client.ts'
import { ConflictAlert, useApplication, type Application } from '../use-application.tsx'

// What the application's input screens share (issue #6): the step's heading, the
// 「次へ」 button, the agency's contact, and the guard against a second submit while the first is
// on its way.

/**
 * An application step's screen: the title at once, then the step's place in the flow, the group
 * line as on entryTerms, the APFC0001 message, the lead text and the content once the application
 * has loaded, the loading indicator until then. (StepHeader's own texts come with the choice
 * screens' whole catalogue, which these screens do not otherwise need: PRODUCT.md "Budgets".)
 */
export function ApplicationStepScreen({
  step,
  titleKey,
  lead,
  children,
}: {
  step: ApplicationStep
  titleKey: ScreenTitleKey
  lead?: string | undefined
  children: (application: Application) => ReactNode
}) {
  const application = useApplication(step)
  const index = application?.view.progress.stepArray.indexOf(step) ?? -1
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-4">
        <PageHeading>{t(titleKey)}</PageHeading>
        {application !== undefined && (
          <>
            {index >= 0 && (
              <p className="text-std-16N-170 text-solid-gray-700">{phaseProgressText(step)}</p>
            )}
            <p className="text-std-16N-170">
              {t('screen.groupName', {
                groupName: application.group.groupPfInfo.groupNameKanji,
              })}
            </p>
            {application.conflict && <ConflictAlert />}
          </>
        )}
      </div>
      <LoadingRegion data={application} className="flex flex-col gap-8">
        {(loaded) => (
          <>
            {lead !== undefined && <p className="text-std-16N-170">{lead}</p>}
            {children(loaded)}
          </>
        )}
      </LoadingRegion>
    </div>
  )
}

export function SubmitButton({ children }: { children?: ReactNode }) {
  return (
    <div>
      <button type="submit" className="app-button w-full md:w-auto">
        {children ?? t('applicationForm.next')}
      </button>
    </div>
  )
}

/** The agency's contact (refFreeField), as the error screens' contact box shows it. */
export function AgencyContact({ contact }: { contact: string }) {
  return (
    <div className="flex flex-col gap-1">
      <p className="text-std-16B-170 text-solid-gray-900">{t('errorScreen.contactHeading')}</p>
      <p className="text-std-16N-170 whitespace-pre-wrap">
        {contact.trim() === '' ? t('errorScreen.contactFallback') : contact}
      </p>
    </div>
  )
}

/**
 * Runs one action at a time: a second press of the same button while the first write is on its
 * way is ignored, so it cannot meet its own newer version (409) as a conflict.
 */
export function useOneAtATime() {
  const running = useRef(false)
  return useCallback(async <T,>(action: () => Promise<T>): Promise<T | undefined> => {
    if (running.current) return undefined
    running.current = true
    try {
      return await action()
    } finally {
      running.current = false
    }
  }, [])
}

/**
 * A failure outside a form (address lookup, upload, removal) that the screen cannot tell about
 * is rethrown while rendering, so the route's error boundary shows it (ADR 0003).
 */
export function useFatalFailure(): (error: unknown) => void {
  const [failure, setFailure] = useState<{ error: unknown } | undefined>(undefined)
  const fail = useCallback((error: unknown) => setFailure({ error }), [])
  if (failure !== undefined) throw failure.error
  return fail
}

/**
 * The `issues` of a 400 APFV0001 answer, or undefined for any other failure: use-step-form's
 * validationIssuesOf for the screens without a form, which must not download the form kit.
 */
export function issuesOf(error: unknown): readonly Issue[] | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined
  if (error.body.errorCode !== errorCodes.validationFailed) return undefined
  const { issues } = error.body
  return issues !== undefined && issues.length > 0 ? issues : undefined
}
