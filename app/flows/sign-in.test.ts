import { beforeEach, expect, test, vi } from 'vitest'
import { completeSignIn } from './sign-in.server'

// The merge's own behaviour is in sign-in.db.test.ts; here, what the flow does with its answer.

const merge = vi.hoisted(() => ({ answer: async (): Promise<string | null> => null }))
vi.mock('~/cart/guest-cart-merge.server', () => ({
  mergeGuestCartAtSignIn: () => merge.answer(),
}))
vi.mock('~/platform/db/db.server', () => ({ getDb: () => ({}) }))
const logged = vi.hoisted(() => ({ errors: [] as unknown[][] }))
vi.mock('~/platform/log.server', () => ({
  getLogger: () => ({ error: (...args: unknown[]) => logged.errors.push(args) }),
}))

const request = new Request('http://shop.test/signin', { method: 'POST' })

beforeEach(() => {
  logged.errors = []
})

test('the merge’s Set-Cookie joins the sign-in’s own lines', async () => {
  merge.answer = async () => 'farm.cart=; Max-Age=0; Path=/'
  const headers = new Headers()
  headers.append('Set-Cookie', 'farm.session_token=abc; Path=/')
  await completeSignIn(request, 'customer-1', headers)
  expect(headers.getSetCookie()).toEqual([
    'farm.session_token=abc; Path=/',
    'farm.cart=; Max-Age=0; Path=/',
  ])
})

test('a failed merge is logged and never stops the sign-in', async () => {
  merge.answer = async () => {
    throw new Error('database gone')
  }
  const headers = new Headers()
  headers.append('Set-Cookie', 'farm.session_token=abc; Path=/')
  await expect(completeSignIn(request, 'customer-1', headers)).resolves.toBeUndefined()
  expect(headers.getSetCookie()).toEqual(['farm.session_token=abc; Path=/'])
  expect(logged.errors).toHaveLength(1)
})
