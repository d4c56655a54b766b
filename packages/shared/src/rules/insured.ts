import type {
  InsuredPerson,
  InsuredRegisterStatus,
  ItemAnswers,
  PolicyHolderInfoState,
} from '../api/application/apply-info.ts'
import type { ItemDefinition } from '../api/group/item-definition.ts'

// Insured persons (SPEC §3.1 insrdInfoArray, §3.2 insuredRegisterStatus, §4 unit registration;
// issue #23 point 12): the register status of a unit, which the server stores as the authority,
// and what the insured form of registerInsuredInfo/{unitNo} may take from a person already
// entered — the policy holder, or someone registered for another unit of the application.

/**
 * insuredRegisterStatus of one unit (SPEC §3.2, §4): "0" 未登録 while it has nobody, "2" once
 * its persons are confirmed with 「この内容で確定する」, and "1" 未確定 for persons entered — or
 * carried over from last year by a renewal (SPEC §4 "Pre-renewal copy") — and not confirmed since.
 * A renewal's reset (SPEC §4) takes back the confirmation, not the persons it carries.
 */
export function insuredRegisterStatusOf(
  personCount: number,
  isConfirmed: boolean,
): InsuredRegisterStatus {
  if (personCount === 0) return '0'
  return isConfirmed ? '2' : '1'
}

/** What the insured form is filled with. */
export interface InsuredFill {
  insrdNameKana: string
  insrdNameKanji: string
  /** YYYYMMDD, or '' when not known (the form keeps what it holds) */
  insrdBirthDate: string
  /** '' when not known (the form keeps what it holds) */
  insrdSex: '1' | '2' | ''
  /** answers to the unit's items only; an item without one here keeps what the form holds */
  itemAnswers: ItemAnswers
}

// The spec has no code for 続柄: a group names the item and its choices. The item is known by its
// name, and 本人 by the label of its choice (both as every demo and test group writes them).
const RELATIONSHIP_ITEM_NAME = '続柄'
const SELF_CHOICE_LABEL = '本人'

/** The 続柄 items among `items` (a radio or a select) answered with their 本人 choice. */
export function selfRelationshipAnswers(items: readonly ItemDefinition[]): ItemAnswers {
  const answers: ItemAnswers = {}
  for (const item of items) {
    if (item.inputType !== 'radio' && item.inputType !== 'select') continue
    if (!item.itemName.includes(RELATIONSHIP_ITEM_NAME)) continue
    const self = item.choiceArray.find((choice) => choice.label.trim() === SELF_CHOICE_LABEL)
    if (self !== undefined) answers[item.itemCode] = self.code
  }
  return answers
}

/** The answers in `answers` to `items` (the same itemCode), and no others. */
function answersTo(items: readonly ItemDefinition[], answers: ItemAnswers): ItemAnswers {
  const picked: ItemAnswers = {}
  for (const item of items) {
    const answer = answers[item.itemCode]
    if (answer !== undefined) picked[item.itemCode] = answer
  }
  return picked
}

/**
 * 「ご契約者と同じ」: the policy holder as an insured person of a unit with `unitItems` — the
 * names, birth date and sex, any answer to an item the unit shares, and 続柄 本人. Undefined for
 * a corporate holder (法人 is no person to insure) or before the holder's name is entered.
 */
export function insuredFillFromPolicyHolder(
  holder: Pick<
    PolicyHolderInfoState,
    | 'policyHolderDiv'
    | 'policyHolderNameKana'
    | 'policyHolderNameKanji'
    | 'policyHolderBirthDate'
    | 'policyHolderSex'
    | 'itemAnswers'
  >,
  unitItems: readonly ItemDefinition[],
): InsuredFill | undefined {
  if (holder.policyHolderDiv !== '1' || holder.policyHolderNameKanji === '') return undefined
  return {
    insrdNameKana: holder.policyHolderNameKana,
    insrdNameKanji: holder.policyHolderNameKanji,
    insrdBirthDate: holder.policyHolderBirthDate,
    insrdSex: holder.policyHolderSex,
    itemAnswers: {
      ...answersTo(unitItems, holder.itemAnswers),
      ...selfRelationshipAnswers(unitItems),
    },
  }
}

/** A person registered for another unit, for a unit with `unitItems`: the person and the answers
 * to the items both units have. */
export function insuredFillFromPerson(
  person: InsuredPerson,
  unitItems: readonly ItemDefinition[],
): InsuredFill {
  return {
    insrdNameKana: person.insrdNameKana,
    insrdNameKanji: person.insrdNameKanji,
    insrdBirthDate: person.insrdBirthDate,
    insrdSex: person.insrdSex,
    itemAnswers: answersTo(unitItems, person.itemAnswers),
  }
}

/** The same person: the same names (kana and kanji) and birth date. */
function isSamePerson(a: InsuredPerson, b: InsuredPerson): boolean {
  return (
    a.insrdNameKana === b.insrdNameKana &&
    a.insrdNameKanji === b.insrdNameKanji &&
    a.insrdBirthDate === b.insrdBirthDate
  )
}

/**
 * The persons of the application's other units that `unitNo` does not have yet, each once (the
 * first entry of a person registered for several units), in the order they were registered.
 */
export function reusableInsuredPersons(
  persons: readonly InsuredPerson[],
  unitNo: number,
): InsuredPerson[] {
  const own = persons.filter((person) => person.unit === unitNo)
  const reusable: InsuredPerson[] = []
  for (const person of persons) {
    if (person.unit === unitNo) continue
    if (own.some((other) => isSamePerson(other, person))) continue
    if (reusable.some((other) => isSamePerson(other, person))) continue
    reusable.push(person)
  }
  return reusable
}
