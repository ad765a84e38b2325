import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import compression from 'compression'
import express from 'express'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { filesWithEncodedCopies, precompressedAssets } from './precompressed-assets.server'

const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(500))}\n`
let directory: string
let base: string
let server: http.Server

beforeAll(async () => {
  directory = mkdtempSync(path.join(tmpdir(), 'assets-'))
  // As the build leaves them: the file, and its two copies when they are smaller.
  writeFileSync(path.join(directory, 'entry-abc123.js'), SCRIPT)
  writeFileSync(path.join(directory, 'entry-abc123.js.br'), brotliCompressSync(SCRIPT))
  writeFileSync(path.join(directory, 'entry-abc123.js.gz'), gzipSync(SCRIPT))
  writeFileSync(path.join(directory, 'gone-111.js'), SCRIPT)
  writeFileSync(path.join(directory, 'gone-111.js.br'), brotliCompressSync(SCRIPT))
  writeFileSync(path.join(directory, 'gone-111.js.gz'), gzipSync(SCRIPT))
  writeFileSync(path.join(directory, 'tiny-def456.js'), 'export{}')
  writeFileSync(path.join(directory, 'half-789.js'), SCRIPT)
  writeFileSync(path.join(directory, 'half-789.js.gz'), gzipSync(SCRIPT))

  const app = express()
  app.use('/assets', precompressedAssets(directory, { 'X-Content-Type-Options': 'nosniff' }))
  // As in server.ts: whatever the assets leave goes on to the compression middleware, the page
  // headers and the app.
  app.use(compression({ threshold: 0 }))
  app.use((_req, res) => {
    res.set('Content-Security-Policy', "default-src 'self'").status(404).send('not found')
  })
  server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => {
  server.close()
  rmSync(directory, { recursive: true, force: true })
})

/** The raw answer: fetch would decode it. */
function get(address: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const request = http.request(`${base}${address}`, { method, headers }, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        )
      })
      request.on('error', reject)
      request.end()
    },
  )
}

const BROWSER = { 'Accept-Encoding': 'gzip, deflate, br, zstd' }

describe('an asset with encoded copies', () => {
  test('brotli for a browser that takes it, as stored, with its own type', async () => {
    const response = await get('/assets/entry-abc123.js', BROWSER)
    expect(response.status).toBe(200)
    expect(response.headers['content-encoding']).toBe('br')
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/)
    expect(response.headers.vary).toBe('Accept-Encoding')
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(Number(response.headers['content-length'])).toBe(response.body.length)
    expect(brotliDecompressSync(response.body).toString()).toBe(SCRIPT)
  })

  test('gzip when brotli is not accepted, or refused with q=0', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip']) {
      const response = await get('/assets/entry-abc123.js', { 'Accept-Encoding': accept })
      expect(response.headers['content-encoding'], accept).toBe('gzip')
      expect(gunzipSync(response.body).toString()).toBe(SCRIPT)
    }
  })

  test('the file itself for a client that takes neither, still marked as varying', async () => {
    for (const headers of [{}, { 'Accept-Encoding': 'identity' }] as Record<string, string>[]) {
      const response = await get('/assets/entry-abc123.js', headers)
      expect(response.headers['content-encoding']).toBeUndefined()
      expect(response.headers.vary).toBe('Accept-Encoding')
      expect(response.headers['cache-control']).toContain('immutable')
      expect(response.body.toString()).toBe(SCRIPT)
    }
  })

  test('HEAD: the headers of the brotli copy, no body', async () => {
    const response = await get('/assets/entry-abc123.js', BROWSER, 'HEAD')
    expect(response.headers['content-encoding']).toBe('br')
    expect(response.body.length).toBe(0)
  })

  test('a revalidation with its ETag is answered 304', async () => {
    const first = await get('/assets/entry-abc123.js', BROWSER)
    const again = await get('/assets/entry-abc123.js', {
      ...BROWSER,
      'If-None-Match': String(first.headers.etag),
    })
    expect(again.status).toBe(304)
  })

  test('none of the headers the app adds to pages', async () => {
    const response = await get('/assets/entry-abc123.js', BROWSER)
    expect(response.headers['content-security-policy']).toBeUndefined()
  })
})

test('a file without both copies is sent as it is: the compression middleware never sees it', async () => {
  for (const name of ['tiny-def456.js', 'half-789.js']) {
    const response = await get(`/assets/${name}`, BROWSER)
    expect(response.status, name).toBe(200)
    expect(response.headers['content-encoding'], name).toBeUndefined()
    expect(response.headers.vary, name).toBeUndefined()
    expect(response.headers['cache-control'], name).toContain('immutable')
  }
})

test('an unknown file, an encoded copy by its own name, a POST: on to the app', async () => {
  const missing = await get('/assets/nothing-000.js', BROWSER)
  expect(missing.status).toBe(404)
  expect(missing.headers['content-security-policy']).toBeDefined()
  const copy = await get('/assets/entry-abc123.js.br', BROWSER)
  expect(copy.status).toBe(404)
  const post = await get('/assets/entry-abc123.js', BROWSER, 'POST')
  expect(post.status).toBe(404)
})

test('a copy gone since the server started: the file itself', async () => {
  rmSync(path.join(directory, 'gone-111.js.br'))
  const response = await get('/assets/gone-111.js', BROWSER)
  expect(response.status).toBe(200)
  expect(response.headers['content-encoding']).toBeUndefined()
  expect(response.headers['content-type']).toMatch(/javascript/)
  expect(response.body.toString()).toBe(SCRIPT)
})

test('the files with both copies', () => {
  writeFileSync(path.join(directory, 'gone-111.js.br'), brotliCompressSync(SCRIPT))
  expect(filesWithEncodedCopies(directory)).toEqual(new Set(['entry-abc123.js', 'gone-111.js']))
})
