// The files module's published operations for retention (issue #19 point 4): the retention job
// deletes files' rows and bytes only through these, never through the tables or the store.
export { deleteFilesOfApplications, deleteOldUploadTickets } from './file-repository.ts'
export { purgeQueuedFiles, type PurgeResult } from './file-purge.ts'
