import { afterAll, beforeAll, expect, test } from 'vitest'
import { createCustomer, createOrder } from '~/seed/factories.server'
import { createTestApp } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import { queueFulfilmentReminders } from './fulfilment-reminders.server'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.cleanup()
})

// Wednesday 2026-11-25, 9 am in Boise: tomorrow is Thursday the 26th.
const NOW = new Date('2026-11-25T16:00:00Z')

test('one reminder per order the day before, even with several runs at once; none for other days or cancelled orders', async () => {
  const { id: customerId } = await createCustomer(t.db)
  const pickup = {
    fulfilment_date: '2026-11-26',
    fulfilment_start: '15:00',
    fulfilment_end: '18:00',
    fulfilment_place: 'Red Barn',
    fulfilment_address: '1 Barn Road, Fairfield, ID 83327',
    fulfilment_instructions: 'Cooler on the left',
    ship_first_name: 'Ann',
  }
  const items = [{ product_name: 'Ribeye', unit: 'lb', quantity: 2, unit_price_cents: 2899 }]
  const due = await createOrder(t.db, customerId, items, { ...pickup, email: 'due@example.com' })
  await createOrder(t.db, customerId, items, {
    ...pickup,
    email: 'paid@example.com',
    payment_status: 'paid',
    status: 'paid',
  })
  await createOrder(t.db, customerId, items, {
    ...pickup,
    email: 'cancelled@example.com',
    status: 'cancelled',
  })
  await createOrder(t.db, customerId, items, {
    ...pickup,
    email: 'later@example.com',
    fulfilment_date: '2026-11-28',
  })

  const runs = await Promise.all([1, 2, 3].map(() => queueFulfilmentReminders(t.db, NOW)))
  expect(runs.reduce((sum, n) => sum + n, 0)).toBe(2)
  expect(await queueFulfilmentReminders(t.db, NOW)).toBe(0)

  const mails = await t.db
    .selectFrom('email_outbox')
    .select(['to_address', 'subject', 'text_body'])
    .where('template', '=', 'fulfilment-reminder')
    .orderBy('to_address')
    .execute()
  expect(mails.map((m) => m.to_address)).toEqual(['due@example.com', 'paid@example.com'])
  const [reminder, paid] = mails
  expect(reminder?.subject).toBe('Your pickup tomorrow: Thursday, November 26, 3-6 pm at Red Barn')
  expect(reminder?.text_body).toContain('Address: 1 Barn Road, Fairfield, ID 83327')
  expect(reminder?.text_body).toContain('Please bring $61.46; we take cash or card at pickup.')
  expect(reminder?.text_body).toContain('Ribeye: 2 × $28.99 / lb')
  expect(paid?.text_body).not.toContain('Please bring')
  const claimed = await t.db
    .selectFrom('orders')
    .select('reminder_sent_at')
    .where('id', '=', due.id)
    .executeTakeFirstOrThrow()
  expect(claimed.reminder_sent_at).toBeInstanceOf(Date)
})
