import type {
  CvrgeInfo,
  InsuredPerson,
  PolicyHolderInfoState,
} from '@app/shared/api/application/apply-info'
import type { ItemDefinition } from '@app/shared/api/group/item-definition'
import { formatJapaneseDate, formatYen } from '@app/shared/format/display'
import { t } from '@app/shared/messages/application-flow'
import { totalPremiumLabel, unitPremiumText } from '@app/shared/messages/premium-text'
import type { ItemAnswer } from '@app/shared/rules/item-answers'
import { DescriptionList } from './description-list.tsx'

// What an application shows of itself wherever it is read back: the applicant's confirmation
// (checkPolicyHolderInfo) and the policy holder's contract on my-page (checkContractInfo). Display
// only: no form code, so the my-page chunk does not carry the application's.

const HOUR_MINUTE = /^(\d{2})(\d{2})$/

/** YYYYMMDD and HHMM → 「2027年1月1日 0時00分」; the date alone without a time. */
function formatDateTime(date: string, time: string): string {
  const match = HOUR_MINUTE.exec(time)
  if (match === null) return formatJapaneseDate(date)
  const [, hour = '', minute = ''] = match
  return t('check.dateTime', { date: formatJapaneseDate(date), hour: Number(hour), minute })
}

/** 1000001 → 100-0001 */
function formatZipCode(value: string): string {
  return /^\d{7}$/.test(value) ? `${value.slice(0, 3)}-${value.slice(3)}` : value
}

/** 1500 → 「1,500円」 (SPEC §5.3 thousands commas). */
export interface Row {
  label: string
  value: string
}

/** Rows of entered values; one left empty reads 「未入力」. */
export function Rows({ rows }: { rows: readonly Row[] }) {
  return (
    <DescriptionList
      rows={rows.map((row) => ({
        label: row.label,
        value: row.value === '' ? t('check.empty') : row.value,
      }))}
    />
  )
}

/** The policy holder's own fields (SPEC §3.8), without the group's items. */
export function policyHolderRows(info: PolicyHolderInfoState): Row[] {
  const isCorporate = info.policyHolderDiv === '2'
  const rows: Row[] = [
    {
      label: isCorporate ? t('check.corporateNameKana') : t('check.nameKana'),
      value: info.policyHolderNameKana,
    },
    {
      label: isCorporate ? t('check.corporateNameKanji') : t('check.nameKanji'),
      value: info.policyHolderNameKanji,
    },
  ]
  if (!isCorporate) {
    rows.push(
      { label: t('check.birthDate'), value: formatJapaneseDate(info.policyHolderBirthDate) },
      {
        label: t('check.sex'),
        value: info.policyHolderSex === '' ? '' : t(`check.sex.${info.policyHolderSex}`),
      },
    )
  }
  rows.push(
    { label: t('check.zipCd'), value: formatZipCode(info.policyHolderZipCd) },
    { label: t('check.addressKanji'), value: info.policyHolderAddressKanji },
    { label: t('check.addressKana'), value: info.policyHolderAddressKana },
    {
      label: isCorporate ? t('check.homeTelNo.corporate') : t('check.homeTelNo'),
      value: info.homeTelNo,
    },
    { label: t('check.mobileTelNo'), value: info.mobileTelNo },
    { label: t('check.faxNo'), value: info.faxNo },
    {
      label: t('check.otherInsuranceFlg'),
      value: t(`check.otherInsuranceFlg.${info.otherInsuranceFlg}`),
    },
  )
  if (info.otherInsuranceFlg === '1') {
    rows.push(
      { label: t('check.otherInsuranceCompanyName'), value: info.otherInsuranceCompanyName },
      { label: t('check.otherInsuranceType'), value: info.otherInsuranceType },
      {
        label: t('check.otherInsuranceExpiryDate'),
        value: formatJapaneseDate(info.otherInsuranceExpiryDate),
      },
      {
        label: t('check.otherInsurancePymntLimit'),
        value: info.otherInsurancePymntLimit === '' ? '' : formatYen(info.otherInsurancePymntLimit),
      },
    )
  }
  return rows
}

/** An insured person's own fields, without the group's items. */
export function insuredRows(person: InsuredPerson): Row[] {
  return [
    { label: t('check.nameKana'), value: person.insrdNameKana },
    { label: t('check.nameKanji'), value: person.insrdNameKanji },
    { label: t('check.birthDate'), value: formatJapaneseDate(person.insrdBirthDate) },
    { label: t('check.sex'), value: t(`check.sex.${person.insrdSex}`) },
  ]
}

/**
 * 補償内容: the plan and its premium, the contract type, the options, the total; each premium
 * says per whom and per what (issue #23 points 3 and 4: 「1,230円（1名あたり・月額）」).
 */
export function coverageRows(
  cvrge: CvrgeInfo,
  unitName: (unitNo: number) => string,
  pymntCount: number,
): Row[] {
  const rows: Row[] = []
  const premiumOf = (entry: CvrgeInfo['unitArray'][number]) =>
    unitPremiumText(entry.unitPremium, entry.premiumBasis, pymntCount)
  if (cvrge.planUnitNo !== null) {
    const plan = cvrge.unitArray.find((entry) => entry.unit === cvrge.planUnitNo)
    rows.push({
      label: t('check.plan'),
      value:
        plan === undefined
          ? unitName(cvrge.planUnitNo)
          : t('check.unitPremium', { name: unitName(cvrge.planUnitNo), premium: premiumOf(plan) }),
    })
  }
  if (cvrge.contractType !== null) {
    rows.push({
      label: t('check.contractType'),
      value: t(`selectType.contractType.${cvrge.contractType}`),
    })
  }
  const options = cvrge.unitArray.filter((entry) => entry.unit !== cvrge.planUnitNo)
  if (options.length > 0) {
    rows.push({
      label: t('check.options'),
      value: options
        .map((entry) =>
          t('check.unitPremium', {
            name: unitName(entry.unit),
            premium: premiumOf(entry),
          }),
        )
        .join('\n'),
    })
  }
  rows.push({ label: totalPremiumLabel(pymntCount), value: formatYen(cvrge.totalPremium) })
  return rows
}

/** 保険期間: when the cover starts (not yet fixed before the application is done) and ends. */
export function periodRows(info: PolicyHolderInfoState): Row[] {
  return [
    {
      label: t('check.inception'),
      value:
        info.policyHolderInceptionDate === ''
          ? t('check.period.undecided')
          : formatDateTime(info.policyHolderInceptionDate, info.policyHolderInceptionTime),
    },
    {
      label: t('check.expiry'),
      value: formatDateTime(info.policyHolderExpiryDate, info.policyHolderExpiryTime),
    },
  ]
}

/** An item's answer as the applicant chose it: the choices' labels, a date written out. */
function answerText(item: ItemDefinition, answer: ItemAnswer): string {
  const codes = answer === undefined ? [] : typeof answer === 'string' ? [answer] : answer
  if (item.choiceArray.length > 0) {
    return codes
      .filter((code) => code !== '')
      .map((code) => item.choiceArray.find((choice) => choice.code === code)?.label ?? code)
      .join('、')
  }
  const text = codes.join('、')
  return item.inputType === 'date' ? formatJapaneseDate(text) : text
}

export function itemRows(
  items: readonly ItemDefinition[],
  answers: Readonly<Record<string, ItemAnswer>>,
) {
  return items.map((item) => ({
    label: item.itemName,
    value: answerText(item, answers[item.itemCode]),
  }))
}
