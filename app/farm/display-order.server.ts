import { SqliteAdapter, type Transaction } from 'kysely'
import type { Database } from '~/platform/db/schema'

// Team members and gallery pictures are shown in display_order (spec section 7). The admin
// moves one item a place up or down; the list is then renumbered 0, 1, 2, ... so equal or
// gappy numbers (the seed's, or an older import's) can never make a move do nothing.

export type OrderedTable = 'team_members' | 'farm_images'
export type Direction = 'up' | 'down'

/** Ties broken as the public pages break them: team by name, pictures by when added. */
const TIE_BREAK = { team_members: 'name', farm_images: 'created_at' } as const

type Trx = Transaction<Database>

/** The ids in the order the public pages show them. */
export async function idsInDisplayOrder(trx: Trx, table: OrderedTable): Promise<string[]> {
  // One table's type stands for both: the two share id and display_order, and the tie-break
  // column is named per table above.
  let query = trx
    .selectFrom(table as 'team_members')
    .select('id')
    .orderBy('display_order')
    .orderBy(TIE_BREAK[table] as 'name')
    .orderBy('id')
  // Two admins reordering at once: PostgreSQL locks the rows; SQLite runs one writer anyway.
  if (!(trx.getExecutor().adapter instanceof SqliteAdapter)) query = query.forUpdate()
  return (await query.execute()).map((row) => row.id)
}

/** The next display_order: new items go last. */
export async function nextDisplayOrder(trx: Trx, table: OrderedTable): Promise<number> {
  const row = await trx
    .selectFrom(table as 'team_members')
    .select((eb) => eb.fn.max('display_order').as('last'))
    .executeTakeFirst()
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1
}

/**
 * Moves one item a place; 'not-found' for an unknown id, 'unchanged' at either end. Returns
 * the item's position before and after (0-based), for the audit log.
 */
export async function moveInDisplayOrder(
  trx: Trx,
  table: OrderedTable,
  id: string,
  direction: Direction,
): Promise<{ kind: 'not-found' } | { kind: 'unchanged' | 'moved'; from: number; to: number }> {
  const ids = await idsInDisplayOrder(trx, table)
  const from = ids.indexOf(id)
  if (from === -1) return { kind: 'not-found' }
  const to = direction === 'up' ? from - 1 : from + 1
  if (to < 0 || to >= ids.length) return { kind: 'unchanged', from, to: from }
  ids.splice(from, 1)
  ids.splice(to, 0, id)
  await renumber(trx, table, ids)
  return { kind: 'moved', from, to }
}

/** Writes display_order = position for each id whose number is not already right. */
async function renumber(trx: Trx, table: OrderedTable, ids: string[]): Promise<void> {
  const current = await trx
    .selectFrom(table as 'team_members')
    .select(['id', 'display_order'])
    .execute()
  const orderOf = new Map(current.map((row) => [row.id, row.display_order]))
  for (const [position, id] of ids.entries()) {
    if (orderOf.get(id) === position) continue
    await trx
      .updateTable(table as 'team_members')
      .set({ display_order: position })
      .where('id', '=', id)
      .execute()
  }
}
