import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { getDashboard } from '~/dashboard/dashboard.server'
import { createCustomer, createProduct } from '~/seed/factories.server'
import { createTestApp } from '../../../tests/setup/app'
import type { TestDatabase } from '../../../tests/setup/database'
import { placeTestOrder } from '../../../tests/support/orders'
import { changeOrderStatus } from '../order-status.server'
import { exportOrdersCsv } from './order-csv.server'
import { getAdminOrder, getPackingSlip } from './order-detail.server'
import { listAdminOrders, type OrderFilter } from './orders.server'

let t: TestDatabase
let adminId: string
beforeAll(async () => {
  t = await createTestApp()
  adminId = (await createCustomer(t.db, { first_name: 'Ruth', last_name: 'Admin', is_admin: true }))
    .id
})
afterAll(async () => {
  await t?.cleanup()
})

const page = (n = 1) => ({ page: n, limit: 25, offset: (n - 1) * 25 })
const filter = (q: string, status: OrderFilter['status'] = null): OrderFilter => ({ q, status })

describe('the admin order list', () => {
  test('searches by order number (FS-10001 or 10001), name and email, case-insensitively', async () => {
    const tag = crypto.randomUUID().slice(0, 8)
    const ann = await placeTestOrder(t.db, {
      email: `ann.${tag}@example.com`,
      firstName: 'Annabel',
      lastName: `Orchard${tag}`,
    })
    const bob = await placeTestOrder(t.db, { email: `bob.${tag}@example.com`, firstName: 'Bob' })

    const ids = async (q: string) =>
      (await listAdminOrders(t.db, filter(q), page())).orders.map((o) => o.id)
    expect(await ids(`ANN.${tag}@EXAMPLE.COM`)).toEqual([ann.orderId])
    expect(await ids(`annabel orchard${tag}`)).toEqual([ann.orderId])
    expect(await ids(`FS-${bob.orderNumber}`)).toContain(bob.orderId)
    expect(await ids(`fs${bob.orderNumber}`)).toContain(bob.orderId)
    expect(await ids(String(bob.orderNumber))).toContain(bob.orderId)
    expect(await ids(tag)).toEqual([bob.orderId, ann.orderId])
    // LIKE's wildcards are taken literally
    expect(await ids(`%${tag}`)).toEqual([])
    expect(await ids('_nn.')).toEqual([])

    const row = (await listAdminOrders(t.db, filter(`ann.${tag}`), page())).orders[0]
    expect(row).toMatchObject({
      number: `FS-${ann.orderNumber}`,
      customer: `Annabel Orchard${tag}`,
      email: `ann.${tag}@example.com`,
      status: 'pending_payment',
      statusLabel: 'Pending Payment',
      itemCount: 5,
    })
  })

  test("finds an order by its account's name or email, and follows changes to the order", async () => {
    const tag = crypto.randomUUID().slice(0, 8)
    const gift = await placeTestOrder(t.db, {
      email: `giver.${tag}@example.com`,
      firstName: `Giver${tag}`,
    })
    // Sent to someone else: the order's own name and email are not the account's.
    await t.db
      .updateTable('orders')
      .set({ email: `friend.${tag}@example.com`, ship_first_name: 'Fern', ship_last_name: tag })
      .where('id', '=', gift.orderId)
      .execute()
    const ids = async (q: string, status: OrderFilter['status'] = null) =>
      (await listAdminOrders(t.db, filter(q, status), page())).orders.map((o) => o.id)
    expect(await ids(`GIVER${tag}`)).toEqual([gift.orderId])
    expect(await ids(`giver.${tag}@`)).toEqual([gift.orderId])
    expect(await ids(`friend.${tag}`)).toEqual([gift.orderId])
    expect(await ids(`fern ${tag}`)).toEqual([gift.orderId])
    expect(await ids(`fern ${tag}`, 'pending_payment')).toEqual([gift.orderId])
    expect(await ids(`fern ${tag}`, 'paid')).toEqual([])
    if (t.dialect === 'sqlite') {
      const { rows } = await sql<{ n: number }>`
        select count(*) as n from order_search
        where rowid = (select order_number from orders where id = ${gift.orderId})
      `.execute(t.db)
      expect(Number(rows[0]?.n)).toBe(1)
    }
  })

  test('a search past its last page is empty but counts; one or two characters still search', async () => {
    const tag = `Zq${crypto.randomUUID().slice(0, 6)}`
    const order = await placeTestOrder(t.db, { email: `${tag}@example.com`, firstName: tag })
    const beyond = await listAdminOrders(t.db, filter(tag), page(3))
    expect(beyond.orders).toEqual([])
    expect(beyond.info).toMatchObject({ page: 3, pageCount: 1, total: 1 })
    // Shorter than a trigram: answered by reading every order, with the same meaning.
    const short = await listAdminOrders(t.db, filter('Zq', 'pending_payment'), page())
    expect(short.orders.map((o) => o.id)).toContain(order.orderId)
  })

  test('filters by status and pages 25 at a time with the total of all pages', async () => {
    const tag = `page${crypto.randomUUID().slice(0, 8)}`
    const orders = []
    for (let i = 0; i < 27; i++) {
      orders.push(await placeTestOrder(t.db, { email: `${tag}.${i}@example.com` }))
    }
    for (const order of orders.slice(0, 3)) {
      await changeOrderStatus(t.db, order.orderId, adminId, {
        intent: 'paid',
        from: 'pending_payment',
      })
    }
    const first = await listAdminOrders(t.db, filter(tag), page(1))
    const second = await listAdminOrders(t.db, filter(tag), page(2))
    expect(first.info).toEqual({ page: 1, pageCount: 2, total: 27, pageSize: 25 })
    expect(first.orders).toHaveLength(25)
    expect(second.orders).toHaveLength(2)
    const all = [...first.orders, ...second.orders].map((o) => o.id)
    expect(new Set(all).size).toBe(27)

    const paid = await listAdminOrders(t.db, filter(tag, 'paid'), page())
    expect(paid.info.total).toBe(3)
    expect(paid.orders.every((o) => o.status === 'paid')).toBe(true)
    expect((await listAdminOrders(t.db, filter(tag, 'shipped'), page())).orders).toEqual([])
    // 27 orders placed one by one: seconds on a busy machine, before the list is even read.
  }, 20_000)
})

describe('the orders CSV', () => {
  test('has every matching row (not one page), quoted and safe from spreadsheet formulas', async () => {
    const tag = `csv${crypto.randomUUID().slice(0, 8)}`
    const order = await placeTestOrder(t.db, {
      email: `${tag}@example.com`,
      firstName: '=HYPERLINK("http://evil.example")',
      lastName: 'Smith, Jr.',
    })
    const csv = await exportOrdersCsv(t.db, filter(tag))
    const lines = csv.split('\r\n')
    expect(lines[0]).toMatch(/^Order number,Date,Status,Customer,Email,Phone,Items,Subtotal/)
    expect(lines).toHaveLength(3) // header, one order, the final empty line
    expect(lines[1]).toContain(`FS-${order.orderNumber},`)
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"") Smith, Jr."`)
    expect(lines[1]).toContain(`,Pending Payment,`)
    expect(lines[1]).toContain(`,${tag}@example.com,`)

    const many = `page`
    const big = await exportOrdersCsv(t.db, filter(many))
    expect(big.split('\r\n').length - 2).toBeGreaterThanOrEqual(27)
  })
})

describe('one order', () => {
  test('the detail has items, snapshot totals, payment and status history; unknown ids are null', async () => {
    const order = await placeTestOrder(t.db)
    await changeOrderStatus(t.db, order.orderId, adminId, {
      intent: 'paid',
      from: 'pending_payment',
    })
    const detail = await getAdminOrder(t.db, order.orderId)
    expect(detail).toMatchObject({
      number: `FS-${order.orderNumber}`,
      status: 'paid',
      payment_status: 'paid',
      paymentLabel: 'Pay at pickup or on delivery',
      customer_id: order.customerId,
    })
    expect(detail?.items.map((i) => i.quantity).sort()).toEqual([2, 3])
    expect(detail?.subtotal_cents).toBe(5 * 999)
    expect(detail?.history).toEqual([
      expect.objectContaining({ by: 'Ruth Admin', change: 'Pending Payment → Paid' }),
    ])
    expect(await getAdminOrder(t.db, crypto.randomUUID())).toBeNull()
    expect(await getAdminOrder(t.db, "' or 1=1 --")).toBeNull()

    const slip = await getPackingSlip(t.db, order.orderId)
    expect(slip?.items).toHaveLength(2)
    expect(slip?.farm.name).toBeTruthy()
    expect(await getPackingSlip(t.db, crypto.randomUUID())).toBeNull()
  })
})

describe('the dashboard', () => {
  test('sales exclude cancelled orders; waiting counts, stock, waiting list and messages', async () => {
    const before = await getDashboard(t.db)
    const kept = await placeTestOrder(t.db)
    const cancelled = await placeTestOrder(t.db)
    await changeOrderStatus(t.db, cancelled.orderId, adminId, {
      intent: 'cancelled',
      from: 'pending_payment',
    })
    const keptTotal = (await getAdminOrder(t.db, kept.orderId))?.total_cents ?? 0
    const out = await createProduct(t.db, { stock_quantity: 0, name: 'Dashboard Out' })
    await createProduct(t.db, { stock_quantity: 4, name: 'Dashboard Low' })
    await createProduct(t.db, { stock_quantity: 6, name: 'Dashboard Fine' })
    await t.db
      .insertInto('waiting_list')
      .values([
        { id: crypto.randomUUID(), customer_id: kept.customerId, product_id: out.id, quantity: 4 },
        {
          id: crypto.randomUUID(),
          customer_id: cancelled.customerId,
          product_id: out.id,
          quantity: 3,
        },
      ])
      .execute()
    await t.db
      .insertInto('contact_submissions')
      .values({
        id: crypto.randomUUID(),
        name: 'Ann',
        email: 'a@example.com',
        subject: 'Hi',
        message: 'Hello',
      })
      .execute()

    const after = await getDashboard(t.db)
    for (const period of ['today', 'week', 'month'] as const) {
      expect(after.sales[period].cents - before.sales[period].cents).toBe(keptTotal)
      expect(after.sales[period].orders - before.sales[period].orders).toBe(1)
    }
    const pending = (d: typeof after) =>
      d.waiting.find((w) => w.status === 'pending_payment')?.count
    expect((pending(after) ?? 0) - (pending(before) ?? 0)).toBe(1)
    expect(after.outOfStock.count - before.outOfStock.count).toBe(1)
    expect(after.lowStock.count - before.lowStock.count).toBe(1)
    expect(after.outOfStock.products.map((p) => p.name)).toContain('Dashboard Out')
    expect(after.lowStock.products.map((p) => p.name)).toContain('Dashboard Low')
    expect(after.waitingList).toContainEqual({
      productId: out.id,
      name: 'Dashboard Out',
      quantity: 7,
      people: 2,
    })
    expect(after.unreadMessages - before.unreadMessages).toBe(1)
  })

  test('an order from before this month is not in any period', async () => {
    const old = await placeTestOrder(t.db)
    const before = await getDashboard(t.db)
    await t.db
      .updateTable('orders')
      .set({ created_at: new Date(Date.now() - 40 * 24 * 3600 * 1000) })
      .where('id', '=', old.orderId)
      .execute()
    const after = await getDashboard(t.db)
    expect(before.sales.month.orders - after.sales.month.orders).toBe(1)
    expect(before.sales.today.orders - after.sales.today.orders).toBe(1)
  })
})
