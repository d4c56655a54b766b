import type { RenewalInfo } from '@app/shared/api/renewal/endpoints'
import { t as shellT } from '@app/shared/messages/shell'
import { isAutoRenewing } from '@app/shared/rules/renewal'
import { DescriptionList } from '@/components/description-list.tsx'
import { LoadingRegion } from '@/components/loading-indicator.tsx'
import { ScreenHeader } from '@/components/screen-header.tsx'
import { formatRenewalDate, t } from '../renewal-messages.ts'
import {
  CoverageList,
  currentPeriodRow,
  nextPeriodRows,
  Notice,
  PageLinks,
  Section,
} from '../components/renewal-parts.tsx'
import { useRenewalInfo, useRenewalTarget } from '../use-renewal.ts'

// 自動更新の確認 (SPEC §2.1, §3.3 auto-renew flag and renewal fix date, §3.7; issue #9): what will
// renew and on what terms — next year's period, the units under next year's names and premiums
// (or, when a unit no longer exists, that the plan is chosen again through the procedure), and
// the date by which a stop must be asked for; the ways on: stop it, renew by the procedure, home.

/**
 * The contract renews by itself at the fix date (not renewed, not stopped, auto-renew "1" with a
 * fix date): the shared rule home's 「{date}に自動更新されます」 follows too, so both screens tell
 * the same (issue #23 point 6).
 */
function isRenewingByItself(info: RenewalInfo): boolean {
  return info.renewSttsDiv === '3' && isAutoRenewing(info)
}

function Terms({ info }: { info: RenewalInfo }) {
  const { nextYear, renewalFixDate } = info
  if (!isRenewingByItself(info) || renewalFixDate === null) {
    const text =
      info.renewSttsDiv === '1'
        ? t('renewal.check.renewed')
        : info.renewSttsDiv === '2'
          ? t('renewal.check.stopped')
          : t('renewal.check.notAuto')
    return (
      <div className="flex flex-col gap-6">
        <Notice text={text} />
        <DescriptionList rows={[currentPeriodRow(info)]} />
      </div>
    )
  }
  if (nextYear === null) {
    // It renews by itself; next year's product (its period, plans and premiums) is not set yet.
    return (
      <div className="flex flex-col gap-6">
        <Notice
          text={t('renewal.check.autoWithoutTerms', { date: formatRenewalDate(renewalFixDate) })}
        />
        <DescriptionList rows={[currentPeriodRow(info)]} />
      </div>
    )
  }
  return (
    <div className="flex flex-col gap-10">
      <p className="text-std-16N-170">{t('renewal.check.lead')}</p>
      <p className="text-std-16B-170 text-solid-gray-900">
        {t('renewal.fixDate', { date: formatRenewalDate(renewalFixDate) })}
      </p>
      <Section title={t('renewal.check.terms')}>
        <DescriptionList rows={[currentPeriodRow(info), ...nextPeriodRows(info)]} />
        {nextYear.autoRenewCvrgeContent === null ? (
          <Notice text={t('renewal.check.noTerms')} />
        ) : (
          <CoverageList
            content={nextYear.autoRenewCvrgeContent}
            unitNames={nextYear.unitNames}
            pymntCount={nextYear.pymntCount}
          />
        )}
      </Section>
    </div>
  )
}

export default function AutoRenewCheckScreen() {
  const { target, homePath, pagePath } = useRenewalTarget()
  const { info } = useRenewalInfo(target)
  const links: { to: string; label: string }[] = []
  if (info?.canStopAutoRenewal === true) {
    links.push({ to: pagePath('autoRenewStopCheck'), label: t('renewal.check.stop') })
  }
  const status = info?.renewalProcedureButtonAndTextStatus
  if (status === '1' || status === '2') {
    links.push({
      to: pagePath('renewalProcedure'),
      label: status === '2' ? t('renewal.procedure.resume') : t('renewal.check.procedure'),
    })
  }
  return (
    <div className="flex flex-col gap-8">
      <ScreenHeader title={shellT('screen.autoRenewCheck.title')} />
      <LoadingRegion data={info}>{(info) => <Terms info={info} />}</LoadingRegion>
      <PageLinks links={links} homePath={homePath} />
    </div>
  )
}
