import { createReadableStreamFromReadable, writeReadableStreamToWritable } from '@react-router/node'
import type {
  Request as ExpressRequest,
  Response as ExpressResponse,
  RequestHandler,
} from 'express'
import { type AppLoadContext, createRequestHandler, type ServerBuild } from 'react-router'
import { bufferedBody } from './request-body.server'

export type PageHandlerOptions = {
  build: ServerBuild | (() => Promise<ServerBuild>)
  mode: string
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext
}

/**
 * React Router's Express adapter (@react-router/express 7), with two differences: the body is
 * the one readBodies already received (the adapter would read the socket again), and a POST to
 * a resource route without an action answers a plain "Method not allowed." instead of React
 * Router's "Unexpected Server Error" text.
 */
export function pageHandler({ build, mode, getLoadContext }: PageHandlerOptions): RequestHandler {
  const handleRequest = createRequestHandler(build, mode)
  return async (req, res, next) => {
    try {
      const response = await handleRequest(webRequest(req, res), getLoadContext(req, res))
      await send(res, methodNotAllowed(response) ?? response)
    } catch (error) {
      next(error)
    }
  }
}

/** The origin React Router's Express adapter gives a request (createRemixRequest). */
export function requestOrigin(req: ExpressRequest): string {
  const forwarded = req.app?.enabled('trust proxy') ? req.get('X-Forwarded-Host') : undefined
  const ports = [forwarded, req.get('host')].map((host) =>
    Number.parseInt(host?.split(':')[1] ?? '', 10),
  )
  const port = ports.find((value) => Number.isSafeInteger(value))
  const hostname = req.hostname?.split(/[\\/?#@]/)[0] || 'localhost'
  return `${req.protocol}://${hostname}${port ? `:${port}` : ''}`
}

/** The request as a web Request, aborted if the client goes away before the answer. */
export function webRequest(
  req: ExpressRequest,
  res: ExpressResponse,
  options: { origin?: string; withoutHeaders?: string[] } = {},
): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || options.withoutHeaders?.includes(name)) continue
    if (Array.isArray(value)) for (const item of value) headers.append(name, item)
    else headers.set(name, value)
  }
  let controller: AbortController | undefined = new AbortController()
  res.on('finish', () => {
    controller = undefined
  })
  res.on('close', () => controller?.abort())
  const url = `${options.origin ?? requestOrigin(req)}${req.originalUrl}`
  const init = { method: req.method, headers, signal: controller.signal }
  if (req.method === 'GET' || req.method === 'HEAD') return new Request(url, init)
  const body = bufferedBody(res)
  // A Buffer read from a socket sits on an ArrayBuffer, never a SharedArrayBuffer.
  if (body) return new Request(url, { ...init, body: body as Uint8Array<ArrayBuffer> })
  // An admin's upload streams on (what an action leaves unread is dropped: dropUnreadBodies).
  return new Request(url, {
    ...init,
    body: createReadableStreamFromReadable(req),
    duplex: 'half',
  } as RequestInit)
}

/** React Router's own 405 (a resource route without an action) has no Allow header. */
function methodNotAllowed(response: Response): Response | undefined {
  if (response.status !== 405 || response.headers.has('allow')) return undefined
  if (response.headers.get('content-type')?.startsWith('text/html')) return undefined
  return new Response('Method not allowed.', {
    status: 405,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', Allow: 'GET, HEAD' },
  })
}

async function send(res: ExpressResponse, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel()
    return
  }
  res.statusMessage = response.statusText
  res.status(response.status)
  for (const [name, value] of response.headers) res.append(name, value)
  if (!response.body) return void res.end()
  try {
    await writeReadableStreamToWritable(response.body, res)
  } catch (error) {
    if (res.destroyed || res.writableEnded) return
    throw error
  }
}
