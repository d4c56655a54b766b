import type { ApplicationView } from '@app/shared/api/application/apply-info'
import { phaseProgressText } from '@app/shared/messages/flow-phase'
import { t } from '@app/shared/messages/application-flow'
import type { ApplicationStep, FlowTarget } from '@app/shared/rules/application-steps'
import { PageHeading } from '@/components/page-heading.tsx'
import { useEntryGroup } from '@/lib/use-entry-group.ts'
import { ConflictAlert } from '../use-application.tsx'

/** 「ステップ n / 5：…」: the step's phase among the five, payment included (issue #23 point 11). */
export function StepProgress({ step }: { step: FlowTarget }) {
  return <p className="text-std-16N-170 text-solid-gray-700">{phaseProgressText(step)}</p>
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
      {view !== undefined && <StepProgress step={step} />}
      {group !== undefined && (
        <p className="text-std-16N-170">
          {t('screen.groupName', { groupName: group.groupPfInfo.groupNameKanji })}
        </p>
      )}
      {conflict && <ConflictAlert />}
    </div>
  )
}
