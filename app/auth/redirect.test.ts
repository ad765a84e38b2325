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
