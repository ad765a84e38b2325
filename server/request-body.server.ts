import type {
  Request as ExpressRequest,
  Response as ExpressResponse,
  RequestHandler,
} from 'express'

/**
 * Bodies are read before a request joins the admission line (issue 31, ADR 35). A request in
 * the line holds one of a few places (REQUEST_CONCURRENCY) until it is answered; a client that
 * sends its headers and then trickles the body would hold a place for as long as it liked, and
 * a dozen such clients a second stalled every page. Here a body arrives first, whole, within
 * its limits, costing the shop nothing but a socket and the bytes received so far.
 */
export type BodyLimits = {
  /** Any form or JSON post a shopper or guest sends: the longest is a few kilobytes. */
  ordinaryBytes: number
  /** Stripe's webhook events (signed; checked by the route). */
  webhookBytes: number
  /** An admin's text forms (product descriptions, policy pages). */
  adminFormBytes: number
  /** An admin's multipart forms with pictures (six of MAX_UPLOAD_BYTES each, and the text). */
  adminUploadBytes: number
  /** How long a body may take to arrive, from the request's headers to its last byte. */
  timeoutMs: number
  /** The same for an admin's pictures, which a farm's slow uplink may take minutes to send. */
  adminTimeoutMs: number
  /** Slow bodies (still arriving after SLOW_AFTER_MS) one client address may have at once. */
  slowPerClient: number
}

export const BODY_LIMITS: BodyLimits = {
  ordinaryBytes: 64 * 1024,
  webhookBytes: 1024 * 1024,
  adminFormBytes: 1024 * 1024,
  adminUploadBytes: 128 * 1024 * 1024,
  timeoutMs: 10_000,
  adminTimeoutMs: 5 * 60_000,
  slowPerClient: 8,
}

/** A body not in by then is a slow one (an ordinary form arrives with its headers). */
const SLOW_AFTER_MS = 1000

const TOO_MANY_SLOW = 'Too many requests at once from your address. Try again in a few seconds.'

/** After refusing a body, how much more of it is read (and dropped) so the answer is seen. */
const DRAIN_BYTES = 8 * 1024 * 1024
const DRAIN_MS = 10_000

/** `streamed`: the body goes on to the page as it arrives, which parses it part by part. */
type Limit = { bytes: number; timeoutMs: number; streamed?: boolean }

/**
 * The body of a POST, read by readBodies, for the page handler to give React Router; undefined
 * for an admin's pictures, which stream on (form-data.server.ts keeps each part within limits).
 */
export function bufferedBody(res: ExpressResponse): Buffer | undefined {
  return res.locals.body as Buffer | undefined
}

export function readBodies(options: {
  limits?: BodyLimits
  /** Whether the request comes from a signed-in farm admin (asked only for /admin posts). */
  isAdmin: (cookie: string | undefined) => Promise<boolean>
}): RequestHandler {
  const limits = options.limits ?? BODY_LIMITS
  const slow = new Map<string, number>()

  async function limitFor(req: ExpressRequest): Promise<Limit> {
    const ordinary = { bytes: limits.ordinaryBytes, timeoutMs: limits.timeoutMs }
    if (req.path === '/api/stripe/webhook') return { ...ordinary, bytes: limits.webhookBytes }
    if (!req.path.startsWith('/admin')) return ordinary
    // The admin check costs a query, so only what could be an admin's post asks it.
    if (!(await options.isAdmin(req.get('cookie')))) return ordinary
    const multipart = /^multipart\/form-data/i.test(req.get('content-type') ?? '')
    if (!multipart) return { bytes: limits.adminFormBytes, timeoutMs: limits.adminTimeoutMs }
    return { bytes: limits.adminUploadBytes, timeoutMs: limits.adminTimeoutMs, streamed: true }
  }

  return async (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next()
    const client = req.ip ?? req.socket.remoteAddress ?? ''
    const started = performance.now()
    if ((slow.get(client) ?? 0) >= limits.slowPerClient) {
      return refuse(req, res, 429, TOO_MANY_SLOW, { 'Retry-After': '10' })
    }
    // A body still arriving after SLOW_AFTER_MS counts against its address until it is in (or
    // refused): a burst of ordinary posts, which arrive at once, never does.
    let counted = false
    const slowTimer = setTimeout(() => {
      counted = true
      slow.set(client, (slow.get(client) ?? 0) + 1)
    }, SLOW_AFTER_MS)
    slowTimer.unref()
    const done = () => {
      clearTimeout(slowTimer)
      if (!counted) return
      counted = false
      const left = (slow.get(client) ?? 1) - 1
      if (left > 0) slow.set(client, left)
      else slow.delete(client)
    }
    // The timeout counts from here (the headers are in) until the body is. If the admin check
    // fails (the database is away), the post gets the ordinary limit.
    const limit: Limit = await limitFor(req).catch(() => ({
      bytes: limits.ordinaryBytes,
      timeoutMs: limits.timeoutMs,
    }))
    const declared = Number(req.get('content-length') ?? Number.NaN)
    if (declared > limit.bytes) {
      done()
      return refuse(req, res, 413, tooLargeMessage(limit.bytes))
    }
    if (limit.streamed) {
      // An admin's upload: Node's requestTimeout (5 minutes) bounds how long it may take.
      done()
      return next()
    }
    const remainingMs = Math.max(0, limit.timeoutMs - (performance.now() - started))
    try {
      res.locals.body = await receive(req, limit.bytes, remainingMs)
    } catch (error) {
      done()
      if (error instanceof BodyRefused) return refuse(req, res, error.status, error.message)
      // The client went away: nobody to answer.
      return
    }
    done()
    next()
  }
}

class BodyRefused extends Error {
  constructor(
    readonly status: 408 | 413,
    message: string,
  ) {
    super(message)
  }
}

function tooLargeMessage(bytes: number): string {
  const size =
    bytes >= 1024 * 1024
      ? `${Math.round(bytes / 1024 / 1024)} MB`
      : `${Math.round(bytes / 1024)} KB`
  return `The request is larger than ${size}.`
}

/** The whole body, or BodyRefused once it passes `maxBytes` or takes longer than `timeoutMs`. */
function receive(req: ExpressRequest, maxBytes: number, timeoutMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let received = 0
    const finish = (error?: Error) => {
      clearTimeout(timer)
      req.off('data', onData)
      req.off('end', onEnd)
      req.off('error', onError)
      req.off('close', onClose)
      if (error) reject(error)
      else resolve(Buffer.concat(chunks, received))
    }
    const onData = (chunk: Buffer) => {
      received += chunk.length
      if (received > maxBytes) finish(new BodyRefused(413, tooLargeMessage(maxBytes)))
      else chunks.push(chunk)
    }
    const onEnd = () => finish()
    const onError = (error: Error) => finish(error)
    const onClose = () => {
      if (!req.complete) finish(new Error('client went away'))
    }
    const timer = setTimeout(
      () => finish(new BodyRefused(408, 'The request took too long to arrive. Please try again.')),
      timeoutMs,
    )
    req.on('data', onData)
    req.on('end', onEnd)
    req.on('error', onError)
    req.on('close', onClose)
  })
}

/**
 * Answers at once. A client still sending (a form too large, or one over the address's count)
 * has the rest of its body dropped (dropRest); a body that stopped arriving (408) has its
 * connection closed once the answer is out.
 */
function refuse(
  req: ExpressRequest,
  res: ExpressResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  const closing = status === 408
  res.set({ ...headers, 'Cache-Control': 'no-store', ...(closing && { Connection: 'close' }) })
  res.status(status).type('text/plain').send(message)
  if (req.complete) return
  req.removeAllListeners('data')
  if (closing) return void res.once('finish', () => req.socket.destroy())
  dropRest(req)
}

/**
 * A body whose reading began and stopped (an admin's upload, streamed to an action that answered
 * without reading it all) has the rest dropped once the answer is sent. Unread, it would stall
 * the connection: the client's next request on it would wait for the keep-alive timeout and be
 * reset (found by the fuzz tests). Node drops by itself a body nobody began to read (another
 * origin's post, a 405, the 503 page).
 */
export const dropUnreadBodies: RequestHandler = (req, res, next) => {
  res.once('finish', () => dropRest(req))
  next()
}

const dropping = new WeakSet<ExpressRequest>()

/**
 * Reads and drops what is left of the body, up to DRAIN_BYTES or DRAIN_MS, so that the client
 * reads the answer instead of a broken pipe and its connection can carry its next request;
 * past that, the connection is closed.
 */
function dropRest(req: ExpressRequest): void {
  if (req.complete || dropping.has(req)) return
  dropping.add(req)
  req.removeAllListeners('data')
  let drained = 0
  const stop = () => req.socket.destroy()
  const timer = setTimeout(stop, DRAIN_MS)
  timer.unref()
  req.on('data', (chunk: Buffer) => {
    drained += chunk.length
    if (drained > DRAIN_BYTES) stop()
  })
  req.on('end', () => clearTimeout(timer))
  req.on('close', () => clearTimeout(timer))
  req.resume()
}
