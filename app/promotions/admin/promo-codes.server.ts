import { sql, type Transaction } from 'kysely'
import { containsPattern, type PageRequest } from '~/platform/admin/pagination'
import { changedFields, recordAdminChange } from '~/platform/audit.server'
import type { DB } from '~/platform/db/db.server'
import type { Database } from '~/platform/db/schema'
import { farmDayEnd, farmDayStart } from '~/platform/farm-clock'
import { PROMO_TERMS_COLUMNS, type PromoCodeRow } from '../promo'
import { PROMO_CODE_RENAME_USED, PROMO_CODE_TAKEN, type PromoCodeInput } from './promo-code-form'

// Promo codes as the admin manages them (issue 6 item 9). The rules that decide whether a
// code can be used live in promo.ts (currentPromoTerms) and pricing.ts; the cart and
// placeOrder apply them. Codes are stored in capitals, so "unique" is case-insensitive.
// Carts keep a code by its name: renaming or deleting one is a flow (flows/promo-codes.server.ts)
// that also changes the carts, in the same transaction.

const COLUMNS = ['id', ...PROMO_TERMS_COLUMNS] as const

export type AdminPromoCode = PromoCodeRow & { id: string }

/** One page of codes, newest first, optionally those whose name contains `search`. */
export async function listPromoCodes(db: DB, page: PageRequest, search = '') {
  let base = db.selectFrom('promo_codes')
  if (search) {
    // ESCAPE '\' so a % or _ typed in the search box is taken literally.
    base = base.where(sql<boolean>`lower(code) like ${containsPattern(search)} escape '\\'`)
  }
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirst(),
    base
      .select(COLUMNS)
      .orderBy('created_at', 'desc')
      .orderBy('code')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
  ])
  return { rows: rows as AdminPromoCode[], total: Number(count?.total ?? 0) }
}

export async function getPromoCode(db: DB, id: string): Promise<AdminPromoCode | null> {
  const row = await db
    .selectFrom('promo_codes')
    .select(COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst()
  return row ?? null
}

function columnsOf(input: PromoCodeInput) {
  return {
    code: input.code,
    discount_type: input.discount_type,
    discount_value: input.discount_value,
    min_subtotal_cents: input.min_subtotal_cents,
    starts_at: input.starts_on ? farmDayStart(input.starts_on) : null,
    ends_at: input.ends_on ? farmDayEnd(input.ends_on) : null,
    usage_limit: input.usage_limit,
    is_active: input.is_active,
  }
}

/** Messages by field, as the form shows them (Conform's shape: each field's list). */
type FieldErrors = Record<string, string[]>

export type PromoSaveResult =
  | { ok: true; id: string }
  | { ok: false; status: 400 | 404; fieldErrors: FieldErrors }

/** An update also says the name the code had, when it changed: what carts held it by. */
export type PromoUpdateResult = PromoSaveResult | { ok: true; id: string; renamedFrom: string }

type Trx = Transaction<Database>

const taken: PromoSaveResult = { ok: false, status: 400, fieldErrors: { code: [PROMO_CODE_TAKEN] } }

async function codeTaken(db: DB, code: string, exceptId: string | null): Promise<boolean> {
  let query = db
    .selectFrom('promo_codes')
    .select('id')
    .where((eb) => eb(eb.fn('upper', ['code']), '=', code))
  if (exceptId) query = query.where('id', '<>', exceptId)
  return (await query.executeTakeFirst()) !== undefined
}

/** A unique-index violation on promo_codes.code: another admin saved the same name first. */
function isCodeTaken(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const { code } = error as Error & { code?: unknown }
  return (
    (code === '23505' && error.message.includes('code')) ||
    (code === 'SQLITE_CONSTRAINT_UNIQUE' && error.message.includes('promo_codes.code'))
  )
}

/**
 * Runs `save` in one transaction, after checking that no other code has the name: another
 * admin saving the same name meanwhile makes the unique index answer "taken" too.
 */
export async function savingPromoCode<Result extends PromoUpdateResult>(
  db: DB,
  code: string,
  exceptId: string | null,
  save: (trx: Trx) => Promise<Result>,
): Promise<Result | PromoSaveResult> {
  if (await codeTaken(db, code, exceptId)) return taken
  try {
    return await db.transaction().execute(save)
  } catch (error) {
    if (isCodeTaken(error)) return taken
    throw error
  }
}

export function createPromoCode(
  db: DB,
  actorId: string,
  input: PromoCodeInput,
): Promise<PromoSaveResult> {
  const id = crypto.randomUUID()
  const row = columnsOf(input)
  return savingPromoCode(db, input.code, null, async (trx) => {
    await trx
      .insertInto('promo_codes')
      .values({ id, ...row })
      .execute()
    await recordAdminChange(trx, {
      actorId,
      action: 'promo_code.create',
      entityType: 'promo_code',
      entityId: id,
      after: row,
    })
    return { ok: true, id } as const
  })
}

/** Inside savingPromoCode's transaction (the flow's). A used code keeps its name. */
export async function updatePromoCode(
  trx: Trx,
  actorId: string,
  id: string,
  input: PromoCodeInput,
): Promise<PromoUpdateResult> {
  const before = await trx
    .selectFrom('promo_codes')
    .select(COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst()
  if (!before) return { ok: false, status: 404, fieldErrors: {} }
  const after = columnsOf(input)
  const renamed = after.code !== before.code
  // Orders keep the name they were placed with; renaming a used code would split its history
  // in two.
  if (renamed && before.times_used > 0) {
    return { ok: false, status: 400, fieldErrors: { code: [PROMO_CODE_RENAME_USED] } }
  }
  await trx.updateTable('promo_codes').set(after).where('id', '=', id).execute()
  await recordAdminChange(trx, {
    actorId,
    action: 'promo_code.update',
    entityType: 'promo_code',
    entityId: id,
    ...changedFields(before, after),
  })
  return renamed ? { ok: true, id, renamedFrom: before.code } : { ok: true, id }
}

/**
 * Deletes a code nobody has used; a used code is switched off instead, so old orders still
 * name a code that exists. Counted again inside the flow's transaction: an order placed
 * meanwhile turns a delete into a switch-off.
 */
export async function removePromoCode(
  trx: Trx,
  actorId: string,
  id: string,
): Promise<{ kind: 'deleted' | 'deactivated'; code: string } | { kind: 'not-found' }> {
  const deleted = await trx
    .deleteFrom('promo_codes')
    .where('id', '=', id)
    .where('times_used', '=', 0)
    .returning(COLUMNS)
    .executeTakeFirst()
  if (deleted) {
    await recordAdminChange(trx, {
      actorId,
      action: 'promo_code.delete',
      entityType: 'promo_code',
      entityId: id,
      before: deleted,
    })
    return { kind: 'deleted', code: deleted.code } as const
  }
  const before = await trx
    .selectFrom('promo_codes')
    .select(['code', 'is_active'])
    .where('id', '=', id)
    .executeTakeFirst()
  if (!before) return { kind: 'not-found' } as const
  await trx.updateTable('promo_codes').set({ is_active: false }).where('id', '=', id).execute()
  await recordAdminChange(trx, {
    actorId,
    action: 'promo_code.deactivate',
    entityType: 'promo_code',
    entityId: id,
    before: { is_active: before.is_active },
    after: { is_active: false },
  })
  return { kind: 'deactivated', code: before.code } as const
}
