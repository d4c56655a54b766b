import { createHash, randomBytes as nodeRandomBytes } from 'node:crypto'
import { generateUrlKey, type GroupPfInfo, type ImageRef, type Issue } from '@app/shared'
import type { Database } from '../../db/client.ts'
import {
  checkGroupDocument,
  groupDocumentSchema,
  type GroupDocument,
  type ImageSource,
} from './group-document.ts'
import { sniffImage } from './image-check.ts'
import { upsertAgency } from '../staff/staff-records.ts'
import {
  insertImageIfAbsent,
  insertLinkIfAbsent,
  listLinksOfGroup,
  replaceItemDefinitions,
  replaceUnits,
  upsertBranch,
  upsertGroupPfInfo,
  type GroupLink,
} from './group-repository.ts'

export class GroupImportError extends Error {
  readonly issues: Issue[]
  constructor(issues: Issue[]) {
    super(`The group document has ${issues.length} error(s)`)
    this.name = 'GroupImportError'
    this.issues = issues
  }
}

export interface ImportedLink extends GroupLink {
  isNew: boolean
}

export interface ImportOptions {
  /** returns the bytes of an image the document names, or undefined when there is no such file */
  readImage: (file: string) => Buffer | undefined
  isDemo?: boolean
  randomBytes?: (size: number) => Uint8Array
}

const MAX_IMAGE_BYTES = 2 * 1024 * 1024

function zodPath(path: readonly PropertyKey[]): string {
  return path.map(String).join('.')
}

/** A document that passed every check, with its images read: ready to write. */
export interface GroupPlan {
  document: GroupDocument
  images: Map<'logoImage' | 'topImage', { fileId: string; contentType: string; bytes: Buffer }>
  productKey: { groupPfCode: string; groupPfCodeInceptionDateYm: string }
}

/** An image's id: the first half of its SHA-256 (an image is named by its content). */
export const imageFileId = (bytes: Buffer) =>
  createHash('sha256').update(bytes).digest('hex').slice(0, 32)

/**
 * The check half of an import: validates a group document completely (every error with its
 * path) and reads its images, writing nothing. The console's dry run and the CLI share it.
 */
export function planGroupDocument(
  input: unknown,
  readImage: ImportOptions['readImage'],
): { ok: false; issues: Issue[] } | { ok: true; plan: GroupPlan } {
  const parsed = groupDocumentSchema.safeParse(input)
  if (!parsed.success) {
    return {
      ok: false,
      issues: parsed.error.issues.map((issue) => ({
        path: zodPath(issue.path),
        message: issue.message,
      })),
    }
  }
  const document = parsed.data
  const issues = checkGroupDocument(document)

  const images: GroupPlan['images'] = new Map()
  const resolveImage = (field: 'logoImage' | 'topImage', source: ImageSource | null) => {
    if (source === null) return
    const bytes = readImage(source.file)
    const path = `groupPfInfo.${field}.file`
    if (bytes === undefined) {
      issues.push({ path, message: `画像ファイル ${source.file} が見つかりません。` })
      return
    }
    if (bytes.length > MAX_IMAGE_BYTES) {
      issues.push({ path, message: '画像ファイルは2MB以下にしてください。' })
      return
    }
    const sniffed = sniffImage(bytes)
    if (!sniffed.ok) {
      issues.push({ path, message: sniffed.message })
      return
    }
    images.set(field, { fileId: imageFileId(bytes), contentType: sniffed.contentType, bytes })
  }
  resolveImage('logoImage', document.groupPfInfo.logoImage)
  resolveImage('topImage', document.groupPfInfo.topImage)
  if (issues.length > 0) return { ok: false, issues }
  const productKey = {
    groupPfCode: document.groupPfInfo.groupPfCode,
    groupPfCodeInceptionDateYm: document.groupPfInfo.groupPfCodeInceptionDateYm,
  }
  return { ok: true, plan: { document, images, productKey } }
}

/** A key names one branch of a product: moving it would silently send members elsewhere. */
export function checkLinkClashes(
  plan: GroupPlan,
  existing: readonly Omit<GroupLink, 'groupPfCode'>[],
): Issue[] {
  return plan.document.linkArray.flatMap((link, index) =>
    existing.some(
      (row) =>
        row.urlKey === link.urlKey &&
        row.groupPfCodeInceptionDateYm === plan.productKey.groupPfCodeInceptionDateYm &&
        row.groupPfBranchNo !== link.groupPfBranchNo,
    )
      ? [
          {
            path: `linkArray.${index}.urlKey`,
            message: 'このURLキーはこの団体商品の別の支店で使われています。',
          },
        ]
      : [],
  )
}

/**
 * Validates a group document completely (every error with its path), then writes the product,
 * its units, item definitions, branches, images and links in one transaction: nothing is
 * half-written on failure. Re-importing the same document updates it in place.
 */
export async function importGroupDocument(
  db: Database,
  input: unknown,
  options: ImportOptions,
): Promise<ImportedLink[]> {
  const planned = planGroupDocument(input, options.readImage)
  if (!planned.ok) throw new GroupImportError(planned.issues)
  return db.transaction((tx) => applyGroupPlan(tx, planned.plan, options))
}

/**
 * The write half: run inside the caller's transaction. Throws GroupImportError when a link's
 * key is taken by another branch (the transaction then rolls back).
 */
export async function applyGroupPlan(
  tx: Database,
  plan: GroupPlan,
  options: Pick<ImportOptions, 'isDemo' | 'randomBytes'>,
): Promise<ImportedLink[]> {
  const { document, images, productKey } = plan
  const imageRef = (field: 'logoImage' | 'topImage'): ImageRef | null => {
    const source = document.groupPfInfo[field]
    const stored = images.get(field)
    return source === null || stored === undefined
      ? null
      : { fileId: stored.fileId, alt: source.alt }
  }
  const { unitInfoArray, ...productFields } = document.groupPfInfo
  const product: Omit<GroupPfInfo, 'unitInfoArray'> = {
    ...productFields,
    logoImage: imageRef('logoImage'),
    topImage: imageRef('topImage'),
  }
  const randomBytes = options.randomBytes ?? ((size: number) => nodeRandomBytes(size))

  for (const image of images.values()) {
    await insertImageIfAbsent(tx, image)
  }
  await upsertGroupPfInfo(tx, product)
  await replaceUnits(tx, productKey, unitInfoArray)
  await replaceItemDefinitions(tx, productKey, document.itemDefinitionArray)
  for (const branch of document.groupPfInfoBranchNoArray) {
    await upsertBranch(tx, productKey.groupPfCode, branch)
    // the branch's agency as a record: agency staff are scoped to it (issue #20 point 3)
    if (branch.agentCd === '') continue
    await upsertAgency(
      tx,
      { agentCd: branch.agentCd, agentName: branch.agentName, contact: branch.refFreeField },
      new Date(),
    )
  }

  const existing = await listLinksOfGroup(tx, productKey.groupPfCode)
  const clashes = checkLinkClashes(plan, existing)
  if (clashes.length > 0) throw new GroupImportError(clashes)
  const takenKeys = new Set(existing.map((link) => link.urlKey))
  const result: ImportedLink[] = []
  for (const link of document.linkArray) {
    // Re-importing a document keeps the branch's link rather than adding one each time.
    let urlKey =
      link.urlKey ??
      existing.find(
        (row) =>
          row.groupPfCodeInceptionDateYm === productKey.groupPfCodeInceptionDateYm &&
          row.groupPfBranchNo === link.groupPfBranchNo,
      )?.urlKey
    if (urlKey === undefined) {
      do urlKey = generateUrlKey(randomBytes)
      while (takenKeys.has(urlKey))
    }
    takenKeys.add(urlKey)
    const isNew = await insertLinkIfAbsent(tx, {
      ...productKey,
      groupPfBranchNo: link.groupPfBranchNo,
      urlKey,
      isDemo: options.isDemo ?? false,
    })
    result.push({ ...productKey, groupPfBranchNo: link.groupPfBranchNo, urlKey, isNew })
  }
  return result
}
