import type { ApplicationView } from '@app/shared/api/application/apply-info'
import { t } from '@app/shared/messages/application-flow'
import type { ApplicationStep } from '@app/shared/rules/application-steps'
import { PageHeading } from '../../../components/page-heading.tsx'
import { useEntryGroup } from '../components/use-entry-group.ts'
import { ConflictAlert } from './use-application.tsx'

/** 「ステップ n / m」: where the step stands in this application's flow. */
export function StepProgress({
  progress,
  step,
}: {
  progress: ApplicationView['progress']
  step: ApplicationStep
}) {
  const index = progress.stepArray.indexOf(step)
  if (index < 0) return null
  return (
    <p className="text-std-16N-170 text-solid-gray-700">
      {t('flow.stepProgress', { current: index + 1, total: progress.stepArray.length })}
    </p>
  )
}

/**
 * The top of an application step: the title, the step's place in the flow, the group's name and,
 * after a write met a newer version, the APFC0001 message. The title shows at once; the rest once
 * the application has loaded.
 */
export function StepHeader({
  title,
  step,
  view,
  conflict = false,
}: {
  title: string
  step: ApplicationStep
  view?: ApplicationView | undefined
  conflict?: boolean | undefined
}) {
  const group = useEntryGroup()
  return (
    <div className="flex flex-col gap-4">
      <PageHeading>{title}</PageHeading>
      {view !== undefined && <StepProgress progress={view.progress} step={step} />}
      {group !== undefined && (
        <p className="text-std-16N-170">
          {t('screen.groupName', { groupName: group.groupPfInfo.groupNameKanji })}
        </p>
      )}
      {conflict && <ConflictAlert />}
    </div>
  )
}
