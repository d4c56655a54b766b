import { randomBytes } from 'node:crypto'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import type { Plugin } from 'vite'
import { defineConfig } from 'vitest/config'

// One id per build: CI may pin it (e.g. the commit hash) with BUILD_ID; otherwise time + random.
// The same id is compiled into the bundle and written to dist/build-meta.json, so a running tab
// can tell that a newer build has been deployed (SPEC §4 "Build updates", ADR 0003).
const buildId =
  process.env.BUILD_ID ?? `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`

function buildMeta(id: string): Plugin {
  return {
    name: 'app:build-meta',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'build-meta.json',
        source: `${JSON.stringify({ buildId: id })}\n`,
      })
    },
  }
}

export default defineConfig({
  base: '/app/',
  plugins: [react(), tailwindcss(), buildMeta(buildId)],
  define: {
    __BUILD_ID__: JSON.stringify(buildId),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Report sizes; the budget itself is checked by the benchmarks (PRODUCT.md "Budgets").
    reportCompressedSize: true,
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
    },
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
})
