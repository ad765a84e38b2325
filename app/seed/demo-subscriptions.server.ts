import { upcomingSlots } from '~/fulfilment/windows'
import type { DB } from '~/platform/db/db.server'
import { addDays } from '~/platform/farm-clock'
import { syncReservations } from '~/subscriptions/reservations.server'
import { demoCustomers, demoSubscriptions } from './demo-data'
import { type DemoFulfilment, findDemoProduct } from './demo-fulfilment.server'
import { createSubscription } from './factories.server'

// The demo farm's subscribers (issue 21): a handful of veg-box and egg subscriptions on the demo
// windows, one paused and one cancelled, then the coming week's demand reserved as the shop
// itself keeps it. A next box is one whose changes close at least a day after seeding, so the
// scheduler of a freshly started shop does not make it at once.

const DAY_MS = 86_400_000

export async function seedDemoSubscriptions(
  db: DB,
  { places, customerIds, products }: DemoFulfilment,
  now = new Date(),
): Promise<void> {
  const later = new Date(now.getTime() + DAY_MS)

  for (const spec of demoSubscriptions) {
    const where = places[spec.where]
    const rule = where.rules.find((candidate) => candidate.weekday === spec.weekday)
    if (!rule) throw new Error(`demo subscription names no ${spec.where} window on ${spec.weekday}`)
    const slot = upcomingSlots({ rules: [rule], closed: [], booked: new Map(), now: later })[
      spec.box
    ]
    if (!slot) continue
    const customerId = customerIds[spec.customer]
    const person = demoCustomers[spec.customer]
    if (!customerId || !person)
      throw new Error(`demo subscription names no customer ${spec.customer}`)
    const items = spec.items.map((item) => {
      const row = findDemoProduct(products, item)
      return {
        product_id: row.id,
        product_variant_id: item.variant ? row.variant_id : null,
        quantity: item.quantity,
      }
    })
    const delivery = spec.where === 'delivery' && spec.address
    const { id } = await createSubscription(db, { customerId, windowId: rule.id }, items, {
      status: spec.status,
      frequency: spec.frequency,
      shipping_method: spec.where === 'delivery' ? 'delivery' : 'pickup',
      next_date: slot.date,
      paused_until: spec.pausedWeeks ? addDays(slot.date, 7 * spec.pausedWeeks) : null,
      payment_method: 'offline',
      email: person.email,
      phone: person.phone,
      first_name: person.first_name,
      last_name: person.last_name,
      ...(delivery
        ? { street: spec.address?.street, city: 'Boise', state: 'ID', zip_code: spec.address?.zip }
        : {}),
      cancelled_at: spec.status === 'cancelled' ? now : null,
      created_at: new Date(now.getTime() - 30 * DAY_MS),
      updated_at: now,
    })
    if (spec.skippedLast) {
      await db
        .insertInto('subscription_cycles')
        .values({
          id: crypto.randomUUID(),
          subscription_id: id,
          date: addDays(slot.date, -7),
          status: 'skipped',
          created_at: now,
          updated_at: now,
        })
        .execute()
    }
  }
  await syncReservations(db, now)
}
