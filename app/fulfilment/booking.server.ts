import type { DB } from '~/platform/db/db.server'

// A window's capacity is taken like stock (ADR 18): one conditional UPDATE inside the order
// transaction, never a read-then-write. The booking row is made on first use (ON CONFLICT DO
// NOTHING on both databases); the UPDATE then counts the order only while the window has room,
// re-checked by PostgreSQL against the committed row when two orders race for the last place.

/** Counts one order in the slot; false when the window is full (nothing is changed then). */
export async function takeSlot(trx: DB, windowId: string, date: string): Promise<boolean> {
  await trx
    .insertInto('fulfilment_bookings')
    .values({ window_id: windowId, on_date: date, booked: 0 })
    .onConflict((oc) => oc.columns(['window_id', 'on_date']).doNothing())
    .execute()
  const taken = await trx
    .updateTable('fulfilment_bookings')
    .set((eb) => ({ booked: eb('booked', '+', 1) }))
    .where('window_id', '=', windowId)
    .where('on_date', '=', date)
    .where((eb) =>
      eb.or([
        eb(
          eb.selectFrom('fulfilment_windows').select('capacity').where('id', '=', windowId),
          'is',
          null,
        ),
        eb(
          'booked',
          '<',
          eb.selectFrom('fulfilment_windows').select('capacity').where('id', '=', windowId),
        ),
      ]),
    )
    .executeTakeFirst()
  return taken.numUpdatedRows > 0n
}

/**
 * Gives a cancelled or expired order's place in its window back (the orders domain says which
 * window and date the order took). Like returnOrderStock, call it in the transaction whose
 * conditional status change is the guard, so it happens once.
 */
export async function releaseSlot(
  trx: DB,
  booking: { windowId: string | null; date: string | null },
): Promise<void> {
  if (!booking.windowId || !booking.date) return
  await trx
    .updateTable('fulfilment_bookings')
    .set((eb) => ({ booked: eb('booked', '-', 1) }))
    .where('window_id', '=', booking.windowId)
    .where('on_date', '=', booking.date)
    .where('booked', '>', 0)
    .execute()
}

/**
 * Whether a window repeats weekly (a subscription's box needs one), or undefined for a window
 * that does not exist: the caller's later checks say the time is gone.
 */
export async function isWeeklyWindow(db: DB, windowId: string): Promise<boolean | undefined> {
  const window = await db
    .selectFrom('fulfilment_windows')
    .select(['weekday', 'on_date'])
    .where('id', '=', windowId)
    .executeTakeFirst()
  return window && window.on_date === null && window.weekday !== null
}
