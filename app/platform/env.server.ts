import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import { z } from 'zod'

/** PayPal's live API; PAYPAL_API_BASE points elsewhere (its sandbox, a test stand-in). */
const PAYPAL_LIVE_API = 'https://api-m.paypal.com'

// The only module that reads process.env (house rule): everything else asks getEnv().

export type DatabaseConfig =
  | { kind: 'sqlite'; path: string }
  /** poolSize: connections per process (DATABASE_POOL_SIZE); unset, db.server's default */
  | { kind: 'postgres'; url: string; poolSize?: number }

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional()

const booleanText = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''], {
      error: 'must be true or false',
    })
    .optional()
    .transform((value) =>
      value === undefined || value === '' ? fallback : ['true', '1', 'yes'].includes(value),
    )

const wholeNumber = (min: number, max: number) => {
  const message = `must be a whole number from ${min} to ${max}`
  return optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,6}$/, message)
      .transform(Number)
      .pipe(z.number().min(min, message).max(max, message))
      .optional(),
  )
}

const EnvSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], {
      error: 'must be development, production or test',
    })
    .default('development'),
  PORT: z.coerce
    .number({ error: 'must be a whole number between 1 and 65535' })
    .int('must be a whole number between 1 and 65535')
    .min(1, 'must be a whole number between 1 and 65535')
    .max(65535, 'must be a whole number between 1 and 65535')
    .default(3000),
  BASE_URL: optionalText.pipe(
    z
      .url({
        protocol: /^https?$/,
        error: 'must be an http(s) origin such as https://shop.example',
      })
      .optional(),
  ),
  DATABASE_URL: optionalText,
  AUTH_SECRET: optionalText.pipe(
    z.string().min(32, 'must be at least 32 characters (openssl rand -hex 32)').optional(),
  ),
  SMTP_URL: optionalText.pipe(
    z.url({ protocol: /^smtps?$/, error: 'must look like smtp://user:pass@host:587' }).optional(),
  ),
  MAIL_FROM: optionalText.pipe(z.string().optional()),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })
    .default('info'),
  SEED_DEMO: booleanText(true),
  SUBSCRIPTION_SCHEDULER: booleanText(true),
  TRUST_PROXY: booleanText(false),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_BASE: optionalText.pipe(
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as http://127.0.0.1:12111' })
      .optional(),
  ),
  PAYPAL_CLIENT_ID: optionalText,
  PAYPAL_CLIENT_SECRET: optionalText,
  PAYPAL_API_BASE: optionalText.pipe(
    z
      .url({
        protocol: /^https?$/,
        error: 'must be an http(s) URL such as https://api-m.sandbox.paypal.com',
      })
      .optional(),
  ),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  APPLE_CLIENT_ID: optionalText,
  APPLE_CLIENT_SECRET: optionalText,
  OIDC_ISSUER: optionalText.pipe(
    z
      .url({ protocol: /^https?$/, error: 'must be the issuer URL, e.g. https://id.example' })
      .optional(),
  ),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  OIDC_NAME: optionalText,
  MAPS_EMBED_KEY: optionalText,
  WEB_CONCURRENCY: optionalText.pipe(
    z
      .string()
      .regex(/^(auto|[1-9][0-9]?)$/, 'must be auto (one per CPU core) or a number from 1 to 99')
      .optional(),
  ),
  REQUEST_CONCURRENCY: wholeNumber(1, 1000),
  DATABASE_POOL_SIZE: wholeNumber(1, 100),
  PAGE_CACHE_MB: wholeNumber(0, 4096),
  METRICS_TOKEN: optionalText.pipe(
    z.string().min(16, 'must be at least 16 characters (openssl rand -hex 16)').optional(),
  ),
})

export type Env = {
  nodeEnv: 'development' | 'production' | 'test'
  isProduction: boolean
  port: number
  baseUrl: string
  /** false when BASE_URL was not given and baseUrl is only the localhost default */
  baseUrlExplicit: boolean
  database: DatabaseConfig
  authSecret: string
  smtpUrl: string | undefined
  mailFrom: string
  logLevel: (typeof LOG_LEVELS)[number]
  seedDemo: boolean
  /** makes, charges and reminds subscription boxes every minute (ADR 32); off only in tests */
  subscriptionScheduler: boolean
  trustProxy: boolean
  /** apiBase: only for tests against a local stand-in for Stripe's API */
  stripe: { secretKey: string; webhookSecret: string; apiBase?: string } | undefined
  paypal: { clientId: string; clientSecret: string; apiBase: string } | undefined
  google: { clientId: string; clientSecret: string } | undefined
  apple: { clientId: string; clientSecret: string } | undefined
  /** Any OpenID Connect provider (Keycloak, Authentik, ...), found by discovery */
  oidc: { issuer: string; clientId: string; clientSecret: string; name: string } | undefined
  mapsEmbedKey: string | undefined
  /** Bearer token for GET /metrics; unset, /metrics does not exist */
  metricsToken: string | undefined
  /** HTTP worker processes (WEB_CONCURRENCY, ADR 15); 1 is a single process, no cluster */
  webConcurrency: number
  /** requests each process works on at once; the others wait in line (ADR 16) */
  requestConcurrency: number
  /** memory for guests' storefront pages per process (PAGE_CACHE_MB, ADR 23); 0 turns it off */
  pageCacheBytes: number
}

/** Enough to keep a core busy while some requests wait for the database (ADR 16). */
const DEFAULT_REQUEST_CONCURRENCY = 8

/** A few hundred pages of 60-100 KB: a farm's whole storefront, with its product variants. */
const DEFAULT_PAGE_CACHE_MB = 32

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'EnvError'
  }
}

export function parseDatabaseUrl(value: string | undefined): DatabaseConfig | string {
  if (value === undefined) return { kind: 'sqlite', path: path.resolve('data/shop.db') }
  if (value.startsWith('file:')) {
    const file = value.slice('file:'.length)
    if (file === '') return 'DATABASE_URL: file: needs a path, e.g. file:data/shop.db'
    return { kind: 'sqlite', path: path.resolve(file) }
  }
  if (/^postgres(ql)?:\/\//.test(value)) {
    try {
      const url = new URL(value)
      if (!url.hostname) return 'DATABASE_URL: the PostgreSQL URL has no host'
      return { kind: 'postgres', url: value }
    } catch {
      return 'DATABASE_URL: not a valid PostgreSQL URL (postgres://user:pass@host:5432/db)'
    }
  }
  return 'DATABASE_URL: must be file:PATH for SQLite or postgres://... for PostgreSQL'
}

/** Both given, or neither: a half-configured provider is a mistake worth stopping for. */
function pair<K extends string>(
  name: string,
  a: [K, string | undefined],
  b: [K, string | undefined],
  problems: string[],
) {
  if (a[1] && b[1]) return { first: a[1], second: b[1] }
  if (a[1] || b[1]) problems.push(`${name}: set both ${a[0]} and ${b[0]}, or neither`)
  return undefined
}

/**
 * Without AUTH_SECRET on SQLite we keep a generated one beside the database file, so a farm
 * can run `npm start` with nothing configured and sessions survive restarts.
 */
function persistedSecret(databasePath: string): string {
  const file = path.join(path.dirname(databasePath), 'auth-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(path.dirname(file), { recursive: true })
  const secret = randomBytes(32).toString('hex')
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' })
  chmodSync(file, 0o600)
  return secret
}

export function loadEnv(source: Record<string, string | undefined>): Env {
  const parsed = EnvSchema.safeParse(source)
  const problems: string[] = []
  const database = parseDatabaseUrl(source.DATABASE_URL?.trim() || undefined)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      problems.push(`${issue.path.join('.')}: ${issue.message}`)
    }
    if (typeof database === 'string') problems.push(database)
    throw new EnvError(problems)
  }
  const raw = parsed.data
  if (typeof database === 'string') problems.push(database)
  const isProduction = raw.NODE_ENV === 'production'
  if (
    typeof database !== 'string' &&
    database.kind === 'postgres' &&
    isProduction &&
    !raw.AUTH_SECRET
  ) {
    problems.push(
      'AUTH_SECRET: required with PostgreSQL in production (every instance must share it)',
    )
  }
  const stripe = pair(
    'Stripe',
    ['STRIPE_SECRET_KEY', raw.STRIPE_SECRET_KEY],
    ['STRIPE_WEBHOOK_SECRET', raw.STRIPE_WEBHOOK_SECRET],
    problems,
  )
  const paypal = pair(
    'PayPal',
    ['PAYPAL_CLIENT_ID', raw.PAYPAL_CLIENT_ID],
    ['PAYPAL_CLIENT_SECRET', raw.PAYPAL_CLIENT_SECRET],
    problems,
  )
  const google = pair(
    'Google sign-in',
    ['GOOGLE_CLIENT_ID', raw.GOOGLE_CLIENT_ID],
    ['GOOGLE_CLIENT_SECRET', raw.GOOGLE_CLIENT_SECRET],
    problems,
  )
  const apple = pair(
    'Apple sign-in',
    ['APPLE_CLIENT_ID', raw.APPLE_CLIENT_ID],
    ['APPLE_CLIENT_SECRET', raw.APPLE_CLIENT_SECRET],
    problems,
  )
  const oidc = pair(
    'OpenID Connect sign-in',
    ['OIDC_CLIENT_ID', raw.OIDC_CLIENT_ID],
    ['OIDC_CLIENT_SECRET', raw.OIDC_CLIENT_SECRET],
    problems,
  )
  if (oidc && !raw.OIDC_ISSUER) problems.push('OIDC_ISSUER: required with OIDC_CLIENT_ID')
  if (problems.length > 0 || typeof database === 'string') throw new EnvError(problems)

  const baseUrl = new URL(raw.BASE_URL ?? `http://localhost:${raw.PORT}`).origin
  // PostgreSQL outside production without a secret: a per-process one. Sessions end on
  // restart, which is fine for development and tests and never hides a production mistake.
  const authSecret =
    raw.AUTH_SECRET ??
    (database.kind === 'sqlite' ? persistedSecret(database.path) : randomBytes(32).toString('hex'))

  return {
    nodeEnv: raw.NODE_ENV,
    isProduction,
    port: raw.PORT,
    baseUrl,
    baseUrlExplicit: raw.BASE_URL !== undefined,
    database:
      database.kind === 'postgres' && raw.DATABASE_POOL_SIZE
        ? { ...database, poolSize: raw.DATABASE_POOL_SIZE }
        : database,
    authSecret,
    smtpUrl: raw.SMTP_URL,
    mailFrom: raw.MAIL_FROM ?? `Farm Shop <shop@${new URL(baseUrl).hostname}>`,
    logLevel: raw.LOG_LEVEL,
    seedDemo: raw.SEED_DEMO,
    subscriptionScheduler: raw.SUBSCRIPTION_SCHEDULER,
    trustProxy: raw.TRUST_PROXY,
    stripe: stripe && {
      secretKey: stripe.first,
      webhookSecret: stripe.second,
      ...(raw.STRIPE_API_BASE && { apiBase: raw.STRIPE_API_BASE }),
    },
    paypal: paypal && {
      clientId: paypal.first,
      clientSecret: paypal.second,
      apiBase: (raw.PAYPAL_API_BASE ?? PAYPAL_LIVE_API).replace(/\/$/, ''),
    },
    google: google && { clientId: google.first, clientSecret: google.second },
    apple: apple && { clientId: apple.first, clientSecret: apple.second },
    oidc:
      oidc && raw.OIDC_ISSUER
        ? {
            issuer: raw.OIDC_ISSUER.replace(/\/$/, ''),
            clientId: oidc.first,
            clientSecret: oidc.second,
            name: raw.OIDC_NAME ?? 'OpenID',
          }
        : undefined,
    mapsEmbedKey: raw.MAPS_EMBED_KEY,
    webConcurrency:
      raw.WEB_CONCURRENCY === 'auto' ? availableParallelism() : Number(raw.WEB_CONCURRENCY ?? 1),
    requestConcurrency: raw.REQUEST_CONCURRENCY ?? DEFAULT_REQUEST_CONCURRENCY,
    pageCacheBytes: (raw.PAGE_CACHE_MB ?? DEFAULT_PAGE_CACHE_MB) * 1024 * 1024,
    metricsToken: raw.METRICS_TOKEN,
  }
}

// One parse per process, shared by the host (server.ts) and the app bundle, which are
// separate module graphs in production.
const ENV_KEY = Symbol.for('farm-shop.env')
type GlobalWithEnv = typeof globalThis & { [ENV_KEY]?: Env }

export function getEnv(): Env {
  const store = globalThis as GlobalWithEnv
  store[ENV_KEY] ??= loadEnv(process.env)
  return store[ENV_KEY]
}
