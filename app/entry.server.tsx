import { Writable } from 'node:stream'
import { renderToPipeableStream } from 'react-dom/server'
import type { AppLoadContext, EntryContext, HandleErrorFunction } from 'react-router'
import { isRouteErrorResponse, ServerRouter } from 'react-router'
// The stylesheet's text, for <InlineStylesheet> in the root layout: imported here, on the
// server only, so the browser's JavaScript does not carry it too.
import stylesheet from './app.css?inline'
import { databaseUnavailableReason } from './platform/db/unavailable'
import { compressDocument, preferredEncoding } from './platform/http/compress-document.server'
import {
  UNAVAILABLE_HEADERS,
  UNAVAILABLE_STATUS,
  unavailablePage,
} from './platform/http/unavailable-page'
import { NonceProvider } from './platform/ui/nonce'
import { StylesheetProvider } from './shell/inline-stylesheet'
import './platform/http/context'

export const streamTimeout = 5_000

// Pages and their data carry the shopper's cart and session, and every page its own CSP nonce:
// a browser may keep them but must ask again, and a CDN or proxy never shares them. Routes that
// are the same for everyone (images, robots.txt, the sitemap) set their own header.
const PRIVATE = 'private, no-cache'

function keepPrivate(headers: Headers) {
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', PRIVATE)
}

// A request whose loader or action the database refused for want of space or of write access
// (platform/db/unavailable.ts) is answered with the "We'll be right back" page, 503 and
// Retry-After, not the error boundary's 500: the shopper is told to come back, a load balancer
// or monitor sees a fault that is not the shop's code, and nothing was kept (the transaction
// rolled back whole). React Router reports the error here before it renders the page or encodes
// the data request, with the same Request object; it answers a resource route (an API) with its
// own 500, and the host's gate sends the page to the next post once its probe has looked.
const refusedByDatabase = new WeakSet<Request>()

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  const reason = databaseUnavailableReason(error)
  if (reason) {
    refusedByDatabase.add(request)
    context.log.warn({ err: error, reason }, 'the database took no write; answered 503')
    return
  }
  // React Router's own default: the error (a routing error's inner one), unless the client left.
  if (request.signal.aborted) return
  const inner: unknown = isRouteErrorResponse(error) ? Reflect.get(error, 'error') : undefined
  console.error(inner ?? error)
}

function unavailableAnswer(nonce: string): Response {
  return new Response(unavailablePage(nonce), {
    status: UNAVAILABLE_STATUS,
    headers: UNAVAILABLE_HEADERS,
  })
}

export function handleDataRequest(
  response: Response,
  { request, context }: { request: Request; context: AppLoadContext },
) {
  // The client's router turns any 503 without React Router's own header into an error response
  // with that status (root.tsx words it).
  if (refusedByDatabase.has(request)) return unavailableAnswer(context.cspNonce)
  keepPrivate(response.headers)
  return response
}

// Every page is rendered whole, then sent in one piece. No route defers data or suspends, so
// React's first flush would already hold the whole document; streaming it would only cut it
// into a few dozen small writes, each crossing Node and web streams to the socket, at a cost
// `npm run load` measured (ADR 15). Crawlers get the same complete document as browsers.
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce
  if (refusedByDatabase.has(request)) return unavailableAnswer(nonce)
  return new Promise<Response>((resolve, reject) => {
    let rendered = false
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <StylesheetProvider value={stylesheet}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </StylesheetProvider>
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          rendered = true
          const chunks: Buffer[] = []
          const document = new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk)
              done()
            },
            final(done) {
              clearTimeout(timer)
              responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
              keepPrivate(responseHeaders)
              const html = Buffer.concat(chunks)
              const encoding = preferredEncoding(request.headers.get('accept-encoding'))
              responseHeaders.append('Vary', 'Accept-Encoding')
              if (encoding) responseHeaders.set('Content-Encoding', encoding)
              // Node's Buffers here sit on plain ArrayBuffers (never shared memory).
              const body = (
                encoding ? compressDocument(html, encoding) : html
              ) as Uint8Array<ArrayBuffer>
              resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }))
              done()
            },
          })
          pipe(document)
        },
        onShellError(error: unknown) {
          clearTimeout(timer)
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          // Errors in a rendered page are reported by the error boundary; log the rest once.
          if (rendered) loadContext.log.error({ err: error }, 'render error')
        },
      },
    )
    const timer = setTimeout(abort, streamTimeout + 1_000)
  })
}
