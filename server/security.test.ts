import { describe, expect, test } from 'vitest'
import {
  ASSET_HEADERS,
  contentSecurityPolicy,
  createNonce,
  isAllowedOrigin,
  securityHeaders,
} from './security.server'

const request = {
  method: 'POST',
  origin: 'https://shop.example' as string | undefined,
  secFetchSite: undefined as string | undefined,
  host: 'shop.example',
  protocol: 'https',
  baseUrl: 'https://shop.example',
  baseUrlExplicit: true,
}

describe('origin check', () => {
  test('reads are always allowed', () => {
    expect(isAllowedOrigin({ ...request, method: 'GET', origin: 'https://evil.example' })).toBe(
      true,
    )
  })

  test('writes from the shop itself pass; from elsewhere, or "null", are refused', () => {
    expect(isAllowedOrigin(request)).toBe(true)
    expect(isAllowedOrigin({ ...request, origin: 'https://evil.example' })).toBe(false)
    expect(isAllowedOrigin({ ...request, origin: 'null' })).toBe(false)
    expect(isAllowedOrigin({ ...request, method: 'DELETE', origin: 'http://shop.example' })).toBe(
      false,
    )
  })

  test('without BASE_URL, the host the browser addressed is the shop', () => {
    const local = {
      ...request,
      baseUrl: 'http://localhost:3000',
      baseUrlExplicit: false,
      protocol: 'http',
    }
    expect(
      isAllowedOrigin({ ...local, origin: 'http://192.168.1.5:3000', host: '192.168.1.5:3000' }),
    ).toBe(true)
    expect(
      isAllowedOrigin({ ...local, origin: 'http://evil.example', host: '192.168.1.5:3000' }),
    ).toBe(false)
    // With BASE_URL set, the Host header alone is not trusted.
    expect(
      isAllowedOrigin({ ...request, origin: 'https://other.example', host: 'other.example' }),
    ).toBe(false)
  })

  test('no Origin: non-browser clients pass unless the browser says cross-site', () => {
    expect(isAllowedOrigin({ ...request, origin: undefined })).toBe(true)
    expect(isAllowedOrigin({ ...request, origin: undefined, secFetchSite: 'cross-site' })).toBe(
      false,
    )
  })
})

describe('headers', () => {
  test('production CSP: nonce, strict-dynamic, no eval, no framing', () => {
    const csp = contentSecurityPolicy('abc', { development: false })
    expect(csp).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic'")
    expect(csp).not.toContain('unsafe-eval')
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("object-src 'none'")
  })

  test('frames: none, unless the Google Maps embed is configured', () => {
    expect(contentSecurityPolicy('n', { development: false })).toContain("frame-src 'none'")
    expect(contentSecurityPolicy('n', { development: false, mapsEmbed: true })).toContain(
      'frame-src https://www.google.com',
    )
  })

  test('HSTS only behind https', () => {
    expect(securityHeaders('n', { development: false, https: false })).not.toHaveProperty(
      'Strict-Transport-Security',
    )
    expect(
      securityHeaders('n', { development: false, https: true })['Strict-Transport-Security'],
    ).toMatch(/max-age=\d+/)
  })

  test('the build’s files: of the page headers, only nosniff', () => {
    const page = securityHeaders('n', { development: false, https: true })
    expect(ASSET_HEADERS).toEqual({ 'X-Content-Type-Options': page['X-Content-Type-Options'] })
  })
})

test('every nonce is 128 random bits, never the same twice (past a refill of the pool)', () => {
  const nonces = Array.from({ length: 1000 }, () => createNonce())
  expect(new Set(nonces).size).toBe(1000)
  for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16)
})
