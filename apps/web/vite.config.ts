import { randomBytes } from 'node:crypto'
import { createRequire } from 'node:module'
import path from 'node:path'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import type { BuildEnvironmentOptions, Plugin } from 'vite'
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

// `@/…` is apps/web/src/… (tsconfig.json "paths"): imports that would climb two or more folders
// name the module from the source root instead (issue #18).
const sourceAlias = [{ find: /^@\//, replacement: `${path.resolve(import.meta.dirname, 'src')}/` }]

// react-router's package.json resolves every build to dist/development, whose only difference from
// dist/production is ENABLE_DEV_WARNINGS = true (remix-run/react-router#12532, #14753): the
// production build drops the development warnings and their code (ADR 0011).
const reactRouterDir = path.dirname(
  createRequire(import.meta.url).resolve('react-router/package.json'),
)
const reactRouterProduction = [
  { find: /^react-router$/, replacement: `${reactRouterDir}/dist/production/index.mjs` },
  { find: /^react-router\/dom$/, replacement: `${reactRouterDir}/dist/production/dom-export.mjs` },
]

// React Router's components are made with `forwardRef(…)` and given a `displayName` afterwards: a
// call and a property write that a bundler must keep, so <Link>, <NavLink> and <Form> (with their
// prefetching and form submission code, ≈ 4 KiB gzip) reach the shell although the applicant app
// uses none of them (it has its own Link, components/link.tsx). The build marks those calls pure
// and drops the display names, which only the React developer tools read (ADR 0037).
const reactRouterChunk = /[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[\w-]+\.mjs$/
function reactRouterTreeShaking(): Plugin {
  return {
    name: 'app:react-router-tree-shaking',
    apply: 'build',
    transform: {
      filter: { id: reactRouterChunk },
      handler(code) {
        return {
          code: code
            .replace(/^(var \w+ = )(React\d*\.forwardRef\()/gm, '$1/* @__PURE__ */ $2')
            .replace(/^\w+\.displayName = "[^"\n]*";$/gm, '')
            // createRouter's options that the app never passes (router.tsx): the instrumentation
            // wrappers and the route discovery on navigation ("fog of war") become dead code. If
            // router.tsx ever passes `unstable_instrumentations` or `patchRoutesOnNavigation`,
            // these two lines must go (ADR 0037 round 2).
            .replace(/\binit\.instrumentations\b/g, 'undefined')
            .replace(/\binit\.patchRoutesOnNavigation\b/g, 'undefined'),
          map: null,
        }
      },
    },
  }
}

// The first download is one chunk (ADR 0011): every module the entry imports statically, apart
// from the entry module itself, instead of a handful of small shared chunks that each cost a
// request and compress on their own. The landing pages' boot script (boot.ts, its own entry) and
// its one module stay out of it: they are what a server-rendered page runs before the shell.
function isInShellChunk(id: string): boolean {
  return !/[\\/](?:index\.html|src[\\/](?:main\.tsx|boot\.ts|app[\\/]start-after-paint\.ts))$/.test(
    id,
  )
}

// The my-page screens share a dozen small modules, each screen a different few; as chunks of their
// own each would cost a request, its own compression and a name in the shell's preload map. They
// go in two chunks instead: the form parts (which bring the form kit) and the rest (state, calls,
// texts), so that a page without a form does not load the form kit. Their dependencies stay where
// they are (includeDependenciesRecursively: false): the form kit and the shared components are
// the enrolment screens' too.
const myPageModule = /[\\/]src[\\/]features[\\/]my-page[\\/](?!screens[\\/])/
const myPageFormModule =
  /[\\/]src[\\/]features[\\/]my-page[\\/](?:components[\\/](?:code-field|code-form|form-parts|password-fields)\.tsx|form-schemas\.ts)$/
const myPageTexts = /[\\/]messages[\\/]my-page(?:-screens)?\.ja\.ts$/
/** The my-page's routes (shared api/my-page/routes.ts): only its calls use them. */
const myPageRoutes = /[\\/]api[\\/]my-page[\\/]routes\.ts$/

// The renewal screens' shared parts (issue #9): one chunk of their own, as the my-page's, so a
// renewal page costs one more request rather than several and no other page downloads them.
const renewalModule =
  /[\\/]src[\\/]features[\\/]renewal[\\/](?!screens[\\/])|[\\/]messages[\\/]renewal-screens\.ja\.ts$|[\\/]api[\\/]renewal[\\/]routes\.ts$/

function isInMyPageChunk(id: string): boolean {
  return (
    (myPageModule.test(id) && !myPageFormModule.test(id)) ||
    myPageTexts.test(id) ||
    myPageRoutes.test(id)
  )
}

const clientBuild: BuildEnvironmentOptions = {
  outDir: 'dist',
  emptyOutDir: true,
  target: 'es2022',
  // dist/.vite/manifest.json: which chunks a server-rendered screen needs, to preload them
  // (ADR 0036).
  manifest: true,
  // Report sizes; the budget itself is checked by the benchmarks (PRODUCT.md "Budgets").
  reportCompressedSize: true,
  // Browsers without <link rel="modulepreload"> (Firefox before 115, Safari before 17) then
  // fetch a screen's chunks one after another rather than together; nothing else changes.
  modulePreload: { polyfill: false },
  rolldownOptions: {
    // boot.ts: the first script of a server-rendered landing page, which loads the app after the
    // page's first paint (ADR 0036 "Round 2"); index.html's own entry is the app.
    input: {
      index: path.resolve(import.meta.dirname, 'index.html'),
      boot: path.resolve(import.meta.dirname, 'src/boot.ts'),
    },
    output: {
      // A chunk's name is its hash alone: the shell lists every chunk's file name (the preload
      // map) and each chunk those it imports, and the descriptive part compressed poorly (≈ 1 KiB
      // of the first download). dist/.vite/manifest.json maps each source to its file (ADR 0037).
      chunkFileNames: 'assets/[hash].js',
      codeSplitting: {
        groups: [
          { name: 'shell', tags: ['$initial'], test: isInShellChunk },
          { name: 'my-page', test: isInMyPageChunk, includeDependenciesRecursively: false },
          {
            name: 'my-page-forms',
            test: (id: string) => myPageFormModule.test(id),
            includeDependenciesRecursively: false,
          },
          {
            name: 'renewal',
            test: (id: string) => renewalModule.test(id),
            includeDependenciesRecursively: false,
          },
        ],
      },
    },
  },
}

// `vite build --ssr src/entry-server.tsx`: the landing pages' server render (ADR 0036), for Node,
// beside dist rather than in it (dist is served as it is).
const ssrBuild: BuildEnvironmentOptions = {
  outDir: 'dist-ssr',
  emptyOutDir: true,
  target: 'node20',
  copyPublicDir: false,
  reportCompressedSize: false,
}

export default defineConfig(({ command, isSsrBuild }) => ({
  base: '/app/',
  plugins: [react(), tailwindcss(), buildMeta(buildId), reactRouterTreeShaking()],
  define: {
    __BUILD_ID__: JSON.stringify(buildId),
  },
  resolve: {
    alias: [...sourceAlias, ...(command === 'build' ? reactRouterProduction : [])],
  },
  build: isSsrBuild === true ? ssrBuild : clientBuild,
  ssr: {
    // One copy of the shared rules, bundled in; React and React Router are the server's own.
    noExternal: ['@app/shared'],
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
    },
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    // A link a test clicks never moves the shared window (a download's <a download> to a blob:
    // address was followed as a navigation, and a later file's test found itself there): the
    // screens navigate through the router and services.browser, which the tests stand in for.
    environmentOptions: {
      happyDOM: {
        settings: {
          navigation: { disableMainFrameNavigation: true, disableFallbackToSetURL: true },
        },
      },
    },
    include: ['src/**/*.test.{ts,tsx}'],
    // The files share their worker's modules and DOM (ADR 0017): a third of the time. Each file
    // leaves nothing behind: setup.ts unmounts and clears storage, and no test ends while a screen
    // it opened is still loading.
    isolate: false,
    setupFiles: ['./src/test/setup.ts'],
  },
}))
