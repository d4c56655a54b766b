import type { RenewalInfo } from '@app/shared/api/renewal/endpoints'
import { t as shellT } from '@app/shared/messages/shell'
import { useLocation } from 'react-router'
import { DescriptionList } from '@/components/description-list.tsx'
import { ScreenHeader } from '@/components/screen-header.tsx'
import { t } from '../renewal-messages.ts'
import { currentPeriodRow, PageLinks } from '../components/renewal-parts.tsx'
import { useRenewalTarget } from '../use-renewal.ts'

// 自動更新停止の完了 (SPEC §2.1, §2.7 going back from here is cancelled — app/navigation-block):
// the stop is done; the contract's period from POST /stopUpdate/'s answer, which
// autoRenewStopCheck hands over in the history entry's state (kept across a reload); the way back
// to my-page home.

/** What autoRenewStopCheck hands over (the history entry's state). */
export interface StopCompleteState {
  stopped: RenewalInfo
}

function stoppedInfoOf(state: unknown): RenewalInfo | undefined {
  if (typeof state !== 'object' || state === null || !('stopped' in state)) return undefined
  return (state as StopCompleteState).stopped
}

export default function AutoRenewStopCompleteScreen() {
  const { homePath } = useRenewalTarget()
  const info = stoppedInfoOf(useLocation().state)
  return (
    <div className="flex flex-col gap-8">
      <ScreenHeader title={shellT('screen.autoRenewStopComplete.title')} />
      <p className="rounded-8 border-2 border-success-1 bg-white p-4 text-std-18B-160 text-solid-gray-900">
        {t('renewal.stopped.heading')}
      </p>
      <p className="text-std-16N-170">{t('renewal.stopped.lead')}</p>
      {info !== undefined && <DescriptionList rows={[currentPeriodRow(info)]} />}
      <PageLinks homePath={homePath} />
    </div>
  )
}
