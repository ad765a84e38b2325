import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import type { AppLoadContext, EntryContext } from 'react-router'
import { ServerRouter } from 'react-router'
import { NonceProvider } from './components/nonce'
import './http/context'

export const streamTimeout = 5_000

// Pages and their data carry the shopper's cart and session, and every page its own CSP nonce:
// a browser may keep them but must ask again, and a CDN or proxy never shares them. Routes that
// are the same for everyone (images, robots.txt, the sitemap) set their own header.
const PRIVATE = 'private, no-cache'

function keepPrivate(headers: Headers) {
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', PRIVATE)
}

export function handleDataRequest(response: Response) {
  keepPrivate(response.headers)
  return response
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce
  // Crawlers and no-JavaScript visitors get the whole document at once; browsers stream.
  const readyEvent =
    isbot(request.headers.get('user-agent') ?? '') || routerContext.isSpaMode
      ? 'onAllReady'
      : 'onShellReady'

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true
          const body = new PassThrough()
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          keepPrivate(responseHeaders)
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          )
          pipe(body)
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          // Errors after the shell are reported by the error boundary; log the rest once.
          if (shellRendered) loadContext.log.error({ err: error }, 'render error')
        },
      },
    )
    setTimeout(abort, streamTimeout + 1_000)
  })
}
