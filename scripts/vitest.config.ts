import { defineConfig } from 'vitest/config'

// The tests of the repository's own scripts (the CI summary). A project of the root
// vitest.config.ts, so `npm test` runs them with the rest.
export default defineConfig({
  test: {
    name: 'scripts',
    root: import.meta.dirname,
    include: ['*.test.ts'],
    environment: 'node',
  },
})
