import { readdirSync } from 'node:fs'
import path from 'node:path'
import express, { type RequestHandler } from 'express'
import { type Encoding, preferredEncoding } from '../app/platform/http/compress-document.server'

// The build's hashed files (build/client/assets) as the build compressed them: brotli at
// quality 11 and gzip at level 9, once (scripts/build.mjs), where the compression middleware
// would spend CPU on every request for brotli at quality 4, 13% larger on React's client
// (docs/benchmarks/lighthouse.md). Mounted before the compression middleware and the page
// headers: a file needs neither a page's CSP, with its nonce, nor its frame and opener policies.

/** The suffix the build gives each encoded copy, next to the file itself. */
export const ENCODED_SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' }

const ENCODED = new Set(Object.values(ENCODED_SUFFIX))

/**
 * The files that have both encoded copies, read once: a name carries its content's hash, so a
 * file never changes, and a new build comes with a restart. A file the build added since is
 * served as it is.
 */
export function filesWithEncodedCopies(directory: string): Set<string> {
  const names = new Set(readdirSync(directory))
  return new Set(
    [...names].filter(
      (name) =>
        !ENCODED.has(path.extname(name)) &&
        Object.values(ENCODED_SUFFIX).every((suffix) => names.has(name + suffix)),
    ),
  )
}

/** A year, and never revalidated: a changed file gets a new name. */
const CACHING = { maxAge: '1y', immutable: true } as const

/**
 * Serves `directory` (mounted at /assets) with the encoded copy the client prefers, or the
 * file itself when it accepts neither or there is none; every answer with `headers`.
 */
export function precompressedAssets(
  directory: string,
  headers: Readonly<Record<string, string>>,
): RequestHandler {
  const encoded = filesWithEncodedCopies(directory)
  const plain = express.static(directory, {
    ...CACHING,
    index: false,
    setHeaders: (res, file) => {
      res.set(headers)
      // The same address has other encodings: a shared cache must not hand this one to all.
      if (encoded.has(path.basename(file))) res.vary('Accept-Encoding')
    },
  })
  return (req, res, next) => {
    const name = req.path.slice(1)
    // The copies are reached only through their file's address, with its type.
    if (ENCODED.has(path.extname(name))) return next()
    const encoding =
      (req.method === 'GET' || req.method === 'HEAD') && encoded.has(name)
        ? preferredEncoding(req.get('accept-encoding') ?? null)
        : undefined
    if (!encoding) return plain(req, res, next)
    res.set(headers)
    res.vary('Accept-Encoding')
    // The original's type: `send` would take it from the ".br".
    res.type(path.extname(name))
    res.set('Content-Encoding', encoding)
    res.sendFile(name + ENCODED_SUFFIX[encoding], { root: directory, ...CACHING }, (error) => {
      if (!error || res.headersSent) return
      // The copy went away under us (a build in the same directory): the file may still be there.
      res.removeHeader('Content-Encoding')
      res.removeHeader('Content-Type')
      plain(req, res, next)
    })
  }
}
