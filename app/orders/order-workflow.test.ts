import { describe, expect, test } from 'vitest'
import { parseForm } from '~/http/form-data'
import {
  CARRIER_REQUIRED,
  canMoveTo,
  nextStatuses,
  OrderStatusSchema,
  parseOrderNumber,
  STATUS_CHANGE_INVALID,
  TRACKING_INVALID,
  TRACKING_REQUIRED,
} from './order-workflow'

describe('nextStatuses', () => {
  test('follows the workflow, with pickup and delivery parting at processing', () => {
    expect(nextStatuses('pending_payment', 'standard')).toEqual(['paid', 'cancelled'])
    expect(nextStatuses('paid', 'pickup')).toEqual(['processing', 'cancelled'])
    expect(nextStatuses('processing', 'pickup')).toEqual(['ready_for_pickup', 'cancelled'])
    expect(nextStatuses('processing', 'express')).toEqual(['shipped', 'cancelled'])
    expect(nextStatuses('ready_for_pickup', 'pickup')).toEqual(['completed', 'cancelled'])
    expect(nextStatuses('shipped', 'standard')).toEqual(['completed'])
    expect(nextStatuses('completed', 'standard')).toEqual([])
    expect(nextStatuses('cancelled', 'standard')).toEqual([])
    expect(nextStatuses('made-up', 'standard')).toEqual([])
  })

  test('canMoveTo refuses skipping, going back and the wrong branch', () => {
    expect(canMoveTo('paid', 'processing', 'standard')).toBe(true)
    expect(canMoveTo('pending_payment', 'shipped', 'standard')).toBe(false)
    expect(canMoveTo('processing', 'paid', 'standard')).toBe(false)
    expect(canMoveTo('processing', 'shipped', 'pickup')).toBe(false)
    expect(canMoveTo('shipped', 'cancelled', 'standard')).toBe(false)
  })
})

describe('OrderStatusSchema', () => {
  test('a plain step needs only the status the page showed', () => {
    expect(parseForm(OrderStatusSchema, { intent: 'paid', from: 'pending_payment' })).toEqual({
      ok: true,
      data: { intent: 'paid', from: 'pending_payment' },
    })
  })

  test('shipping needs a carrier and a tracking number of a sane shape', () => {
    const ship = (carrier: string, trackingNumber: string) =>
      parseForm(OrderStatusSchema, {
        intent: 'shipped',
        from: 'processing',
        carrier,
        trackingNumber,
      })
    expect(ship(' USPS ', ' 9400 1000 ')).toEqual({
      ok: true,
      data: { intent: 'shipped', from: 'processing', carrier: 'USPS', trackingNumber: '9400 1000' },
    })
    expect(ship('', '')).toEqual({
      ok: false,
      fieldErrors: { carrier: CARRIER_REQUIRED, trackingNumber: TRACKING_REQUIRED },
    })
    expect(ship('UPS', '<script>')).toEqual({
      ok: false,
      fieldErrors: { trackingNumber: TRACKING_INVALID },
    })
    expect(ship('UPS', 'x'.repeat(41))).toMatchObject({ ok: false })
  })

  test('an unknown step or status is refused with one plain message', () => {
    expect(parseForm(OrderStatusSchema, { intent: 'refund', from: 'paid' })).toEqual({
      ok: false,
      fieldErrors: { intent: STATUS_CHANGE_INVALID },
    })
    expect(parseForm(OrderStatusSchema, { intent: 'paid', from: 'lost' })).toEqual({
      ok: false,
      fieldErrors: { from: STATUS_CHANGE_INVALID },
    })
  })
})

test('parseOrderNumber reads FS-10001, fs10001 and 10001', () => {
  expect(parseOrderNumber('FS-10001')).toBe(10001)
  expect(parseOrderNumber(' fs10001 ')).toBe(10001)
  expect(parseOrderNumber('10001')).toBe(10001)
  expect(parseOrderNumber('ann@example.com')).toBeNull()
  expect(parseOrderNumber('FS-')).toBeNull()
})
