// One file per owning module (issue #18): a table is written only by the module named at the top
// of its file (table-ownership.test.ts checks it).
export * from './groups.ts'
export * from './system.ts'
export * from './roster.ts'
export * from './access.ts'
export * from './applications.ts'
export * from './files.ts'
export * from './security.ts'
export * from './outbox.ts'
export * from './payment.ts'
export * from './sandbox-payment.ts'
export * from './my-page.ts'
export * from './renewal.ts'
