export * from './groups.ts'
export * from './system.ts'
export * from './access.ts'
export * from './outbox.ts'
