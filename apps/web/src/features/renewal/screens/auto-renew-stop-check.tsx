import type { RenewalInfo } from '@app/shared/api/renewal/endpoints'
import { errorCodes } from '@app/shared/errors'
import { t as shellT } from '@app/shared/messages/shell'
import { useId, useRef, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { DescriptionList } from '@/components/description-list.tsx'
import { InFlowAlert, inFlowCodeOf, useInFlowMessage } from '@/components/in-flow-alert.tsx'
import { LoadingRegion } from '@/components/loading-indicator.tsx'
import { ScreenHeader } from '@/components/screen-header.tsx'
import { useServices } from '@/lib/services.tsx'
import { useLoadedGroup } from '@/lib/use-loaded-group.ts'
import { stopAutoRenewal } from '../renewal-api.ts'
import { formatRenewalDate, renewalErrorText, t } from '../renewal-messages.ts'
import { currentPeriodRow, Notice, PageLinks } from '../components/renewal-parts.tsx'
import { useFailure, useRenewalInfo, useRenewalTarget } from '../use-renewal.ts'
import type { StopCompleteState } from './auto-renew-stop-complete.tsx'

// 自動更新停止の確認 (SPEC §2.1, §3.7, §8.3, §8.4; issue #9, ADR 0016): what stopping means (the
// contract ends at its expiry and is not renewed; the stop cannot be undone here), a required
// confirmation, 「自動更新を停止する」 → POST /stopUpdate/ → autoRenewStopComplete (replacing
// this entry). On or after the fix date 409 APFA2031 shows the error screen (SPEC §8.3
// "renewal-stop deadline passed: contact the agency"); 409 APFA2029 is told here (SPEC §8.4).

const inFlowCodes: readonly string[] = [errorCodes.renewalNotPossible]

function StopForm({ info }: { info: RenewalInfo }) {
  const { api } = useServices()
  const navigate = useNavigate()
  const { target, pagePath } = useRenewalTarget()
  const contact = useLoadedGroup()?.groupPfInfoBranchNo.refFreeField
  const inFlow = useInFlowMessage(renewalErrorText)
  const fail = useFailure()
  const [isConfirmed, setIsConfirmed] = useState(false)
  const [isMissing, setIsMissing] = useState(false)
  const [isSending, setIsSending] = useState(false)
  const boxRef = useRef<HTMLInputElement>(null)
  const boxId = useId()
  const errorId = useId()
  const { expiryDate } = info.preRenewPolicyHolderInfo.status

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault()
    if (isSending) return
    if (!isConfirmed) {
      setIsMissing(true)
      boxRef.current?.focus()
      return
    }
    inFlow.clear()
    setIsSending(true)
    try {
      const stopped = await stopAutoRenewal(api, target)
      const state: StopCompleteState = { stopped }
      await navigate(pagePath('autoRenewStopComplete'), { replace: true, state })
    } catch (error) {
      setIsSending(false)
      const code = inFlowCodeOf(error, inFlowCodes)
      if (code === undefined) fail(error)
      else inFlow.show(code, error)
    }
  }

  return (
    <div className="flex flex-col gap-8">
      <p className="text-std-16N-170">{t('renewal.stop.lead')}</p>
      <DescriptionList rows={[currentPeriodRow(info)]} />
      <ul className="flex list-disc flex-col gap-2 pl-6 text-std-16N-170">
        <li>{t('renewal.stop.effect.end', { date: formatRenewalDate(expiryDate) })}</li>
        <li>{t('renewal.stop.effect.final')}</li>
        {info.renewalProcedureButtonAndTextStatus === '2' && (
          <li>{t('renewal.stop.effect.procedure')}</li>
        )}
      </ul>
      <InFlowAlert message={inFlow.message} contact={contact} />
      <form noValidate className="flex flex-col gap-6" onSubmit={(event) => void submit(event)}>
        <fieldset className="flex flex-col gap-2">
          <legend className="text-std-17B-170 text-solid-gray-800">
            {t('renewal.stop.confirm.legend')}
          </legend>
          <div className="flex items-center gap-2">
            <input
              ref={boxRef}
              id={boxId}
              type="checkbox"
              required
              aria-invalid={isMissing && !isConfirmed}
              aria-describedby={isMissing && !isConfirmed ? errorId : undefined}
              checked={isConfirmed}
              onChange={(event) => setIsConfirmed(event.target.checked)}
              className="size-6 shrink-0 accent-blue-900"
            />
            <label htmlFor={boxId} className="py-1 text-std-16N-170">
              {t('renewal.stop.confirm')}
            </label>
          </div>
          {isMissing && !isConfirmed && (
            <p id={errorId} className="text-std-16B-170 text-error-1">
              {t('renewal.stop.confirm.required')}
            </p>
          )}
        </fieldset>
        <div className="flex flex-col gap-2">
          <button
            type="submit"
            disabled={isSending}
            className="app-button w-full md:w-auto md:self-start"
          >
            {t('renewal.stop.submit')}
          </button>
          <p role="status" className="text-std-16N-170">
            {isSending ? t('renewal.stop.sending') : ''}
          </p>
        </div>
      </form>
    </div>
  )
}

export default function AutoRenewStopCheckScreen() {
  const { target, homePath, pagePath } = useRenewalTarget()
  const { info } = useRenewalInfo(target)
  return (
    <div className="flex flex-col gap-8">
      <ScreenHeader title={shellT('screen.autoRenewStopCheck.title')} />
      <LoadingRegion data={info}>
        {(info) =>
          info.canStopAutoRenewal ? (
            <StopForm info={info} />
          ) : (
            <Notice text={t('renewal.stop.notPossible')} />
          )
        }
      </LoadingRegion>
      <PageLinks
        links={[{ to: pagePath('autoRenewCheck'), label: t('renewal.check.link') }]}
        homePath={homePath}
      />
    </div>
  )
}
