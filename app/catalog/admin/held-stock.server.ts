import type { DB } from '~/platform/db/db.server'

// Units held for the waiting list (ADR 29) limit every stock the back office writes.

/** Messages by field name, as the form shows them (Conform's shape: each field's list). */
export type FieldErrors = Record<string, string[]>

/**
 * Units held for the waiting list are promised (ADR 29): the stock may not go below them
 * until their holds end (bought, passed on or expired).
 */
export function belowHeldMessage(held: number): string {
  return `${held} ${held === 1 ? 'is' : 'are'} held for the waiting list; the stock cannot go below ${held} until ${held === 1 ? 'that hold ends' : 'those holds end'}.`
}

/** A stock write the held units refused: rolls the whole save back, answered to the form. */
export class BelowHeld extends Error {
  constructor(readonly fieldErrors: FieldErrors) {
    super('stock below held units')
  }
}

/** The held units of a row that a new stock would cut into, or null when it may be written. */
export async function heldAbove(
  trx: DB,
  table: 'products' | 'product_variants',
  id: string,
  stock: number,
): Promise<number | null> {
  const row = await trx
    .selectFrom(table)
    .select('held_quantity')
    .where('id', '=', id)
    .executeTakeFirst()
  return row && row.held_quantity > stock ? row.held_quantity : null
}
