import { createHmac } from 'node:crypto'
import { expect, test } from 'vitest'
import { sessionTokenFrom } from './session.server'

const secret = 'a-test-secret-that-is-long-enough-0123456789'
const signed = (token: string, key = secret) =>
  encodeURIComponent(`${token}.${createHmac('sha256', key).update(token).digest('base64')}`)
const request = (cookie: string) => new Request('http://localhost/', { headers: { cookie } })

test('the token comes from a cookie signed with our secret', () => {
  expect(sessionTokenFrom(request(`a=1; farm.session_token=${signed('tok123')}`), secret)).toBe(
    'tok123',
  )
  expect(sessionTokenFrom(request(`__Secure-farm.session_token=${signed('tok456')}`), secret)).toBe(
    'tok456',
  )
})

test('forged, unsigned, malformed or missing cookies give no token', () => {
  expect(
    sessionTokenFrom(request(`farm.session_token=${signed('tok', 'other-secret')}`), secret),
  ).toBeNull()
  expect(sessionTokenFrom(request('farm.session_token=tok123'), secret)).toBeNull()
  expect(sessionTokenFrom(request('farm.session_token=%E0%A4%A'), secret)).toBeNull()
  expect(sessionTokenFrom(request('other=1'), secret)).toBeNull()
  expect(sessionTokenFrom(new Request('http://localhost/'), secret)).toBeNull()
})
