// zod compiles fast object parsers with `new Function` and probes for that ability as each object
// schema is created. Under the server's CSP (`script-src 'self'`, no 'unsafe-eval') the probe is
// refused and reported as a violation on every page load. Turning zod's JIT off before
// @app/shared creates its schemas avoids the probe; zod reads this global at load
// (zod/v4/core/core.js `globalThis.__zod_globalConfig`). Imported first by main.tsx.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } }
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true }
