import type { Database } from '../../db/client.ts'
import { listQueuedFileDeletions, removeQueuedFileDeletion } from './file-repository.ts'
import type { FileStore } from './file-store.ts'

// The bytes of deleted files (retention, issue #19 point 4). Their rows were deleted and their
// keys queued in one transaction; here each key's bytes are deleted from the store and then the
// key leaves the queue. A crash or a store error in between leaves the key queued: the next run
// deletes it again (deleting absent bytes is no error), so no bytes outlive their rows for good.

const BATCH = 200

export interface PurgeResult {
  deleted: number
  /** keys whose bytes the store failed to delete: still queued for the next run */
  failed: number
}

export async function purgeQueuedFiles(db: Database, store: FileStore): Promise<PurgeResult> {
  const result: PurgeResult = { deleted: 0, failed: 0 }
  const failedKeys = new Set<string>()
  for (;;) {
    const keys = (await listQueuedFileDeletions(db, BATCH + failedKeys.size)).filter(
      (key) => !failedKeys.has(key),
    )
    if (keys.length === 0) return result
    for (const key of keys) {
      try {
        await store.delete(key)
        await removeQueuedFileDeletion(db, key)
        result.deleted += 1
      } catch {
        failedKeys.add(key)
        result.failed += 1
      }
    }
  }
}
