import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { collectText } from '~/fulfilment/admin/this-week'
import { loadThisWeek } from '~/fulfilment/admin/this-week.server'
import { createCustomer } from '~/seed/factories.server'
import { createTestApp, TEST_BASE_URL } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import {
  ESTIMATED_TOTAL,
  emailsTo,
  MAXIMUM,
  MONDAY,
  orderPayment,
  pieces,
  placeByWeightOrder,
  THURSDAY,
} from '../../tests/support/order-fixture'
import { type PayPalStandIn, startPayPalStandIn } from '../../tests/support/paypal-stand-in'
import {
  CAPTURE_FAILED,
  captureWeighedPayment,
  payPalCapture,
  weighAndCapture,
} from './capture.server'
import {
  createPayPalClient,
  createPayPalProvider,
  PAYPAL_APPROVAL_LIFETIME_MS,
  type PayPalClient,
} from './paypal.server'
import { completePayPalApproval, sweepAbandonedPayPalOrders } from './paypal-settle.server'

// Priced by weight (ADR 30), paid with PayPal: the PayPal order's intent is AUTHORIZE, so the
// shopper's approval holds the maximum, and the farm's weighing captures the exact total.

let t: TestDatabase
let payPalStandIn: PayPalStandIn
let payPal: PayPalClient
let admin: string
beforeAll(async () => {
  t = await createTestApp()
  payPalStandIn = await startPayPalStandIn()
  payPal = createPayPalClient({
    clientId: payPalStandIn.clientId,
    clientSecret: payPalStandIn.clientSecret,
    apiBase: payPalStandIn.apiBase,
  })
  admin = (await createCustomer(t.db, { first_name: 'Ruth', is_admin: true })).id
})
afterAll(async () => {
  await payPalStandIn?.close()
  await t?.cleanup()
})

const order = (orderId: string) => orderPayment(t.db, orderId)
const finalTotalEmails = (to: string) => emailsTo(t.db, to, 'final-total')

describe('priced by weight: PayPal authorises the maximum and captures the exact amount', () => {
  /** A by-weight order for PayPal, its PayPal order created and approved by the shopper. */
  async function approvedPayPalOrder() {
    const placed = await placeByWeightOrder(t.db, 'paypal')
    await createPayPalProvider(t.db, payPal, TEST_BASE_URL).startPayment({
      id: placed.orderId,
      orderNumber: 'FS-10002',
      email: placed.email,
      totalCents: ESTIMATED_TOTAL,
    })
    const paypalOrder = [...payPalStandIn.orders.values()].find(
      (candidate) => candidate.customId === placed.orderId,
    )
    if (!paypalOrder) throw new Error('no PayPal order')
    paypalOrder.status = 'APPROVED'
    return { ...placed, paypalOrder }
  }
  /** ... and the shopper back on the shop: authorised. */
  async function authorisedPayPalOrder() {
    const approved = await approvedPayPalOrder()
    const outcome = await completePayPalApproval(t.db, payPal, approved.paypalOrder.id)
    return { ...approved, outcome }
  }
  const capturers = () => ({ paypal: payPalCapture(payPal) })

  test('held for the maximum, weighed, captured for the exact total once', async () => {
    const { orderId, itemId, email, paypalOrder, outcome } = await authorisedPayPalOrder()
    expect(paypalOrder).toMatchObject({ intent: 'AUTHORIZE', value: '62.59', captures: 0 })
    expect(outcome).toEqual({ kind: 'paid', orderId })
    const authorization = paypalOrder.authorization
    expect(authorization).toMatchObject({ status: 'CREATED', value: '62.59', captures: 0 })
    expect(await order(orderId)).toMatchObject({
      status: 'paid',
      payment_status: 'authorized',
      authorised_cents: MAXIMUM,
      authorization_reference: authorization?.id,
      captured_cents: null,
    })
    // A second return (a reload) authorises nothing more.
    expect(await completePayPalApproval(t.db, payPal, paypalOrder.id)).toEqual({
      kind: 'settled',
      orderId,
      cancelled: false,
    })

    const weighed = await weighAndCapture(
      t.db,
      admin,
      { orderId, weights: pieces(itemId, 104, 121) },
      capturers(),
    )
    const subtotal = 1975 + 2298 + 1100
    const exact = subtotal + Math.round(subtotal * 0.06)
    expect(weighed).toEqual({
      ok: true,
      weighed: true,
      totalCents: exact,
      capture: { kind: 'captured', amountCents: exact },
    })
    expect(paypalOrder.authorization).toMatchObject({
      status: 'CAPTURED',
      value: '62.59',
      capturedValue: (exact / 100).toFixed(2),
      captures: 1,
    })
    expect(await order(orderId)).toMatchObject({
      payment_status: 'paid',
      total_cents: exact,
      captured_cents: exact,
    })
    const emails = await finalTotalEmails(email)
    expect(emails).toHaveLength(1)
    expect(emails[0]?.text_body).toContain(
      `Your PayPal payment is $${(exact / 100).toFixed(2)}; the rest of the amount held is released.`,
    )
    expect(await captureWeighedPayment(t.db, orderId, capturers())).toEqual({ kind: 'nothing' })
    expect(paypalOrder.authorization?.captures).toBe(1)
  })

  test('an authorisation for another amount is not taken as the hold', async () => {
    const { paypalOrder, ...placed } = await approvedPayPalOrder()
    payPalStandIn.captureNextAs('53.93')
    expect(await completePayPalApproval(t.db, payPal, paypalOrder.id)).toEqual({
      kind: 'failed',
      orderId: placed.orderId,
    })
    expect(await order(placed.orderId)).toMatchObject({
      status: 'cancelled',
      authorization_reference: null,
    })
  })

  test('approved but never back: the sweep authorises it like the return', async () => {
    const { orderId, paypalOrder } = await approvedPayPalOrder()
    const later = new Date(Date.now() + PAYPAL_APPROVAL_LIFETIME_MS + 60_000)
    expect(await sweepAbandonedPayPalOrders(t.db, payPal, later)).toBeGreaterThan(0)
    expect(await order(orderId)).toMatchObject({
      status: 'paid',
      payment_status: 'authorized',
      authorization_reference: paypalOrder.authorization?.id,
    })
    expect(paypalOrder.authorization).toMatchObject({ status: 'CREATED', value: '62.59' })
    const week = await loadThisWeek(t.db, THURSDAY, MONDAY)
    const packed = week.groups.flatMap((g) => g.orders).find((o) => o.id === orderId)
    expect(packed && collectText(packed)).toBe('PayPal: charged when weighed')
  })

  test('a refused capture leaves the weights and says so; saving again captures', async () => {
    const { orderId, itemId, paypalOrder } = await authorisedPayPalOrder()
    payPalStandIn.declineNextCapture()
    const weights = { orderId, weights: pieces(itemId, 100, 100) }
    const failed = await weighAndCapture(t.db, admin, weights, capturers())
    expect(failed).toEqual({
      ok: true,
      weighed: true,
      totalCents: 5192,
      capture: { kind: 'failed', message: CAPTURE_FAILED },
    })
    expect(paypalOrder.authorization).toMatchObject({ status: 'CREATED', captures: 0 })
    expect(await order(orderId)).toMatchObject({
      payment_status: 'authorized',
      total_cents: 5192,
      captured_cents: null,
    })
    // Without PayPal configured the capture cannot happen either, and says the same.
    expect(await weighAndCapture(t.db, admin, weights, {})).toMatchObject({
      capture: { kind: 'failed', message: CAPTURE_FAILED },
    })

    const retried = await weighAndCapture(t.db, admin, weights, capturers())
    expect(retried).toEqual({
      ok: true,
      weighed: true,
      totalCents: 5192,
      capture: { kind: 'captured', amountCents: 5192 },
    })
    expect(paypalOrder.authorization).toMatchObject({ capturedValue: '51.92', captures: 1 })
    expect(await order(orderId)).toMatchObject({ payment_status: 'paid', captured_cents: 5192 })
  })
})
