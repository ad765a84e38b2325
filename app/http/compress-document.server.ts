import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

// A rendered page is compressed here, whole and at once; the compression middleware in
// server.ts handles everything else (data, JSON, files) and leaves an answer that already has
// a Content-Encoding alone. Compressing a page in one call costs about half of what the
// middleware's stream does with the same page in pieces (`npm run load`, ADR 15).

export type Encoding = 'br' | 'gzip'

/**
 * Brotli quality 2: on the shop's pages, half the CPU time of quality 4 (the middleware's) for
 * about 5% more bytes, and still smaller than gzip at its default level (measured on /shop,
 * 100 KB: 0.43 ms and 17.7 KB against 0.85 ms and 16.8 KB; gzip 1.0 ms and 18.3 KB).
 */
const BROTLI_QUALITY = 2

/** The best encoding the client accepts (Accept-Encoding, q=0 refuses one), if any. */
export function preferredEncoding(acceptEncoding: string | null): Encoding | undefined {
  if (!acceptEncoding) return undefined
  const accepted = new Map<string, number>()
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';')
    const q = parameters.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean)
    accepted.set(name.trim(), q === undefined ? 1 : Number(q))
  }
  const weight = (name: Encoding) => accepted.get(name) ?? accepted.get('*') ?? 0
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br'
  if (weight('gzip') > 0) return 'gzip'
  return undefined
}

export function compressDocument(body: Buffer, encoding: Encoding): Buffer {
  if (encoding === 'gzip') return gzipSync(body)
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  })
}
