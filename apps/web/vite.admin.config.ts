import { randomBytes } from 'node:crypto'
import { createRequire } from 'node:module'
import path from 'node:path'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The back-office console (issue #20): an app of its own under /admin/, built apart from the
// applicant app (vite.config.ts) so that none of its modules reaches an applicant's download and
// the applicant build's output does not change. Its page is admin/index.html; its output
// dist-admin/, served by the server's plugins/spa.ts (ADMIN_DIST_DIR).

const webRoot = import.meta.dirname
const buildId =
  process.env.BUILD_ID ?? `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`

// As vite.config.ts: `@/…` is src/…, and react-router's production build.
const reactRouterDir = path.dirname(
  createRequire(import.meta.url).resolve('react-router/package.json'),
)

export default defineConfig(({ command }) => ({
  root: path.join(webRoot, 'admin'),
  base: '/admin/',
  envDir: webRoot,
  publicDir: false,
  plugins: [react(), tailwindcss()],
  // lib/env.ts names the build; the console does not poll for new builds.
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${path.join(webRoot, 'src')}/` },
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: `${reactRouterDir}/dist/production/index.mjs` },
            {
              find: /^react-router\/dom$/,
              replacement: `${reactRouterDir}/dist/production/dom-export.mjs`,
            },
          ]
        : []),
    ],
  },
  build: {
    outDir: path.join(webRoot, 'dist-admin'),
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: true,
    modulePreload: { polyfill: false },
  },
  server: {
    port: 5174,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
}))
