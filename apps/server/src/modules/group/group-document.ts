import * as z from 'zod/mini'
import {
  groupPfInfoBranchNoSchema,
  groupPfInfoSchema,
  isUrlKey,
  isValidYyyymmdd,
  itemDefinitionSchema,
  type Issue,
} from '@app/shared'

// The one document an operator imports to set up a group product (docs/group-import.md).
// It is the wire shape of SPEC §3.3–§3.5 plus the links to create and the image files.

/** An image named by the operator: a file beside the document (CLI) or bytes (demo loader). */
export const imageSourceSchema = z.strictObject({
  /** path relative to the document; png, jpg, webp or svg, at most 2 MB */
  file: z.string().check(z.minLength(1), z.maxLength(500)),
  /** 代替テキスト */
  alt: z.string().check(z.minLength(1), z.maxLength(200)),
})
export type ImageSource = z.infer<typeof imageSourceSchema>

export const groupDocumentSchema = z.strictObject({
  formatVersion: z.literal(1),
  groupPfInfo: z.extend(groupPfInfoSchema, {
    logoImage: z.nullable(imageSourceSchema),
    topImage: z.nullable(imageSourceSchema),
    // documents written before the field existed: the group uses the my-page
    policyHolderPageUseDiv: z._default(z.enum(['1', '2']), '1'),
  }),
  groupPfInfoBranchNoArray: z.array(groupPfInfoBranchNoSchema).check(z.minLength(1)),
  itemDefinitionArray: z.array(itemDefinitionSchema).check(z.maxLength(500)),
  /** links to create: a branch, and a urlKey (generated when left out; PRODUCT.md) */
  linkArray: z
    .array(
      z.strictObject({
        groupPfBranchNo: z.string().check(z.regex(/^\d{5}$/)),
        urlKey: z.optional(z.string()),
      }),
    )
    .check(z.minLength(1)),
})
export type GroupDocument = z.infer<typeof groupDocumentSchema>

const dateFields = [
  'renewalFixDate',
  'groupInceptionDate',
  'groupExpiryDate',
  'halfwayPymntInceptionDate',
  'atOnceRecruitStartDate',
  'atOnceRecruitEndDate',
  'halfwayRecruitStartDate',
  'halfwayRecruitEndDate',
] as const

/** Rules that span fields, each reported with its path; empty when the document is sound. */
export function checkGroupDocument(document: GroupDocument): Issue[] {
  const issues: Issue[] = []
  const report = (path: string, message: string) => issues.push({ path, message })
  const info = document.groupPfInfo

  for (const field of dateFields) {
    const value = info[field]
    if (value !== null && !isValidYyyymmdd(value)) {
      report(`groupPfInfo.${field}`, '実在する日付（YYYYMMDD）を指定してください。')
    }
  }
  if (info.groupInceptionDate.slice(0, 6) !== info.groupPfCodeInceptionDateYm) {
    report(
      'groupPfInfo.groupPfCodeInceptionDateYm',
      '始期年月は団体始期日（groupInceptionDate）の年月と一致させてください。',
    )
  }
  if (info.groupExpiryDate <= info.groupInceptionDate) {
    report('groupPfInfo.groupExpiryDate', '団体満期日は団体始期日より後の日付にしてください。')
  }
  const windows = [
    ['atOnceRecruitStartDate', 'atOnceRecruitEndDate'],
    ['halfwayRecruitStartDate', 'halfwayRecruitEndDate'],
  ] as const
  for (const [startField, endField] of windows) {
    const start = info[startField]
    const end = info[endField]
    if ((start === null) !== (end === null)) {
      report(
        `groupPfInfo.${endField}`,
        '募集期間の開始日と終了日は両方指定するか、両方空にしてください。',
      )
    } else if (start !== null && end !== null && end < start) {
      report(`groupPfInfo.${endField}`, '募集期間の終了日は開始日以降にしてください。')
    }
  }
  if (info.halfwayRecruitStartDate !== null && info.halfwayPymntInceptionDate === null) {
    report(
      'groupPfInfo.halfwayPymntInceptionDate',
      '中途募集がある場合は中途加入の始期日を指定してください。',
    )
  }

  const unitNos = new Set<number>()
  info.unitInfoArray.forEach((unit, index) => {
    if (unitNos.has(unit.unitNo)) {
      report(
        `groupPfInfo.unitInfoArray.${index}.unitNo`,
        `ユニット番号 ${unit.unitNo} が重複しています。`,
      )
    }
    unitNos.add(unit.unitNo)
  })
  if (!info.unitInfoArray.some((unit) => unit.coverageTypeFlg === '1')) {
    report(
      'groupPfInfo.unitInfoArray',
      'プラン（coverageTypeFlg "1"）のユニットを1つ以上指定してください。',
    )
  }
  info.unitInfoArray.forEach((unit, index) => {
    for (const field of ['relatedUnitNo', 'conflictUnitNo'] as const) {
      unit[field].forEach((unitNo, position) => {
        if (!unitNos.has(unitNo) || unitNo === unit.unitNo) {
          report(
            `groupPfInfo.unitInfoArray.${index}.${field}.${position}`,
            `ユニット番号 ${unitNo} は存在しないか、自分自身です。`,
          )
        }
      })
    }
  })

  const branchNos = new Set<string>()
  document.groupPfInfoBranchNoArray.forEach((branch, index) => {
    if (branchNos.has(branch.groupPfBranchNo)) {
      report(`groupPfInfoBranchNoArray.${index}.groupPfBranchNo`, '支店番号が重複しています。')
    }
    branchNos.add(branch.groupPfBranchNo)
  })

  const itemCodes = new Set<string>()
  const authItemCds: string[] = []
  document.itemDefinitionArray.forEach((item, index) => {
    if (itemCodes.has(item.itemCode)) {
      report(
        `itemDefinitionArray.${index}.itemCode`,
        `項目コード ${item.itemCode} が重複しています。`,
      )
    }
    itemCodes.add(item.itemCode)
    item.relatedUnitNo.forEach((unitNo, position) => {
      if (!unitNos.has(unitNo)) {
        report(
          `itemDefinitionArray.${index}.relatedUnitNo.${position}`,
          `ユニット番号 ${unitNo} は存在しません。`,
        )
      }
    })
    const hasChoices = ['radio', 'select', 'checkbox'].includes(item.inputType)
    if (hasChoices && item.choiceArray.length === 0) {
      report(
        `itemDefinitionArray.${index}.choiceArray`,
        '選択式の項目には選択肢を指定してください。',
      )
    }
    item.blockingAnswerArray.forEach((answer, position) => {
      if (!item.choiceArray.some((choice) => choice.code === answer)) {
        report(
          `itemDefinitionArray.${index}.blockingAnswerArray.${position}`,
          `回答コード ${answer} は選択肢にありません。`,
        )
      }
    })
    if (item.authItemCd !== null) authItemCds.push(item.authItemCd)
  })
  if (info.authenticationType === '2') {
    const sorted = [...authItemCds].sort().join(',')
    if (sorted !== '1,2,3') {
      report(
        'itemDefinitionArray',
        '三項目認証（authenticationType "2"）では authItemCd "1"・"2"・"3" の項目を1つずつ指定してください。',
      )
    }
  }

  const linkKeys = new Set<string>()
  document.linkArray.forEach((link, index) => {
    if (!branchNos.has(link.groupPfBranchNo)) {
      report(
        `linkArray.${index}.groupPfBranchNo`,
        '支店番号が groupPfInfoBranchNoArray にありません。',
      )
    }
    if (link.urlKey !== undefined) {
      if (!isUrlKey(link.urlKey)) {
        report(`linkArray.${index}.urlKey`, 'URLキーは英数字10文字で指定してください。')
      } else if (linkKeys.has(link.urlKey)) {
        report(`linkArray.${index}.urlKey`, 'URLキーが重複しています。')
      }
      linkKeys.add(link.urlKey)
    }
  })
  return issues
}
