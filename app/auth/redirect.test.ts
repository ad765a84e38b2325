import { describe, expect, test } from 'vitest'
import { safeRedirect, signInUrl } from './redirect'

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
