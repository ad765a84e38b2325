import {
  getAnimalWindow,
  listSharePickupPlaces,
  saveAnimalWindow,
} from '~/fulfilment/share-pickup.server'
import { recordAdminChange } from '~/platform/audit.server'
import type { DB } from '~/platform/db/db.server'
import { mirrorPool } from '../pool.server'
import { QUARTERS_PER_ANIMAL, shareUnitsOfOptionName } from '../shares'
import type { AnimalInput } from './animal-form'

// The back office of beef shares (ADR 31): an animal on sale through its share product, and
// where and when its shares are collected. Its shares are in animal-shares.server.ts; the
// hanging weight that bills them, in hanging-weight.server.ts.

export const NO_SHARE_OPTIONS =
  'This product has no Quarter, Half or Whole option. Give it options named like "Quarter Share", "Half Share" and "Whole Share" first.'
export const ANIMAL_ON_SALE =
  'This product already has an animal on sale. Enter that animal’s hanging weight first; then the next one can take its place.'
export const NO_PICKUP_PLACE =
  'Choose an active pickup place. Add one under Fulfilment first if the farm has none.'

export type AnimalRow = {
  id: string
  name: string
  product_id: string
  product_name: string
  units_total: number
  units_left: number
  hanging_weight_centi_lb: number | null
  price_per_lb_hanging_cents: number
  processing_fee_cents: number
  cut_sheet_cutoff: string
  pickup_date: string
  shares_sold: number
  units_sold: number
}

/** The animal's window as its form gives it. */
function pickupOf(input: AnimalInput) {
  return {
    placeId: input.pickup_place_id,
    date: input.pickup_date,
    startTime: input.pickup_start,
    endTime: input.pickup_end,
    capacity: input.pickup_capacity,
  }
}

async function pickupPlaceIsActive(trx: DB, placeId: string): Promise<boolean> {
  const places = await listSharePickupPlaces(trx)
  return places.some((place) => place.id === placeId)
}

/** Every animal (or one), the newest first, with what its shares have sold. One query. */
export async function listAnimals(db: DB, only?: { id: string }): Promise<AnimalRow[]> {
  let query = db
    .selectFrom('animals')
    .innerJoin('products', 'products.id', 'animals.product_id')
    .leftJoin('share_orders', (join) =>
      join
        .onRef('share_orders.animal_id', '=', 'animals.id')
        .on('share_orders.cancelled_at', 'is', null),
    )
    .select((eb) => [
      'animals.id',
      'animals.name',
      'animals.product_id',
      'products.name as product_name',
      'animals.units_total',
      'animals.units_left',
      'animals.hanging_weight_centi_lb',
      'animals.price_per_lb_hanging_cents',
      'animals.processing_fee_cents',
      'animals.cut_sheet_cutoff',
      'animals.pickup_date',
      eb.fn.count<number | string>('share_orders.id').as('shares_sold'),
      eb.fn
        .coalesce(eb.fn.sum<number | string>('share_orders.share_units'), eb.val(0))
        .as('units_sold'),
    ])
    .groupBy([
      'animals.id',
      'animals.name',
      'animals.product_id',
      'products.name',
      'animals.units_total',
      'animals.units_left',
      'animals.hanging_weight_centi_lb',
      'animals.price_per_lb_hanging_cents',
      'animals.processing_fee_cents',
      'animals.cut_sheet_cutoff',
      'animals.pickup_date',
      'animals.created_at',
    ])
    .orderBy('animals.created_at', 'desc')
    .orderBy('animals.id')
  if (only) query = query.where('animals.id', '=', only.id)
  const rows = await query.execute()
  return rows.map((row) => ({
    ...row,
    shares_sold: Number(row.shares_sold),
    units_sold: Number(row.units_sold),
  }))
}

export async function getAnimal(db: DB, id: string): Promise<AnimalRow | null> {
  const [animal] = await listAnimals(db, { id })
  return animal ?? null
}

/** Products an animal can be sold through: on sale or not, with a Quarter/Half/Whole option. */
export async function listShareProducts(db: DB): Promise<Array<{ id: string; name: string }>> {
  const rows = await db
    .selectFrom('products')
    .innerJoin('product_variants', 'product_variants.product_id', 'products.id')
    .select(['products.id', 'products.name', 'product_variants.name as option_name'])
    .where('products.archived_at', 'is', null)
    .orderBy('products.name')
    .execute()
  const products = new Map<string, string>()
  for (const row of rows) {
    if (shareUnitsOfOptionName(row.option_name) !== null) products.set(row.id, row.name)
  }
  return [...products].map(([id, name]) => ({ id, name }))
}

export type SaveAnimalResult =
  | { ok: true; id: string }
  | { ok: false; status: 400 | 404; field: keyof AnimalInput | null; message: string }

/**
 * A new animal on sale through its share product: its options take 1, 2 or 4 of its quarters
 * (read from their names), and their stock becomes the pool's mirror.
 */
export async function createAnimal(
  db: DB,
  actorId: string | null,
  input: AnimalInput,
): Promise<SaveAnimalResult> {
  try {
    return await db.transaction().execute((trx) => addAnimal(trx, actorId, input))
  } catch (error) {
    // Two admins adding an animal to one product at the same moment: the index said no.
    if (isUniqueViolation(error)) {
      return { ok: false, status: 400, field: 'product_id', message: ANIMAL_ON_SALE }
    }
    throw error
  }
}

/** createAnimal inside a transaction the caller holds (the demo seed's). */
export async function addAnimal(
  trx: DB,
  actorId: string | null,
  input: AnimalInput,
): Promise<SaveAnimalResult> {
  const options = await trx
    .selectFrom('product_variants')
    .select(['id', 'name'])
    .where('product_id', '=', input.product_id)
    .execute()
  const sized = options
    .map((option) => ({ ...option, units: shareUnitsOfOptionName(option.name) }))
    .filter((option) => option.units !== null)
  if (sized.length === 0) {
    return { ok: false, status: 400, field: 'product_id', message: NO_SHARE_OPTIONS } as const
  }
  const open = await trx
    .selectFrom('animals')
    .select('id')
    .where('product_id', '=', input.product_id)
    .where('hanging_weight_centi_lb', 'is', null)
    .executeTakeFirst()
  if (open) return { ok: false, status: 400, field: 'product_id', message: ANIMAL_ON_SALE } as const
  if (!(await pickupPlaceIsActive(trx, input.pickup_place_id))) {
    return { ok: false, status: 400, field: 'pickup_place_id', message: NO_PICKUP_PLACE } as const
  }
  for (const option of sized) {
    await trx
      .updateTable('product_variants')
      .set({ share_units: option.units })
      .where('id', '=', option.id)
      .execute()
  }
  const id = crypto.randomUUID()
  const values = {
    id,
    name: input.name,
    product_id: input.product_id,
    units_total: QUARTERS_PER_ANIMAL,
    units_left: QUARTERS_PER_ANIMAL,
    price_per_lb_hanging_cents: input.price_per_lb,
    processing_fee_cents: input.processing_fee,
    cut_sheet_cutoff: input.cut_sheet_cutoff,
    pickup_date: input.pickup_date,
  }
  await trx.insertInto('animals').values(values).execute()
  await saveAnimalWindow(trx, id, pickupOf(input))
  await mirrorPool(trx, input.product_id, QUARTERS_PER_ANIMAL)
  await recordAdminChange(trx, {
    actorId,
    action: 'animal.create',
    entityType: 'animal',
    entityId: id,
    after: { ...values, pickup: pickupOf(input) },
  })
  // The product's options now sell from the animal's quarters, and their stock changed with it.
  await recordAdminChange(trx, {
    actorId,
    action: 'product.share_options',
    entityType: 'product',
    entityId: input.product_id,
    after: { animal: input.name, options: sized.map((option) => [option.name, option.units]) },
  })
  return { ok: true, id } as const
}

/** Name, prices and dates; the product and the quarters sold stay as they are. */
export async function updateAnimal(
  db: DB,
  actorId: string | null,
  id: string,
  input: AnimalInput,
): Promise<SaveAnimalResult> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('animals')
      .select([
        'name',
        'price_per_lb_hanging_cents',
        'processing_fee_cents',
        'cut_sheet_cutoff',
        'pickup_date',
      ])
      .where('id', '=', id)
      .executeTakeFirst()
    if (!before) return { ok: false, status: 404, field: null, message: 'No such animal.' } as const
    if (!(await pickupPlaceIsActive(trx, input.pickup_place_id))) {
      return {
        ok: false,
        status: 400,
        field: 'pickup_place_id',
        message: NO_PICKUP_PLACE,
      } as const
    }
    const pickupBefore = await getAnimalWindow(trx, id)
    const after = {
      name: input.name,
      price_per_lb_hanging_cents: input.price_per_lb,
      processing_fee_cents: input.processing_fee,
      cut_sheet_cutoff: input.cut_sheet_cutoff,
      pickup_date: input.pickup_date,
    }
    await trx.updateTable('animals').set(after).where('id', '=', id).execute()
    await saveAnimalWindow(trx, id, pickupOf(input))
    await recordAdminChange(trx, {
      actorId,
      action: 'animal.update',
      entityType: 'animal',
      entityId: id,
      before: { ...before, pickup: pickupBefore },
      after: { ...after, pickup: pickupOf(input) },
    })
    return { ok: true, id } as const
  })
}

function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const { code } = error as Error & { code?: unknown }
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE'
}
