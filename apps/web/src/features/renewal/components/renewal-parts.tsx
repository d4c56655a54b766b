import type { CvrgeContent, RenewalInfo } from '@app/shared/api/renewal/endpoints'
import { formatYen } from '@app/shared/format/display'
import { t as shellT } from '@app/shared/messages/shell'
import { totalPremiumLabel, unitPremiumText } from '@app/shared/messages/premium-text'
import { Link } from '@/components/link.tsx'
import { DescriptionList, type DescriptionRow } from '@/components/description-list.tsx'
export { Section } from '@/components/titled-section.tsx'
import { useLoadedGroup } from '@/lib/use-loaded-group.ts'
import { formatRenewalPeriod, t } from '../renewal-messages.ts'
import { useLeaveRenewal } from '../use-renewal.ts'

// The parts the renewal screens share (issue #9), in the look of the my-page screens.

/** The contract's own coverage period (the year being renewed). */
export function currentPeriodRow(info: RenewalInfo): DescriptionRow {
  const { inceptionDate, expiryDate } = info.preRenewPolicyHolderInfo.status
  return {
    label: t('renewal.currentPeriod'),
    value: formatRenewalPeriod(inceptionDate, expiryDate),
  }
}

/** Next year's coverage period, when next year's product exists. */
export function nextPeriodRows(info: RenewalInfo): DescriptionRow[] {
  if (info.nextYear === null) return []
  const { groupInceptionDate, groupExpiryDate } = info.nextYear
  return [
    {
      label: t('renewal.nextPeriod'),
      value: formatRenewalPeriod(groupInceptionDate, groupExpiryDate),
    },
  ]
}

/**
 * Each unit by its name with its premium (per person or for all, per month or year: issue #23
 * points 3 and 4), then the total (SPEC §3.7 cvrgeContent).
 */
export function CoverageList({
  content,
  unitNames,
  pymntCount,
}: {
  content: CvrgeContent
  unitNames: Readonly<Record<string, string>>
  pymntCount: number
}) {
  const rows: DescriptionRow[] = [...content.unitArray]
    .sort((a, b) => a.unit - b.unit)
    .map((entry) => ({
      label: unitNames[String(entry.unit)] ?? String(entry.unit),
      value: unitPremiumText(entry.unitPremium, entry.premiumBasis, pymntCount),
    }))
  rows.push({
    label: totalPremiumLabel(pymntCount),
    value: formatYen(content.totalPremium),
  })
  return <DescriptionList rows={rows} />
}

/** A notice in the page (not an alert): why the page offers nothing, with the agency's contact. */
export function Notice({
  text,
  errorCode,
  withContact = false,
}: {
  text: string
  errorCode?: string
  withContact?: boolean
}) {
  const contact = useLoadedGroup()?.groupPfInfoBranchNo.refFreeField
  return (
    <div
      data-error-code={errorCode}
      className="flex flex-col gap-2 rounded-8 border-2 border-solid-gray-420 bg-white p-4 md:p-6"
    >
      <p className="text-std-16B-170 text-solid-gray-900">{text}</p>
      {withContact && (
        <div className="flex flex-col gap-1">
          <p className="text-std-16B-170 text-solid-gray-900">
            {shellT('errorScreen.contactHeading')}
          </p>
          <p className="text-std-16N-170 whitespace-pre-wrap">
            {contact === undefined || contact.trim() === ''
              ? shellT('errorScreen.contactFallback')
              : contact}
          </p>
        </div>
      )}
    </div>
  )
}

/** Links under a screen's content; 「マイページのホームへ戻る」 ends the year switch (SPEC §4). */
export function PageLinks({
  links = [],
  homePath,
}: {
  links?: readonly { to: string; label: string }[]
  homePath: string
}) {
  const leave = useLeaveRenewal()
  return (
    <ul className="flex flex-col gap-3 text-std-16N-170">
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} className="app-link">
            {link.label}
          </Link>
        </li>
      ))}
      <li>
        <Link to={homePath} onClick={leave} className="app-link">
          {t('renewal.toHome')}
        </Link>
      </li>
    </ul>
  )
}
