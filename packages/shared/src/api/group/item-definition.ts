import * as z from 'zod/mini'

/** The field rules of SPEC §5.2 an item definition may name (a subset of rules/fields.ts) (applied in the listed order). */
export const itemRuleNames = [
  'required',
  'email',
  'telNo',
  'gaiji',
  'onlyFull',
  'onlyFullKatakana',
  'onlyHalfKatakana',
  'onlyNumeric',
  'onlyNumberAndAllAlphabet',
  'onlyNumberAndAllAlphabetAndSymbol',
  'onlyNumberAndUpperAlphabet',
  'onlyNumberAndLowerAlphabet',
  'yearMonth',
  'yearMonthDate',
  'zipCode',
] as const
export const itemRuleNameSchema = z.enum(itemRuleNames)

/** 項目区分 (SPEC §3.5): 010 normal item, 030 notice matter (告知事項). */
export const itemClassSchema = z.enum(['010', '030'])
/** カテゴリ (SPEC §3.5): 010 policy-holder item, 020 insured item. */
export const itemCategorySchema = z.enum(['010', '020'])
export const inputTypeSchema = z.enum(['text', 'textarea', 'radio', 'select', 'checkbox', 'date'])

/** 項目定義 (SPEC §3.5), loaded per group product. */
export const itemDefinitionSchema = z.strictObject({
  itemCode: z.string().check(z.regex(/^[A-Za-z0-9_]{1,30}$/)),
  /** 項目名 (the label) */
  itemName: z.string().check(z.minLength(1), z.maxLength(200)),
  /** 補足説明 (support text under the label) */
  supportText: z.string().check(z.maxLength(2000)),
  inputType: inputTypeSchema,
  itemClass: itemClassSchema,
  category: itemCategorySchema,
  /** units the item applies to; empty means every unit (SPEC §3.5, §6) */
  relatedUnitNo: z.array(z.int().check(z.minimum(1), z.maximum(20))),
  displayOrder: z.int().check(z.minimum(0), z.maximum(9999)),
  /** 申込画面表示 "1" shown on the application / "2" hidden */
  applicationDispDisplayFlg: z.enum(['1', '2']),
  /** 前年度コピー "1" carried over at renewal / "2" not (SPEC §4) */
  preRenewCopyFlg: z.enum(['1', '2']),
  /** 三項目認証の項目 "1"–"3", or null when the item is not an authentication item (PRODUCT.md) */
  authItemCd: z.nullable(z.enum(['1', '2', '3'])),
  /** field rules (SPEC §5.2) applied to the answer */
  ruleArray: z.array(itemRuleNameSchema),
  /** choices for radio / select / checkbox */
  choiceArray: z
    .array(
      z.strictObject({
        code: z.string().check(z.minLength(1), z.maxLength(20)),
        label: z.string().check(z.minLength(1), z.maxLength(200)),
      }),
    )
    .check(z.maxLength(50)),
  /** for notice matters: the answer codes that block the application (SPEC §8.4) */
  blockingAnswerArray: z.array(z.string().check(z.minLength(1), z.maxLength(20))),
})
export type ItemDefinition = z.infer<typeof itemDefinitionSchema>
