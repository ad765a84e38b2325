import type { DB } from '~/platform/db/db.server'
import { hashHoldToken, newHoldToken } from '~/waiting-list/hold-token.server'
import { demoCustomers } from './demo-data'

// What makes a fresh install's back-office look like a farm at work (issue 17): messages in
// the inbox, customers waiting for the sold-out filet (one steak came back and is held for the
// first in line, ADR 29), newsletter subscribers. The orders in
// several statuses come from the fulfilment demo. Part of seedDemo, which runs once on an
// empty shop.

const DAY_MS = 24 * 60 * 60 * 1000

export const demoMessages = [
  {
    name: 'Karen Mitchell',
    email: 'karen.mitchell@example.com',
    phone: '208-555-0141',
    subject: 'products',
    message:
      'Hi! We would like a quarter beef share for our family of five. When is the next steer ready, and how much freezer space will we need?',
    status: 'unread',
    daysAgo: 0,
  },
  {
    name: 'Tom Becker',
    email: 'tom.becker@example.com',
    phone: null,
    subject: 'orders',
    message:
      'I will be a little late for Thursday pickup, around 6:15. Could someone leave my eggs in the cooler?',
    status: 'unread',
    daysAgo: 1,
  },
  {
    name: 'Laura Chen',
    email: 'orders@boisebistro.example.com',
    phone: '208-555-0177',
    subject: 'wholesale',
    message:
      'We run a small bistro in Boise and are looking for a weekly supply of ground beef and eggs. Do you sell wholesale?',
    status: 'read',
    daysAgo: 4,
  },
] as const

export const demoSubscribers = [
  { email: 'karen.mitchell@example.com', status: 'confirmed', daysAgo: 30 },
  { email: 'maria.lopez@example.com', status: 'confirmed', daysAgo: 12 },
  { email: 'new.neighbor@example.com', status: 'pending', daysAgo: 0 },
] as const

/** Who waits for the sold-out product (by demo customer index) and how many. */
const WAITING_FOR = {
  product: 'Filet Mignon',
  entries: [
    { customer: 0, quantity: 2 },
    { customer: 2, quantity: 4 },
  ],
}

export async function seedDemoAdmin(db: DB, now = new Date()): Promise<void> {
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS)
  for (const { daysAgo, ...message } of demoMessages) {
    await db
      .insertInto('contact_submissions')
      .values({ id: crypto.randomUUID(), ...message, created_at: ago(daysAgo) })
      .execute()
  }
  for (const { daysAgo, ...subscriber } of demoSubscribers) {
    await db
      .insertInto('newsletter_subscribers')
      .values({
        id: crypto.randomUUID(),
        ...subscriber,
        token: crypto.randomUUID(),
        created_at: ago(daysAgo),
        confirmed_at: subscriber.status === 'confirmed' ? ago(daysAgo) : null,
      })
      .execute()
  }
  const product = await db
    .selectFrom('products')
    .select('id')
    .where('name', '=', WAITING_FOR.product)
    .executeTakeFirst()
  if (!product) return
  const entryIds: string[] = []
  for (const entry of WAITING_FOR.entries) {
    const email = demoCustomers[entry.customer]?.email
    const customer = email
      ? await db.selectFrom('customers').select('id').where('email', '=', email).executeTakeFirst()
      : undefined
    if (!customer) continue
    const id = crypto.randomUUID()
    await db
      .insertInto('waiting_list')
      .values({
        id,
        customer_id: customer.id,
        product_id: product.id,
        quantity: entry.quantity,
        status: 'waiting',
        created_at: ago(3 + entry.customer),
      })
      .execute()
    entryIds.push(id)
  }
  // One steak came back from the butcher yesterday and is held for the first to join (the
  // second entry, 5 days ago) until tomorrow, so the shop still shows the filet sold out. Made
  // as a restock makes it, without the email: its link could only be the seed's.
  const [, first] = entryIds
  if (!first) return
  await db
    .updateTable('products')
    .set({ stock_quantity: 1, held_quantity: 1 })
    .where('id', '=', product.id)
    .execute()
  await db
    .updateTable('waiting_list')
    .set({ status: 'notified', notified_at: ago(1) })
    .where('id', '=', first)
    .execute()
  await db
    .insertInto('stock_holds')
    .values({
      id: crypto.randomUUID(),
      waiting_list_id: first,
      product_id: product.id,
      quantity: 1,
      token_hash: hashHoldToken(newHoldToken()),
      status: 'held',
      expires_at: ago(-1),
      created_at: ago(1),
    })
    .execute()
}
