import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { pageRequest } from '~/platform/admin/pagination'
import { addDays, farmDayOf, farmInstant, farmPeriodStarts } from '~/platform/farm-clock'
import {
  createCustomer,
  createOrder,
  createPickupPlace,
  createProduct,
  createSubscription,
  createVariant,
  createWindow,
} from '~/seed/factories.server'
import { subscriberPriceCents } from '~/subscriptions/terms'
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/database'
import { subscriptionDashboard, upcomingBoxDemand } from './coming-boxes.server'
import { getAdminSubscription } from './subscription-detail.server'
import {
  exportSubscriptionsCsv,
  listAdminSubscriptions,
  subscriptionFilter,
} from './subscriptions.server'

// The admin's subscription queries on both databases: the list's filter, search and pages, one
// subscription in full, the CSV, the coming boxes' demand and the dashboard's numbers.

// A Monday noon on the farm's clock: the week runs Monday 2026-12-07 to Sunday 2026-12-13.
const now = farmInstant('2026-12-07', '12:00')
const thursday = '2026-12-10'

let t: TestDatabase
let windowId: string
let eggs: { id: string }
let dozen: { id: string }
let box: { id: string }
const ids: Record<string, string> = {}

beforeAll(async () => {
  t = await createTestDatabase()
  const place = await createPickupPlace(t.db, { name: 'Red Barn' })
  windowId = (await createWindow(t.db, { place_id: place.id })).id // Thursdays 3-6 pm
  eggs = await createProduct(t.db, {
    name: 'Eggs',
    price_cents: 700,
    unit: 'dozen',
    subscription_frequencies: 'weekly,biweekly,monthly',
    subscriber_discount_percent: 5,
  })
  dozen = await createVariant(t.db, eggs.id, { name: 'Dozen', price_cents: 700 })
  box = await createProduct(t.db, {
    name: 'Veg Box',
    price_cents: 2800,
    unit: 'box',
    subscription_frequencies: 'weekly,biweekly',
    subscriber_discount_percent: 10,
  })
  const person = async (first: string, last: string, email: string) =>
    (await createCustomer(t.db, { first_name: first, last_name: last, email })).id
  const ann = await person('Ann', 'Lee', 'ann@example.com')
  const bob = await person('Bob', 'Stone', 'bob@example.com')
  const cy = await person('Cy', 'Young', 'cy@example.com')
  const dee = await person('Dee', 'Ross', 'dee@example.com')

  // Ann: weekly box and 2 dozen eggs this Thursday.
  ids.ann = (
    await createSubscription(
      t.db,
      { customerId: ann, windowId },
      [
        { product_id: box.id, quantity: 1 },
        { product_id: eggs.id, product_variant_id: dozen.id, quantity: 2 },
      ],
      { first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com', next_date: thursday },
    )
  ).id
  // Bob: a box every 2 weeks, also this Thursday; his account's email differs from the order's.
  ids.bob = (
    await createSubscription(t.db, { customerId: bob, windowId }, [{ product_id: box.id }], {
      frequency: 'biweekly',
      first_name: 'Robert',
      last_name: 'Stone',
      email: 'rob.stone@example.com',
      next_date: thursday,
    })
  ).id
  // Cy: paused past this Thursday (skipped), monthly eggs.
  ids.cy = (
    await createSubscription(
      t.db,
      { customerId: cy, windowId },
      [{ product_id: eggs.id, product_variant_id: dozen.id }],
      {
        status: 'paused',
        frequency: 'monthly',
        first_name: 'Cy',
        last_name: 'Young',
        email: 'cy@example.com',
        next_date: thursday,
        paused_until: '2026-12-31',
      },
    )
  ).id
  // Dee: cancelled, with a comma and a formula in her name for the CSV.
  ids.dee = (
    await createSubscription(t.db, { customerId: dee, windowId }, [{ product_id: box.id }], {
      status: 'cancelled',
      first_name: '=HYPERLINK("x")',
      last_name: 'Ross, Jr.',
      email: 'dee@example.com',
      next_date: '2026-12-17',
    })
  ).id
})

afterAll(async () => {
  await t?.cleanup()
})

const filterOf = (query: string) => subscriptionFilter(new URL(`http://shop.test/?${query}`))
const firstPage = pageRequest(new URL('http://shop.test/'))
const customersOf = async (query: string) =>
  (await listAdminSubscriptions(t.db, filterOf(query), firstPage)).subscriptions.map(
    (row) => row.customer,
  )

describe('listAdminSubscriptions', () => {
  test('status filter: all by default and for an unknown status', async () => {
    expect(filterOf('status=bogus')).toEqual({ q: '', status: null })
    expect(filterOf('status=all&q=%20ann%20')).toEqual({ q: 'ann', status: null })
    expect(await customersOf('')).toHaveLength(4)
    expect(await customersOf('status=active')).toEqual(['Ann Lee', 'Robert Stone'])
    expect(await customersOf('status=paused')).toEqual(['Cy Young'])
    expect(await customersOf('status=cancelled')).toEqual(['=HYPERLINK("x") Ross, Jr.'])
    expect(await customersOf('status=pending')).toEqual([])
  })

  test('search by name or email, either case, the account included', async () => {
    expect(await customersOf('q=ANN')).toEqual(['Ann Lee'])
    expect(await customersOf('q=ann%20lee')).toEqual(['Ann Lee'])
    expect(await customersOf('q=rob.stone')).toEqual(['Robert Stone'])
    // The account's email, not the subscription's
    expect(await customersOf('q=bob@example')).toEqual(['Robert Stone'])
    expect(await customersOf('q=young&status=active')).toEqual([])
    expect(await customersOf('q=100%25')).toEqual([])
  })

  test('a row: items, frequency, where, next box and its cut-off', async () => {
    const { subscriptions, info } = await listAdminSubscriptions(t.db, filterOf('q=ann'), firstPage)
    expect(info).toMatchObject({ page: 1, pageCount: 1, total: 1 })
    expect(subscriptions[0]).toEqual({
      id: ids.ann,
      customer: 'Ann Lee',
      email: 'ann@example.com',
      status: 'active',
      statusLabel: 'Active',
      frequencyLabel: 'Weekly',
      items: ['2 × Eggs (Dozen)', '1 × Veg Box'],
      where: 'Pickup at Red Barn, Thursdays 3-6 pm',
      nextDate: thursday,
      nextDateLabel: 'Thursday, December 10',
      // 24 hours before 3 pm
      cutoffAt: farmInstant('2026-12-09', '15:00'),
      pausedUntil: null,
    })
  })

  test('pages of 25, the count over every match', async () => {
    const { info, subscriptions } = await listAdminSubscriptions(t.db, filterOf(''), {
      page: 2,
      limit: 3,
      offset: 3,
    })
    expect(info).toMatchObject({ page: 2, pageCount: 2, total: 4 })
    expect(subscriptions.map((row) => row.id)).toEqual([ids.dee])
  })
})

describe('getAdminSubscription', () => {
  test('items with subscriber prices, the customer, the next box, and its boxes so far', async () => {
    const order = await createOrder(t.db, (await createCustomer(t.db)).id, [
      { product_name: 'Veg Box', unit_price_cents: 2520 },
    ])
    await t.db
      .insertInto('subscription_cycles')
      .values([
        {
          id: crypto.randomUUID(),
          subscription_id: ids.ann ?? '',
          date: '2026-12-03',
          status: 'ordered',
          order_id: order.id,
          charge_status: 'failed',
          retry_at: farmInstant('2026-12-03', '09:00'),
        },
        {
          id: crypto.randomUUID(),
          subscription_id: ids.ann ?? '',
          date: '2026-11-26',
          status: 'skipped',
          order_id: null,
          charge_status: 'none',
          retry_at: null,
        },
      ])
      .execute()
    const detail = await getAdminSubscription(t.db, ids.ann ?? '')
    expect(detail).toMatchObject({
      statusLabel: 'Active',
      frequencyLabel: 'Weekly',
      customer: { name: 'Ann Lee', email: 'ann@example.com', accountEmail: 'ann@example.com' },
      where: 'Pickup at Red Barn, Thursdays 3-6 pm',
      address: [],
      nextDateLabel: 'Thursday, December 10',
      cutoffAt: farmInstant('2026-12-09', '15:00'),
      // 2 x 665 (700 less 5%) + 2520 (2800 less 10%)
      boxCents: 3850,
      firstOrder: null,
    })
    expect(detail?.items.map((i) => [i.name, i.variant, i.quantity, i.subscriberCents])).toEqual([
      ['Eggs', 'Dozen', 2, 665],
      ['Veg Box', null, 1, 2520],
    ])
    expect(detail?.cycles).toMatchObject([
      {
        date: '2026-12-03',
        statusLabel: 'Box made',
        chargeLabel: 'Card declined: pay link emailed, retry in 24 hours',
        order: { id: order.id, number: `FS-${order.orderNumber}`, statusLabel: 'Pending Payment' },
      },
      { date: '2026-11-26', statusLabel: 'Skipped', chargeLabel: null, order: null },
    ])
    expect(await getAdminSubscription(t.db, crypto.randomUUID())).toBeNull()
  })
})

describe('exportSubscriptionsCsv', () => {
  test('every match, one line each; commas quoted and formulas defused', async () => {
    const csv = await exportSubscriptionsCsv(t.db, filterOf('status=cancelled'))
    const lines = csv.trimEnd().split('\r\n')
    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatch(/^Customer,Email,Phone,Status,Frequency,Items,/)
    expect(lines[1]).toMatch(
      /^"'=HYPERLINK\(""x""\) Ross, Jr\.",dee@example\.com,208-555-0100,Cancelled,Weekly,1 × Veg Box,25\.20,/,
    )
    const all = await exportSubscriptionsCsv(t.db, filterOf(''))
    expect(all.trimEnd().split('\r\n')).toHaveLength(5)
    expect(all).toContain(',2 × Eggs (Dozen); 1 × Veg Box,')
  })
})

describe('coming boxes', () => {
  test("the coming week's demand by box date and product: active boxes and none paused", async () => {
    const demand = await upcomingBoxDemand(t.db, now)
    expect(demand).toEqual([
      {
        date: thursday,
        label: 'Thursday, December 10',
        boxes: 2,
        lines: [
          {
            productId: eggs.id,
            variantId: dozen.id,
            name: 'Eggs',
            variant: 'Dozen',
            unit: 'dozen',
            quantity: 2,
            subscribers: 1,
          },
          {
            productId: box.id,
            variantId: null,
            name: 'Veg Box',
            variant: null,
            unit: 'box',
            quantity: 2,
            subscribers: 2,
          },
        ],
      },
    ])
    // A week later Ann's and Bob's boxes are past, and nothing else is due.
    expect(await upcomingBoxDemand(t.db, farmInstant('2026-12-11', '12:00'))).toEqual([])
  })

  test('dashboard: subscribers, boxes this week, monthly value at subscriber prices', async () => {
    expect(farmDayOf(farmPeriodStarts(now).week)).toBe('2026-12-07')
    const dashboard = await subscriptionDashboard(t.db, now)
    // Ann weekly 3850 x 52/12 + Bob every 2 weeks 2520 x 26/12 = 16683.33 + 5460 = 22143
    expect(dashboard).toEqual({
      activeSubscribers: 2,
      activeSubscriptions: 2,
      boxesThisWeek: 2,
      monthlyRevenueCents: 22143,
    })
    // A box made earlier this week counts too (the cycle of 2026-12-03 was last week).
    await t.db
      .insertInto('subscription_cycles')
      .values({
        id: crypto.randomUUID(),
        subscription_id: ids.bob ?? '',
        date: addDays(thursday, -3),
        status: 'ordered',
      })
      .execute()
    expect((await subscriptionDashboard(t.db, now)).boxesThisWeek).toBe(3)

    // The SQL rounds a subscriber price as subscriberPriceCents does: 5% off $9.99 is $9.49.
    const jam = await createProduct(t.db, { price_cents: 999, subscriber_discount_percent: 5 })
    await createSubscription(
      t.db,
      { customerId: (await createCustomer(t.db)).id, windowId },
      [{ product_id: jam.id, quantity: 3 }],
      { frequency: 'monthly', next_date: '2027-01-07' },
    )
    expect(subscriberPriceCents(999, 5)).toBe(949)
    expect(await subscriptionDashboard(t.db, now)).toMatchObject({
      activeSubscribers: 3,
      boxesThisWeek: 3,
      monthlyRevenueCents: 22143 + 3 * 949,
    })
  })
})
