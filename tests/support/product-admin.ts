import { ProductSchema, productInput } from '../../app/catalog/admin/product-form'
import type { DB } from '../../app/platform/db/db.server'
import { parseSubmission } from '../../app/platform/forms/conform'
import { createCustomer, createWaitingListEntry } from '../../app/seed/factories.server'

// The back office's product tests (app/catalog/admin): the form as posted, what the audit
// log says, and waiting-list entries to watch.

/** The product form as posted; option fields as `variants.0.name` here, for short. */
export function formInput(values: Record<string, string>) {
  const form = new FormData()
  const all: Record<string, string> = {
    name: 'Duck Eggs',
    description: 'Rich and large.',
    category: 'Eggs',
    price: '9.50',
    unit: 'dozen',
    isAvailable: 'on',
    stock: '0',
    ...values,
  }
  for (const [name, value] of Object.entries(all)) {
    form.append(name.replace(/^variants\.(\d+)\./, 'variants[$1].'), value)
  }
  const submission = parseSubmission(form, ProductSchema)
  if (submission.status !== 'success') throw new Error(JSON.stringify(submission.error))
  return productInput(submission.value)
}

export function auditOf(db: DB, entityId: string) {
  return db
    .selectFrom('audit_log')
    .select(['action', 'actor_id', 'details'])
    .where('entity_id', '=', entityId)
    .orderBy('created_at')
    .execute()
}

/** A new customer's entry for the product (or one of its options); its id. */
export async function waitFor(db: DB, productId: string, variantId: string | null = null) {
  const { id: customer } = await createCustomer(db)
  const entry = await createWaitingListEntry(db, customer, productId, {
    product_variant_id: variantId,
  })
  return entry.id
}

export const statusOf = async (db: DB, entryId: string) =>
  (
    await db
      .selectFrom('waiting_list')
      .select('status')
      .where('id', '=', entryId)
      .executeTakeFirstOrThrow()
  ).status
