// The only reader of build-time configuration in the web app (STYLE.md §11).

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim()
  return trimmed === undefined || trimmed === '' ? undefined : trimmed
}

export const env = {
  /** SPEC §7 "the configured application API base address", without a trailing slash. */
  apiBaseUrl: (nonEmpty(import.meta.env.VITE_API_BASE_URL) ?? '/api').replace(/\/+$/, ''),
  /** SPEC §7.7: page views go to a tag manager only when an id is configured. */
  gtmId: nonEmpty(import.meta.env.VITE_GTM_ID),
  /** Request details are logged outside production only (SPEC §7.3). */
  isDev: import.meta.env.DEV,
  /** Build-update polling runs in built bundles only (the dev server has no build-meta.json). */
  isProductionBuild: import.meta.env.PROD,
  buildId: __BUILD_ID__,
  /** The router's basename; also vite.config.ts `base` (without the trailing slash). */
  basename: '/app',
} as const
