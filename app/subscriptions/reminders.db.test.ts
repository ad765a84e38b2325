import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  createCustomer,
  createPickupPlace,
  createProduct,
  createSubscription,
  createVariant,
  createWindow,
} from '~/seed/factories.server'
import { createTestApp } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import { remindSubscribers } from './reminders.server'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.cleanup()
})

// Monday, November 30, 5 am in Boise. Thursday boxes close two days before at 8 pm: the box
// of December 3 closes Tuesday, December 1 at 8 pm, 39 hours on.
const NOW = new Date('2026-11-30T12:00:00Z')

test('one reminder per subscription and box, two days before its cut-off, even with runs at once', async () => {
  const place = await createPickupPlace(t.db, { name: 'Red Barn' })
  const thursday = await createWindow(
    t.db,
    { place_id: place.id },
    { cutoff_hours: null, cutoff_days_before: 2, cutoff_time: '20:00' },
  )
  // Saturday 9 am, closing at the start: December 5 closes in 4 days, too soon to remind.
  const saturday = await createWindow(
    t.db,
    { place_id: place.id },
    { weekday: 6, start_time: '09:00', end_time: '12:00', cutoff_hours: 0 },
  )
  const box = await createProduct(t.db, { name: 'Veg Box', subscription_frequencies: 'weekly' })
  const large = await createVariant(t.db, box.id, { name: 'Large' })
  const eggs = await createProduct(t.db, { name: 'Eggs', subscription_frequencies: 'weekly' })
  const items = [
    { product_id: box.id, product_variant_id: large.id, quantity: 1 },
    { product_id: eggs.id, quantity: 2 },
  ]
  const subscribe = async (
    email: string,
    windowId: string,
    overrides: Parameters<typeof createSubscription>[3] = {},
  ) => {
    const customer = await createCustomer(t.db)
    return createSubscription(t.db, { customerId: customer.id, windowId }, items, {
      email,
      first_name: 'Ann',
      ...overrides,
    })
  }
  const due = await subscribe('due@example.com', thursday.id)
  await subscribe('later@example.com', saturday.id, { next_date: '2026-12-05' })
  await subscribe('paused@example.com', thursday.id, {
    status: 'paused',
    paused_until: '2026-12-10',
  })
  await subscribe('cancelled@example.com', thursday.id, { status: 'cancelled' })
  await subscribe('reminded@example.com', thursday.id, { reminded_for: '2026-12-03' })
  // Its cut-off passed: the scheduler makes the box; a reminder would come too late.
  await subscribe('closed@example.com', thursday.id, { next_date: '2026-11-26' })

  const runs = await Promise.all([1, 2, 3].map(() => remindSubscribers(t.db, NOW)))
  expect(runs.reduce((sum, n) => sum + n, 0)).toBe(1)
  expect(await remindSubscribers(t.db, NOW)).toBe(0)

  const mails = await t.db
    .selectFrom('email_outbox')
    .select(['to_address', 'subject', 'text_body', 'html_body'])
    .where('template', '=', 'subscription-reminder')
    .execute()
  expect(mails.map((mail) => mail.to_address)).toEqual(['due@example.com'])
  const [mail] = mails
  expect(mail?.subject).toBe('Your box for Thursday: skip or change by Tuesday 8 pm')
  expect(mail?.text_body).toContain('Hello Ann,')
  expect(mail?.text_body).toContain(
    'Your next box is for Thursday, December 3. Pickup at Red Barn, Thursdays 3-6 pm.',
  )
  expect(mail?.text_body).toContain('Change or skip by Tuesday, December 1 at 8 pm.')
  expect(mail?.text_body).toContain('2 × Eggs\n1 × Veg Box (Large)')
  expect(mail?.text_body).toContain(`http://localhost:3000/account/subscriptions/${due.id}`)

  const claimed = await t.db
    .selectFrom('subscriptions')
    .select('reminded_for')
    .where('id', '=', due.id)
    .executeTakeFirstOrThrow()
  expect(claimed.reminded_for).toBe('2026-12-03')

  // The next week's box is reminded again, once.
  await t.db
    .updateTable('subscriptions')
    .set({ next_date: '2026-12-10' })
    .where('id', '=', due.id)
    .execute()
  expect(await remindSubscribers(t.db, new Date('2026-12-07T12:00:00Z'))).toBe(1)
  expect(await remindSubscribers(t.db, new Date('2026-12-07T12:00:00Z'))).toBe(0)
})
