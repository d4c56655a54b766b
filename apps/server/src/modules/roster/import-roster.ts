import { t, validateRules, type ItemDefinition, type RuleSpec } from '@app/shared'
import type { Database } from '../../db/client.ts'
import { listItemDefinitions } from '../group/group-records.ts'
import { issueCredentials, type IssuedCredential } from './credentials.ts'
import {
  decodeRosterBytes,
  parseCsv,
  type CsvRow,
  type RosterEncoding,
  type RosterIssue,
} from './csv.ts'
import { normaliseAuthItem } from './normalise.ts'
import {
  findAuthenticationType,
  findTakenFirstEntryIds,
  insertRosterMembers,
  listRosterMembers,
  updateRosterMember,
  type ProductKey,
  type RosterMember,
  type RosterMemberFields,
} from './roster-repository.ts'

// 名簿の取り込み (PRODUCT.md "Group data", issue #5): the members eligible to apply to one group
// product, from CSV. The whole file is checked first and every bad row reported with its line;
// nothing is written unless every row is sound. docs/roster-import.md is the operators' guide.

export interface ImportRosterInput extends ProductKey {
  csvBytes: Uint8Array
  /** overrides the detection (UTF-8 when the bytes are valid UTF-8, else Shift_JIS) */
  encoding?: RosterEncoding
}

/** Issues credentials to the given members (authenticationType "1"). */
export type CredentialIssuer = (
  memberCodes: readonly string[],
  db: Database,
) => Promise<IssuedCredential[]>

export interface ImportRosterOptions {
  /** default: random IDs and passwords, hashed with argon2id (credentials.ts) */
  issueCredentials?: CredentialIssuer
  /**
   * Runs inside the transaction once the rows are written, before the commit (type "1", when
   * credentials were issued): the CLI writes its output file here, so that a file it cannot
   * write leaves the roster unchanged rather than holding passwords nobody was given.
   */
  beforeCommit?: (issued: IssuedMember[]) => Promise<void>
}

/** A member's first-entry ID and initial password, for the group's output file. */
export interface IssuedMember {
  memberCode: string
  firstEntryId: string
  initialPassword: string
}

export type ImportRosterResult =
  | { ok: false; errors: RosterIssue[] }
  | {
      ok: true
      authenticationType: '1' | '2'
      encoding: RosterEncoding
      /** members added */
      created: number
      /** members already in the roster whose values changed (or who were issued credentials) */
      updated: number
      /** members already in the roster, exactly as in the file */
      unchanged: number
      /** members in the roster but not in the file: left as they are */
      notInFile: number
      /** authenticationType "1": the credentials issued by this import, in file order */
      issued: IssuedMember[]
    }

const MEMBER_CODE_COLUMN = 'memberCode'
const PRE_YEAR_POLICY_HOLDER_NO_COLUMN = 'preYearPolicyHolderNo'

const CODE_PATTERN = /^[A-Za-z0-9-]{1,20}$/
const CODE_MESSAGE = '半角の英字・数字・ハイフン（-）で、20文字以内にしてください。'
/** verifyUser accepts at most 200 characters an item (verifyByItemApi). */
const AUTH_ITEM_MAX_LENGTH = 200

const defaultIssuer: CredentialIssuer = (memberCodes, db) =>
  issueCredentials(memberCodes, (ids) => findTakenFirstEntryIds(db, ids))

export interface RosterRow {
  line: number
  memberCode: string
  /** normalised values of the items with authItemCd "1", "2", "3" (type "2"), else nulls */
  authItems: [string | null, string | null, string | null]
  preYearPolicyHolderNo: string | null
}

const productLabel = (key: ProductKey) =>
  `団体商品 ${key.groupPfCode}（始期年月 ${key.groupPfCodeInceptionDateYm}）`

/** `N行目: …`, or the message alone for a problem with the whole file. */
export function formatRosterIssue(issue: RosterIssue): string {
  return issue.line === undefined ? issue.message : `${issue.line}行目: ${issue.message}`
}

function columnLabel(item: ItemDefinition): string {
  return `${item.itemCode}（${item.itemName}）`
}

function checkHeader(header: CsvRow, columns: readonly string[]): RosterIssue[] {
  const issues: RosterIssue[] = []
  const seen = new Set<string>()
  const allowed = columns.join(', ')
  for (const name of header.fields) {
    if (!columns.includes(name)) {
      issues.push({
        line: header.line,
        message: `知らない列「${name}」があります。使える列は ${allowed} です（大文字・小文字も区別します）。`,
      })
    } else if (seen.has(name)) {
      issues.push({ line: header.line, message: `列「${name}」が2つあります。1つにしてください。` })
    }
    seen.add(name)
  }
  for (const name of columns) {
    if (name !== PRE_YEAR_POLICY_HOLDER_NO_COLUMN && !seen.has(name)) {
      issues.push({ line: header.line, message: `必須の列「${name}」がありません。` })
    }
  }
  return issues
}

function sameValues(left: readonly (string | null)[], right: readonly (string | null)[]) {
  return left.every((value, index) => value === right[index])
}

/**
 * Checks a roster CSV against the product and writes it in one transaction: new members are
 * added, members already in the roster are updated (a type "1" member keeps the first-entry ID
 * and password hash it was issued), members not in the file are left alone.
 */
export async function importRoster(
  db: Database,
  input: ImportRosterInput,
  options: ImportRosterOptions = {},
): Promise<ImportRosterResult> {
  const checked = await checkRosterFile(db, input)
  if (!checked.ok) return checked
  const { plan } = checked
  const issuer = options.issueCredentials ?? defaultIssuer
  const { issued, credentials } = await issueRosterCredentials(db, plan, issuer)
  await db.transaction(async (tx) => {
    await writeRosterPlan(tx, plan, credentials)
    if (issued.length > 0) await options.beforeCommit?.(issued)
  })
  return {
    ok: true,
    authenticationType: plan.authenticationType,
    encoding: plan.encoding,
    created: plan.creates.length,
    updated: plan.updates.length,
    unchanged: plan.unchanged,
    notInFile: plan.notInFile.length,
    issued,
  }
}

/** A roster file that passed every check, compared with the roster: what writing it changes. */
export interface RosterPlan {
  key: ProductKey
  authenticationType: '1' | '2'
  encoding: RosterEncoding
  rows: RosterRow[]
  creates: RosterRow[]
  updates: {
    member: RosterMember
    row: RosterRow
    fields: Partial<RosterMemberFields>
    needsCredentials: boolean
  }[]
  unchanged: number
  /** members in the roster but not in the file */
  notInFile: RosterMember[]
  /** authenticationType "1": the members to issue credentials to, in file order */
  toIssue: string[]
}

/**
 * The check half of an import: reads and checks the whole file (every bad row with its line)
 * and compares it with the roster, writing nothing. The console's dry run and the CLI share it.
 */
export async function checkRosterFile(
  db: Database,
  input: ImportRosterInput,
): Promise<{ ok: false; errors: RosterIssue[] } | { ok: true; plan: RosterPlan }> {
  const key: ProductKey = {
    groupPfCode: input.groupPfCode,
    groupPfCodeInceptionDateYm: input.groupPfCodeInceptionDateYm,
  }
  const authenticationType = await findAuthenticationType(db, key)
  if (authenticationType !== '1' && authenticationType !== '2') {
    return {
      ok: false,
      errors: [
        {
          message: `${productLabel(key)}が見つかりません。団体PFコードと始期年月を確かめてください。団体がまだなければ、先に団体を取り込んでください（npm run import-group）。`,
        },
      ],
    }
  }
  const authItems: ItemDefinition[] = []
  if (authenticationType === '2') {
    const items = await listItemDefinitions(db, key)
    for (const code of ['1', '2', '3'] as const) {
      const item = items.find((candidate) => candidate.authItemCd === code)
      if (item === undefined) {
        return {
          ok: false,
          errors: [
            {
              message: `${productLabel(key)}の項目定義に、三項目認証の項目（authItemCd "${code}"）がありません。団体ドキュメントを直して取り込み直してください。`,
            },
          ],
        }
      }
      authItems.push(item)
    }
  }

  const decoded = decodeRosterBytes(input.csvBytes, input.encoding)
  if (!decoded.ok) return { ok: false, errors: [decoded.issue] }
  const parsed = parseCsv(decoded.text)
  const errors: RosterIssue[] = [...parsed.issues]
  const [header, ...dataRows] = parsed.rows
  if (header === undefined) {
    errors.push({
      message: `ヘッダー行がありません。1行目に列名（${MEMBER_CODE_COLUMN} など）を書いてください。`,
    })
    return { ok: false, errors: sortIssues(errors) }
  }
  const columns = [
    MEMBER_CODE_COLUMN,
    ...authItems.map((item) => item.itemCode),
    PRE_YEAR_POLICY_HOLDER_NO_COLUMN,
  ]
  errors.push(...checkHeader(header, columns))
  const columnIndex = new Map<string, number>()
  header.fields.forEach((name, index) => {
    if (!columnIndex.has(name)) columnIndex.set(name, index)
  })

  const rows: RosterRow[] = []
  const lineOfMemberCode = new Map<string, number>()
  const lineOfAuthItems = new Map<string, number>()
  const authItemNames = authItems.map((item) => item.itemCode).join('・')
  for (const row of dataRows) {
    const { line } = row
    if (row.fields.length !== header.fields.length) {
      errors.push({
        line,
        message: `列の数が違います（ヘッダーは${header.fields.length}列、この行は${row.fields.length}列）。値の中のカンマ（,）は、値全体を引用符（"）で囲んでください。`,
      })
      continue
    }
    const cell = (name: string): string | undefined => {
      const index = columnIndex.get(name)
      return index === undefined ? undefined : row.fields[index]
    }
    let isSound = true
    const fail = (message: string) => {
      errors.push({ line, message })
      isSound = false
    }

    // A missing column is reported once, with the header.
    const memberCode = cell(MEMBER_CODE_COLUMN)
    if (memberCode === undefined) isSound = false
    else if (memberCode === '') fail(`${MEMBER_CODE_COLUMN}: ${t('validation.required')}`)
    else if (!CODE_PATTERN.test(memberCode)) fail(`${MEMBER_CODE_COLUMN}: ${CODE_MESSAGE}`)
    else {
      const firstLine = lineOfMemberCode.get(memberCode)
      if (firstLine === undefined) lineOfMemberCode.set(memberCode, line)
      else {
        fail(
          `${MEMBER_CODE_COLUMN}: 「${memberCode}」は${firstLine}行目にもあります。1人1行にしてください。`,
        )
      }
    }

    const authValues: [string | null, string | null, string | null] = [null, null, null]
    authItems.forEach((item, index) => {
      const value = cell(item.itemCode)
      if (value === undefined) {
        isSound = false
        return
      }
      const rules: RuleSpec[] = [
        'required',
        ...item.ruleArray.filter((rule) => rule !== 'required'),
        ['max', { max: AUTH_ITEM_MAX_LENGTH }],
      ]
      const failure = validateRules(rules, value)
      const normalised = failure === undefined ? normaliseAuthItem(value, item.inputType) : ''
      if (failure !== undefined) fail(`${columnLabel(item)}: ${failure}`)
      else if (normalised === '') fail(`${columnLabel(item)}: ${t('validation.required')}`)
      else authValues[index] = normalised
    })

    const preYear = cell(PRE_YEAR_POLICY_HOLDER_NO_COLUMN) ?? ''
    if (preYear !== '' && !CODE_PATTERN.test(preYear)) {
      fail(`${PRE_YEAR_POLICY_HOLDER_NO_COLUMN}: ${CODE_MESSAGE}`)
    }

    if (authItems.length > 0 && authValues.every((value) => value !== null)) {
      // Three-item authentication finds one member by the three values: two members with the
      // same three could never be told apart.
      const triple = JSON.stringify(authValues)
      const firstLine = lineOfAuthItems.get(triple)
      if (firstLine === undefined) lineOfAuthItems.set(triple, line)
      else {
        fail(
          `三項目認証の値（${authItemNames}）が${firstLine}行目と同じです。本人確認で区別できないため、どちらかを直してください。`,
        )
      }
    }
    if (isSound && memberCode !== undefined) {
      rows.push({
        line,
        memberCode,
        authItems: authValues,
        preYearPolicyHolderNo: preYear === '' ? null : preYear,
      })
    }
  }
  if (errors.length === 0 && dataRows.length === 0) {
    errors.push({
      line: header.line,
      message: '加入者の行がありません。ヘッダー行の次の行から、1人1行で書いてください。',
    })
  }
  if (errors.length > 0) return { ok: false, errors: sortIssues(errors) }

  const existing = new Map(
    (await listRosterMembers(db, key)).map((member) => [member.memberCode, member]),
  )
  if (authenticationType === '2') {
    const clashes = checkAgainstRoster(rows, existing, authItemNames)
    if (clashes.length > 0) return { ok: false, errors: clashes }
  }

  const creates: RosterRow[] = []
  const updates: RosterPlan['updates'] = []
  let unchanged = 0
  for (const row of rows) {
    const member = existing.get(row.memberCode)
    if (member === undefined) {
      creates.push(row)
      continue
    }
    const fields: Partial<RosterMemberFields> = {}
    if (member.preYearPolicyHolderNo !== row.preYearPolicyHolderNo) {
      fields.preYearPolicyHolderNo = row.preYearPolicyHolderNo
    }
    if (authenticationType === '2') {
      const stored = [member.authItem1, member.authItem2, member.authItem3]
      if (!sameValues(stored, row.authItems)) {
        ;[fields.authItem1, fields.authItem2, fields.authItem3] = row.authItems
      }
    }
    // Re-importing never replaces credentials already handed out; only a member without them (added
    // while the product used three-item authentication) is issued a pair.
    const needsCredentials =
      authenticationType === '1' && (member.firstEntryId === null || member.passwordHash === null)
    if (Object.keys(fields).length > 0 || needsCredentials) {
      updates.push({ member, row, fields, needsCredentials })
    } else unchanged += 1
  }

  const withoutCredentials = new Set(
    updates.filter((update) => update.needsCredentials).map((update) => update.member.memberCode),
  )
  const toIssue =
    authenticationType === '1'
      ? rows
          .filter((row) => !existing.has(row.memberCode) || withoutCredentials.has(row.memberCode))
          .map((row) => row.memberCode)
      : []
  const inFile = new Set(rows.map((row) => row.memberCode))
  return {
    ok: true,
    plan: {
      key,
      authenticationType,
      encoding: decoded.encoding,
      rows,
      creates,
      updates,
      unchanged,
      notInFile: [...existing.values()].filter((member) => !inFile.has(member.memberCode)),
      toIssue,
    },
  }
}

/**
 * Issues the plan's credentials (type "1"). Hashing takes ~35 ms a password: call this before
 * the transaction opens, not inside it.
 */
export async function issueRosterCredentials(
  db: Database,
  plan: RosterPlan,
  issuer: CredentialIssuer = defaultIssuer,
): Promise<{ issued: IssuedMember[]; credentials: Map<string, IssuedCredential> }> {
  const { toIssue } = plan
  const credentials = new Map<string, IssuedCredential>()
  for (const credential of toIssue.length === 0 ? [] : await issuer(toIssue, db)) {
    credentials.set(credential.memberCode, credential)
  }
  const credentialOf = (memberCode: string): IssuedCredential => {
    const credential = credentials.get(memberCode)
    if (credential === undefined) throw new Error(`no credentials were issued to ${memberCode}`)
    return credential
  }
  const issued: IssuedMember[] = toIssue.map((memberCode) => {
    const { firstEntryId, initialPassword } = credentialOf(memberCode)
    return { memberCode, firstEntryId, initialPassword }
  })

  return { issued, credentials }
}

/** The write half: adds and updates members as planned, inside the caller's transaction. */
export async function writeRosterPlan(
  tx: Database,
  plan: RosterPlan,
  credentials: ReadonlyMap<string, IssuedCredential>,
): Promise<void> {
  const { key, authenticationType, creates, updates } = plan
  const storedCredentials = (memberCode: string) => {
    const credential = credentials.get(memberCode)
    if (credential === undefined) throw new Error(`no credentials were issued to ${memberCode}`)
    return { firstEntryId: credential.firstEntryId, passwordHash: credential.passwordHash }
  }
  await insertRosterMembers(
    tx,
    key,
    creates.map((row) => ({
      memberCode: row.memberCode,
      ...(authenticationType === '1'
        ? storedCredentials(row.memberCode)
        : { firstEntryId: null, passwordHash: null }),
      authItem1: row.authItems[0],
      authItem2: row.authItems[1],
      authItem3: row.authItems[2],
      preYearPolicyHolderNo: row.preYearPolicyHolderNo,
    })),
  )
  for (const { member, fields, needsCredentials } of updates) {
    await updateRosterMember(tx, member.id, {
      ...fields,
      ...(needsCredentials ? storedCredentials(member.memberCode) : {}),
    })
  }
}

/** Type "2": a member in the file must not share the three values with one left out of it. */
function checkAgainstRoster(
  rows: readonly RosterRow[],
  existing: ReadonlyMap<string, RosterMember>,
  authItemNames: string,
): RosterIssue[] {
  const inFile = new Set(rows.map((row) => row.memberCode))
  const kept = new Map<string, string>()
  for (const member of existing.values()) {
    if (inFile.has(member.memberCode)) continue
    kept.set(
      JSON.stringify([member.authItem1, member.authItem2, member.authItem3]),
      member.memberCode,
    )
  }
  return rows.flatMap((row) => {
    const other = kept.get(JSON.stringify(row.authItems))
    return other === undefined
      ? []
      : [
          {
            line: row.line,
            message: `三項目認証の値（${authItemNames}）が、登録済みでこのファイルにない加入者「${other}」と同じです。本人確認で区別できないため、どちらかを直してください。`,
          },
        ]
  })
}

function sortIssues(issues: RosterIssue[]): RosterIssue[] {
  // Stable: problems with the whole file first, then by line in the order they were found.
  return [...issues].sort((left, right) => (left.line ?? 0) - (right.line ?? 0))
}
