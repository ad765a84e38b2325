import { randomUUID } from 'node:crypto'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import {
  CHANGED_ELSEWHERE,
  STATUS_CHANGE_INVALID,
  TRACKING_REQUIRED,
} from '~/orders/order-workflow'
import type { FormReply } from '~/platform/forms/conform'
import { createCustomer } from '~/seed/factories.server'
import { createTestApp, TEST_BASE_URL } from '../../../tests/setup/app'
import type { TestDatabase } from '../../../tests/setup/database'
import { placeTestOrder } from '../../../tests/support/orders'
import { action as customerAction } from './customer'
import { action as emailsAction } from './emails'
import { action as messageAction } from './message'
import { action as orderAction } from './order'
import { action as waitingListAction } from './waiting-list'

// The order, customer, message, email and waiting-list actions called directly: each parses
// its form with its schema and answers in the one reply shape (platform/forms/conform.ts),
// with the words and status codes the pages had before. The admin check is the guard's own
// business (guards.test.ts, admin-access.spec.ts); here everyone is the admin below.

const admin = vi.hoisted(() => ({ id: '' }))
vi.mock('~/auth/guards.server', () => ({
  requireAdmin: async () => ({ id: admin.id, isAdmin: true }),
}))

let t: TestDatabase
beforeAll(async () => {
  t = await createTestApp()
  admin.id = (await createCustomer(t.db, { first_name: 'Ruth', is_admin: true })).id
})
afterAll(async () => {
  await t?.cleanup()
})

const context = {
  cspNonce: '',
  requestId: 'admin-people-actions-test',
  clientIp: '127.0.0.1',
  log: pino({ level: 'silent' }),
}

function args(path: string, fields: Record<string, string>, params: Record<string, string> = {}) {
  const request = new Request(`${TEST_BASE_URL}${path}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
  })
  return { request, params, context, url: new URL(request.url), pattern: path }
}

/** Status and reply of an action's answer, whether `data()` or a plain reply. */
async function answer(pending: Promise<unknown>) {
  const result = (await pending) as { init?: ResponseInit; data?: FormReply } | FormReply
  if ('data' in result && result.data && 'init' in result) {
    return { status: result.init?.status ?? 200, reply: result.data }
  }
  return { status: 200, reply: result as FormReply }
}

const formError = (reply: FormReply) => reply.error?.['']?.[0]

describe('the order page action', () => {
  const post = (orderId: string, fields: Record<string, string>) =>
    answer(orderAction(args(`/admin/orders/${orderId}`, fields, { id: orderId }) as never))

  test('a step button moves the order and says so', async () => {
    const order = await placeTestOrder(t.db)
    const { status, reply } = await post(order.orderId, { intent: 'paid', from: 'pending_payment' })
    expect(status).toBe(200)
    expect(reply).toMatchObject({
      status: 'success',
      message: 'Order marked as Paid.',
      form: 'status',
    })
  })

  test('the shipping form gets its field complaints and keeps what was typed', async () => {
    const order = await placeTestOrder(t.db)
    const { status, reply } = await post(order.orderId, {
      intent: 'shipped',
      from: 'processing',
      carrier: 'USPS',
      trackingNumber: '',
    })
    expect(status).toBe(400)
    expect(reply.form).toBe('ship')
    expect(reply.error?.trackingNumber?.[0]).toBe(TRACKING_REQUIRED)
    expect(formError(reply)).toBeUndefined()
    expect(reply.initialValue).toMatchObject({ carrier: 'USPS' })
  })

  test('an unknown step or status is refused with one plain message', async () => {
    const order = await placeTestOrder(t.db)
    const posts: Record<string, string>[] = [
      { intent: 'refund', from: 'paid' },
      { intent: 'paid', from: 'lost' },
      {},
    ]
    for (const fields of posts) {
      const { status, reply } = await post(order.orderId, fields)
      expect(status).toBe(400)
      expect(formError(reply)).toBe(STATUS_CHANGE_INVALID)
    }
    // A step the order cannot take from where it is.
    const { status, reply } = await post(order.orderId, {
      intent: 'completed',
      from: 'pending_payment',
    })
    expect(status).toBe(400)
    expect(formError(reply)).toBe(STATUS_CHANGE_INVALID)
  })

  test('a page left open after someone else moved the order is told, with 409', async () => {
    const order = await placeTestOrder(t.db)
    await post(order.orderId, { intent: 'cancelled', from: 'pending_payment' })
    const { status, reply } = await post(order.orderId, {
      intent: 'cancelled',
      from: 'pending_payment',
    })
    expect(status).toBe(409)
    expect(formError(reply)).toBe(`${CHANGED_ELSEWHERE} It is now Cancelled.`)
  })
})

describe('the button-only admin actions', () => {
  test('a post without a known intent is 400 with the words the page had', async () => {
    const customer = await createCustomer(t.db)
    const cases = [
      [customerAction, `/admin/customers/${customer.id}`, 'Please choose what to do.'],
      [messageAction, `/admin/messages/${customer.id}`, 'Please choose what to do.'],
      [emailsAction, '/admin/emails', 'Please choose an email to send again.'],
      [waitingListAction, '/admin/waiting-list', 'That change could not be made.'],
    ] as const
    for (const [action, path, words] of cases) {
      const { status, reply } = await answer(
        action(args(path, { intent: 'nonsense' }, { id: customer.id }) as never),
      )
      expect(status, path).toBe(400)
      expect(formError(reply), path).toBe(words)
    }
  })

  test('a refusal keeps its status code; a change says what it did', async () => {
    const customer = await createCustomer(t.db)
    const granted = await answer(
      customerAction(
        args(
          `/admin/customers/${customer.id}`,
          { intent: 'grant-admin' },
          { id: customer.id },
        ) as never,
      ),
    )
    expect(granted).toMatchObject({
      status: 200,
      reply: { status: 'success', message: 'This customer is now an admin.' },
    })
    const self = await answer(
      customerAction(
        args(`/admin/customers/${admin.id}`, { intent: 'remove-admin' }, { id: admin.id }) as never,
      ),
    )
    expect(self.status).toBe(409)
    const missing = await answer(
      emailsAction(args('/admin/emails', { intent: 'resend', id: randomUUID() }) as never),
    )
    expect(missing.status).toBe(404)
    expect(formError(missing.reply)).toBe('That email was not found.')
    const closed = await answer(
      waitingListAction(
        args('/admin/waiting-list', { intent: 'remove', entryId: randomUUID() }) as never,
      ),
    )
    expect(closed.status).toBe(404)
    expect(formError(closed.reply)).toBe('That entry was not found, or it is already closed.')
  })
})
