import { type Kysely, SqliteAdapter } from 'kysely'
import type { DB } from '~/platform/db/db.server'
import type { Database } from '~/platform/db/schema'
import type { AddressInput } from '~/platform/us-address'

// A customer's saved addresses. Every query names the customer, so another customer's
// address id behaves exactly like one that does not exist. A customer with addresses has
// exactly one default: the first address takes it, choosing another moves it, deleting the
// default hands it to the newest remaining address.

export type Address = {
  id: string
  first_name: string
  last_name: string
  street: string
  apartment: string | null
  city: string
  state: string
  zip_code: string
  phone: string | null
  is_default: boolean
}

const ADDRESS_COLUMNS = [
  'id',
  'first_name',
  'last_name',
  'street',
  'apartment',
  'city',
  'state',
  'zip_code',
  'phone',
  'is_default',
] as const

type Executor = Kysely<Database>

/**
 * Serialises address changes per customer, so two tabs cannot both make "the" default.
 * SQLite already runs one write transaction at a time; PostgreSQL locks the customer's row.
 */
async function lockCustomer(trx: Executor, customerId: string): Promise<void> {
  if (trx.getExecutor().adapter instanceof SqliteAdapter) return
  await trx.selectFrom('customers').select('id').where('id', '=', customerId).forUpdate().execute()
}

function columnsOf(input: Omit<AddressInput, 'isDefault'>) {
  return {
    first_name: input.firstName,
    last_name: input.lastName,
    street: input.street,
    apartment: input.apartment,
    city: input.city,
    state: input.state,
    zip_code: input.zipCode,
    phone: input.phone,
  }
}

/** The default first, then in the order they were added. */
export function listAddresses(db: DB, customerId: string): Promise<Address[]> {
  return db
    .selectFrom('addresses')
    .select(ADDRESS_COLUMNS)
    .where('customer_id', '=', customerId)
    .orderBy('is_default', 'desc')
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute()
}

export async function getAddress(db: DB, customerId: string, id: string): Promise<Address | null> {
  const row = await db
    .selectFrom('addresses')
    .select(ADDRESS_COLUMNS)
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst()
  return row ?? null
}

export function createAddress(db: DB, customerId: string, input: AddressInput): Promise<Address> {
  return db.transaction().execute(async (trx) => {
    await lockCustomer(trx, customerId)
    const current = await trx
      .selectFrom('addresses')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('is_default', '=', true)
      .executeTakeFirst()
    const makeDefault = input.isDefault || !current
    if (makeDefault && current) {
      await trx
        .updateTable('addresses')
        .set({ is_default: false })
        .where('customer_id', '=', customerId)
        .where('is_default', '=', true)
        .execute()
    }
    return trx
      .insertInto('addresses')
      .values({
        id: crypto.randomUUID(),
        customer_id: customerId,
        ...columnsOf(input),
        is_default: makeDefault,
      })
      .returning(ADDRESS_COLUMNS)
      .executeTakeFirstOrThrow()
  })
}

/**
 * Saves an edited address; null when the customer has no such address. Ticking "default"
 * makes it the default; unticking it on the default changes nothing (the default moves only
 * by choosing another address, so there is always one).
 */
export function updateAddress(
  db: DB,
  customerId: string,
  id: string,
  input: AddressInput,
): Promise<Address | null> {
  return db.transaction().execute(async (trx) => {
    await lockCustomer(trx, customerId)
    const current = await trx
      .selectFrom('addresses')
      .select('is_default')
      .where('customer_id', '=', customerId)
      .where('id', '=', id)
      .executeTakeFirst()
    if (!current) return null
    if (input.isDefault && !current.is_default) {
      await trx
        .updateTable('addresses')
        .set({ is_default: false })
        .where('customer_id', '=', customerId)
        .where('is_default', '=', true)
        .execute()
    }
    const row = await trx
      .updateTable('addresses')
      .set({ ...columnsOf(input), is_default: current.is_default || input.isDefault })
      .where('customer_id', '=', customerId)
      .where('id', '=', id)
      .returning(ADDRESS_COLUMNS)
      .executeTakeFirst()
    return row ?? null
  })
}

/** False when the customer has no such address. */
export function deleteAddress(db: DB, customerId: string, id: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await lockCustomer(trx, customerId)
    const deleted = await trx
      .deleteFrom('addresses')
      .where('customer_id', '=', customerId)
      .where('id', '=', id)
      .returning('is_default')
      .executeTakeFirst()
    if (!deleted) return false
    if (deleted.is_default) {
      const next = await trx
        .selectFrom('addresses')
        .select('id')
        .where('customer_id', '=', customerId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst()
      if (next) {
        await trx
          .updateTable('addresses')
          .set({ is_default: true })
          .where('customer_id', '=', customerId)
          .where('id', '=', next.id)
          .execute()
      }
    }
    return true
  })
}

/** Makes one address the default and clears the others; false when there is no such address. */
export function setDefaultAddress(db: DB, customerId: string, id: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await lockCustomer(trx, customerId)
    const target = await trx
      .selectFrom('addresses')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('id', '=', id)
      .executeTakeFirst()
    if (!target) return false
    await trx
      .updateTable('addresses')
      .set({ is_default: false })
      .where('customer_id', '=', customerId)
      .where('id', '<>', id)
      .where('is_default', '=', true)
      .execute()
    await trx
      .updateTable('addresses')
      .set({ is_default: true })
      .where('customer_id', '=', customerId)
      .where('id', '=', id)
      .execute()
    return true
  })
}
