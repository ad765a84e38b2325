import { randomUUID } from 'node:crypto'
import type { Server } from 'node:http'
import path from 'node:path'
import { createRequestHandler } from '@react-router/express'
import compression from 'compression'
import express from 'express'
import type { Logger } from 'pino'
import type { ServerBuild } from 'react-router'
import { closeDb, getDb, pingDatabase } from './app/db/db.server'
import { migrateToLatest } from './app/db/migrate.server'
import { seedDemo } from './app/db/seed/demo.server'
import { startOutboxWorker } from './app/email/worker.server'
import { EnvError, getEnv } from './app/env.server'
import { REQUEST_KEY_HEADER } from './app/http/request-key.server'
import { createNonce, isAllowedOrigin, securityHeaders } from './app/http/security.server'
import { getLogger } from './app/log.server'

// The Express host: everything around the React Router app that is about HTTP, not the shop.

function loadConfiguration() {
  try {
    return getEnv()
  } catch (error) {
    if (!(error instanceof EnvError)) throw error
    console.error('The farm shop cannot start; fix these settings (see .env.example):')
    for (const problem of error.problems) console.error(`  ${problem}`)
    process.exit(1)
  }
}

const env = loadConfiguration()
const development = env.nodeEnv === 'development'
const log = getLogger()
const startedAt = performance.now()

const db = getDb()
try {
  const applied = await migrateToLatest(db)
  if (applied.length) log.info({ applied }, 'database migrated')
  if (env.seedDemo) {
    const { seeded } = await seedDemo(db)
    if (seeded) log.info('demo data seeded into the empty database')
  }
} catch (error) {
  log.fatal({ err: error, database: env.database.kind }, 'database not ready')
  await closeDb()
  process.exit(1)
}

let stopping = false
const app = express()
app.disable('x-powered-by')
if (env.trustProxy) app.set('trust proxy', true)

app.use((req, res, next) => {
  const incoming = req.get('x-request-id')
  const requestId = incoming && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID()
  const started = performance.now()
  res.locals.requestId = requestId
  res.locals.log = log.child({ requestId })
  res.setHeader('X-Request-Id', requestId)
  // Our own per-request key, never the client's: loaders of one request share work by it
  // (React Router gives each loader its own Request object).
  req.headers[REQUEST_KEY_HEADER] = randomUUID()
  // While shutting down, answer what is in flight and let the client reconnect elsewhere.
  if (stopping) res.setHeader('Connection', 'close')
  res.on('finish', () => {
    res.locals.log.info(
      {
        method: req.method,
        path: req.path,
        status: res.statusCode,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      'request',
    )
  })
  next()
})

app.use(compression())

app.use((req, res, next) => {
  const nonce = createNonce()
  res.locals.cspNonce = nonce
  const https = req.secure || env.baseUrl.startsWith('https:')
  res.set(securityHeaders(nonce, { development, https, mapsEmbed: Boolean(env.mapsEmbedKey) }))
  next()
})

app.use((req, res, next) => {
  // OAuth providers post back to their callback from their own origin (Apple's form_post);
  // the state parameter better-auth checks is what protects that request.
  if (req.path.startsWith('/api/auth/callback/')) return next()
  const allowed = isAllowedOrigin({
    method: req.method,
    origin: req.get('origin'),
    secFetchSite: req.get('sec-fetch-site'),
    host: req.get('host'),
    protocol: req.protocol,
    baseUrl: env.baseUrl,
    baseUrlExplicit: env.baseUrlExplicit,
  })
  if (allowed) return next()
  res.status(403).type('text/plain').send('Cross-origin request refused.')
})

app.get('/healthz', async (_req, res) => {
  res.set('Cache-Control', 'no-store')
  try {
    await pingDatabase(db)
    res.status(200).json({ status: 'ok', database: env.database.kind })
  } catch (error) {
    res.locals.log.error({ err: error }, 'health check: database did not answer')
    res.status(503).json({ status: 'unavailable', database: env.database.kind })
  }
})

let build: ServerBuild | (() => Promise<ServerBuild>)
if (development) {
  const vite = await import('vite')
  const viteServer = await vite.createServer({ server: { middlewareMode: true } })
  app.use(viteServer.middlewares)
  build = () =>
    viteServer.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>
} else {
  const client = path.resolve('build/client')
  // File names under assets/ carry a content hash, so they never change.
  app.use(
    '/assets',
    express.static(path.join(client, 'assets'), { immutable: true, maxAge: '1y', index: false }),
  )
  app.use(express.static(client, { maxAge: '1h', index: false }))
  build = (await import(path.resolve('build/server/index.js'))) as ServerBuild
}

app.use(
  createRequestHandler({
    build,
    mode: development ? 'development' : 'production',
    getLoadContext: (req, res) => ({
      cspNonce: res.locals.cspNonce as string,
      clientIp: req.ip ?? '',
      requestId: res.locals.requestId as string,
      log: res.locals.log as Logger,
    }),
  }),
)

const outbox = startOutboxWorker({ db, smtpUrl: env.smtpUrl, mailFrom: env.mailFrom, log })

const server: Server = app.listen(env.port, () => {
  log.info(
    {
      url: env.baseUrl,
      port: env.port,
      database: env.database.kind,
      startupMs: Math.round(performance.now() - startedAt),
    },
    'farm shop listening',
  )
})
server.on('error', (error) => {
  log.fatal({ err: error }, 'cannot listen')
  process.exit(1)
})

function shutdown(signal: string) {
  if (stopping) return
  stopping = true
  log.info({ signal }, 'finishing requests in flight, then closing the database')
  // A stuck client must not keep the process alive for ever.
  const force = setTimeout(() => {
    log.warn('requests still open after 10 s; stopping anyway')
    process.exit(1)
  }, 10_000)
  force.unref()
  server.close(async () => {
    await outbox.stop()
    await closeDb()
    log.info('stopped')
    process.exit(0)
  })
  server.closeIdleConnections()
}
process.on('SIGTERM', () => shutdown('SIGTERM'))
process.on('SIGINT', () => shutdown('SIGINT'))
