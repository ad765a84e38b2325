import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { compressDocument, preferredEncoding } from './compress-document.server'

describe('page compression', () => {
  it('picks brotli, then gzip, as the client accepts them', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(preferredEncoding('gzip, deflate')).toBe('gzip')
    expect(preferredEncoding('br;q=0.5, gzip;q=0.9')).toBe('gzip')
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip')
    expect(preferredEncoding('*')).toBe('br')
    expect(preferredEncoding('*;q=0, identity')).toBeUndefined()
    expect(preferredEncoding('identity')).toBeUndefined()
    expect(preferredEncoding('deflate')).toBeUndefined()
    expect(preferredEncoding('')).toBeUndefined()
    expect(preferredEncoding(null)).toBeUndefined()
  })

  it('compresses a page that decompresses to the same bytes', () => {
    const page = Buffer.from(`<!DOCTYPE html><p>${'Grass-fed beef, eggs. '.repeat(2000)}</p>`)
    const br = compressDocument(page, 'br')
    const gzip = compressDocument(page, 'gzip')
    expect(br.length).toBeLessThan(page.length / 10)
    expect(brotliDecompressSync(br).equals(page)).toBe(true)
    expect(gunzipSync(gzip).equals(page)).toBe(true)
  })
})
