import { expect, test } from 'vitest'
import { chromeOf } from './chrome'

const match = (handle: unknown) => ({ handle })

test('a page that names no frame gets the whole site header and footer', () => {
  expect(chromeOf([])).toBe('site')
  expect(chromeOf([match(undefined), match(undefined)])).toBe('site')
})

test('the checkout route asks for the reduced frame', () => {
  expect(chromeOf([match(undefined), match({ chrome: 'checkout' })])).toBe('checkout')
})

test('the admin layout asks for the back office frame, and its pages inherit it', () => {
  expect(chromeOf([match(undefined), match({ chrome: 'admin' }), match(undefined)])).toBe('admin')
})

test('the deepest route that names a frame decides', () => {
  expect(chromeOf([match({ chrome: 'checkout' }), match({ chrome: 'site' })])).toBe('site')
  expect(chromeOf([match({ chrome: 'checkout' }), match({ other: true })])).toBe('checkout')
})

test('a handle with something else under `chrome` is ignored', () => {
  expect(chromeOf([match({ chrome: 'minimal' })])).toBe('site')
  expect(chromeOf([match(null), match('checkout')])).toBe('site')
})
