import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

// A rendered page is compressed here, whole and at once; the compression middleware in
// server.ts handles everything else (data, JSON, files) and leaves an answer that already has
// a Content-Encoding alone. Compressing a page in one call costs about half of what the
// middleware's stream does with the same page in pieces (`npm run load`, ADR 15).

export type Encoding = 'br' | 'gzip'

/**
 * Brotli quality 1: on the shop's pages, half the CPU time of quality 2 for about 9% more bytes
 * (measured on /, 61 KB: 0.18 ms and 15.7 KB against 0.37 ms and 14.3 KB; /shop, 103 KB: 0.28
 * ms and 19.2 KB against 0.51 ms and 17.7 KB). The shop's own CPU is what runs out first on a
 * small server (ADR 16); 1.4 KB more per page is a few milliseconds on a phone's connection.
 * Still far smaller than no compression; gzip at level 1 costs more for much the same size.
 */
const BROTLI_QUALITY = 1

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
