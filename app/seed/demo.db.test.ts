import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { cutoffOf } from '~/fulfilment/windows'
import type { DB } from '~/platform/db/db.server'
import { addDays, farmDayOf, farmInstant, weekdayOf } from '~/platform/farm-clock'
import { createTestDatabase } from '../../tests/setup/database'
import { seedDemo } from './demo.server'

const publicDir = fileURLToPath(new URL('../../public/', import.meta.url))

describe('seedDemo', () => {
  let db: DB
  let cleanup: () => Promise<void>

  beforeEach(async () => {
    const testDatabase = await createTestDatabase()
    db = testDatabase.db
    cleanup = testDatabase.cleanup
  })

  afterEach(async () => {
    await cleanup()
  })

  test('fills an empty shop with the demo farm', async () => {
    expect(await seedDemo(db)).toEqual({ seeded: true })

    const products = await db.selectFrom('products').selectAll().execute()
    expect(products.length).toBeGreaterThanOrEqual(16)
    expect(new Set(products.map((p) => p.category)).size).toBeGreaterThanOrEqual(4)
    for (const p of products) {
      expect(Number.isInteger(p.price_cents)).toBe(true)
      expect(p.unit).not.toBe('')
    }

    const variants = await db.selectFrom('product_variants').selectAll().execute()
    const pricesByProduct = new Map<string, Set<number>>()
    for (const v of variants) {
      const prices = pricesByProduct.get(v.product_id) ?? new Set<number>()
      prices.add(v.price_cents)
      pricesByProduct.set(v.product_id, prices)
    }
    const withPricedVariants = [...pricesByProduct.values()].filter((prices) => prices.size >= 2)
    expect(withPricedVariants.length).toBeGreaterThanOrEqual(2)

    // Sold out to shoppers: nothing free (the filet's one steak is held, ADR 29).
    const soldOut = products.filter((p) => p.stock_quantity - p.held_quantity === 0)
    expect(soldOut.length).toBeGreaterThanOrEqual(1)
    for (const p of soldOut) {
      expect(p.next_available_date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      expect(p.expected_quantity).toBeGreaterThan(0)
    }
    expect(products.some((p) => p.stock_quantity >= 1 && p.stock_quantity <= 4)).toBe(true)

    const members = await db.selectFrom('team_members').selectAll().execute()
    expect(members.filter((m) => m.is_active === true).length).toBeGreaterThanOrEqual(3)
    expect(members.filter((m) => m.is_active === false)).toHaveLength(1)

    const farm = await db
      .selectFrom('farm_info')
      .selectAll()
      .where('id', '=', 1)
      .executeTakeFirstOrThrow()
    expect(farm.name).not.toBe('Our Farm')
    expect(farm.opening_hours).toBe('Mo-Sa 09:00-17:00')

    const gallery = await db.selectFrom('farm_images').selectAll().execute()
    expect(gallery.length).toBeGreaterThan(0)
  })

  test('a second run leaves the shop as it is', async () => {
    await seedDemo(db)
    const count = async () => {
      const row = await db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
      return Number(row.n)
    }
    const before = await count()

    expect(await seedDemo(db)).toEqual({ seeded: false })
    expect(await count()).toBe(before)
  })

  test('a fresh admin is not empty: orders in several statuses, messages, a waiting list, subscribers', async () => {
    await seedDemo(db)
    const statuses = await db.selectFrom('orders').select('status').distinct().execute()
    expect(statuses.length).toBeGreaterThanOrEqual(4)
    const messages = await db.selectFrom('contact_submissions').select('status').execute()
    expect(messages.filter((m) => m.status === 'unread').length).toBeGreaterThanOrEqual(1)
    expect(messages.length).toBeGreaterThanOrEqual(3)
    const waiting = await db
      .selectFrom('waiting_list')
      .innerJoin('products', 'products.id', 'waiting_list.product_id')
      .leftJoin('stock_holds', 'stock_holds.waiting_list_id', 'waiting_list.id')
      .select([
        'products.stock_quantity',
        'products.held_quantity',
        'waiting_list.status',
        'stock_holds.status as hold',
      ])
      .orderBy('waiting_list.created_at')
      .execute()
    // Sold out to the shop: its one unit is held for the first in line (ADR 29).
    expect(waiting).toEqual([
      { stock_quantity: 1, held_quantity: 1, status: 'notified', hold: 'held' },
      { stock_quantity: 1, held_quantity: 1, status: 'waiting', hold: null },
    ])
    const subscribers = await db
      .selectFrom('newsletter_subscribers')
      .select('status')
      .where('status', '=', 'confirmed')
      .execute()
    expect(subscribers.length).toBeGreaterThanOrEqual(1)
  })

  test('every image it refers to ships in public/', async () => {
    await seedDemo(db)
    const farm = await db
      .selectFrom('farm_info')
      .select([
        'logo_image_url',
        'hero_image_url',
        'story_image_url',
        'about_hero_image_url',
        'about_practices_image_url',
        'grass_fed_hero_image_url',
        'grass_fed_story_image_url',
      ])
      .where('id', '=', 1)
      .executeTakeFirstOrThrow()
    const products = await db.selectFrom('products').select('image_url').execute()
    const members = await db.selectFrom('team_members').select('image_url').execute()
    const gallery = await db.selectFrom('farm_images').select('image_url').execute()

    const urls = [
      ...Object.values(farm),
      ...products.map((p) => p.image_url),
      ...members.map((m) => m.image_url),
      ...gallery.map((g) => g.image_url),
    ]
    expect(urls.length).toBeGreaterThan(0)
    for (const url of urls) {
      expect(url).toMatch(/^\/images\/demo\/[a-z0-9-]+\.svg$/)
      expect(existsSync(`${publicDir}${url?.slice(1)}`), url ?? 'missing url').toBe(true)
    }
  })

  test("sells the demo farm's way: pickups, a delivery zone, local-only beef and eggs, orders to pack", async () => {
    await seedDemo(db)
    const places = await db
      .selectFrom('pickup_places')
      .innerJoin('fulfilment_windows', 'fulfilment_windows.place_id', 'pickup_places.id')
      .select(['pickup_places.name', 'fulfilment_windows.weekday', 'fulfilment_windows.capacity'])
      .where('fulfilment_windows.animal_id', 'is', null)
      .orderBy('pickup_places.display_order')
      .orderBy('fulfilment_windows.weekday')
      .execute()
    expect(places).toEqual([
      { name: 'Sawtooth Meadows Farm', weekday: 4, capacity: null },
      { name: 'Sawtooth Meadows Farm', weekday: 6, capacity: null },
      { name: 'Boise Farmers Market', weekday: 6, capacity: 30 },
    ])
    const zone = await db
      .selectFrom('delivery_zones')
      .select(['name', 'zip_codes', 'fee_cents', 'free_over_cents', 'minimum_cents'])
      .executeTakeFirstOrThrow()
    expect(zone).toEqual({
      name: 'Boise local delivery',
      zip_codes: '83702-83706',
      fee_cents: 700,
      free_over_cents: 7500,
      minimum_cents: 3000,
    })
    const localOnly = await db
      .selectFrom('products')
      .select('category')
      .distinct()
      .where('local_only', '=', true)
      .orderBy('category')
      .execute()
    expect(localOnly.map((row) => row.category)).toEqual(['Beef Cuts', 'Beef Shares', 'Eggs'])

    // The farm's day: late in the evening in Idaho it is already tomorrow in UTC.
    const today = farmDayOf(new Date())
    const orders = await db
      .selectFrom('orders')
      .select(['fulfilment_date', 'status', 'shipping_method', 'total_cents'])
      .execute()
    // Finished orders were a week or two before the next window, which can be today.
    const upcoming = orders.filter(
      (o) => o.status !== 'completed' && (o.fulfilment_date ?? '') >= today,
    )
    expect(upcoming.length).toBeGreaterThanOrEqual(9)
    expect(new Set(upcoming.map((o) => o.shipping_method))).toEqual(new Set(['pickup', 'delivery']))
    expect(orders.filter((o) => o.status === 'completed')).toHaveLength(3)
    const booked = await db
      .selectFrom('fulfilment_bookings')
      .select((eb) => eb.fn.sum<number | string>('booked').as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(booked.n)).toBe(upcoming.length)
  })

  test('sells steaks by weight, with an order waiting to be weighed (ADR 30)', async () => {
    await seedDemo(db)
    const steaks = await db
      .selectFrom('products')
      .select(['name', 'average_weight_centi_lb'])
      .where('sold_by_weight', '=', true)
      .orderBy('name')
      .execute()
    expect(steaks.map((steak) => steak.name)).toEqual(
      expect.arrayContaining(['Bone-In Ribeye Steak', 'New York Strip Steak']),
    )
    expect(steaks.every((steak) => (steak.average_weight_centi_lb ?? 0) > 0)).toBe(true)
    const toWeigh = await db
      .selectFrom('orders')
      .innerJoin('order_items', 'order_items.order_id', 'orders.id')
      .select(['orders.authorised_cents', 'orders.total_cents', 'orders.payment_method'])
      .where('order_items.sold_by_weight', '=', true)
      .execute()
    expect(toWeigh.length).toBeGreaterThan(0)
    for (const order of toWeigh) {
      expect(order.payment_method).toBe('offline')
      expect(order.authorised_cents ?? 0).toBeGreaterThan(order.total_cents)
    }
  })

  test('sells Steer #14 in shares: 4 quarters, a Quarter, Half and Whole drawing on them', async () => {
    await seedDemo(db)
    const animal = await db
      .selectFrom('animals')
      .innerJoin('products', 'products.id', 'animals.product_id')
      .select(['animals.name', 'animals.units_left', 'animals.units_total', 'products.id'])
      .executeTakeFirstOrThrow()
    expect(animal).toMatchObject({ name: 'Steer #14', units_left: 4, units_total: 4 })
    const options = await db
      .selectFrom('product_variants')
      .select(['name', 'share_units', 'stock_quantity'])
      .where('product_id', '=', animal.id)
      .orderBy('share_units')
      .execute()
    expect(options).toEqual([
      { name: 'Quarter Share', share_units: 1, stock_quantity: 4 },
      { name: 'Half Share', share_units: 2, stock_quantity: 2 },
      { name: 'Whole Share', share_units: 4, stock_quantity: 1 },
    ])
    // Its shares are collected on its pickup date at the farm, in a window of its own.
    const window = await db
      .selectFrom('fulfilment_windows')
      .innerJoin('animals', 'animals.id', 'fulfilment_windows.animal_id')
      .innerJoin('pickup_places', 'pickup_places.id', 'fulfilment_windows.place_id')
      .select([
        'pickup_places.name',
        'fulfilment_windows.weekday',
        'fulfilment_windows.on_date',
        'fulfilment_windows.start_time',
        'fulfilment_windows.end_time',
        'fulfilment_windows.capacity',
        'animals.pickup_date',
      ])
      .executeTakeFirstOrThrow()
    expect(window).toMatchObject({
      name: 'Sawtooth Meadows Farm',
      weekday: null,
      on_date: window.pickup_date,
      start_time: '09:00',
      end_time: '12:00',
      capacity: 4,
    })
  })

  test('offers veg boxes and eggs by subscription, with subscribers whose next boxes are open (issue 21)', async () => {
    const now = farmInstant('2026-12-07', '12:00') // a Monday
    await seedDemo(db, now)
    const subscribable = await db
      .selectFrom('products')
      .select(['name', 'price_cents', 'subscription_frequencies', 'subscriber_discount_percent'])
      .where('subscription_frequencies', '<>', '')
      .orderBy('name')
      .execute()
    expect(subscribable).toEqual([
      {
        name: 'Pasture-Raised Eggs',
        price_cents: 700,
        subscription_frequencies: 'weekly,biweekly,monthly',
        subscriber_discount_percent: 5,
      },
      {
        name: 'Summer Salad Box',
        price_cents: 2800,
        subscription_frequencies: 'weekly,biweekly,monthly',
        subscriber_discount_percent: 10,
      },
      {
        name: 'Weekly Vegetable Box',
        price_cents: 2800,
        subscription_frequencies: 'weekly,biweekly,monthly',
        subscriber_discount_percent: 10,
      },
    ])

    const subscriptions = await db
      .selectFrom('subscriptions')
      .innerJoin('fulfilment_windows', 'fulfilment_windows.id', 'subscriptions.window_id')
      .select([
        'subscriptions.status',
        'subscriptions.next_date',
        'subscriptions.paused_until',
        'fulfilment_windows.weekday',
        'fulfilment_windows.on_date',
        'fulfilment_windows.start_time',
        'fulfilment_windows.cutoff_hours',
        'fulfilment_windows.cutoff_days_before',
        'fulfilment_windows.cutoff_time',
      ])
      .execute()
    const statuses = subscriptions.map((row) => row.status).sort()
    expect(statuses).toEqual(['active', 'active', 'active', 'active', 'cancelled', 'paused'])
    for (const row of subscriptions) {
      // A weekly window, a box on its weekday whose changes close a day or more from now.
      expect(row.on_date).toBeNull()
      expect(weekdayOf(row.next_date)).toBe(row.weekday)
      const cutoff = cutoffOf(
        {
          startTime: row.start_time,
          cutoffHours: row.cutoff_hours,
          cutoffDaysBefore: row.cutoff_days_before,
          cutoffTime: row.cutoff_time,
        },
        row.next_date,
      )
      expect(cutoff.getTime()).toBeGreaterThanOrEqual(now.getTime() + 86_400_000)
      expect(row.next_date <= addDays(farmDayOf(now), 42)).toBe(true)
    }
    expect(subscriptions.find((row) => row.status === 'paused')?.paused_until).toMatch(
      /^\d{4}-\d{2}-\d{2}$/,
    )

    // The coming week's boxes are reserved from one-time shoppers.
    const reserved = await db
      .selectFrom('product_variants')
      .innerJoin('products', 'products.id', 'product_variants.product_id')
      .select([
        'products.name',
        'product_variants.name as option',
        'product_variants.reserved_quantity',
      ])
      .where('product_variants.reserved_quantity', '>', 0)
      .execute()
    expect(reserved.length).toBeGreaterThan(0)
    expect(await seedDemo(db, now)).toEqual({ seeded: false })
    const count = await db
      .selectFrom('subscriptions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(count.n)).toBe(6)
  })
})
