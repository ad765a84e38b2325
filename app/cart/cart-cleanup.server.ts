import type { Logger } from 'pino'
import type { DB } from '~/platform/db/db.server'

// Guest carts are rows made by anyone without signing in, cookie or not (100 cookie-less adds
// are 100 carts), so carts nobody has changed for 30 days are deleted. A customer's cart is
// theirs and is kept. Deleting a cart deletes its lines (cart_lines' foreign key cascades); a
// line's waiting-list hold is the hold's own row, which its own sweep ends (ADR 29), and
// nothing refers to a cart or a line.
//
// Safe with several instances at once: each batch is one DELETE bounded by a LIMIT in its
// subquery, and the outer WHERE checks updated_at again, so a cart a shopper changes meanwhile
// (touchCart sets updated_at in the change's transaction) is kept: PostgreSQL re-checks it on
// the row's newest version, SQLite has one writer. (customer_id never changes on a cart, so it
// needs no second look; leaving it out lets SQLite find the batch's rows by id rather than
// walk every idle cart again.) A cart two instances both pick is deleted once; the other's
// DELETE finds nothing.

export const GUEST_CART_IDLE_DAYS = 30
const DAY_MS = 24 * 60 * 60 * 1000
/** Rows per DELETE: short enough not to keep SQLite's one writer waiting */
export const CLEANUP_BATCH = 500
/** A run stops after this many batches (the next run goes on), so no run holds on for long */
const MAX_BATCHES_PER_RUN = 20

/** Deletes guest carts idle for more than 30 days, with their lines; answers how many. */
export async function deleteIdleGuestCarts(
  db: DB,
  { now = new Date(), batch = CLEANUP_BATCH } = {},
): Promise<number> {
  const idleSince = new Date(now.getTime() - GUEST_CART_IDLE_DAYS * DAY_MS)
  let deleted = 0
  for (let run = 0; run < MAX_BATCHES_PER_RUN; run++) {
    const result = await idleGuestCartBatch(db, idleSince, batch).executeTakeFirst()
    const count = Number(result.numDeletedRows)
    deleted += count
    if (count < batch) break
  }
  return deleted
}

/** One batch's DELETE: the oldest idle guest carts first, read from carts_idle_idx. */
export function idleGuestCartBatch(db: DB, idleSince: Date, batch: number) {
  return db
    .deleteFrom('carts')
    .where('updated_at', '<', idleSince)
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('carts as idle')
        .select('idle.id')
        .where('idle.customer_id', 'is', null)
        .where('idle.updated_at', '<', idleSince)
        .orderBy('idle.updated_at')
        .limit(batch),
    )
}

const EVERY_MS = 60 * 60 * 1000

/** Runs the clean-up now and every hour (the single server, or a cluster's primary). */
export function startGuestCartCleanup(db: DB, log: Logger): { stop(): void } {
  const run = () => {
    deleteIdleGuestCarts(db).then(
      (deleted) => {
        if (deleted > 0) log.info({ deleted }, 'idle guest carts deleted')
      },
      (error) => log.error({ err: error }, 'the guest cart clean-up failed'),
    )
  }
  run()
  const timer = setInterval(run, EVERY_MS)
  timer.unref()
  return { stop: () => clearInterval(timer) }
}
