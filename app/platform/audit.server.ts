import type { DB } from '~/platform/db/db.server'

// Every change an admin makes is written to audit_log in the same transaction as the change
// (issue 6, D19 Activity), so the log never claims a change that rolled back and never misses
// one that landed. `details` is JSON: what the thing looked like before and after, limited to
// the fields that matter to a person reading the log (never password hashes or image bytes).

export type AuditEntry = {
  /** The admin who made the change; null for the operator's shell (npm run admin) */
  actorId: string | null
  /** What happened, as entity.verb: 'order.status', 'product.update', 'promo_code.create' */
  action: string
  /** What changed: 'order', 'product', 'customer', 'promo_code', 'settings', ... */
  entityType: string
  entityId: string | null
  before?: unknown
  after?: unknown
}

export async function recordAdminChange(db: DB, entry: AuditEntry): Promise<void> {
  const details =
    entry.before === undefined && entry.after === undefined
      ? null
      : JSON.stringify({ before: entry.before ?? null, after: entry.after ?? null })
  await db
    .insertInto('audit_log')
    .values({
      id: crypto.randomUUID(),
      actor_id: entry.actorId,
      action: entry.action,
      entity_type: entry.entityType,
      entity_id: entry.entityId,
      details,
    })
    .execute()
}

/** The fields of `after` that differ from `before`, with both values: a readable diff. */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): { before: Partial<T>; after: Partial<T> } {
  const was: Partial<T> = {}
  const now: Partial<T> = {}
  for (const key of Object.keys(after) as (keyof T)[]) {
    const a = normalise(before[key])
    const b = normalise(after[key])
    if (a !== b) {
      was[key] = before[key]
      now[key] = after[key] as T[keyof T]
    }
  }
  return { before: was, after: now }
}

function normalise(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value
}
