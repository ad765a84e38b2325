import { sql } from 'kysely'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type PlaceOrderHooks, placeOrder } from '~/flows/place-order.server'
import { type DB, openDatabase } from '~/platform/db/db.server'
import {
  createCustomer,
  createPickupPlace,
  createProduct,
  createVariant,
  createWaitingListEntry,
  createWindow,
} from '~/seed/factories.server'
import { createTestApp } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import { fillCart, readStock } from '../../tests/support/orders'
import { FIRST_BOX, MONDAY_NOON } from '../../tests/support/subscriptions'
import { expireOrder } from './payment-events.server'
import type { PlaceOrderResult } from './place-order'

// One lock order for stock (issue 31): every transaction locks a product's stock rows before
// anything that comes after them (a window's booking, the order counter), all of its options
// with them. Each race here once ended in a PostgreSQL deadlock (40P01): a transaction that had
// taken a product's stock went on to lock a sibling option late (a subscription's reservations
// recounted, a waiting list offered the returned units) while another order held that option
// and waited for the product. Now the second waits for the first, nothing is run twice, and
// the stock adds up. On SQLite writers take turns; the same races must end the same way.

let t: TestDatabase
/** A handle of its own whose warnings are kept: a retried transaction says so there. */
let shop: DB
const warnings: string[] = []

beforeAll(async () => {
  t = await createTestApp()
  const log = pino({ level: 'warn' }, { write: (line: string) => warnings.push(line) })
  shop = openDatabase(t.config, log)
})
afterAll(async () => {
  await shop?.destroy()
  await t?.cleanup()
})

const retried = () => warnings.filter((line) => line.includes('running it again')).length

/** A promise and the function that settles it. */
function signal() {
  let fire = () => {}
  const fired = new Promise<void>((resolve) => {
    fire = resolve
  })
  return { fire, fired }
}

/**
 * Until `count` of the test database's connections wait for a row lock (PostgreSQL). On
 * SQLite the next transaction waits for the one connection; a moment lets it queue.
 */
async function lockWaits(count: number): Promise<void> {
  const deadline = Date.now() + 10_000
  for (;;) {
    if (t.dialect === 'sqlite') return new Promise((resolve) => setTimeout(resolve, 20))
    const { rows } = await sql<{ waiting: number }>`
      select count(*)::int as waiting from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(t.db)
    if ((rows[0]?.waiting ?? 0) >= count) return
    if (Date.now() > deadline) throw new Error(`${count} lock waits expected`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

type Customer = Awaited<ReturnType<typeof createCustomer>>

/** The customer's cart checked out: to `slot` for pickup, else by standard shipping. */
function checkOut(customer: Customer, slot: string | null, hooks: PlaceOrderHooks = {}) {
  return placeOrder(
    shop,
    {
      customerId: customer.id,
      idempotencyKey: crypto.randomUUID(),
      contact: { email: customer.email, phone: '208-555-0100' },
      shippingAddress: {
        firstName: customer.first_name,
        lastName: customer.last_name,
        street: '12 Orchard Lane',
        city: 'Boise',
        state: 'ID',
        zipCode: '83702',
      },
      shippingMethod: slot ? 'pickup' : 'standard',
      ...(slot && { slot }),
      paymentMethod: 'offline',
    },
    { now: MONDAY_NOON, ...hooks },
  )
}

function placed(result: PlaceOrderResult) {
  if (!result.ok) throw new Error(`expected an order, got: ${result.message}`)
  return result.order
}

async function stockRow(table: 'products' | 'product_variants', id: string) {
  return t.db
    .selectFrom(table)
    .select(['stock_quantity', 'held_quantity', 'reserved_quantity'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
}

/** Two options of a subscribable egg product, ten of each, and a weekly pickup window. */
async function eggsWithTwoOptions() {
  const product = await createProduct(t.db, {
    name: 'Eggs',
    stock_quantity: 20,
    subscription_frequencies: 'weekly',
  })
  const dozen = await createVariant(t.db, product.id, { name: 'Dozen', stock_quantity: 10 })
  const half = await createVariant(t.db, product.id, { name: 'Half Dozen', stock_quantity: 10 })
  const place = await createPickupPlace(t.db)
  const window = await createWindow(t.db, { place_id: place.id })
  return { product, dozen, half, slot: `${window.id}:${FIRST_BOX}`, window }
}

describe('one lock order for stock', () => {
  test('a subscription bought while another shopper buys a sibling option whose reservation drifted', async () => {
    const { product, dozen, half, slot } = await eggsWithTwoOptions()
    // Three half dozens counted as reserved with no subscription asking for them: the count the
    // subscriber's checkout recounts, after its own stock and the order counter.
    await t.db
      .updateTable('product_variants')
      .set({ reserved_quantity: 3 })
      .where('id', '=', half.id)
      .execute()
    const subscriber = await createCustomer(t.db, { first_name: 'Ann', last_name: 'Lee' })
    await fillCart(t.db, subscriber.id, [
      { productId: product.id, variantId: dozen.id, quantity: 1, frequency: 'weekly' },
    ])
    const shopper = await createCustomer(t.db, { first_name: 'Bo', last_name: 'Ng' })
    await fillCart(t.db, shopper.id, [{ productId: product.id, variantId: half.id, quantity: 2 }])
    const before = retried()

    const stockTaken = signal()
    const goOn = signal()
    let paused = false
    const subscribing = checkOut(subscriber, slot, {
      afterStock: async () => {
        if (paused) return
        paused = true
        stockTaken.fire()
        await goOn.fired
      },
    })
    await stockTaken.fired
    const buying = checkOut(shopper, null)
    await lockWaits(1)
    goOn.fire()
    const [first, second] = await Promise.all([subscribing, buying])

    placed(first)
    placed(second)
    expect(retried() - before).toBe(0)
    expect(await stockRow('product_variants', dozen.id)).toMatchObject({ stock_quantity: 9 })
    expect(await stockRow('product_variants', half.id)).toEqual({
      stock_quantity: 8,
      held_quantity: 0,
      reserved_quantity: 0,
    })
    expect(await readStock(t.db, 'products', product.id)).toBe(17)
  })

  test('an order cancelled while another shopper buys a sibling option someone waits for', async () => {
    const { product, dozen, half, slot, window } = await eggsWithTwoOptions()
    // The order to cancel: one dozen, picked up in the window (its booking goes back too).
    const first = await createCustomer(t.db, { first_name: 'Ann', last_name: 'Lee' })
    await fillCart(t.db, first.id, [{ productId: product.id, variantId: dozen.id, quantity: 1 }])
    const cancelled = placed(await checkOut(first, slot))
    // Someone waits for a half dozen: returned units of the product are offered to them.
    const waiting = await createCustomer(t.db)
    await createWaitingListEntry(t.db, waiting.id, product.id, {
      product_variant_id: half.id,
      notify_by_email: true,
    })
    const shopper = await createCustomer(t.db, { first_name: 'Bo', last_name: 'Ng' })
    await fillCart(t.db, shopper.id, [{ productId: product.id, variantId: half.id, quantity: 2 }])
    const before = retried()

    // Another order holds the window's booking row for a moment: the cancellation waits there,
    // with the stock it gave back locked, as it would behind a busy window.
    const bookingHeld = signal()
    const letGo = signal()
    const holder = shop.transaction().execute(async (trx) => {
      await trx
        .updateTable('fulfilment_bookings')
        .set((eb) => ({ booked: eb.ref('booked') }))
        .where('window_id', '=', window.id)
        .where('on_date', '=', FIRST_BOX)
        .execute()
      bookingHeld.fire()
      await letGo.fired
    })
    await bookingHeld.fired
    const cancelling = expireOrder(shop, { orderId: cancelled.id, sessionId: null })
    await lockWaits(1)
    const buying = checkOut(shopper, null)
    await lockWaits(2)
    letGo.fire()
    const [expired, bought] = await Promise.all([cancelling, buying, holder])

    expect(expired).toBe('changed')
    placed(bought)
    expect(retried() - before).toBe(0)
    expect(await stockRow('product_variants', dozen.id)).toMatchObject({ stock_quantity: 10 })
    // 10 less the 2 bought; 1 of the 8 left held for the one waiting (first or not, the
    // shopper's 2 and the hold both fit).
    expect(await stockRow('product_variants', half.id)).toEqual({
      stock_quantity: 8,
      held_quantity: 1,
      reserved_quantity: 0,
    })
    expect(await readStock(t.db, 'products', product.id)).toBe(18)
  })
})
