import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { markPacked } from '~/fulfilment/admin/packing.server'
import { collectText } from '~/fulfilment/admin/this-week'
import { loadThisWeek } from '~/fulfilment/admin/this-week.server'
import { changeOrderStatus } from '~/orders/order-status.server'
import {
  overMaximumMessage,
  WEIGHTS_LOCKED,
  WEIGHTS_NOT_PAID,
  WEIGHTS_UNKNOWN_PIECE,
} from '~/orders/weights'
import { recordWeights } from '~/orders/weights.server'
import { createCustomer } from '~/seed/factories.server'
import { createTestApp, TEST_BASE_URL } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import {
  ESTIMATE,
  ESTIMATED_TOTAL,
  emailsTo,
  MAXIMUM,
  MONDAY,
  orderPayment,
  pieces,
  placeByWeightOrder,
  THURSDAY,
} from '../../tests/support/order-fixture'
import { type StripeStandIn, startStripeStandIn } from '../../tests/support/stripe-stand-in'
import { captureWeighedPayment, stripeCapture, weighAndCapture } from './capture.server'
import { createStripeProvider } from './stripe.server'
import { handleStripeWebhook } from './stripe-webhook.server'

// Priced by weight (ADR 30) from the estimate to the exact amount: the order keeps the
// estimate and its maximum, Stripe (the stand-in) authorises the maximum, the farm weighs each
// piece, the order is priced again on the weights, the customer is emailed the final total,
// and the card is captured for exactly that. Pay at pickup: the pack list's amount to collect.
// PayPal's hold and capture: weigh-paypal.db.test.ts.

const WEBHOOK_SECRET = 'whsec_test_weight'
let t: TestDatabase
let standIn: StripeStandIn
let admin: string
beforeAll(async () => {
  t = await createTestApp()
  standIn = await startStripeStandIn({ webhookSecret: WEBHOOK_SECRET })
  admin = (await createCustomer(t.db, { first_name: 'Ruth', is_admin: true })).id
})
afterAll(async () => {
  await standIn?.close()
  await t?.cleanup()
})

const stripe = () => ({
  secretKey: 'sk_test_x',
  webhookSecret: WEBHOOK_SECRET,
  apiBase: standIn.apiBase,
})
const capturers = () => ({ stripe: stripeCapture(stripe()) })
const byWeightOrder = (paymentMethod: 'offline' | 'stripe') =>
  placeByWeightOrder(t.db, paymentMethod)
const order = (orderId: string) => orderPayment(t.db, orderId)
const finalTotalEmails = (to: string) => emailsTo(t.db, to, 'final-total')

describe('priced by weight: placing the order', () => {
  test('the items keep price per lb, average and estimate; the order its maximum', async () => {
    const { orderId } = await byWeightOrder('offline')
    expect(await order(orderId)).toMatchObject({
      subtotal_cents: ESTIMATE,
      total_cents: ESTIMATED_TOTAL,
      authorised_cents: MAXIMUM,
    })
    const items = await t.db
      .selectFrom('order_items')
      .select([
        'product_name',
        'sold_by_weight',
        'price_per_lb_cents',
        'average_weight_centi_lb',
        'estimated_cents',
        'unit_price_cents',
        'line_total_cents',
      ])
      .where('order_id', '=', orderId)
      .orderBy('product_name')
      .execute()
    expect(items).toEqual([
      {
        product_name: 'Huckleberry Jam',
        sold_by_weight: false,
        price_per_lb_cents: null,
        average_weight_centi_lb: null,
        estimated_cents: null,
        unit_price_cents: 1100,
        line_total_cents: 1100,
      },
      {
        product_name: 'Ribeye',
        sold_by_weight: true,
        price_per_lb_cents: 1899,
        average_weight_centi_lb: 110,
        estimated_cents: 2089,
        unit_price_cents: 2089,
        line_total_cents: 4178,
      },
    ])
    const [confirmation] = await t.db
      .selectFrom('email_outbox')
      .select('text_body')
      .where('template', '=', 'order-confirmation')
      .where('text_body', 'like', `%${ESTIMATED_TOTAL / 100}%`)
      .execute()
    expect(confirmation?.text_body).toContain('You pay for the exact weight; at most $62.59.')
  })
})

describe('priced by weight: Stripe authorises the maximum and captures the exact amount', () => {
  test('from the estimate to the exact capture', async () => {
    const { orderId, itemId, email } = await byWeightOrder('stripe')
    const provider = createStripeProvider(t.db, { ...stripe(), baseUrl: TEST_BASE_URL })
    // Weighing before the card is through is refused.
    expect(
      await recordWeights(t.db, admin, { orderId, weights: pieces(itemId, 104, 121) }),
    ).toEqual({ ok: false, status: 409, message: WEIGHTS_NOT_PAID })

    const started = await provider.startPayment({
      id: orderId,
      orderNumber: 'FS-10001',
      email,
      totalCents: ESTIMATED_TOTAL,
    })
    expect(started.kind).toBe('redirect')
    const session = [...standIn.sessions.values()].find((s) => s.orderId === orderId)
    if (!session) throw new Error('no session')
    expect(session.params.get('payment_intent_data[capture_method]')).toBe('manual')
    expect(session.amountTotal).toBe(MAXIMUM)

    // The shopper pays on the hosted page: the card is held, not charged.
    const intent = standIn.paymentIntents.get(session.paymentIntentId)
    if (!intent) throw new Error('no payment intent')
    intent.status = 'requires_capture'
    const { payload, signature } = standIn.signedEvent('checkout.session.completed', session.id)
    expect(await handleStripeWebhook(t.db, stripe(), payload, signature)).toEqual({
      status: 200,
      body: { received: true },
    })
    expect(await order(orderId)).toMatchObject({
      status: 'paid',
      payment_status: 'authorized',
      authorization_reference: intent.id,
      captured_cents: null,
    })

    // One piece weighed: saved, nothing priced, nothing captured, nobody emailed.
    const first = await weighAndCapture(
      t.db,
      admin,
      { orderId, weights: pieces(itemId, 104, null) },
      capturers(),
    )
    expect(first).toEqual({ ok: true, weighed: false, totalCents: ESTIMATED_TOTAL })
    expect(intent.captures).toBe(0)
    expect(await finalTotalEmails(email)).toEqual([])

    // Both: 18.99 x 1.04 = 19.7496 -> 1975; 18.99 x 1.21 = 22.9779 -> 2298.
    const subtotal = 1975 + 2298 + 1100
    const exact = subtotal + Math.round(subtotal * 0.06)
    const second = await weighAndCapture(
      t.db,
      admin,
      { orderId, weights: pieces(itemId, null, 121).slice(1) },
      capturers(),
    )
    expect(second).toEqual({
      ok: true,
      weighed: true,
      totalCents: exact,
      capture: { kind: 'captured', amountCents: exact },
    })
    expect(intent).toMatchObject({ amount: MAXIMUM, amountReceived: exact, captures: 1 })
    expect(await order(orderId)).toMatchObject({
      payment_status: 'paid',
      subtotal_cents: subtotal,
      total_cents: exact,
      captured_cents: exact,
      authorised_cents: MAXIMUM,
    })
    const emails = await finalTotalEmails(email)
    expect(emails).toHaveLength(1)
    expect(emails[0]?.subject).toContain(`$${(exact / 100).toFixed(2)}`)
    expect(emails[0]?.text_body).toContain('Ribeye, piece 2: 1.21 lb, $22.98')
    expect(emails[0]?.text_body).toContain(`estimated $${(ESTIMATED_TOTAL / 100).toFixed(2)}`)

    // Captured: the weights are final, and a second capture finds nothing to do.
    expect(
      await recordWeights(t.db, admin, { orderId, weights: pieces(itemId, 100, 100) }),
    ).toEqual({ ok: false, status: 409, message: WEIGHTS_LOCKED })
    expect(await captureWeighedPayment(t.db, orderId, capturers())).toEqual({ kind: 'nothing' })
    expect(intent.captures).toBe(1)
  })

  test('weights that would cost more than the maximum are refused and nothing is kept', async () => {
    const { orderId, itemId, email } = await byWeightOrder('offline')
    // 2 x 1.40 lb: 2 x 2659 = 5318 + 1100 + tax: above the $62.59 maximum
    const heavy = await recordWeights(t.db, admin, {
      orderId,
      weights: pieces(itemId, 140, 140),
    })
    const heavyTotal = 5318 + 1100 + Math.round((5318 + 1100) * 0.06)
    expect(heavy).toEqual({
      ok: false,
      status: 400,
      message: overMaximumMessage(heavyTotal, MAXIMUM),
    })
    const stored = await t.db
      .selectFrom('order_item_weights')
      .select('piece')
      .where('order_item_id', '=', itemId)
      .execute()
    expect(stored).toEqual([])
    expect(await order(orderId)).toMatchObject({ total_cents: ESTIMATED_TOTAL })
    expect(await finalTotalEmails(email)).toEqual([])
  })

  test('a piece that is not the order’s is refused with 400', async () => {
    const { orderId, itemId } = await byWeightOrder('offline')
    const other = await byWeightOrder('offline')
    for (const weights of [
      pieces(other.itemId, 100),
      [{ itemId, piece: 3, centiLb: 100 }],
      [{ itemId, piece: 0, centiLb: 100 }],
    ]) {
      expect(await recordWeights(t.db, admin, { orderId, weights })).toEqual({
        ok: false,
        status: 400,
        message: WEIGHTS_UNKNOWN_PIECE,
      })
    }
  })
})

describe('priced by weight: pay at pickup', () => {
  test('the pack list collects the estimate, marked, then the exact amount', async () => {
    const { orderId, itemId, email } = await byWeightOrder('offline')
    const unweighed = await byWeightOrder('offline')
    const packed = async () => {
      const week = await loadThisWeek(t.db, THURSDAY, MONDAY)
      const found = week.groups.flatMap((g) => g.orders).find((o) => o.id === orderId)
      if (!found) throw new Error('the order is not on the pack list')
      return found
    }
    const before = await packed()
    expect(before.weighing?.items).toEqual([
      {
        id: itemId,
        name: 'Ribeye',
        pricePerLbCents: 1899,
        averageWeightCentiLb: 110,
        weights: [null, null],
      },
    ])
    expect(collectText(before)).toBe(
      `Collect about $${(ESTIMATED_TOTAL / 100).toFixed(2)} (estimate: weigh to get the exact amount)`,
    )

    const weighed = await weighAndCapture(
      t.db,
      admin,
      { orderId, weights: pieces(itemId, 100, 100) },
      {},
    )
    // 2 x 18.99 + 11.00 = 48.98 + 2.94 tax
    expect(weighed).toEqual({
      ok: true,
      weighed: true,
      totalCents: 5192,
      capture: { kind: 'nothing' },
    })
    const after = await packed()
    expect(after.weighing?.weighed).toBe(true)
    expect(after.weighing?.items[0]?.weights).toEqual([100, 100])
    expect(collectText(after)).toBe('Collect $51.92')
    const emails = await finalTotalEmails(email)
    expect(emails).toHaveLength(1)
    expect(emails[0]?.text_body).toContain('Please bring $51.92')

    // Packing and the handover wait for the weights; after them both go ahead.
    expect(await markPacked(t.db, admin, [unweighed.orderId])).toEqual({
      done: 0,
      skipped: 1,
      unweighed: 1,
    })
    expect(
      await changeOrderStatus(t.db, unweighed.orderId, admin, {
        intent: 'ready_for_pickup',
        from: 'pending_payment',
      }),
    ).toMatchObject({ ok: false, reason: 'not-weighed' })
    expect(await markPacked(t.db, admin, [orderId])).toMatchObject({ done: 1 })

    // A correction until the handover: priced again, emailed again.
    await recordWeights(t.db, admin, { orderId, weights: pieces(itemId, 100, 110) })
    expect(collectText(await packed())).toBe('Collect $53.93')
    expect(await finalTotalEmails(email)).toHaveLength(2)
  })
})
