// Roster members for the browser tests, beyond the demo's five per group. Global setup imports a
// roster of MEMBERS_PER_GROUP members into each of the demo products A (first-entry ID, type "1")
// and B (three items, type "2"), and COLLECTION_MEMBERS into the fixture group for group
// collection (K400004, type "1", e2e/fixtures/collection-group.json) with the operators' CLIs,
// before the server starts: the documents first (the product must exist), then the rosters
// (docs/roster-import.md). The server then loads the demo data over them (DEMO_DATA=on), which
// leaves these members in place.
//
// Each test claims members of its own (`claimMember`): re-verifying a member ends that member's
// earlier sessions, the pinned clock never lets a lockout or the 5-mails-an-hour limit pass, and
// the tests run in parallel workers. A claim is a file created with O_EXCL in the run's state
// folder, so no two tests of one run ever get the same member, whichever worker they run in.
import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { buildDemoDocuments, demoImage } from '../../apps/server/src/demo/demo-groups.ts'
import { DEMO_GROUP_CODES, demoLink } from './demo.ts'
import { currentEngine, stateDirVariable } from './engines.ts'
import { COLLECTION_GROUP_DOCUMENT_PATH, readFixtureDocument } from './fixtures.ts'
import type { RosterImport } from './server.ts'
import { E2E_TODAY } from './server.ts'

/** Members imported into each of the demo groups A and B: enough for every test of a run. */
export const MEMBERS_PER_GROUP = 30
/**
 * Members imported into the group-collection fixture group: its journey needs one a run, and the
 * my-page and renewal specs one per test (support/policy-holders.ts makes them policy holders):
 * 7 of the 10 a run.
 */
export const COLLECTION_MEMBERS = 10

/** The group-collection fixture group (e2e/fixtures/collection-group.json). */
export const COLLECTION_GROUP = readFixtureDocument(COLLECTION_GROUP_DOCUMENT_PATH).groupPfInfo

/** authenticationType "1" (demo group A): the credentials the roster import issued. */
export interface FirstEntryMember {
  kind: 'firstEntry'
  groupPfCode: string
  memberCode: string
  firstEntryId: string
  initialPassword: string
}

/** authenticationType "2" (demo group B): 会員番号, 生年月日 (YYYYMMDD) and 氏名（カナ）. */
export interface ThreeItemMember {
  kind: 'threeItems'
  groupPfCode: string
  memberCode: string
  memberNo: string
  birthDate: string
  nameKana: string
}

export type Member = FirstEntryMember | ThreeItemMember

interface MembersFile {
  /** group A's first, then the group-collection group's */
  firstEntry: FirstEntryMember[]
  threeItems: ThreeItemMember[]
}

const FAMILY_NAMES = ['アオキ', 'イシダ', 'ウエノ', 'エンドウ', 'オカダ', 'カトウ'] as const
const GIVEN_NAMES = ['アキラ', 'ハルカ', 'ユウト', 'サクラ', 'ケンジ'] as const
/** 全角スペース (U+3000) between family and given name, as the demo roster writes it. */
const IDEOGRAPHIC_SPACE = '\u3000'

function pad(value: number, length: number): string {
  return String(value).padStart(length, '0')
}

/** The three-item members: 会員番号 2100001…, distinct from the demo's 2000001–2000005. */
function threeItemMembers(): ThreeItemMember[] {
  return Array.from({ length: MEMBERS_PER_GROUP }, (_, index) => {
    const number = index + 1
    return {
      kind: 'threeItems',
      groupPfCode: DEMO_GROUP_CODES.b,
      memberCode: `E2E-B-${pad(number, 3)}`,
      memberNo: `21${pad(number, 5)}`,
      birthDate: `${1970 + (index % 30)}${pad((index % 12) + 1, 2)}${pad((index % 28) + 1, 2)}`,
      nameKana: `${FAMILY_NAMES[index % FAMILY_NAMES.length]}${IDEOGRAPHIC_SPACE}${GIVEN_NAMES[index % GIVEN_NAMES.length]}`,
    }
  })
}

function csv(rows: readonly (readonly string[])[]): string {
  return `${rows.map((row) => row.join(',')).join('\r\n')}\r\n`
}

/** What global setup hands to startServer, and where the credentials will be. */
export interface PreparedRosters {
  documents: string[]
  rosters: RosterImport[]
  /** the import's credentials file of each first-entry group, by groupPfCode */
  credentialsFiles: Record<string, string>
}

/** A roster of first-entry members (type "1"): memberCode only; the import issues the rest. */
export function firstEntryRoster(folder: string, groupPfCode: string, codes: readonly string[]) {
  const file = path.join(folder, `roster-${groupPfCode}.csv`)
  writeFileSync(file, csv([['memberCode'], ...codes.map((code) => [code])]))
  return file
}

/**
 * Writes, under `folder`, the import documents of the demo groups A, B and C (with their images
 * beside them, as the import-group CLI reads them) and a roster CSV for A and B.
 */
export function prepareRosters(folder: string): PreparedRosters {
  mkdirSync(folder, { recursive: true })
  const documents: string[] = []
  // group C too (issue #21): its contact person is made in the seed, which needs the group there
  for (const code of [DEMO_GROUP_CODES.a, DEMO_GROUP_CODES.b, DEMO_GROUP_CODES.c]) {
    const document = buildDemoDocuments(E2E_TODAY).find(
      (candidate) => candidate.groupPfInfo.groupPfCode === code,
    )
    if (document === undefined) throw new Error(`no demo document for ${code}`)
    for (const image of [document.groupPfInfo.logoImage, document.groupPfInfo.topImage]) {
      if (image === null) continue
      const bytes = demoImage(image.file)?.bytes
      if (bytes === undefined) throw new Error(`no demo image ${image.file}`)
      const file = path.join(folder, image.file)
      mkdirSync(path.dirname(file), { recursive: true })
      writeFileSync(file, bytes)
    }
    const file = path.join(folder, `demo-${code}.json`)
    writeFileSync(file, JSON.stringify(document, null, 2))
    documents.push(file)
  }

  const firstEntryCsv = firstEntryRoster(
    folder,
    DEMO_GROUP_CODES.a,
    Array.from({ length: MEMBERS_PER_GROUP }, (_, index) => `E2E-A-${pad(index + 1, 3)}`),
  )
  const collectionCsv = firstEntryRoster(
    folder,
    COLLECTION_GROUP.groupPfCode,
    Array.from({ length: COLLECTION_MEMBERS }, (_, index) => `E2E-K-${pad(index + 1, 3)}`),
  )
  const threeItemCsv = path.join(folder, `roster-${DEMO_GROUP_CODES.b}.csv`)
  writeFileSync(
    threeItemCsv,
    csv([
      ['memberCode', 'MDR_MEMBER_NO', 'MDR_BIRTH_DATE', 'MDR_NAME_KANA'],
      ...threeItemMembers().map((member) => [
        member.memberCode,
        member.memberNo,
        member.birthDate,
        member.nameKana,
      ]),
    ]),
  )
  const credentialsFiles = {
    [DEMO_GROUP_CODES.a]: path.join(folder, `credentials-${DEMO_GROUP_CODES.a}.csv`),
    [COLLECTION_GROUP.groupPfCode]: path.join(
      folder,
      `credentials-${COLLECTION_GROUP.groupPfCode}.csv`,
    ),
  }
  const ymOf = (code: string) => demoLink(code).groupPfCodeInceptionDateYm
  return {
    documents,
    rosters: [
      {
        groupPfCode: DEMO_GROUP_CODES.a,
        groupPfCodeInceptionDateYm: ymOf(DEMO_GROUP_CODES.a),
        csv: firstEntryCsv,
        out: credentialsFiles[DEMO_GROUP_CODES.a],
      },
      {
        groupPfCode: DEMO_GROUP_CODES.b,
        groupPfCodeInceptionDateYm: ymOf(DEMO_GROUP_CODES.b),
        csv: threeItemCsv,
      },
      {
        groupPfCode: COLLECTION_GROUP.groupPfCode,
        groupPfCodeInceptionDateYm: COLLECTION_GROUP.groupPfCodeInceptionDateYm,
        csv: collectionCsv,
        out: credentialsFiles[COLLECTION_GROUP.groupPfCode],
      },
    ],
    credentialsFiles,
  }
}

/** The import's credentials file (BOM, CRLF, `memberCode,firstEntryId,initialPassword`). */
export function readCredentials(file: string, groupPfCode: string): FirstEntryMember[] {
  const lines = readFileSync(file, 'utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
  const [header, ...rows] = lines.filter((line) => line !== '')
  if (header !== 'memberCode,firstEntryId,initialPassword') {
    throw new Error(`unexpected header in ${file}: ${header}`)
  }
  return rows.map((row) => {
    const [memberCode = '', firstEntryId = '', initialPassword = ''] = row.split(',')
    return {
      kind: 'firstEntry',
      groupPfCode,
      memberCode,
      firstEntryId,
      initialPassword,
    }
  })
}

/** After the import: the members every worker may claim, in `stateDir`/members.json. */
export function writeMembersFile(stateDir: string, prepared: PreparedRosters): void {
  const issued = (groupPfCode: string, expected: number): FirstEntryMember[] => {
    const file = prepared.credentialsFiles[groupPfCode]
    if (file === undefined) throw new Error(`no credentials file for ${groupPfCode}`)
    const credentials = readCredentials(file, groupPfCode)
    if (credentials.length !== expected) {
      throw new Error(
        `the roster import issued ${credentials.length} credentials in ${groupPfCode}`,
      )
    }
    return credentials
  }
  const members: MembersFile = {
    firstEntry: [
      ...issued(DEMO_GROUP_CODES.a, MEMBERS_PER_GROUP),
      ...issued(COLLECTION_GROUP.groupPfCode, COLLECTION_MEMBERS),
    ],
    threeItems: threeItemMembers(),
  }
  mkdirSync(path.join(stateDir, 'claims'), { recursive: true })
  writeFileSync(path.join(stateDir, 'members.json'), JSON.stringify(members, null, 2))
}

/** The state folder of the running test's engine: each engine's server has members of its own. */
function stateDir(): string {
  const variable = stateDirVariable(currentEngine())
  const folder = process.env[variable]
  if (!folder) throw new Error(`${variable} is not set: run through playwright.config.ts`)
  return folder
}

const cachedMembers = new Map<string, MembersFile>()

function members(): MembersFile {
  const folder = stateDir()
  let loaded = cachedMembers.get(folder)
  if (loaded === undefined) {
    loaded = JSON.parse(readFileSync(path.join(folder, 'members.json'), 'utf8')) as MembersFile
    cachedMembers.set(folder, loaded)
  }
  return loaded
}

/** The group whose members a kind stands for when no group is named: A or B. */
const defaultGroups = {
  firstEntry: DEMO_GROUP_CODES.a,
  threeItems: DEMO_GROUP_CODES.b,
} as const

/**
 * A member that no other test of the run has: of demo group A (`firstEntry`) or B
 * (`threeItems`), or of the group named (the group-collection group: `COLLECTION_GROUP`).
 */
export function claimMember(kind: 'firstEntry', groupPfCode?: string): FirstEntryMember
export function claimMember(kind: 'threeItems', groupPfCode?: string): ThreeItemMember
export function claimMember(
  kind: Member['kind'],
  groupPfCode: string = defaultGroups[kind],
): Member {
  const list: readonly Member[] = members()[kind]
  for (const [index, member] of list.entries()) {
    if (member.groupPfCode !== groupPfCode) continue
    try {
      closeSync(openSync(path.join(stateDir(), 'claims', `${kind}-${index}`), 'wx'))
      return member
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
  }
  const count = list.filter((member) => member.groupPfCode === groupPfCode).length
  throw new Error(
    `all ${count} ${kind} members of ${groupPfCode} are taken: raise MEMBERS_PER_GROUP or COLLECTION_MEMBERS in support/members.ts`,
  )
}
