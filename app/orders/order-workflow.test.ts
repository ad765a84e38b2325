import { describe, expect, test } from 'vitest'
import { parseSubmission } from '~/platform/forms/conform'
import {
  CARRIER_REQUIRED,
  canTakeStep,
  dueAtHandover,
  handOverStepFor,
  nextSteps,
  OrderStatusSchema,
  packStepFor,
  parseOrderNumber,
  STATUS_CHANGE_INVALID,
  statusAfter,
  TRACKING_INVALID,
  TRACKING_REQUIRED,
} from './order-workflow'

const card = (shippingMethod: string) => ({
  shippingMethod,
  paymentMethod: 'stripe',
  paymentStatus: 'paid',
})
const atHandover = (shippingMethod: string) => ({
  shippingMethod,
  paymentMethod: 'offline',
  paymentStatus: 'pending',
})

describe('nextSteps', () => {
  test('card-paid orders follow the workflow, parting by method at processing', () => {
    expect(nextSteps('paid', card('pickup'))).toEqual([
      'ready_for_pickup',
      'processing',
      'cancelled',
    ])
    expect(nextSteps('paid', card('standard'))).toEqual(['processing', 'cancelled'])
    expect(nextSteps('processing', card('pickup'))).toEqual(['ready_for_pickup', 'cancelled'])
    expect(nextSteps('processing', card('delivery'))).toEqual(['out_for_delivery', 'cancelled'])
    expect(nextSteps('processing', card('express'))).toEqual(['shipped', 'cancelled'])
    expect(nextSteps('ready_for_pickup', card('pickup'))).toEqual(['completed', 'cancelled'])
    expect(nextSteps('out_for_delivery', card('delivery'))).toEqual(['completed', 'cancelled'])
    expect(nextSteps('shipped', card('standard'))).toEqual(['completed'])
    expect(nextSteps('completed', card('standard'))).toEqual([])
    expect(nextSteps('cancelled', card('standard'))).toEqual([])
    expect(nextSteps('made-up', card('standard'))).toEqual([])
  })

  test('pay at pickup or on delivery: packed while unpaid, then handed over and paid in one step', () => {
    expect(nextSteps('pending_payment', atHandover('pickup'))).toEqual([
      'ready_for_pickup',
      'collected',
      'processing',
      'paid',
      'cancelled',
    ])
    expect(nextSteps('ready_for_pickup', atHandover('pickup'))).toEqual(['collected', 'cancelled'])
    expect(nextSteps('pending_payment', atHandover('delivery'))).toEqual([
      'out_for_delivery',
      'delivered',
      'processing',
      'paid',
      'cancelled',
    ])
    expect(nextSteps('out_for_delivery', atHandover('delivery'))).toEqual([
      'delivered',
      'cancelled',
    ])
    // A parcel is shipped only once paid.
    expect(nextSteps('pending_payment', atHandover('standard'))).toEqual(['paid', 'cancelled'])
    // Paid early (a cheque): the handover no longer records a payment.
    const paidEarly = { ...atHandover('pickup'), paymentStatus: 'paid' }
    expect(nextSteps('ready_for_pickup', paidEarly)).toEqual(['completed', 'cancelled'])
  })

  test('the customer at the table: handed over and paid in one step, packed or not (issue 32)', () => {
    expect(nextSteps('processing', atHandover('pickup'))).toEqual([
      'ready_for_pickup',
      'collected',
      'cancelled',
    ])
    expect(nextSteps('processing', atHandover('delivery'))).toEqual([
      'out_for_delivery',
      'delivered',
      'cancelled',
    ])
    expect(canTakeStep('pending_payment', 'collected', atHandover('pickup'))).toBe(true)
    expect(canTakeStep('pending_payment', 'delivered', atHandover('pickup'))).toBe(false)
    expect(canTakeStep('pending_payment', 'collected', atHandover('delivery'))).toBe(false)
    // Only a payment still owed at the handover: a card order, one paid early, or a parcel
    // is packed first as before.
    expect(canTakeStep('paid', 'collected', card('pickup'))).toBe(false)
    expect(canTakeStep('paid', 'completed', card('pickup'))).toBe(false)
    expect(canTakeStep('processing', 'collected', card('pickup'))).toBe(false)
    const paidEarly = { ...atHandover('pickup'), paymentStatus: 'paid' }
    expect(canTakeStep('processing', 'collected', paidEarly)).toBe(false)
    expect(canTakeStep('pending_payment', 'collected', atHandover('standard'))).toBe(false)
    expect(canTakeStep('pending_payment', 'delivered', atHandover('express'))).toBe(false)
  })

  test('canTakeStep refuses skipping, going back and the wrong branch', () => {
    expect(canTakeStep('paid', 'processing', card('standard'))).toBe(true)
    expect(canTakeStep('pending_payment', 'shipped', atHandover('standard'))).toBe(false)
    expect(canTakeStep('processing', 'paid', card('standard'))).toBe(false)
    expect(canTakeStep('processing', 'shipped', card('pickup'))).toBe(false)
    expect(canTakeStep('shipped', 'cancelled', card('standard'))).toBe(false)
    expect(canTakeStep('ready_for_pickup', 'collected', card('pickup'))).toBe(false)
    expect(canTakeStep('ready_for_pickup', 'delivered', atHandover('pickup'))).toBe(false)
  })

  test('the pack list and the handover buttons', () => {
    expect(packStepFor('pickup')).toBe('ready_for_pickup')
    expect(packStepFor('delivery')).toBe('out_for_delivery')
    expect(packStepFor('standard')).toBeNull()
    expect(handOverStepFor({ status: 'ready_for_pickup', ...atHandover('pickup') })).toBe(
      'collected',
    )
    expect(handOverStepFor({ status: 'out_for_delivery', ...card('delivery') })).toBe('completed')
    // Not yet packed, paying at the handover: the one step is offered beside "Mark packed".
    expect(handOverStepFor({ status: 'pending_payment', ...atHandover('pickup') })).toBe(
      'collected',
    )
    expect(handOverStepFor({ status: 'processing', ...atHandover('delivery') })).toBe('delivered')
    expect(handOverStepFor({ status: 'paid', ...card('pickup') })).toBeNull()
    expect(handOverStepFor({ status: 'pending_payment', ...atHandover('standard') })).toBeNull()
    expect(statusAfter('collected')).toBe('completed')
  })
})

/**
 * The admin's status form as posted, parsed as the order page's action parses it; for each
 * field, the complaint the page shows (the first).
 */
function post(fields: Record<string, string>) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  const submission = parseSubmission(form, OrderStatusSchema)
  return submission.status === 'success'
    ? { ok: true, value: submission.value }
    : {
        ok: false,
        error: Object.fromEntries(
          Object.entries(submission.error ?? {}).map(([name, errors]) => [name, errors?.[0]]),
        ),
      }
}

describe('OrderStatusSchema', () => {
  test('a plain step needs only the status the page showed', () => {
    expect(post({ intent: 'paid', from: 'pending_payment' })).toEqual({
      ok: true,
      value: { intent: 'paid', from: 'pending_payment' },
    })
  })

  test('shipping needs a carrier and a tracking number of a sane shape', () => {
    const ship = (carrier: string, trackingNumber: string) =>
      post({ intent: 'shipped', from: 'processing', carrier, trackingNumber })
    expect(ship(' USPS ', ' 9400 1000 ')).toEqual({
      ok: true,
      value: {
        intent: 'shipped',
        from: 'processing',
        carrier: 'USPS',
        trackingNumber: '9400 1000',
      },
    })
    expect(ship('', '')).toEqual({
      ok: false,
      error: { carrier: CARRIER_REQUIRED, trackingNumber: TRACKING_REQUIRED },
    })
    expect(ship('UPS', '<script>')).toEqual({
      ok: false,
      error: { trackingNumber: TRACKING_INVALID },
    })
    expect(ship('UPS', 'x'.repeat(41))).toMatchObject({ ok: false })
  })

  test('a missing shipping field gets the same words as an empty one', () => {
    expect(post({ intent: 'shipped', from: 'processing' })).toEqual({
      ok: false,
      error: { carrier: CARRIER_REQUIRED, trackingNumber: TRACKING_REQUIRED },
    })
  })

  test('an unknown step or status is refused with one plain message', () => {
    expect(post({ intent: 'refund', from: 'paid' })).toEqual({
      ok: false,
      error: { intent: STATUS_CHANGE_INVALID },
    })
    expect(post({ intent: 'paid', from: 'lost' })).toEqual({
      ok: false,
      error: { from: STATUS_CHANGE_INVALID },
    })
    expect(post({})).toMatchObject({ ok: false, error: { intent: STATUS_CHANGE_INVALID } })
  })
})

test('parseOrderNumber reads FS-10001, fs10001 and 10001', () => {
  expect(parseOrderNumber('FS-10001')).toBe(10001)
  expect(parseOrderNumber(' fs10001 ')).toBe(10001)
  expect(parseOrderNumber('10001')).toBe(10001)
  expect(parseOrderNumber('ann@example.com')).toBeNull()
  expect(parseOrderNumber('FS-')).toBeNull()
})

describe('dueAtHandover', () => {
  test('the total while unpaid; nothing once paid or while a card holds it', () => {
    expect(dueAtHandover({ paymentStatus: 'pending', totalCents: 4688 })).toBe(4688)
    expect(dueAtHandover({ paymentStatus: 'paid', totalCents: 4688 })).toBe(0)
    // a by-weight order's card hold is captured at weighing: the reminder must not ask for cash
    expect(dueAtHandover({ paymentStatus: 'authorized', totalCents: 4688 })).toBe(0)
  })
})
