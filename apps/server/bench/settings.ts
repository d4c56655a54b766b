// The fixed settings of `npm run bench`, in one place so the output can print them.

/** The product server's environment (product-server.ts passes it to loadConfig). */
export const productEnv = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  MAINTENANCE_WINDOW: 'off',
  // The rate limiter stays registered and runs on every /api request; this limit is simply
  // out of reach of the load (~20k req/s × 60 s from one address is far below 10^8).
  RATE_LIMIT_MAX: '100000000',
  // The stricter limit on secret checks (verifyUser: 30 per address in 10 minutes by default) is
  // raised the same way for the login section (login.ts), which sends thousands from one address.
  AUTH_RATE_LIMIT_MAX: '100000000',
} as const

/**
 * The same load for every target. The measured time of a target is split into rounds played in
 * mirrored order (A B C … C B A): on a shared, noisy machine a slow minute then weighs on every
 * target alike instead of on whichever happened to run during it.
 */
export const loadSettings = {
  connections: 50,
  pipelining: 1,
  warmupSeconds: 2,
  /** measured seconds per target, in total */
  durationSeconds: 10,
  rounds: 2,
  timeoutSeconds: 10,
} as const

/**
 * The login section (login.ts): the login route on PostgreSQL and on PGlite (A and B on each) and
 * the bare argon2id verify loop (C), all with 2 requests in flight, rounds in mirrored order as
 * above. 5 rows × 11 s = 55 s of load; with the data preparation and the server starts about
 * 70 s on a quiet machine.
 */
export const loginSettings = {
  /**
   * Requests (and loop workers) in flight. 4, libuv's default thread pool: with 2, a login leaves
   * its core idle while it waits for the database or the socket, and the bare loop has no such
   * wait, so the ratio measured latency rather than capacity (ADR 0004).
   */
  inFlight: 4,
  warmupSeconds: 1,
  /** measured seconds per row, in total */
  durationSeconds: 10,
  rounds: 4,
  timeoutSeconds: 10,
} as const

/** PRODUCT.md "Budgets". */
export const budgets = {
  /** group route req/s ÷ req/s of raw node:http answering the same JSON body (run.ts says why) */
  throughputRatio: 0.5,
  /**
   * raw same-body p99 ÷ group p99: printed against this reference but never a failure (whole
   * milliseconds on a loaded 2-core box are too coarse to fail a build on; run.ts)
   */
  p99RatioReference: 0.5,
  /** login/s (verifyUser by first-entry ID) ÷ verifies/s of a bare argon2id verify loop */
  loginToVerifyRatio: 0.8,
  initialJsKiB: 150,
  /**
   * issue #22 point 2: every screen's initial JS stays this far below initialJsKiB (at most
   * 135 KiB gz), so that a feature does not push a screen over the budget unnoticed
   */
  initialJsHeadroomKiB: 15,
  laterChunkKiB: 50,
} as const

/**
 * The product server Lighthouse measures (lighthouse.ts, product-server.ts --production): the
 * pages as a deployment serves them (product-server.ts turns on the production headers: CSP with
 * upgrade-insecure-requests, HSTS; the default rate limit), but no maintenance window, so a run at
 * 04:30 measures the pages and not the maintenance screen. NODE_ENV=production itself would refuse
 * to start here (issue #19: no PostgreSQL, relay or provider), as a deployment must.
 */
export const lighthouseServerEnv = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  MAINTENANCE_WINDOW: 'off',
} as const

/** How lighthouse.ts runs Lighthouse: its default (mobile) profile, Debian's Chromium. */
export const lighthouseSettings = {
  chromiumPath: '/usr/bin/chromium',
  // The network is closed: nothing that phones home (STACK.md).
  chromiumFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
  /** runs of every page; the page is judged on its median run by performance score */
  runs: 3,
  /** Lighthouse's own limit for the page load */
  maxWaitForLoadMs: 45_000,
  /** one Lighthouse run, Chromium start included, is abandoned after this */
  runTimeoutMs: 120_000,
} as const

/**
 * PRODUCT.md "Budgets" and issue #22 point 2: Lighthouse, mobile profile, on each landing screen
 * of each demo group (pamphlet, termsOfService, my-page login) and on the system terms page.
 * Performance, LCP, TBT and CLS are judged on the page's median run (the run whose performance
 * score is the median of `lighthouseSettings.runs`); accessibility on every run.
 */
export const lighthouseBudgets = {
  /** performance score × 100, at least */
  performance: 95,
  /** largest-contentful-paint numericValue (simulated), at most */
  lcpMs: 2000,
  /** total-blocking-time numericValue (simulated), at most */
  tbtMs: 200,
  /** cumulative-layout-shift numericValue, at most: 0, no shift at all */
  cls: 0,
  /** accessibility score × 100, exactly, in every run */
  accessibility: 100,
} as const

/**
 * The recruitment peak (peak.ts): the product server on PostgreSQL as deployed behind one proxy
 * (TRUST_PROXY=1: each virtual applicant's X-Forwarded-For address is its own, as real browsers
 * come from their own addresses), with the production rate limits (RATE_LIMIT_MAX and
 * AUTH_RATE_LIMIT_MAX at their defaults, per address), so no limit is raised for the load.
 */
export const peakServerEnv = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  MAINTENANCE_WINDOW: 'off',
  TRUST_PROXY: '1',
} as const

/** How peak.ts loads the product: N applicants, each walking the whole enrolment. */
export const peakSettings = {
  /** the capacity curve: one level after another, until one breaks the step budget */
  levels: [50, 100, 200, 400],
  /** the applicants arrive spread over this (a mail blast), in a seeded random order of times */
  rampSeconds: 25,
  /** think time between two screens, uniform in [min, max], from a seeded random generator */
  thinkSeconds: { min: 2, max: 5 },
  seed: 20261128,
  /**
   * an applicant still walking this long after the level started counts as an error (on a quiet
   * machine the last one ends after about 90–115 s: 25 s of arrivals, 18 waits of 2–5 s)
   */
  levelTimeoutSeconds: 150,
  /**
   * the section's own limit (issue #22: under 10 minutes): a level that might not end within it
   * (its timeout and about 30 s to prepare and clean up) is not started
   */
  sectionSeconds: 570,
  /** one request without an answer after this is an error */
  requestTimeoutSeconds: 30,
} as const

/** issue #22 point 4: at N = 200 on a 2-core machine. */
export const peakBudgets = {
  applicants: 200,
  /** every step's p95, at most */
  stepP95Ms: 300,
  /** the product server's peak resident memory, at most, in MB of 10^6 bytes (the stricter reading) */
  serverRssMB: 512,
} as const

/**
 * The whole run is cut short (children killed, exit 1) after this: the http and login sections
 * (~3 min), Lighthouse (~10 min) and the recruitment peak (< 10 min), with room for a slow machine.
 */
export const hardTimeoutMs = 40 * 60_000
