import type { DB } from '../../app/platform/db/db.server'
import {
  createCustomer,
  createProduct,
  createWaitingListEntry,
} from '../../app/seed/factories.server'
import { notifyRestocked } from '../../app/waiting-list/restock.server'

// For the waiting list's hold tests (ADR 29): a product restocked while people wait, and what
// their mail and holds say afterwards.

export type Customer = Awaited<ReturnType<typeof createCustomer>>
export const HOUR = 60 * 60 * 1000
export const RESTOCKED_AT = new Date('2026-11-26T20:00:00Z')

/** A product restocked with `units` while `size` people wait (a minute apart), 1 unit each. */
export async function restockedWithQueue(db: DB, units: number, size: number) {
  const product = await createProduct(db, { name: 'Brisket', stock_quantity: 0 })
  const people: Array<{ customer: Customer; entryId: string }> = []
  for (let i = 0; i < size; i++) {
    const customer = await createCustomer(db, { first_name: `Waiter${i}` })
    const row = await createWaitingListEntry(db, customer.id, product.id, {
      created_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
    })
    people.push({ customer, entryId: row.id })
  }
  await db
    .updateTable('products')
    .set({ stock_quantity: units })
    .where('id', '=', product.id)
    .execute()
  await db.transaction().execute((trx) => notifyRestocked(trx, [product.id], RESTOCKED_AT))
  return { product, people }
}

export async function tokenFor(db: DB, customer: Customer, link: 'claim' | 'decline' = 'claim') {
  const mail = await db
    .selectFrom('email_outbox')
    .select('text_body')
    .where('to_address', '=', customer.email)
    .where('template', '=', 'stock-held')
    .executeTakeFirstOrThrow()
  const match = new RegExp(`/waiting-list/${link}/([A-Za-z0-9_-]{43})`).exec(mail.text_body)
  return match?.[1] ?? ''
}

export const mailCount = async (db: DB, customer: Customer) =>
  (
    await db
      .selectFrom('email_outbox')
      .select('id')
      .where('to_address', '=', customer.email)
      .where('template', '=', 'stock-held')
      .execute()
  ).length

export async function holdOf(db: DB, entryId: string) {
  return db
    .selectFrom('stock_holds')
    .select(['id', 'status', 'order_id', 'settled_at'])
    .where('waiting_list_id', '=', entryId)
    .executeTakeFirst()
}

export async function stockRow(db: DB, productId: string) {
  return db
    .selectFrom('products')
    .select(['stock_quantity', 'held_quantity'])
    .where('id', '=', productId)
    .executeTakeFirstOrThrow()
}

export const person = <T>(list: T[], index: number): T => {
  const found = list[index]
  if (!found) throw new Error(`no person ${index}`)
  return found
}
