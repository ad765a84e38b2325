import { sendEmail } from '~/email/outbox.server'
import {
  getAnimalWindow,
  listSharePickupPlaces,
  saveAnimalWindow,
} from '~/fulfilment/share-pickup.server'
import { recordAdminChange } from '~/platform/audit.server'
import type { DB } from '~/platform/db/db.server'
import { formatTimeRange } from '~/platform/farm-clock'
import { getPricingSettings } from '~/settings/settings.server'
import { balanceDueCents, shareBill, shareWeightLb } from '../balance'
import { type CutSheet, readCutSheet } from '../cut-sheet'
import { shareBalanceEmail } from '../emails/share-balance'
import { mirrorPool } from '../pool.server'
import { QUARTERS_PER_ANIMAL, shareSizeLabel, shareUnitsOfOptionName } from '../shares'
import type { AnimalInput } from './animal-form'

// The back office of beef shares (ADR 31): animals, their shares and cut sheets, and the
// hanging weight that turns every share's deposit into a balance.

export const NO_SHARE_OPTIONS =
  'This product has no Quarter, Half or Whole option. Give it options named like "Quarter Share", "Half Share" and "Whole Share" first.'
export const ANIMAL_ON_SALE =
  'This product already has an animal on sale. Enter that animal’s hanging weight first; then the next one can take its place.'
export const NO_PICKUP_PLACE =
  'Choose an active pickup place. Add one under Fulfilment first if the farm has none.'
export const WEIGHT_LOCKED =
  'A share of this animal has already been paid, so its hanging weight can no longer change.'

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

export type AdminShare = {
  id: string
  order_id: string
  order_number: number
  first_name: string
  last_name: string
  email: string
  phone: string
  share_units: number
  size: string
  deposit_cents: number
  /** before tax; null until weighed */
  balance_cents: number | null
  balance_tax_cents: number | null
  /** the balance and its tax: what the holder owes */
  due_cents: number | null
  balance_status: string
  cancelled: boolean
  cut_sheet: CutSheet | null
}

/** An animal's shares, the live ones first, each with its cut sheet. One query. */
export async function listAnimalShares(db: DB, animalId: string): Promise<AdminShare[]> {
  const rows = await db
    .selectFrom('share_orders')
    .innerJoin('orders', 'orders.id', 'share_orders.order_id')
    .select([
      'share_orders.id',
      'share_orders.order_id',
      'orders.order_number',
      'orders.ship_first_name',
      'orders.ship_last_name',
      'orders.email',
      'orders.phone',
      'share_orders.share_units',
      'share_orders.deposit_cents',
      'share_orders.balance_cents',
      'share_orders.balance_tax_cents',
      'share_orders.balance_status',
      'share_orders.cancelled_at',
      'share_orders.cut_sheet',
    ])
    .where('share_orders.animal_id', '=', animalId)
    .orderBy('share_orders.created_at')
    .orderBy('share_orders.id')
    .execute()
  const shares = rows.map((row) => ({
    id: row.id,
    order_id: row.order_id,
    order_number: row.order_number,
    first_name: row.ship_first_name,
    last_name: row.ship_last_name,
    email: row.email,
    phone: row.phone,
    share_units: row.share_units,
    size: shareSizeLabel(row.share_units),
    deposit_cents: row.deposit_cents,
    balance_cents: row.balance_cents,
    balance_tax_cents: row.balance_tax_cents,
    due_cents:
      row.balance_cents === null ? null : balanceDueCents(row.balance_cents, row.balance_tax_cents),
    balance_status: row.balance_status,
    cancelled: row.cancelled_at !== null,
    cut_sheet: readCutSheet(row.cut_sheet),
  }))
  return [
    ...shares.filter((share) => !share.cancelled),
    ...shares.filter((share) => share.cancelled),
  ]
}

export const NOT_COLLECTABLE =
  'That balance is not owed any more (already paid, cancelled, or not billed yet).'

/** The farm took the balance in person: the share is paid. Only an owed balance can be. */
export async function markBalanceCollected(
  db: DB,
  actorId: string | null,
  animalId: string,
  shareId: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const paid = await trx
      .updateTable('share_orders')
      .set({ balance_status: 'paid', balance_paid_at: new Date() })
      .where('id', '=', shareId)
      .where('animal_id', '=', animalId)
      .where('cancelled_at', 'is', null)
      .where('balance_cents', '>', 0)
      .where('balance_status', '!=', 'paid')
      .returning(['balance_cents', 'balance_tax_cents'])
      .executeTakeFirst()
    if (!paid) return false
    await recordAdminChange(trx, {
      actorId,
      action: 'share.collect',
      entityType: 'animal',
      entityId: animalId,
      after: {
        share: shareId,
        balance_cents: paid.balance_cents,
        balance_tax_cents: paid.balance_tax_cents,
      },
    })
    return true
  })
}

export type WeighResult =
  | { ok: true; emailed: number }
  | { ok: false; status: 400 | 404; message: string }

/**
 * The butcher's hanging weight: every live share gets its balance (shares/balance.ts) and an
 * email with it, the pickup date and the link to pay; the animal's sales close. It can be
 * corrected (and everyone emailed again) until a balance has been paid (card or in person).
 */
export async function enterHangingWeight(
  db: DB,
  actorId: string | null,
  animalId: string,
  centiLb: number,
  shop: { farmName: string; baseUrl: string },
): Promise<WeighResult> {
  return db.transaction().execute(async (trx) => {
    const animal = await trx
      .updateTable('animals')
      .set({ hanging_weight_centi_lb: centiLb, weighed_at: new Date() })
      .where('id', '=', animalId)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('share_orders')
              .select('share_orders.id')
              .whereRef('share_orders.animal_id', '=', 'animals.id')
              .where('share_orders.balance_status', '=', 'paid')
              .where('share_orders.balance_cents', '>', 0),
          ),
        ),
      )
      .returning([
        'name',
        'product_id',
        'units_total',
        'price_per_lb_hanging_cents',
        'processing_fee_cents',
        'pickup_date',
      ])
      .executeTakeFirst()
    if (!animal) {
      const exists = await trx
        .selectFrom('animals')
        .select('id')
        .where('id', '=', animalId)
        .executeTakeFirst()
      return exists
        ? ({ ok: false, status: 400, message: WEIGHT_LOCKED } as const)
        : ({ ok: false, status: 404, message: 'No such animal.' } as const)
    }
    // Weighed means at the butcher: the quarters left are no longer offered.
    await mirrorPool(trx, animal.product_id, 0)
    // The balance is taxed when billed, at the rate of the day, like the deposit was (balance.ts).
    const { taxRateBasisPoints } = await getPricingSettings(trx)
    const window = await getAnimalWindow(trx, animalId)
    const pickupWhere = window
      ? `at ${window.placeName}, ${formatTimeRange(window.startTime, window.endTime)}`
      : undefined

    const shares = await trx
      .selectFrom('share_orders')
      .innerJoin('orders', 'orders.id', 'share_orders.order_id')
      .select([
        'share_orders.id',
        'share_orders.token',
        'share_orders.share_units',
        'share_orders.deposit_cents',
        'share_orders.balance_status',
        'orders.email',
        'orders.ship_first_name',
      ])
      .where('share_orders.animal_id', '=', animalId)
      .where('share_orders.cancelled_at', 'is', null)
      .orderBy('share_orders.id')
      .execute()
    for (const share of shares) {
      const terms = {
        hangingWeightCentiLb: centiLb,
        shareUnits: share.share_units,
        unitsTotal: animal.units_total,
        pricePerLbHangingCents: animal.price_per_lb_hanging_cents,
        processingFeeCents: animal.processing_fee_cents,
        depositCents: share.deposit_cents,
      }
      const bill = shareBill(terms, taxRateBasisPoints)
      const balanceCents = bill.balanceCents
      // Nothing owed is settled; a choice to pay at pickup stands through a correction.
      const status =
        balanceCents === 0
          ? 'paid'
          : share.balance_status === 'pay_at_pickup'
            ? 'pay_at_pickup'
            : 'unpaid'
      await trx
        .updateTable('share_orders')
        .set({
          balance_cents: balanceCents,
          balance_tax_cents: bill.taxCents,
          balance_status: status,
          // A card page opened for an older amount must not settle this one.
          balance_reference: null,
        })
        .where('id', '=', share.id)
        .execute()
      const content = shareBalanceEmail({
        ...shop,
        firstName: share.ship_first_name,
        animalName: animal.name,
        size: shareSizeLabel(share.share_units),
        hangingWeightCentiLb: centiLb,
        shareWeightLb: shareWeightLb(terms),
        pricePerLbHangingCents: animal.price_per_lb_hanging_cents,
        bill,
        pickupDate: animal.pickup_date,
        pickupWhere,
        token: share.token,
      })
      await sendEmail(trx, { to: share.email, ...content, template: 'share-balance' })
    }
    await recordAdminChange(trx, {
      actorId,
      action: 'animal.weigh',
      entityType: 'animal',
      entityId: animalId,
      after: { hanging_weight_centi_lb: centiLb, shares: shares.length },
    })
    return { ok: true, emailed: shares.length } as const
  })
}

function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const { code } = error as Error & { code?: unknown }
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE'
}
