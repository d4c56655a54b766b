export * from './groups.ts'
export * from './system.ts'
