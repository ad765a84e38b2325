import cluster from 'node:cluster'
import { randomUUID } from 'node:crypto'
import { readdirSync } from 'node:fs'
import type { Server } from 'node:http'
import path from 'node:path'
import compression from 'compression'
import express from 'express'
import type { Logger } from 'pino'
import type { ServerBuild } from 'react-router'
import { isAdminCookie } from './app/auth/session.server'
import { closeDb, getDb, poolStats } from './app/platform/db/db.server'
import { pingDatabase, probeWrites } from './app/platform/db/health.server'
import { migrateToLatest } from './app/platform/db/migrate.server'
import { EnvError, getEnv } from './app/platform/env.server'
import { addressHasNul, NUL_MESSAGE } from './app/platform/http/null-character'
import { REQUEST_KEY_HEADER, takeRequestUser } from './app/platform/http/request-key.server'
import { getLogger } from './app/platform/log.server'
import { seedDemo } from './app/seed/demo.server'
import { Admission } from './server/admission.server'
import { startBackgroundJobs } from './server/background-jobs.server'
import { clusterMetrics, shareMetricsWithPrimary, superviseWorkers } from './server/cluster.server'
import { DatabaseWatch, sendUnavailable } from './server/database-watch.server'
import { EventLoopDelay } from './server/event-loop.server'
import {
  databaseMetrics,
  hasMetricsToken,
  primaryMetrics,
  RequestMetrics,
} from './server/metrics.server'
import { createGuestPageCache } from './server/page-cache-middleware.server'
import { pageHandler } from './server/page-handler.server'
import { precompressedAssets } from './server/precompressed-assets.server'
import { dropUnreadBodies, readBodies } from './server/request-body.server'
import {
  ASSET_HEADERS,
  createNonce,
  isAllowedOrigin,
  securityHeaders,
} from './server/security.server'

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
// WEB_CONCURRENCY > 1: this process becomes the primary (ADR 15) and forks the HTTP workers,
// which find the database ready and leave email to the primary.
const workerCount = development ? 1 : env.webConcurrency
const role = cluster.isWorker ? 'worker' : workerCount > 1 ? 'primary' : 'single'
// For /metrics: time lost before the shop's code sees a request (event-loop.server.ts).
const eventLoop = new EventLoopDelay(
  role === 'worker' ? `worker-${cluster.worker?.id}` : role === 'primary' ? 'primary' : 'main',
)

if (role !== 'worker') {
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
}

if (role === 'primary') {
  const jobs = startBackgroundJobs(db, env, log)
  // Workers get the primary's secret: without AUTH_SECRET (PostgreSQL outside production)
  // each would make its own, and a session from one would be unknown to the next.
  const workers = superviseWorkers({
    count: workerCount,
    env: { AUTH_SECRET: env.authSecret },
    log,
    onGiveUp: () => shutdownPrimary('workers failing', 1),
    metrics: primaryMetrics(() => eventLoop.take()),
  })
  void workers.ready.then(() => {
    log.info(
      {
        url: env.baseUrl,
        port: env.port,
        database: env.database.kind,
        workers: workerCount,
        startupMs: Math.round(performance.now() - startedAt),
      },
      'farm shop listening',
    )
  })
  let stoppingPrimary = false
  async function shutdownPrimary(reason: string, code = 0) {
    if (stoppingPrimary) return
    stoppingPrimary = true
    log.info({ reason }, 'stopping the workers, then closing the database')
    await workers.stop()
    await jobs.stop()
    await closeDb()
    log.info('stopped')
    process.exit(code)
  }
  process.on('SIGTERM', () => void shutdownPrimary('SIGTERM'))
  process.on('SIGINT', () => void shutdownPrimary('SIGINT'))
} else {
  await serve()
}

async function serve() {
  let stopping = false
  const admission = new Admission(env.requestConcurrency)
  // Guests' storefront pages kept rendered (ADR 23); never in development, where code changes.
  const pageCache = development ? undefined : createGuestPageCache(db, env.pageCacheBytes)
  const requestMetrics = new RequestMetrics({
    gauges: () => ({ inProgress: admission.inProgress, waiting: admission.waiting }),
    eventLoop: () => eventLoop.take(),
    ...(pageCache && { pageCache: () => pageCache.figures() }),
    pool: () => poolStats(db),
  })
  const shopMetrics = databaseMetrics(db)
  const databaseWatch = new DatabaseWatch(() => pingDatabase(db), log, {
    probeWrites: () => probeWrites(db),
  })
  const app = express()
  app.disable('x-powered-by')
  if (env.trustProxy) app.set('trust proxy', true)

  app.use((req, res, next) => {
    const incoming = req.get('x-request-id')
    const requestId = incoming && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID()
    const started = performance.now()
    res.locals.requestId = requestId
    res.locals.log = log.child({ requestId })
    // A page's id, for a report that quotes it; an asset's is in the log alone.
    if (!req.path.startsWith('/assets/')) res.setHeader('X-Request-Id', requestId)
    // Our own per-request key, never the client's: loaders of one request share work by it
    // (React Router gives each loader its own Request object).
    const requestKey = randomUUID()
    req.headers[REQUEST_KEY_HEADER] = requestKey
    // While shutting down, answer what is in flight and let the client reconnect elsewhere.
    if (stopping) res.setHeader('Connection', 'close')
    res.on('finish', () => {
      const seconds = (performance.now() - started) / 1000
      requestMetrics.observe(req.method, req.path, res.statusCode, seconds)
      // A failed page may mean the database went away or takes no writes: find out now, not
      // at the next tick (a probe at most once a second, however many pages fail).
      if (res.statusCode >= 500 && databaseWatch.up) void databaseWatch.check()
      if (res.statusCode >= 500 && databaseWatch.writable) void databaseWatch.checkWrites(1000)
      res.locals.log.info(
        {
          method: req.method,
          path: req.path,
          status: res.statusCode,
          ms: Math.round(seconds * 10_000) / 10,
          userId: takeRequestUser(requestKey),
        },
        'request',
      )
    })
    next()
  })

  app.use(dropUnreadBodies)

  // HTTP/1.0 allows a request without Host; the shop's links and origin check need one.
  app.use((req, res, next) => {
    if (req.get('host')) return next()
    res.status(400).type('text/plain').send('A Host header is required.')
  })

  const client = path.resolve('build/client')
  // The build's hashed files, with the encoded copies the build made (in development Vite
  // serves them): before the compression middleware and the pages' headers.
  if (!development) {
    app.use('/assets', precompressedAssets(path.join(client, 'assets'), ASSET_HEADERS))
  }

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

  // Pages are read with GET (and HEAD) and every form posts. React Router would run a route's
  // action for PUT, PATCH or DELETE too, and answers TRACE with a 500: any other method is a 405
  // here (found by npm run scan), after the origin check (another origin's PUT is a 403 first).
  const METHODS = new Set(['GET', 'HEAD', 'POST'])
  app.use((req, res, next) => {
    if (METHODS.has(req.method)) return next()
    res.set('Allow', 'GET, HEAD, POST').status(405).type('text/plain').send('Method not allowed.')
  })

  // A NUL in the address is refused before anything reads it (null-character.ts).
  app.use((req, res, next) => {
    if (!addressHasNul(req.originalUrl)) return next()
    res.status(400).type('text/plain').send(NUL_MESSAGE)
  })

  // 200 only while the database answers and takes writes: a full disk or a read-only database
  // is a 503 too, so a load balancer steps in and monitoring alerts. The write probe runs at
  // most once every 5 s per process, however often this is asked.
  app.get('/healthz', async (_req, res) => {
    res.set('Cache-Control', 'no-store')
    try {
      await pingDatabase(db)
    } catch (error) {
      res.locals.log.error({ err: error }, 'health check: database did not answer')
      return void res.status(503).json({ status: 'unavailable', database: env.database.kind })
    }
    if (!(await databaseWatch.checkWrites(5000))) {
      return void res
        .status(503)
        .json({ status: 'unavailable', database: env.database.kind, writes: 'failing' })
    }
    res.status(200).json({ status: 'ok', database: env.database.kind })
  })

  // Prometheus metrics, only with METRICS_TOKEN set and only for a scraper that sends it.
  app.get('/metrics', async (req, res) => {
    res.set('Cache-Control', 'no-store')
    if (!env.metricsToken) return void res.status(404).type('text/plain').send('Not found.')
    if (!hasMetricsToken(req.get('authorization'), env.metricsToken)) {
      res.set('WWW-Authenticate', 'Bearer')
      return void res.status(401).type('text/plain').send('A metrics token is required.')
    }
    try {
      // This process's figures (a cluster's: all its processes'), then the database's.
      const [requests, shop] = await Promise.all([
        clusterMetrics(requestMetrics.registry),
        shopMetrics.metrics(),
      ])
      res.type(shopMetrics.contentType).send(`${requests}\n${shop}`)
    } catch (error) {
      res.locals.log.error({ err: error }, 'metrics: the database or a worker did not answer')
      res.status(503).type('text/plain').send('The database or a worker did not answer.')
    }
  })

  // While the database is away, pages answer 503 with a page that needs no database (assets and
  // /healthz above are served as usual, so the proxy and the browser see why); while it takes
  // no writes, form posts do, and pages that only read are served.
  app.use((req, res, next) => {
    if (req.path.startsWith('/assets/')) return next()
    if (databaseWatch.up && (databaseWatch.writable || req.method !== 'POST')) return next()
    sendUnavailable(res)
  })

  let build: ServerBuild | (() => Promise<ServerBuild>)
  if (development) {
    const vite = await import('vite')
    const viteServer = await vite.createServer({ server: { middlewareMode: true } })
    app.use(viteServer.middlewares)
    build = () =>
      viteServer.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>
  } else {
    // Only paths under what build/client holds (favicon.svg, images/) are looked for on disk:
    // every page would otherwise cost a failed stat first.
    const files = express.static(client, { maxAge: '1h', index: false })
    const topLevel = new Set(readdirSync(client))
    app.use((req, res, next) => {
      if (topLevel.has(req.path.split('/', 2)[1] ?? '')) return files(req, res, next)
      next()
    })
    build = (await import(path.resolve('build/server/index.js'))) as ServerBuild
  }

  // A body arrives whole, within its limits, before its request may wait in line (ADR 35).
  app.use(readBodies({ isAdmin: isAdminCookie }))

  // Last before the app itself: assets, /healthz and /metrics never wait in this line.
  app.use(admission.middleware)

  const pages = {
    build,
    mode: development ? 'development' : 'production',
    getLoadContext: (req: express.Request, res: express.Response) => ({
      cspNonce: res.locals.cspNonce as string,
      clientIp: req.ip ?? '',
      requestId: res.locals.requestId as string,
      log: res.locals.log as Logger,
    }),
  }
  if (pageCache) app.use(pageCache.middleware(pages))
  app.use(pageHandler(pages))

  // The shop's work outside requests; in a cluster the primary does it.
  const jobs = role === 'single' ? startBackgroundJobs(db, env, log) : undefined
  shareMetricsWithPrimary(requestMetrics)
  databaseWatch.start()

  const server: Server = app.listen(env.port, () => {
    log.info(
      {
        url: env.baseUrl,
        port: env.port,
        database: env.database.kind,
        startupMs: Math.round(performance.now() - startedAt),
      },
      role === 'worker' ? 'worker listening' : 'farm shop listening',
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
      databaseWatch.stop()
      pageCache?.stop()
      await jobs?.stop()
      await closeDb()
      log.info('stopped')
      process.exit(0)
    })
    server.closeIdleConnections()
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
}
