/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base address of the application API (SPEC §7). Default: /api on the same origin. */
  readonly VITE_API_BASE_URL?: string
  /** Google Tag Manager container id (SPEC §7.7). Unset: no tag manager is loaded. */
  readonly VITE_GTM_ID?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}

/** The build id, compiled in by vite.config.ts and written to dist/build-meta.json. */
declare const __BUILD_ID__: string
