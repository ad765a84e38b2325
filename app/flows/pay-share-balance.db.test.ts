import { describe, expect, test } from 'vitest'
import { handleStripeWebhook } from '~/payments/stripe-webhook.server'
import { enterHangingWeight } from '~/shares/admin/hanging-weight.server'
import { getShareByToken } from '~/shares/share-orders.server'
import { TEST_BASE_URL } from '../../tests/setup/app'
import { buyShare, createShareAnimal } from '../../tests/support/shares'
import { setUpStripeTestApp } from '../../tests/support/stripe-test-app'
import { startBalanceCheckout } from './pay-share-balance.server'

// A beef share's balance paid by card through the Stripe stand-in (ADR 31): the session asks
// for the balance the hanging weight gave, and only its signed completion marks it paid.

const app = setUpStripeTestApp()

const config = () => ({ ...app.config(), baseUrl: TEST_BASE_URL })
const SHOP = { farmName: 'Test Farm', baseUrl: TEST_BASE_URL }

async function weighedShare() {
  const animal = await createShareAnimal(app.t.db)
  const bought = await buyShare(app.t.db, animal)
  await enterHangingWeight(app.t.db, null, animal.animalId, 61250, SHOP)
  const view = await getShareByToken(app.t.db, bought.token)
  if (!view) throw new Error('no share')
  return { ...bought, view }
}

async function deliver(
  type: 'checkout.session.completed' | 'checkout.session.expired',
  id: string,
) {
  const { payload, signature } = app.standIn.signedEvent(type, id)
  return handleStripeWebhook(app.t.db, config(), payload, signature)
}

describe('paying a share balance by card', () => {
  test('the card page asks for the balance; its completion marks it paid, once', async () => {
    const { token, view, orderId } = await weighedShare()
    const started = await startBalanceCheckout(app.t.db, config(), token, view)
    if (!started.ok) throw new Error('not started')
    const sessionId = started.url.split('/pay/')[1] ?? ''
    const session = app.standIn.sessions.get(sessionId)
    // The balance and its 6 % tax, as billed (shares/balance.ts): $582.97 + $34.98.
    expect(session?.amountTotal).toBe(75797 + 12500 - 30000 + 3498)
    expect(session?.metadata).toEqual({ shareOrderId: view.id })
    expect(session?.successUrl).toBe(`${TEST_BASE_URL}/shares/balance/${token}?paid=1`)

    expect((await getShareByToken(app.t.db, token))?.status).toBe('unpaid')
    expect(await deliver('checkout.session.completed', sessionId)).toEqual({
      status: 200,
      body: { received: true },
    })
    expect(await deliver('checkout.session.completed', sessionId)).toMatchObject({ status: 200 })
    expect((await getShareByToken(app.t.db, token))?.status).toBe('paid')
    // The deposit's order is untouched by the balance's events.
    const order = await app.t.db
      .selectFrom('orders')
      .select(['status', 'payment_status'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow()
    expect(order).toEqual({ status: 'pending_payment', payment_status: 'pending' })
  })

  test('an expired card page changes nothing, and a page from before a correction pays nothing', async () => {
    const { token, view } = await weighedShare()
    const first = await startBalanceCheckout(app.t.db, config(), token, view)
    if (!first.ok) throw new Error('not started')
    const stale = first.url.split('/pay/')[1] ?? ''
    await deliver('checkout.session.expired', stale)
    expect((await getShareByToken(app.t.db, token))?.status).toBe('unpaid')
    // A second page replaces the first: the first's completion is not this balance's payment.
    const second = await startBalanceCheckout(app.t.db, config(), token, view)
    if (!second.ok) throw new Error('not started')
    await deliver('checkout.session.completed', stale)
    expect((await getShareByToken(app.t.db, token))?.status).toBe('unpaid')
    await deliver('checkout.session.completed', second.url.split('/pay/')[1] ?? '')
    expect((await getShareByToken(app.t.db, token))?.status).toBe('paid')
  })

  test('nothing to pay before the weight is known', async () => {
    const animal = await createShareAnimal(app.t.db)
    const bought = await buyShare(app.t.db, animal)
    const view = await getShareByToken(app.t.db, bought.token)
    if (!view) throw new Error('no share')
    const sessions = app.standIn.sessions.size
    expect(await startBalanceCheckout(app.t.db, config(), bought.token, view)).toEqual({
      ok: false,
    })
    expect(app.standIn.sessions.size).toBe(sessions)
  })
})
