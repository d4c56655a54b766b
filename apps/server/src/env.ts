import { readFileSync } from 'node:fs'
import { isIP } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { parseMaintenanceWindow } from '@app/shared'
import { RETENTION_DEFAULTS } from '@app/shared/rules/retention'

// The only reader of process.env (STYLE.md §11). Read once at start, validated, then passed down.

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

const isoInstant = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/, {
    message: 'an ISO 8601 instant with an offset, e.g. 2026-11-20T10:00:00+09:00',
  })

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  PUBLIC_BASE_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: 'a postgres:// connection string' })
    .optional(),
  DATA_DIR: z.string().min(1).default(path.join(repoRoot, 'data')),
  /** required-document files (PRODUCT.md "Files"); default: DATA_DIR/files */
  FILES_DIR: z.string().min(1).optional(),
  WEB_DIST_DIR: z.string().min(1).default(path.join(repoRoot, 'apps/web/dist')),
  /** the back-office console's build (issue #20); default: dist-admin beside WEB_DIST_DIR */
  ADMIN_DIST_DIR: z.string().min(1).optional(),
  /** the landing pages' server render (issue #22); default: dist-ssr beside WEB_DIST_DIR */
  WEB_SSR_DIST_DIR: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  APP_NOW: isoInstant.optional(),
  MAINTENANCE_WINDOW: z.string().optional(),
  DEMO_DATA: z.enum(['auto', 'on', 'off']).default('auto'),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  BODY_LIMIT: z.coerce.number().int().positive().default(1_048_576),
  /**
   * Which proxies' X-Forwarded-For to believe (issue #17 point 2): "off", the number of proxy
   * hops in front of the server, or the proxies' addresses and CIDR ranges, comma-separated.
   * "true" would believe any client's header and is refused.
   */
  TRUST_PROXY: z
    .string()
    .default('off')
    .transform((value, context) => {
      const parsed = parseTrustProxy(value)
      if (typeof parsed === 'string') {
        context.addIssue({ code: 'custom', message: parsed })
        return z.NEVER
      }
      return parsed
    }),
  /**
   * Slow clients (issue #17 point 6): the whole request, its headers, and an idle kept-alive
   * connection each have a time limit; a client that drips bytes is cut off.
   */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(60),
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().min(1).max(120).default(10),
  KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().min(1).max(120).default(5),
  GROUP_CACHE_SECONDS: z.coerce.number().int().min(0).default(60),
  /** set by npm to the folder it was called from */
  INIT_CWD: z.string().optional(),
  /** smtp:// or smtps:// relay; unset: mail stays in the outbox, readable at /dev/outbox */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { message: 'an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z.string().min(3).default('団体保険 Web加入 <no-reply@dantai-hoken.example>'),
  /** how often the delivery job looks for due mail */
  MAIL_POLL_SECONDS: z.coerce.number().min(0.05).max(3600).default(5),
  /** the renewal job's interval in the server process (issue #9); 0 never runs it there */
  RENEWAL_JOB_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).optional(),
  /** the unpaid follow-up job's interval (issue #21 point 4); 0 never runs it there */
  FOLLOW_UP_JOB_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).optional(),
  INSTALMENT_JOB_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).optional(),
  /** days before a virtual account's due date a reminder is mailed (ADR 0032), e.g. "3,1" */
  VA_REMINDER_DAYS: z
    .string()
    .regex(/^\s*\d{1,2}\s*(,\s*\d{1,2}\s*)*$/, { message: 'days 0 to 30, separated by commas' })
    .refine((value) => value.split(',').every((day) => Number(day) <= 30), {
      message: 'days 0 to 30, separated by commas',
    })
    .default('3,1'),
  /** the deposit reconciliation job's interval (issue #21 point 3); 0: only when nudged */
  RECONCILIATION_JOB_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).optional(),
  /** per client address: secret checks (verifyUser, the link page) in 10 minutes */
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(30),
  GTM_ID: z
    .string()
    .regex(/^GTM-[A-Z0-9]{4,12}$/)
    .optional(),
  /**
   * The payment provider's API base (PRODUCT.md "Money", ADR 0014). Unset: the sandbox provider
   * mounted in this process at /sandbox-pay, reached over HTTP like any provider.
   */
  PAYMENT_PROVIDER_URL: z.url().optional(),
  /** the provider's secret key (server to provider); unset with the sandbox: generated */
  PAYMENT_SECRET_KEY: z.string().min(16).optional(),
  /** the provider's publishable key (browser to the token endpoint) */
  PAYMENT_PUBLISHABLE_KEY: z.string().min(16).optional(),
  /** the secret of the provider's signed deposit notifications */
  PAYMENT_WEBHOOK_SECRET: z.string().min(16).optional(),
  /** mount the sandbox provider (default: on, except in production) */
  SANDBOX_PAYMENT: z.enum(['on', 'off']).optional(),
  /** serve the OpenAPI document at /api/docs (default: on, except in production) */
  API_DOCS: z.enum(['on', 'off']).optional(),
  /**
   * The server's keys from outside the database they protect (issue #19 point 6): base64 of at
   * least 32 bytes, given as the value or as a file holding it (`…_FILE`). Unset: generated once
   * and kept in the database (server_secrets).
   */
  TOKEN_SIGNING_KEY: z.string().optional(),
  TOKEN_SIGNING_KEY_FILE: z.string().min(1).optional(),
  SUBJECT_HASHING_KEY: z.string().optional(),
  SUBJECT_HASHING_KEY_FILE: z.string().min(1).optional(),
  /** the bearer token of GET /metrics (Prometheus); unset: /metrics is not served */
  METRICS_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9._~+/=-]{24,200}$/, { message: '24 to 200 token characters' })
    .optional(),
  /**
   * Required documents in an S3-compatible bucket (issue #19 point 2). Unset S3_BUCKET: the
   * local folder FILES_DIR. With it, the access key and secret are required.
   */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: 'an S3 bucket name' })
    .optional(),
  /** an S3-compatible service's address; unset: AWS S3 of S3_REGION */
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('ap-northeast-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** the bucket in the path rather than the host name, as most S3-compatible services want */
  S3_FORCE_PATH_STYLE: z.enum(['on', 'off']).default('off'),
  /** put before every object's random name; only characters S3 keys take without escaping */
  S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9!_.*'()/-]*$/, { message: "letters, digits and !_.*'()/- only" })
    .default('documents/'),
  /**
   * Where SMS and voice codes go (issue #19 point 3): "outbox" (the embedded provider: the outbox
   * page is the phone) or "twilio". In production, telephone authentication is offered only with
   * a real provider.
   */
  TELEPHONE_PROVIDER: z.enum(['outbox', 'twilio']).default('outbox'),
  /** Twilio's account (AC…) and its auth token: required with TELEPHONE_PROVIDER=twilio */
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, { message: 'an account SID: AC and 32 hex digits' })
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16).optional(),
  /** the sender: a Twilio number in E.164 form (calls, and SMS without a messaging service) */
  TWILIO_FROM: z
    .string()
    .regex(/^\+[1-9]\d{6,14}$/, { message: 'an E.164 number, e.g. +815012345678' })
    .optional(),
  /** optional: SMS go from this messaging service (MG…) instead of TWILIO_FROM */
  TWILIO_MESSAGING_SERVICE_SID: z
    .string()
    .regex(/^MG[0-9a-fA-F]{32}$/, { message: 'a messaging service SID: MG and 32 hex digits' })
    .optional(),
  /** Twilio's API base; a test points it at a fake */
  TWILIO_API_BASE: z.url().default('https://api.twilio.com'),
  /**
   * Retention (issue #19 point 4; the privacy policy's 保存期間, shared rules/retention.ts): days
   * after entry before an unfinished application is deleted, days usage records are kept, and the
   * retention job's interval in the server process (0 never runs it there).
   */
  RETENTION_UNFINISHED_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .default(RETENTION_DEFAULTS.unfinishedApplicationDays),
  RETENTION_USAGE_DAYS: z.coerce.number().int().min(1).default(RETENTION_DEFAULTS.usageRecordDays),
  RETENTION_JOB_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).optional(),
})

export type Env = z.infer<typeof envSchema>

export type TrustProxy = false | number | string[]

const MAX_PROXY_HOPS = 10

/** One address or CIDR range (IPv4 or IPv6), as proxy-addr reads it. */
function isAddressOrRange(text: string): boolean {
  const [address = '', prefix, extra] = text.split('/')
  const family = isIP(address)
  if (family === 0 || extra !== undefined) return false
  if (prefix === undefined) return true
  if (!/^\d{1,3}$/.test(prefix)) return false
  return Number(prefix) <= (family === 4 ? 32 : 128)
}

/** TRUST_PROXY's value, or the reason it is refused. */
export function parseTrustProxy(value: string): TrustProxy | string {
  const text = value.trim()
  if (text === 'off' || text === 'false' || text === '0') return false
  if (text === 'true') {
    return "true would take any client's X-Forwarded-For as its address; give the number of proxy hops (e.g. 1) or the proxies' addresses/CIDRs"
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text)
    return hops <= MAX_PROXY_HOPS ? hops : `at most ${MAX_PROXY_HOPS} proxy hops`
  }
  const entries = text.split(',').map((entry) => entry.trim())
  const bad = entries.filter((entry) => !isAddressOrRange(entry))
  if (bad.length > 0) {
    return `"off", a hop count or comma-separated proxy addresses/CIDRs (not: ${bad.join(', ')})`
  }
  return entries
}

export interface Config {
  nodeEnv: Env['NODE_ENV']
  isProduction: boolean
  /** whether /api/docs serves the OpenAPI document */
  apiDocs: boolean
  /** the bearer token of GET /metrics; undefined: not served */
  metricsToken: string | undefined
  /** the server's keys when given (environment or file); undefined: the database's */
  serverKeys: { tokenSigning: Buffer | undefined; subjectHashing: Buffer | undefined }
  host: string
  port: number
  publicBaseUrl: string | undefined
  databaseUrl: string | undefined
  dataDir: string
  /** the folder of uploaded required-document files, outside the web root */
  filesDir: string
  webDistDir: string
  /** the back-office console's build, served under /admin (issue #20) */
  adminDistDir: string
  /** the web app's server entry for the landing pages (issue #22, ADR 0036) */
  webSsrDistDir: string
  logLevel: Env['LOG_LEVEL']
  appNow: Date | undefined
  maintenanceWindow: ReturnType<typeof parseMaintenanceWindow>
  demoData: Env['DEMO_DATA']
  rateLimitMax: number
  bodyLimit: number
  /** false, a hop count, or the trusted proxies' addresses and CIDR ranges (Fastify's forms) */
  trustProxy: TrustProxy
  groupCacheSeconds: number
  /** milliseconds: the whole request, its headers, an idle kept-alive connection */
  timeouts: { requestMs: number; headersMs: number; keepAliveMs: number }
  gtmId: string | undefined
  smtpUrl: string | undefined
  mailFrom: string
  mailPollSeconds: number
  authRateLimitMax: number
  /** seconds between runs of the renewal job in the server process; 0: not run there */
  renewalJobIntervalSeconds: number
  /** the unpaid follow-up (ADR 0032): the job's interval (0: not run there), the reminder days */
  followUp: { jobIntervalSeconds: number; reminderDays: number[] }
  /** seconds between runs of the monthly charge job (issue #24); 0 never */
  instalmentJobIntervalSeconds: number
  /** seconds between runs of the reconciliation job (besides the webhook's nudge); 0: none */
  reconciliationJobIntervalSeconds: number
  /** the payment provider (ADR 0014); undefined values: the sandbox's generated ones */
  payment: {
    providerUrl: string | undefined
    secretKey: string | undefined
    publishableKey: string | undefined
    webhookSecret: string | undefined
    sandbox: boolean
  }
  /** where the command was started (npm's INIT_CWD), for paths given on a command line */
  invocationDir: string
  /** where required-document files are kept: the local folder (filesDir) or an S3 bucket */
  fileStorage: FileStorage
  /** SMS and voice codes (issue #19 point 3) */
  telephone: {
    provider: Env['TELEPHONE_PROVIDER']
    /** telephone authentication is offered: a real provider, or not in production */
    offered: boolean
    /** set with provider "twilio" */
    twilio: TwilioSettings | undefined
  }
  /** the retention job (issue #19 point 4): its periods and its interval in the server process */
  retention: {
    unfinishedApplicationDays: number
    usageRecordDays: number
    /** seconds between runs in the server process; 0: not run there */
    jobIntervalSeconds: number
  }
}

export interface TwilioSettings {
  accountSid: string
  authToken: string
  /** the calling number (E.164); SMS go from the messaging service when one is set */
  from: string
  messagingServiceSid: string | undefined
  apiBase: string
}

/**
 * The Twilio settings with TELEPHONE_PROVIDER=twilio; a missing one stops the start, one line per
 * variable. A voice call needs a calling number, so TWILIO_FROM is required even when SMS go from
 * a messaging service.
 */
function twilioSettings(env: Env): TwilioSettings | undefined {
  if (env.TELEPHONE_PROVIDER !== 'twilio') return undefined
  const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_FROM: from } = env
  const missing = Object.entries({
    TWILIO_ACCOUNT_SID: accountSid,
    TWILIO_AUTH_TOKEN: authToken,
    TWILIO_FROM: from,
  }).filter(([, value]) => value === undefined)
  if (accountSid === undefined || authToken === undefined || from === undefined) {
    const lines = missing.map(([name]) => `  ${name}: required with TELEPHONE_PROVIDER=twilio`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  return {
    accountSid,
    authToken,
    from,
    messagingServiceSid: env.TWILIO_MESSAGING_SERVICE_SID,
    apiBase: env.TWILIO_API_BASE.replace(/\/+$/, ''),
  }
}

export type FileStorage =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3'
      bucket: string
      region: string
      endpoint: string | undefined
      accessKeyId: string
      secretAccessKey: string
      forcePathStyle: boolean
      prefix: string
    }

/** The S3 bucket when S3_BUCKET is set, else the folder; throws when S3's keys are missing. */
function fileStorageOf(env: Env, filesDir: string): FileStorage {
  if (env.S3_BUCKET === undefined) return { kind: 'local', dir: filesDir }
  const accessKeyId = env.S3_ACCESS_KEY_ID
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY
  if (accessKeyId === undefined || secretAccessKey === undefined) {
    const lines: string[] = []
    if (accessKeyId === undefined) lines.push('  S3_ACCESS_KEY_ID: required when S3_BUCKET is set')
    if (secretAccessKey === undefined) {
      lines.push('  S3_SECRET_ACCESS_KEY: required when S3_BUCKET is set')
    }
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  return {
    kind: 's3',
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT?.replace(/\/+$/, ''),
    accessKeyId,
    secretAccessKey,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'on',
    prefix: env.S3_PREFIX,
  }
}

/**
 * Production mode's refusals (issue #19 point 1, PRODUCT.md "Production mode refuses to start"):
 * a setting that is missing or would quietly put a development stand-in in front of real people.
 * Each is one line naming the setting, in Japanese and in English.
 */
export function productionRefusals(env: Env): string[] {
  const refusals: string[] = []
  const refuse = (setting: string, japanese: string, english: string) => {
    refusals.push(`  ${setting}: ${japanese} / ${english}`)
  }
  if (env.DATABASE_URL === undefined) {
    refuse(
      'DATABASE_URL',
      '本番は PostgreSQL で動かします。接続先を指定してください',
      'production runs on PostgreSQL: give its postgres:// URL',
    )
  }
  if (env.PUBLIC_BASE_URL === undefined) {
    refuse(
      'PUBLIC_BASE_URL',
      'メールや印刷物に載せる公開アドレス（https）を指定してください',
      'the public https address (used in mail and printed links) is missing',
    )
  } else if (!env.PUBLIC_BASE_URL.startsWith('https://')) {
    refuse(
      'PUBLIC_BASE_URL',
      '公開アドレスは https にしてください',
      'the public address must be https',
    )
  }
  if (env.S3_BUCKET === undefined) {
    refuse(
      'S3_BUCKET',
      '必要書類は S3 互換のバケットに置きます（このホストのディスクは他のサーバーから読めません）',
      "documents go to an S3-compatible bucket: this host's disk is not shared with other servers",
    )
  }
  if (env.SMTP_URL === undefined) {
    refuse(
      'SMTP_URL',
      'メールの中継サーバーがないと、メールは送られずに失われます',
      'without a mail relay no mail would ever be delivered',
    )
  }
  const payment = [
    ['PAYMENT_PROVIDER_URL', env.PAYMENT_PROVIDER_URL],
    ['PAYMENT_SECRET_KEY', env.PAYMENT_SECRET_KEY],
    ['PAYMENT_PUBLISHABLE_KEY', env.PAYMENT_PUBLISHABLE_KEY],
    ['PAYMENT_WEBHOOK_SECRET', env.PAYMENT_WEBHOOK_SECRET],
  ] as const
  for (const [setting, value] of payment) {
    if (value === undefined) {
      refuse(setting, '決済代行会社の設定がありません', "the payment provider's setting is missing")
    }
  }
  if (env.SANDBOX_PAYMENT === 'on') {
    refuse(
      'SANDBOX_PAYMENT',
      'サンドボックスの決済（誰でも入金を通知できます）は本番では使えません',
      'the sandbox provider (anyone may post a deposit) is not for production',
    )
  }
  if (env.DEMO_DATA === 'on') {
    refuse(
      'DEMO_DATA',
      'デモデータ（公開済みのパスワード）は本番では読み込めません',
      'demo data (published passwords) is not loaded in production',
    )
  }
  if (env.APP_NOW !== undefined) {
    refuse('APP_NOW', '本番では時刻を固定できません', 'the clock cannot be pinned in production')
  }
  return refusals
}

/**
 * A key given as base64 in the variable or in a file (`name_FILE`); at least 32 bytes. The error
 * names the variable, never the value.
 */
function keyOf(
  name: string,
  value: string | undefined,
  file: string | undefined,
): Buffer | undefined {
  if (value !== undefined && file !== undefined) {
    throw new Error(`Invalid configuration:\n  ${name}: give ${name} or ${name}_FILE, not both`)
  }
  let text = value
  if (file !== undefined) {
    try {
      text = readFileSync(file, 'utf8').trim()
    } catch {
      throw new Error(`Invalid configuration:\n  ${name}_FILE: the file cannot be read`)
    }
  }
  if (text === undefined) return undefined
  const bytes = /^[A-Za-z0-9+/_-]+={0,2}$/.test(text)
    ? Buffer.from(text, 'base64')
    : Buffer.alloc(0)
  if (bytes.length < 32) {
    throw new Error(`Invalid configuration:\n  ${name}: base64 of at least 32 random bytes`)
  }
  return bytes
}

/** Validates the environment; throws one Error listing every bad variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "unset" so that `FOO= npm start` behaves like leaving FOO out.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''))
  const parsed = envSchema.safeParse(cleaned)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const env = parsed.data
  const isProduction = env.NODE_ENV === 'production'
  const refusals = isProduction ? productionRefusals(env) : []
  if (refusals.length > 0) {
    throw new Error(
      `Invalid configuration for production (本番の設定が足りないか、安全ではありません):\n${refusals.join('\n')}`,
    )
  }
  const dataDir = path.resolve(env.DATA_DIR)
  const filesDir = path.resolve(env.FILES_DIR ?? path.join(dataDir, 'files'))
  // PRODUCT.md: the daily window defaults to 04:00-06:00 JST and is off in development and tests.
  const windowText = env.MAINTENANCE_WINDOW ?? (isProduction ? '04:00-06:00' : 'off')
  let maintenanceWindow: Config['maintenanceWindow']
  try {
    maintenanceWindow = parseMaintenanceWindow(windowText)
  } catch (error) {
    throw new Error(`Invalid configuration:\n  MAINTENANCE_WINDOW: ${(error as Error).message}`)
  }
  return {
    nodeEnv: env.NODE_ENV,
    isProduction,
    apiDocs: (env.API_DOCS ?? (isProduction ? 'off' : 'on')) === 'on',
    metricsToken: env.METRICS_TOKEN,
    serverKeys: {
      tokenSigning: keyOf('TOKEN_SIGNING_KEY', env.TOKEN_SIGNING_KEY, env.TOKEN_SIGNING_KEY_FILE),
      subjectHashing: keyOf(
        'SUBJECT_HASHING_KEY',
        env.SUBJECT_HASHING_KEY,
        env.SUBJECT_HASHING_KEY_FILE,
      ),
    },
    host: env.HOST,
    port: env.PORT,
    publicBaseUrl: env.PUBLIC_BASE_URL?.replace(/\/+$/, ''),
    databaseUrl: env.DATABASE_URL,
    dataDir,
    filesDir,
    webDistDir: path.resolve(env.WEB_DIST_DIR),
    adminDistDir: path.resolve(
      env.ADMIN_DIST_DIR ?? path.join(path.dirname(path.resolve(env.WEB_DIST_DIR)), 'dist-admin'),
    ),
    webSsrDistDir: path.resolve(
      env.WEB_SSR_DIST_DIR ?? path.join(path.dirname(path.resolve(env.WEB_DIST_DIR)), 'dist-ssr'),
    ),
    logLevel: env.LOG_LEVEL,
    appNow: env.APP_NOW === undefined ? undefined : new Date(Date.parse(env.APP_NOW)),
    maintenanceWindow,
    demoData: env.DEMO_DATA,
    rateLimitMax: env.RATE_LIMIT_MAX,
    bodyLimit: env.BODY_LIMIT,
    trustProxy: env.TRUST_PROXY,
    groupCacheSeconds: env.GROUP_CACHE_SECONDS,
    timeouts: {
      requestMs: env.REQUEST_TIMEOUT_SECONDS * 1000,
      // Node requires the headers' limit to be within the request's
      headersMs: Math.min(env.HEADERS_TIMEOUT_SECONDS, env.REQUEST_TIMEOUT_SECONDS) * 1000,
      keepAliveMs: env.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    },
    gtmId: env.GTM_ID,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    mailPollSeconds: env.MAIL_POLL_SECONDS,
    authRateLimitMax: env.AUTH_RATE_LIMIT_MAX,
    // tests run the job themselves
    renewalJobIntervalSeconds:
      env.RENEWAL_JOB_INTERVAL_SECONDS ?? (env.NODE_ENV === 'test' ? 0 : 600),
    followUp: {
      // tests run the job themselves
      jobIntervalSeconds: env.FOLLOW_UP_JOB_INTERVAL_SECONDS ?? (env.NODE_ENV === 'test' ? 0 : 600),
      reminderDays: [...new Set(env.VA_REMINDER_DAYS.split(',').map(Number))].sort((a, b) => b - a),
    },
    // tests run the job themselves
    instalmentJobIntervalSeconds:
      env.INSTALMENT_JOB_INTERVAL_SECONDS ?? (env.NODE_ENV === 'test' ? 0 : 600),
    reconciliationJobIntervalSeconds:
      env.RECONCILIATION_JOB_INTERVAL_SECONDS ?? (env.NODE_ENV === 'test' ? 0 : 60),
    payment: {
      providerUrl: env.PAYMENT_PROVIDER_URL?.replace(/\/+$/, ''),
      secretKey: env.PAYMENT_SECRET_KEY,
      publishableKey: env.PAYMENT_PUBLISHABLE_KEY,
      webhookSecret: env.PAYMENT_WEBHOOK_SECRET,
      sandbox: (env.SANDBOX_PAYMENT ?? (isProduction ? 'off' : 'on')) === 'on',
    },
    invocationDir: env.INIT_CWD ?? process.cwd(),
    fileStorage: fileStorageOf(env, filesDir),
    telephone: {
      provider: env.TELEPHONE_PROVIDER,
      offered: env.TELEPHONE_PROVIDER === 'twilio' || !isProduction,
      twilio: twilioSettings(env),
    },
    retention: {
      unfinishedApplicationDays: env.RETENTION_UNFINISHED_DAYS,
      usageRecordDays: env.RETENTION_USAGE_DAYS,
      // tests run the job themselves
      jobIntervalSeconds:
        env.RETENTION_JOB_INTERVAL_SECONDS ?? (env.NODE_ENV === 'test' ? 0 : 3600),
    },
  }
}
