import { createElement, type ReactElement } from 'react'
import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { CartPage } from '~/cart/cart-page'
import { getCartSummary } from '~/cart/cart-summary.server'
import { CheckoutSummary } from '~/checkout/checkout-summary'
import { placeOrder } from '~/flows/place-order.server'
import { loadThisWeek } from '~/fulfilment/admin/this-week.server'
import { ThisWeekPage } from '~/fulfilment/admin/this-week-page'
import { getAdminOrder, getPackingSlip } from '~/orders/admin/order-detail.server'
import { getCustomerOrder } from '~/orders/customer-orders.server'
import { queueFulfilmentReminders } from '~/orders/fulfilment-reminders.server'
import { OrderItemsList } from '~/orders/order-items-list'
import { recordWeights } from '~/orders/weights.server'
import PackListDocument from '~/routes/admin/fulfilment-pack-list'
import AdminOrder from '~/routes/admin/order'
import PackingSlip from '~/routes/admin/packing-slip'
import {
  createCustomer,
  createPickupPlace,
  createProduct,
  createWindow,
} from '~/seed/factories.server'
import { createTestApp } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import { fillCart } from '../../tests/support/orders'

// One way to show a line (issue 32 item 2): one order, two ribeyes priced by weight ($28.99/lb,
// about 1.25 lb: est. $36.24 each) and two dozen eggs at $7.00, read on every surface that
// lists lines: the cart, checkout's summary, the customer's order (the confirmation page and
// Account > Orders show the same list), the admin order, the packing slip, This week's pack
// and pick lists, the printed pack list and the emails. Then the same order weighed (1.24 and
// 1.25 lb). Each surface must say the same words.

const RIBEYE = '2 pieces, about 1.25 lb each, $28.99/lb, est. $72.48'
const RIBEYE_WEIGHED = '2 pieces, 2.49 lb at $28.99/lb'
const EGGS = '2 × $7.00 / dozen'

// Monday noon in Boise; the pickup window is on Thursday, the reminder goes on Wednesday.
const MONDAY = new Date('2026-11-23T19:00:00Z')
const WEDNESDAY = new Date('2026-11-25T19:00:00Z')
const THURSDAY = '2026-11-26'

let t: TestDatabase
let admin: string
beforeAll(async () => {
  t = await createTestApp()
  admin = (await createCustomer(t.db, { first_name: 'Ruth', is_admin: true })).id
})
afterAll(async () => {
  await t?.cleanup()
})

// One router for every page rendered: it shows the element textOf was given.
let shown: ReactElement | null = null
function Shown() {
  return shown
}
const Stub = createRoutesStub([{ path: '/', Component: Shown }])

/** A page's words as a reader gets them: tags dropped, entities read. */
function textOf(element: ReactElement): string {
  shown = element
  return renderToString(createElement(Stub, { initialEntries: ['/'] }))
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
}

type RouteProps = { loaderData: unknown; actionData: undefined; params: object; matches: [] }

/** A route module's page, given what its loader returned. */
function routePage(Page: (props: never) => ReactElement, loaderData: unknown): ReactElement {
  const props: RouteProps = { loaderData, actionData: undefined, params: {}, matches: [] }
  return createElement(Page as (props: RouteProps) => ReactElement, props)
}

describe('every surface words a line the same way', () => {
  test('from the cart to the weighed order', async () => {
    const place = await createPickupPlace(t.db, { name: 'Red Barn' })
    const window = await createWindow(t.db, { place_id: place.id })
    const ribeye = await createProduct(t.db, {
      name: 'Ribeye',
      unit: 'lb',
      price_cents: 2899,
      sold_by_weight: true,
      average_weight_centi_lb: 125,
    })
    const eggs = await createProduct(t.db, { name: 'Eggs', unit: 'dozen', price_cents: 700 })
    const customer = await createCustomer(t.db, { first_name: 'Ann', last_name: 'Lee' })
    await fillCart(t.db, customer.id, [
      { productId: ribeye.id, quantity: 2 },
      { productId: eggs.id, quantity: 2 },
    ])

    // The cart and checkout, priced by priceCart.
    const cart = await getCartSummary(t.db, { kind: 'customer', customerId: customer.id })
    const cartText = textOf(createElement(CartPage, { cart }))
    const summaryText = textOf(
      createElement(CheckoutSummary, { lines: cart.lines, totals: cart.totals, promoCode: null }),
    )
    for (const surface of [cartText, summaryText]) {
      expect(surface).toContain(RIBEYE)
      expect(surface).toContain(EGGS)
    }

    const placed = await placeOrder(
      t.db,
      {
        customerId: customer.id,
        idempotencyKey: crypto.randomUUID(),
        contact: { email: customer.email, phone: '208-555-0100' },
        shippingAddress: { firstName: 'Ann', lastName: 'Lee' },
        shippingMethod: 'pickup',
        slot: `${window.id}:${THURSDAY}`,
        paymentMethod: 'offline',
      },
      { now: MONDAY },
    )
    if (!placed.ok) throw new Error(placed.message)
    const orderId = placed.order.id

    /** Every order surface's words, read afresh from the database. */
    async function orderSurfaces() {
      const mine = await getCustomerOrder(t.db, customer.id, orderId)
      const adminOrder = await getAdminOrder(t.db, orderId)
      const slip = await getPackingSlip(t.db, orderId)
      const week = await loadThisWeek(t.db, THURSDAY, MONDAY)
      if (!mine || !adminOrder || !slip) throw new Error('the order is not found')
      const next: never[] = []
      return {
        'confirmation and account order': textOf(
          createElement(OrderItemsList, { items: mine.items }),
        ),
        'admin order': textOf(routePage(AdminOrder, { order: adminOrder, next })),
        'packing slip': textOf(routePage(PackingSlip, { slip })),
        'this week (pack list)': textOf(createElement(ThisWeekPage, { week, reply: undefined })),
        'printed pack list': textOf(
          routePage(PackListDocument, { week, farm: { name: 'Farm', phone: '208-555-0100' } }),
        ),
      }
    }

    for (const [surface, text] of Object.entries(await orderSurfaces())) {
      expect(text, surface).toContain(RIBEYE)
      expect(text, surface).toContain(EGGS)
    }
    const confirmation = await t.db
      .selectFrom('email_outbox')
      .select('text_body')
      .where('template', '=', 'order-confirmation')
      .where('to_address', '=', customer.email)
      .executeTakeFirstOrThrow()
    expect(confirmation.text_body).toContain(`Ribeye: ${RIBEYE}`)
    expect(confirmation.text_body).toContain(`Eggs: ${EGGS}`)

    // The pick list counts ribeyes in pieces, with the weight expected beside them.
    const pickWeek = await loadThisWeek(t.db, THURSDAY, MONDAY)
    const pick = textOf(createElement(ThisWeekPage, { week: pickWeek, reply: undefined }))
    expect(pick).toContain('Ribeye piece 2 about 2.5 lb')
    expect(pick).toContain('Eggs dozen 2')

    // Weighed: the words follow the weights, on every surface and in the reminder.
    const itemId = await orderItemId(orderId)
    const weighed = await recordWeights(t.db, admin, {
      orderId,
      weights: [124, 125].map((centiLb, index) => ({ itemId, piece: index + 1, centiLb })),
    })
    expect(weighed).toMatchObject({ ok: true, weighed: true })
    const after = await orderSurfaces()
    for (const [surface, text] of Object.entries(after)) {
      expect(text, surface).toContain(RIBEYE_WEIGHED)
      expect(text, surface).toContain(EGGS)
    }
    // The printed lists show each piece's weight and the exact amount to collect.
    for (const surface of ['packing slip', 'printed pack list'] as const) {
      expect(after[surface], surface).toContain('Weighed: 1.24 lb, 1.25 lb')
      expect(after[surface], surface).toMatch(/Collect \$\d+\.\d\d(?! \()/)
    }
    expect(after['this week (pack list)']).toContain('Ribeye piece 2 2.49 lb')

    expect(await queueFulfilmentReminders(t.db, WEDNESDAY)).toBeGreaterThan(0)
    const reminder = await t.db
      .selectFrom('email_outbox')
      .select('text_body')
      .where('template', '=', 'fulfilment-reminder')
      .where('to_address', '=', customer.email)
      .executeTakeFirstOrThrow()
    expect(reminder.text_body).toContain(`Ribeye: ${RIBEYE_WEIGHED}`)
    expect(reminder.text_body).toContain(`Eggs: ${EGGS}`)
  })
})

async function orderItemId(orderId: string): Promise<string> {
  const item = await t.db
    .selectFrom('order_items')
    .select('id')
    .where('order_id', '=', orderId)
    .where('sold_by_weight', '=', true)
    .executeTakeFirstOrThrow()
  return item.id
}
