import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { authPageUrl, safeRedirect, signInReason, signInUrl } from './redirect'

describe('safeRedirect', () => {
  test('keeps same-site paths with their query', () => {
    expect(safeRedirect('/checkout')).toBe('/checkout')
    expect(safeRedirect('/account/orders?page=2#top')).toBe('/account/orders?page=2#top')
  })

  test('anything else goes home', () => {
    for (const bad of [
      undefined,
      '',
      'https://evil.example',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'checkout',
      '/\u0000x',
      42,
    ]) {
      expect(safeRedirect(bad)).toBe('/')
    }
  })

  // Issue 31: each of these came out as //evil.example once dot segments were resolved.
  test('paths that become another host once normalised go home', () => {
    for (const bad of [
      '/.//evil.example',
      '/..//evil.example',
      '/%2e%2e//evil.example',
      '/%2E%2E//evil.example',
      '/%2e//evil.example',
      '/.%2e//evil.example',
      '/x/..//evil.example',
      '/x/y/../..//evil.example/phish',
      '/././/evil.example',
      '/.\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r//evil.example',
      '/\u007f/evil.example',
      '\\\\evil.example',
      ' //evil.example',
      '/\\/evil.example',
      'http:/evil.example',
      'https:evil.example',
      '///evil.example',
    ]) {
      expect(safeRedirect(bad), JSON.stringify(bad)).toBe('/')
    }
  })

  test('encoded and unicode look-alikes stay paths on this site', () => {
    expect(safeRedirect('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example')
    expect(safeRedirect('/%5Cevil.example')).toBe('/%5Cevil.example')
    // A fullwidth solidus is not a slash to a browser: it is percent-encoded in the path.
    expect(safeRedirect('/\uff0f\uff0fevil.example')).toBe('/%EF%BC%8F%EF%BC%8Fevil.example')
    expect(safeRedirect('/x/../checkout')).toBe('/checkout')
    expect(safeRedirect('/shop?q=//evil.example')).toBe('/shop?q=//evil.example')
  })

  test('whatever it is given, the answer is a path that a browser keeps on this site', () => {
    const piece = fc.constantFrom(
      '/',
      '/',
      '.',
      '..',
      '%2e',
      '%2E',
      '\\',
      '%5c',
      '\t',
      '?',
      '#',
      'a',
      '@',
    )
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), fc.string(), (pieces, tail) => {
        const target = safeRedirect(`/${pieces.join('')}${tail}`, '/fallback')
        // A browser resolves the answer against the shop's own page.
        const resolved = new URL(target, 'https://shop.example/account/orders')
        expect(resolved.origin).toBe('https://shop.example')
        expect(target.startsWith('/') && !target.startsWith('//')).toBe(true)
      }),
      { numRuns: 5000 },
    )
  })
})

test('signInUrl carries the full path and query', () => {
  expect(signInUrl(new Request('http://localhost/checkout?step=2'))).toBe(
    '/signin?redirect=%2Fcheckout%3Fstep%3D2',
  )
})

test('authPageUrl carries where the shopper was going, not the pages’ own landings', () => {
  expect(authPageUrl('/signup', '/checkout')).toBe('/signup?redirect=%2Fcheckout')
  expect(authPageUrl('/signin', '/product/abc?x=1')).toBe(
    '/signin?redirect=%2Fproduct%2Fabc%3Fx%3D1',
  )
  expect(authPageUrl('/signup', '/')).toBe('/signup')
  expect(authPageUrl('/signin', '/account')).toBe('/signin')
})

test('the sign-in page says why when the shopper was checking out', () => {
  expect(signInReason('/checkout')).toBe(
    'Sign in or create an account to check out; your cart is kept.',
  )
  expect(signInReason('/account/orders')).toBeUndefined()
})
