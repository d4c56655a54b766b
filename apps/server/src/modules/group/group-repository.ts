import { createHash } from 'node:crypto'
import { and, asc, desc, eq, lte, sql } from 'drizzle-orm'
import type { GroupPfInfo, GroupPfInfoBranchNo, ItemDefinition, UnitInfo } from '@app/shared'
import type { Database } from '../../db/client.ts'
import {
  groupImages,
  groupLinks,
  groupPfBranches,
  groupPfInfos,
  groupPfUnits,
  itemDefinitions,
} from '../../db/schema/index.ts'

// Drizzle queries only: plain objects in and out, nothing of HTTP or messages (STYLE.md §6).

export interface GroupLink {
  groupPfCode: string
  groupPfCodeInceptionDateYm: string
  groupPfBranchNo: string
  urlKey: string
}

export async function findLink(
  db: Database,
  key: { groupPfCode: string; urlKey: string; groupPfCodeInceptionDateYm: string },
): Promise<GroupLink | undefined> {
  const rows = await db
    .select({
      groupPfCode: groupLinks.groupPfCode,
      groupPfCodeInceptionDateYm: groupLinks.groupPfCodeInceptionDateYm,
      groupPfBranchNo: groupLinks.groupPfBranchNo,
      urlKey: groupLinks.urlKey,
    })
    .from(groupLinks)
    .where(
      and(
        eq(groupLinks.groupPfCode, key.groupPfCode),
        eq(groupLinks.urlKey, key.urlKey),
        eq(groupLinks.groupPfCodeInceptionDateYm, key.groupPfCodeInceptionDateYm),
      ),
    )
    .limit(1)
  return rows[0]
}

/**
 * The link of a group's product in force on `today` (the latest whose inception is not after
 * today), else the earliest one: used under /myp/, where the URL names no inception month.
 */
export async function findCurrentLink(
  db: Database,
  key: { groupPfCode: string; urlKey: string },
  today: string,
): Promise<GroupLink | undefined> {
  const columns = {
    groupPfCode: groupLinks.groupPfCode,
    groupPfCodeInceptionDateYm: groupLinks.groupPfCodeInceptionDateYm,
    groupPfBranchNo: groupLinks.groupPfBranchNo,
    urlKey: groupLinks.urlKey,
  }
  const base = db
    .select(columns)
    .from(groupLinks)
    .innerJoin(
      groupPfInfos,
      and(
        eq(groupPfInfos.groupPfCode, groupLinks.groupPfCode),
        eq(groupPfInfos.groupPfCodeInceptionDateYm, groupLinks.groupPfCodeInceptionDateYm),
      ),
    )
  const matches = and(
    eq(groupLinks.groupPfCode, key.groupPfCode),
    eq(groupLinks.urlKey, key.urlKey),
    // SPEC §6: a group whose holders do not use the my-page has no my-page link
    eq(groupPfInfos.policyHolderPageUseDiv, '1'),
  )
  const inForce = await base
    .where(and(matches, lte(groupPfInfos.groupInceptionDate, today)))
    .orderBy(desc(groupLinks.groupPfCodeInceptionDateYm))
    .limit(1)
  if (inForce[0] !== undefined) return inForce[0]
  const upcoming = await base
    .where(matches)
    .orderBy(asc(groupLinks.groupPfCodeInceptionDateYm))
    .limit(1)
  return upcoming[0]
}

export async function groupProductExists(
  db: Database,
  key: { groupPfCode: string; groupPfCodeInceptionDateYm?: string },
): Promise<boolean> {
  const rows = await db
    .select({ groupPfCode: groupPfInfos.groupPfCode })
    .from(groupPfInfos)
    .where(
      key.groupPfCodeInceptionDateYm === undefined
        ? eq(groupPfInfos.groupPfCode, key.groupPfCode)
        : and(
            eq(groupPfInfos.groupPfCode, key.groupPfCode),
            eq(groupPfInfos.groupPfCodeInceptionDateYm, key.groupPfCodeInceptionDateYm),
          ),
    )
    .limit(1)
  return rows.length > 0
}

export async function branchExists(
  db: Database,
  key: { groupPfCode: string; groupPfBranchNo: string },
): Promise<boolean> {
  return (await findBranch(db, key)) !== undefined
}

export async function findGroupPfInfo(
  db: Database,
  key: { groupPfCode: string; groupPfCodeInceptionDateYm: string },
): Promise<GroupPfInfo | undefined> {
  const productKey = and(
    eq(groupPfInfos.groupPfCode, key.groupPfCode),
    eq(groupPfInfos.groupPfCodeInceptionDateYm, key.groupPfCodeInceptionDateYm),
  )
  const [rows, units] = await Promise.all([
    db.select().from(groupPfInfos).where(productKey).limit(1),
    db
      .select()
      .from(groupPfUnits)
      .where(
        and(
          eq(groupPfUnits.groupPfCode, key.groupPfCode),
          eq(groupPfUnits.groupPfCodeInceptionDateYm, key.groupPfCodeInceptionDateYm),
        ),
      )
      .orderBy(asc(groupPfUnits.unitNo)),
  ])
  const row = rows[0]
  if (row === undefined) return undefined
  const { createdAt: _createdAt, updatedAt: _updatedAt, ...fields } = row
  const unitInfoArray = units.map(
    ({ groupPfCode: _code, groupPfCodeInceptionDateYm: _ym, ...unit }): UnitInfo => unit,
  )
  return { ...fields, unitInfoArray } as GroupPfInfo
}

export async function findBranch(
  db: Database,
  key: { groupPfCode: string; groupPfBranchNo: string },
): Promise<GroupPfInfoBranchNo | undefined> {
  const rows = await db
    .select()
    .from(groupPfBranches)
    .where(
      and(
        eq(groupPfBranches.groupPfCode, key.groupPfCode),
        eq(groupPfBranches.groupPfBranchNo, key.groupPfBranchNo),
      ),
    )
    .limit(1)
  const row = rows[0]
  if (row === undefined) return undefined
  const { groupPfCode: _code, createdAt: _createdAt, updatedAt: _updatedAt, ...branch } = row
  return branch
}

export async function listItemDefinitions(
  db: Database,
  key: { groupPfCode: string; groupPfCodeInceptionDateYm: string },
): Promise<ItemDefinition[]> {
  const rows = await db
    .select()
    .from(itemDefinitions)
    .where(
      and(
        eq(itemDefinitions.groupPfCode, key.groupPfCode),
        eq(itemDefinitions.groupPfCodeInceptionDateYm, key.groupPfCodeInceptionDateYm),
      ),
    )
    .orderBy(asc(itemDefinitions.displayOrder), asc(itemDefinitions.itemCode))
  return rows.map(
    ({ groupPfCode: _code, groupPfCodeInceptionDateYm: _ym, ...item }) => item as ItemDefinition,
  )
}

export async function findImage(
  db: Database,
  fileId: string,
): Promise<{ contentType: string; bytes: Buffer } | undefined> {
  const rows = await db
    .select({ contentType: groupImages.contentType, bytes: groupImages.bytes })
    .from(groupImages)
    .where(eq(groupImages.fileId, fileId))
    .limit(1)
  return rows[0]
}

export async function countGroupProducts(db: Database): Promise<number> {
  const rows = await db
    .select({ groupPfCode: groupPfInfos.groupPfCode })
    .from(groupPfInfos)
    .limit(1)
  return rows.length
}

// The writes of a group document's import (import-group.ts), each inside its one transaction.

export async function insertImageIfAbsent(
  db: Database,
  image: { fileId: string; contentType: string; bytes: Buffer },
): Promise<void> {
  await db.insert(groupImages).values(image).onConflictDoNothing()
}

export async function upsertGroupPfInfo(
  db: Database,
  product: Omit<GroupPfInfo, 'unitInfoArray'>,
): Promise<void> {
  await db
    .insert(groupPfInfos)
    .values(product)
    .onConflictDoUpdate({
      target: [groupPfInfos.groupPfCode, groupPfInfos.groupPfCodeInceptionDateYm],
      set: { ...product, updatedAt: sql`now()` },
    })
}

interface ProductKey {
  groupPfCode: string
  groupPfCodeInceptionDateYm: string
}

function sameProduct<T extends typeof groupPfUnits | typeof itemDefinitions>(
  table: T,
  productKey: ProductKey,
) {
  return and(
    eq(table.groupPfCode, productKey.groupPfCode),
    eq(table.groupPfCodeInceptionDateYm, productKey.groupPfCodeInceptionDateYm),
  )
}

/** Deletes the product's units and inserts these. */
export async function replaceUnits(
  db: Database,
  productKey: ProductKey,
  units: UnitInfo[],
): Promise<void> {
  await db.delete(groupPfUnits).where(sameProduct(groupPfUnits, productKey))
  await db.insert(groupPfUnits).values(units.map((unit) => ({ ...productKey, ...unit })))
}

/** Deletes the product's item definitions and inserts these (if any). */
export async function replaceItemDefinitions(
  db: Database,
  productKey: ProductKey,
  items: ItemDefinition[],
): Promise<void> {
  await db.delete(itemDefinitions).where(sameProduct(itemDefinitions, productKey))
  if (items.length > 0) {
    await db.insert(itemDefinitions).values(items.map((item) => ({ ...productKey, ...item })))
  }
}

export async function upsertBranch(
  db: Database,
  groupPfCode: string,
  branch: GroupPfInfoBranchNo,
): Promise<void> {
  const row = { groupPfCode, ...branch }
  await db
    .insert(groupPfBranches)
    .values(row)
    .onConflictDoUpdate({
      target: [groupPfBranches.groupPfCode, groupPfBranches.groupPfBranchNo],
      set: { ...row, updatedAt: sql`now()` },
    })
}

/** Every link of the group, of every product and branch. */
export async function listLinksOfGroup(
  db: Database,
  groupPfCode: string,
): Promise<Omit<GroupLink, 'groupPfCode'>[]> {
  return db
    .select({
      groupPfCodeInceptionDateYm: groupLinks.groupPfCodeInceptionDateYm,
      groupPfBranchNo: groupLinks.groupPfBranchNo,
      urlKey: groupLinks.urlKey,
    })
    .from(groupLinks)
    .where(eq(groupLinks.groupPfCode, groupPfCode))
}

/** Inserts the link unless it is there: true when this call inserted it. */
export async function insertLinkIfAbsent(
  db: Database,
  link: GroupLink & { isDemo: boolean },
): Promise<boolean> {
  const inserted = await db
    .insert(groupLinks)
    .values(link)
    .onConflictDoNothing()
    .returning({ urlKey: groupLinks.urlKey })
  return inserted.length > 0
}

// The console's product setup (issue #21 point 1, ADR 0030).

/** Every branch of the group (branches belong to the group, not to one of its products). */
export async function listBranchesOfGroup(
  db: Database,
  groupPfCode: string,
): Promise<GroupPfInfoBranchNo[]> {
  const rows = await db
    .select()
    .from(groupPfBranches)
    .where(eq(groupPfBranches.groupPfCode, groupPfCode))
    .orderBy(asc(groupPfBranches.groupPfBranchNo))
  return rows.map(
    ({ groupPfCode: _code, createdAt: _createdAt, updatedAt: _updatedAt, ...branch }) => branch,
  )
}

/**
 * Makes publishes of one product take turns (a transaction-scoped advisory lock, released at
 * commit): the second reads what the first wrote and finds its version token stale. The key is
 * the two-int form (class, hash) so it never meets the audit log's one-bigint lock.
 */
export async function lockProductSetup(
  tx: Database,
  lockClass: number,
  key: string,
): Promise<void> {
  const hash = createHash('sha256').update(key).digest().readInt32BE(0)
  await tx.execute(sql`select pg_advisory_xact_lock(${lockClass}::int, ${hash}::int)`)
}
