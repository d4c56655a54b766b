import { createHash } from 'node:crypto'
import { AppError, errorCodes, type Issue } from '@app/shared'
import { AdminError, adminErrorCodes } from '@app/shared/api/admin/errors'
import type { ProductChange } from '@app/shared/api/admin/setup'
import type { Database } from '../../db/client.ts'
import { appendAuditEntry } from '../audit/audit-records.ts'
import { staffActor, type RecordScope, type StaffPrincipal } from '../staff/staff-scope.ts'
import { groupDocumentSchema } from './group-document.ts'
import type { GroupService } from './group-service.ts'
import {
  findGroupPfInfo,
  findImage,
  listBranchesOfGroup,
  listItemDefinitions,
  listLinksOfGroup,
  lockProductSetup,
} from './group-repository.ts'
import {
  applyGroupPlan,
  checkLinkClashes,
  GroupImportError,
  planGroupDocument,
  type GroupPlan,
} from './import-group.ts'

// Group products in the console (issue #21 point 1, ADR 0030): the CLI's import (import-group.ts)
// split into its check and its write. A dry run answers every error by path with the CLI's
// messages, or the diff against the published version and a token of that version; a publish
// names the token and is refused (409 ADMC0001) when the published version changed in between.
// Images are named "stored:<fileId>" once published: a diff compares their hashes, never bytes.

/** How the console names an image already stored (its fileId: the hash of its content). */
export const STORED_IMAGE_PREFIX = 'stored:'
/** pg_advisory_xact_lock class of a product's publish */
const PRODUCT_LOCK_CLASS = 2101

export interface ProductKey {
  groupPfCode: string
  groupPfCodeInceptionDateYm: string
}

export interface ProductUpload {
  document: unknown
  /** base64 of each image file, by the name the document gives it */
  images: Record<string, string>
}

export interface ProductCheck {
  issues: Issue[]
  groupPfCode: string | null
  groupPfCodeInceptionDateYm: string | null
  isNew: boolean
  changes: ProductChange[]
  versionToken: string
}

/** JSON with the keys of every object sorted: the same value always gives the same text. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, field]) => field !== undefined)
      .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0))
    return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${stableJson(field)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

/** The version token of a published document: the hash of its stable JSON ("none": none). */
export function versionTokenOf(document: unknown): string {
  return document === undefined
    ? 'none'
    : createHash('sha256').update(stableJson(document)).digest('hex')
}

/** Leaves of a JSON value by dotted path (arrays by index, as the issues' paths). */
function leaves(value: unknown, path: string, into: Map<string, string>): void {
  if (Array.isArray(value)) {
    if (value.length === 0) into.set(path, '[]')
    value.forEach((item, index) =>
      leaves(item, path === '' ? `${index}` : `${path}.${index}`, into),
    )
    return
  }
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>
    // an image is one value: its stored name (the hash) and its alt text
    if (typeof record.file === 'string' && typeof record.alt === 'string') {
      into.set(path, stableJson(record))
      return
    }
    const keys = Object.keys(record).filter((key) => record[key] !== undefined)
    if (keys.length === 0) into.set(path, '{}')
    for (const key of keys) leaves(record[key], path === '' ? key : `${path}.${key}`, into)
    return
  }
  into.set(path, JSON.stringify(value))
}

/** What changes from `before` to `after`, path by path, in the order of the paths. */
export function diffDocuments(before: unknown, after: unknown): ProductChange[] {
  const old = new Map<string, string>()
  const next = new Map<string, string>()
  if (before !== undefined) leaves(before, '', old)
  leaves(after, '', next)
  const paths = [...new Set([...old.keys(), ...next.keys()])].sort()
  return paths.flatMap((path): ProductChange[] => {
    const was = old.get(path)
    const is = next.get(path)
    if (was === is) return []
    if (was === undefined) return [{ path, kind: 'added', before: null, after: is ?? null }]
    if (is === undefined) return [{ path, kind: 'removed', before: was, after: null }]
    return [{ path, kind: 'changed', before: was, after: is }]
  })
}

/** The published document of a product as the CLI reads it (images "stored:<fileId>"). */
export async function readPublishedDocument(
  db: Database,
  key: ProductKey,
): Promise<Record<string, unknown> | undefined> {
  const info = await findGroupPfInfo(db, key)
  if (info === undefined) return undefined
  const [branches, items, links] = await Promise.all([
    listBranchesOfGroup(db, key.groupPfCode),
    listItemDefinitions(db, key),
    listLinksOfGroup(db, key.groupPfCode),
  ])
  const image = (ref: { fileId: string; alt: string } | null) =>
    ref === null ? null : { file: `${STORED_IMAGE_PREFIX}${ref.fileId}`, alt: ref.alt }
  return {
    formatVersion: 1,
    groupPfInfo: { ...info, logoImage: image(info.logoImage), topImage: image(info.topImage) },
    groupPfInfoBranchNoArray: branches,
    itemDefinitionArray: items,
    linkArray: links
      .filter((link) => link.groupPfCodeInceptionDateYm === key.groupPfCodeInceptionDateYm)
      .sort((left, right) => left.groupPfBranchNo.localeCompare(right.groupPfBranchNo))
      .map((link) => ({ groupPfBranchNo: link.groupPfBranchNo, urlKey: link.urlKey })),
  }
}

/** A plan's document as readPublishedDocument would read it once published (for the diff). */
function asPublished(
  plan: GroupPlan,
  links: readonly { groupPfCodeInceptionDateYm: string; groupPfBranchNo: string; urlKey: string }[],
) {
  const { document, images, productKey } = plan
  const image = (field: 'logoImage' | 'topImage') => {
    const source = document.groupPfInfo[field]
    const stored = images.get(field)
    return source === null || stored === undefined
      ? null
      : { file: `${STORED_IMAGE_PREFIX}${stored.fileId}`, alt: source.alt }
  }
  // in the order the tables are read: units by number, items by display order, branches by number
  return {
    ...document,
    groupPfInfo: {
      ...document.groupPfInfo,
      logoImage: image('logoImage'),
      topImage: image('topImage'),
      unitInfoArray: [...document.groupPfInfo.unitInfoArray].sort(
        (left, right) => left.unitNo - right.unitNo,
      ),
    },
    groupPfInfoBranchNoArray: [...document.groupPfInfoBranchNoArray].sort((left, right) =>
      left.groupPfBranchNo.localeCompare(right.groupPfBranchNo),
    ),
    itemDefinitionArray: [...document.itemDefinitionArray].sort(
      (left, right) =>
        left.displayOrder - right.displayOrder || (left.itemCode < right.itemCode ? -1 : 1),
    ),
    // a link without a key keeps the branch's key (applyGroupPlan), else gets a new one
    linkArray: document.linkArray.map((link) => ({
      groupPfBranchNo: link.groupPfBranchNo,
      urlKey:
        link.urlKey ??
        links.find(
          (row) =>
            row.groupPfCodeInceptionDateYm === productKey.groupPfCodeInceptionDateYm &&
            row.groupPfBranchNo === link.groupPfBranchNo,
        )?.urlKey,
    })),
  }
}

/** Products are the insurer's: only a scope of all reaches them (404 ADMN0001 otherwise). */
function requireAllScope(scope: RecordScope): void {
  switch (scope.kind) {
    case 'all':
      return
    case 'agency':
    case 'group':
    case 'none':
      throw new AdminError(adminErrorCodes.adminRecordNotFound, {
        message: 'group products are outside the scope',
      })
  }
}

export class ProductSetupService {
  readonly #db: Database
  readonly #groups: GroupService

  constructor(options: { db: Database; groups: GroupService }) {
    this.#db = options.db
    this.#groups = options.groups
  }

  /** Reads the images the document names: uploaded ones, and stored ones by "stored:<fileId>". */
  async #plan(upload: ProductUpload) {
    const stored = new Map<string, Buffer>()
    const parsed = groupDocumentSchema.safeParse(upload.document)
    if (parsed.success) {
      for (const source of [parsed.data.groupPfInfo.logoImage, parsed.data.groupPfInfo.topImage]) {
        if (source === null || !source.file.startsWith(STORED_IMAGE_PREFIX)) continue
        const found = await findImage(this.#db, source.file.slice(STORED_IMAGE_PREFIX.length))
        if (found !== undefined) stored.set(source.file, Buffer.from(found.bytes))
      }
    }
    return planGroupDocument(upload.document, (file) => {
      const uploaded = upload.images[file]
      return uploaded === undefined ? stored.get(file) : Buffer.from(uploaded, 'base64')
    })
  }

  async check(who: StaffPrincipal, upload: ProductUpload): Promise<ProductCheck> {
    requireAllScope(who.scope)
    const planned = await this.#plan(upload)
    if (!planned.ok) {
      const info = (upload.document as { groupPfInfo?: Record<string, unknown> } | null)
        ?.groupPfInfo
      return {
        issues: planned.issues,
        groupPfCode: typeof info?.groupPfCode === 'string' ? info.groupPfCode : null,
        groupPfCodeInceptionDateYm:
          typeof info?.groupPfCodeInceptionDateYm === 'string'
            ? info.groupPfCodeInceptionDateYm
            : null,
        isNew: false,
        changes: [],
        versionToken: 'none',
      }
    }
    const { plan } = planned
    const published = await readPublishedDocument(this.#db, plan.productKey)
    const links = await listLinksOfGroup(this.#db, plan.productKey.groupPfCode)
    const clashes = checkLinkClashes(plan, links)
    return {
      issues: clashes,
      ...plan.productKey,
      isNew: published === undefined,
      changes: clashes.length > 0 ? [] : diffDocuments(published, asPublished(plan, links)),
      versionToken: versionTokenOf(published),
    }
  }

  async publish(who: StaffPrincipal, upload: ProductUpload & { versionToken: string }) {
    requireAllScope(who.scope)
    const planned = await this.#plan(upload)
    if (!planned.ok) {
      throw new AppError(errorCodes.validationFailed, {
        message: 'the group document has errors',
        issues: planned.issues,
      })
    }
    const { plan } = planned
    const key = plan.productKey
    const result = await this.#db.transaction(async (tx) => {
      await lockProductSetup(
        tx,
        PRODUCT_LOCK_CLASS,
        `${key.groupPfCode}|${key.groupPfCodeInceptionDateYm}`,
      )
      if (versionTokenOf(await readPublishedDocument(tx, key)) !== upload.versionToken) {
        throw new AdminError(adminErrorCodes.adminStateConflict, {
          message: 'the published product changed since the check',
        })
      }
      let links
      try {
        links = await applyGroupPlan(tx, plan, {})
      } catch (error) {
        if (!(error instanceof GroupImportError)) throw error
        throw new AppError(errorCodes.validationFailed, {
          message: 'the group document has errors',
          issues: error.issues,
        })
      }
      const { document } = plan
      await appendAuditEntry(tx, {
        ...staffActor(who),
        action: 'product.published',
        recordKind: 'groupProduct',
        recordId: `${key.groupPfCode}/${key.groupPfCodeInceptionDateYm}`,
        // counts only: never the document
        details: {
          groupPfCode: key.groupPfCode,
          groupPfCodeInceptionDateYm: key.groupPfCodeInceptionDateYm,
          units: document.groupPfInfo.unitInfoArray.length,
          items: document.itemDefinitionArray.length,
          branches: document.groupPfInfoBranchNoArray.length,
          links: links.length,
          newLinks: links.filter((link) => link.isNew).length,
        },
      })
      return { links, versionToken: versionTokenOf(await readPublishedDocument(tx, key)) }
    })
    // This process at once; every other one within GROUP_CACHE_SECONDS (ADR 0030).
    this.#groups.invalidate()
    return {
      ...key,
      links: result.links.map(({ groupPfBranchNo, urlKey, isNew }) => ({
        groupPfBranchNo,
        urlKey,
        isNew,
      })),
      versionToken: result.versionToken,
    }
  }

  async document(who: StaffPrincipal, key: ProductKey) {
    requireAllScope(who.scope)
    const document = await readPublishedDocument(this.#db, key)
    if (document === undefined) {
      throw new AdminError(adminErrorCodes.adminRecordNotFound, { message: 'product not found' })
    }
    return { document, versionToken: versionTokenOf(document) }
  }
}
