import { totalPremiumLabel } from '@app/shared/messages/premium-text'
import type { ContractSummary } from '@app/shared/api/my-page/endpoints'
import { formatJapaneseDate, formatJapaneseYearMonth, formatYen } from '@app/shared/format/display'
import { findIn } from '@app/shared/messages/format'
import { myPageScreenMessages } from '@app/shared/messages/my-page-screens.ja'
import { t } from './my-page-messages.ts'

// One contract as home lists it and checkContractInfo opens with it (SPEC §4 status patterns).

/** A text of the screens' catalogue under a key built from a code; the code itself if none. */
function textOf(key: string, code: string): string {
  return findIn(myPageScreenMessages, key) ?? code
}

/** 保険期間: 「2026年4月1日〜2027年3月31日」 (issue #23 point 20), or from the month while not fixed. */
export function periodText({ coveragePeriod }: ContractSummary): string {
  const { inceptionDate, expiryDate, groupPfCodeInceptionDateYm } = coveragePeriod
  if (inceptionDate === null) {
    return t('myp.home.contract.periodFrom', {
      yearMonth: formatJapaneseYearMonth(groupPfCodeInceptionDateYm),
    })
  }
  return t('myp.home.contract.period', {
    inception: formatJapaneseDate(inceptionDate),
    expiry: expiryDate === null ? '' : formatJapaneseDate(expiryDate),
  })
}

/** The contract's product, number, state in words, premium, way of paying and date. */
export function contractSummaryRows(contract: ContractSummary): { label: string; value: string }[] {
  return [
    { label: t('myp.home.contract.groupPfName'), value: contract.groupPfName },
    { label: t('myp.home.contract.policyHolderNo'), value: contract.groupPfPolicyHolderNo },
    {
      label: t('myp.home.contract.status'),
      value: textOf(`myp.home.status.${contract.statusPattern}`, contract.statusPattern),
    },
    {
      label: totalPremiumLabel(contract.pymntCount),
      value: formatYen(contract.totalPremium),
    },
    {
      label: t('myp.home.contract.pymntMethod'),
      value: textOf(`myp.home.pymntMethod.${contract.pymntMethod}`, contract.pymntMethod),
    },
    {
      label: t('myp.home.contract.applicationDate'),
      value: formatJapaneseDate(contract.applicationDate),
    },
  ]
}

/**
 * The contract's renewal in words (issue #9, SPEC §3.7 renewSttsDiv, ADR 0016): renewed, stopped,
 * not renewed yet (in procedure, or renewing by itself at the fix date), or no longer renewable.
 */
export function renewalStatusText(renewal: NonNullable<ContractSummary['renewal']>): string {
  const {
    renewSttsDiv,
    renewalProcedureButtonAndTextStatus,
    isAutoRenewing,
    renewalFixDate,
    procedureOpensOn,
  } = renewal
  if (renewSttsDiv !== '3') return t(`myp.home.renewal.${renewSttsDiv}`)
  if (renewalProcedureButtonAndTextStatus === '2') return t('myp.home.renewal.3.inProcedure')
  // issue #23 point 19: nothing to renew before the contract's own cover has begun
  const opensOn = procedureOpensOn === null ? null : formatJapaneseDate(procedureOpensOn)
  if (isAutoRenewing && renewalFixDate !== null) {
    const date = formatJapaneseDate(renewalFixDate)
    return opensOn === null
      ? t('myp.home.renewal.3.auto', { date })
      : t('myp.home.renewal.3.auto.opensOn', { date, opensOn })
  }
  if (opensOn !== null) return t('myp.home.renewal.3.opensOn', { date: opensOn })
  return t('myp.home.renewal.3')
}
