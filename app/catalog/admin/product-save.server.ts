import type { ExpressionBuilder } from 'kysely'
import { storeImageField } from '~/platform/admin/image-field.server'
import { changedFields, recordAdminChange } from '~/platform/audit.server'
import type { DB } from '~/platform/db/db.server'
import type { Database } from '~/platform/db/schema'
import { parseSubmission } from '~/platform/forms/conform'
import { lockStock } from '~/shares/stock-lock.server'
import { notifyRestocked } from '~/waiting-list/restock.server'
import { BelowHeld, belowHeldMessage, type FieldErrors, heldAbove } from './held-stock.server'
import { type ProductInput, ProductSchema, variantField } from './product-form'
import { replaceCoverPicture } from './product-pictures.server'
import {
  PRODUCT_COLUMNS,
  productSnapshot,
  VARIANT_COLUMNS,
  variantSnapshot,
  variantsOf,
} from './product-record.server'

// Creating and editing a product with its options, removing an option, archiving (issue 6
// item 4). Every change is one transaction with its audit entry and, when stock may have come
// back, the waiting-list emails (notifyRestocked, D14).
//
// A product with options keeps its own stock_quantity at the sum of its options' stock, as
// placeOrder and expireOrder do when they take or return an option's stock. Rows are written
// in placeOrder's lock order (a product's options, by id, before the product row), so an admin
// saving a product while a customer buys it can wait, but never deadlock.

/**
 * The product form as posted (multipart, for the picture), checked with its schema. A picture
 * that was chosen is checked and stored even when another field is wrong, or when the post
 * only added an option row (without JavaScript): its URL joins the form as uploadedImage, so
 * the reply brings it back and the admin does not have to choose it again.
 */
export async function readProductForm(db: DB, form: FormData) {
  const name = form.get('name')
  const altText = (typeof name === 'string' && name.trim()) || 'Product picture'
  const image = await storeImageField(db, form, 'image', altText)
  form.delete('image')
  if (image.kind === 'stored') form.set('uploadedImage', image.image.imageUrl)
  return {
    submission: parseSubmission(form, ProductSchema),
    /** The picture's complaint (not an image, too large), shown beside its field */
    imageError: image.kind === 'error' ? image.message : null,
  }
}

/** By weight (ADR 30): the average is kept only while the box is ticked. */
function weightTerms(input: { soldByWeight: boolean; averageWeight: number | null }) {
  return {
    sold_by_weight: input.soldByWeight,
    average_weight_centi_lb: input.soldByWeight ? input.averageWeight : null,
  }
}

/** A new option's row, for a product being created or one gaining an option. */
function newOption(productId: string, variant: ProductInput['variants'][number]) {
  return {
    id: crypto.randomUUID(),
    product_id: productId,
    name: variant.name,
    price_cents: variant.price,
    stock_quantity: variant.stock,
    is_available: variant.available,
    subscribable: variant.subscribable,
    ...weightTerms(variant),
  }
}

/** Subscriptions (ADR 32): the frequencies offered and the subscriber discount. */
function subscriptionTerms(input: ProductInput) {
  return {
    subscription_frequencies: input.subscriptionFrequencies,
    subscriber_discount_percent: input.subscriberDiscount,
    season_months: input.seasonMonths,
  }
}

/** The products.stock_quantity of a product with options: their sum (placeOrder keeps it). */
function sumOfOptions(eb: ExpressionBuilder<Database, 'products'>, productId: string) {
  return eb
    .selectFrom('product_variants')
    .select((sub) =>
      sub.fn.coalesce(sub.fn.sum<number>('product_variants.stock_quantity'), sub.lit(0)).as('s'),
    )
    .where('product_variants.product_id', '=', productId)
}

/** Creates a product with its options; returns its id. */
export async function createAdminProduct(
  db: DB,
  actorId: string,
  input: ProductInput,
): Promise<string> {
  const id = crypto.randomUUID()
  const stock = input.variants.length
    ? input.variants.reduce((sum, variant) => sum + variant.stock, 0)
    : input.stock
  const values = {
    name: input.name,
    description: input.description,
    category: input.category,
    price_cents: input.price,
    unit: input.unit,
    image_url: input.uploadedImage,
    stock_quantity: stock,
    is_available: input.isAvailable,
    local_only: input.localOnly,
    next_available_date: input.nextAvailableDate,
    expected_quantity: input.expectedQuantity,
    ...weightTerms(input),
    ...subscriptionTerms(input),
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('products')
      .values({ id, ...values })
      .execute()
    const variants = input.variants.map((variant) => newOption(id, variant))
    if (variants.length) await trx.insertInto('product_variants').values(variants).execute()
    await recordAdminChange(trx, {
      actorId,
      action: 'product.create',
      entityType: 'product',
      entityId: id,
      after: { ...values, variants: variantSnapshot(variants) },
    })
  })
  return id
}
export type UpdateProductResult =
  | { ok: true }
  | { ok: false; reason: 'not-found' }
  | { ok: false; reason: 'stale' | 'held'; fieldErrors: FieldErrors }

/**
 * Saves the edit form: the product's fields, its options (changed, and new rows added), and a
 * new picture when one was uploaded. A stock left as it was when the page loaded is not
 * written, so an order placed meanwhile is not undone by saving a new description. Then the
 * waiting list is told if anything came back (D14).
 */
export async function updateAdminProduct(
  db: DB,
  actorId: string,
  id: string,
  input: ProductInput,
): Promise<UpdateProductResult> {
  try {
    return await saveAdminProduct(db, actorId, id, input)
  } catch (error) {
    if (error instanceof BelowHeld) {
      return { ok: false, reason: 'held', fieldErrors: error.fieldErrors } as const
    }
    throw error
  }
}

function saveAdminProduct(
  db: DB,
  actorId: string,
  id: string,
  input: ProductInput,
): Promise<UpdateProductResult> {
  return db.transaction().execute(async (trx) => {
    // Options and product are written below and offered to waiting lists at the end: all of
    // the product's stock rows are locked first, in the one lock order.
    await lockStock(trx, [id])
    const before = await trx
      .selectFrom('products')
      .select(PRODUCT_COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst()
    if (!before) return { ok: false, reason: 'not-found' } as const
    const variantsBefore = await variantsOf(trx, id)
    const known = new Map(variantsBefore.map((variant) => [variant.id, variant]))
    const stale: FieldErrors = {}
    for (const variant of input.variants) {
      if (variant.id && !known.has(variant.id)) {
        stale[variantField(variant.row, 'name')] = [
          'This option was removed meanwhile. Reload the page to see the options as they are.',
        ]
      }
    }
    if (Object.keys(stale).length) return { ok: false, reason: 'stale', fieldErrors: stale }

    // Options first, by id (placeOrder's lock order), then the product row.
    const existing = input.variants
      .filter((variant) => variant.id !== null)
      .sort((a, b) => ((a.id ?? '') < (b.id ?? '') ? -1 : 1))
    for (const variant of existing) {
      const stockChanged = variant.stockWas === null || variant.stock !== variant.stockWas
      const variantId = variant.id as string
      const written = await trx
        .updateTable('product_variants')
        .set({
          name: variant.name,
          price_cents: variant.price,
          is_available: variant.available,
          subscribable: variant.subscribable,
          ...weightTerms(variant),
          ...(stockChanged ? { stock_quantity: variant.stock } : {}),
        })
        .where('id', '=', variantId)
        .where('product_id', '=', id)
        // Held units stay covered, checked by the write itself (a hold made a moment ago too).
        .$if(stockChanged, (q) => q.where('held_quantity', '<=', variant.stock))
        .executeTakeFirst()
      if (written.numUpdatedRows === 0n) {
        const held = (await heldAbove(trx, 'product_variants', variantId, variant.stock)) ?? 0
        throw new BelowHeld({ [variantField(variant.row, 'stock')]: [belowHeldMessage(held)] })
      }
    }
    const added = input.variants.filter((variant) => variant.id === null)
    if (added.length) {
      await trx
        .insertInto('product_variants')
        .values(added.map((variant) => newOption(id, variant)))
        .execute()
    }
    const hasOptions = variantsBefore.length + added.length > 0
    const ownStockChanged = input.stockWas === null || input.stock !== input.stockWas
    const ownWritten = await trx
      .updateTable('products')
      .set((eb) => ({
        name: input.name,
        description: input.description,
        category: input.category,
        price_cents: input.price,
        unit: input.unit,
        is_available: input.isAvailable,
        local_only: input.localOnly,
        next_available_date: input.nextAvailableDate,
        expected_quantity: input.expectedQuantity,
        ...weightTerms(input),
        ...subscriptionTerms(input),
        updated_at: new Date(),
        ...(input.uploadedImage ? { image_url: input.uploadedImage } : {}),
        ...(hasOptions
          ? { stock_quantity: sumOfOptions(eb, id) }
          : ownStockChanged
            ? { stock_quantity: input.stock }
            : {}),
      }))
      .where('id', '=', id)
      .$if(!hasOptions && ownStockChanged, (q) => q.where('held_quantity', '<=', input.stock))
      .executeTakeFirst()
    if (ownWritten.numUpdatedRows === 0n) {
      const held = (await heldAbove(trx, 'products', id, input.stock)) ?? 0
      throw new BelowHeld({ stock: [belowHeldMessage(held)] })
    }
    if (input.uploadedImage) await replaceCoverPicture(trx, id, input.uploadedImage)

    const after = await trx
      .selectFrom('products')
      .select(PRODUCT_COLUMNS)
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    const variantsAfter = await variantsOf(trx, id)
    const diff = changedFields(productSnapshot(before), productSnapshot(after))
    const optionsBefore = variantSnapshot(variantsBefore)
    const optionsAfter = variantSnapshot(variantsAfter)
    if (JSON.stringify(optionsBefore) !== JSON.stringify(optionsAfter)) {
      diff.before.variants = optionsBefore
      diff.after.variants = optionsAfter
    }
    await recordAdminChange(trx, {
      actorId,
      action: 'product.update',
      entityType: 'product',
      entityId: id,
      ...diff,
    })
    await notifyRestocked(trx, [id])
    return { ok: true } as const
  })
}

/**
 * Removes one option. Old orders keep its name (order_items copy it; their link is set to
 * null), carts drop it and its waiting-list entries go with it (the foreign keys cascade).
 * The product's stock becomes the sum of the options left.
 */
export async function removeAdminVariant(
  db: DB,
  actorId: string,
  productId: string,
  variantId: string,
): Promise<{ ok: true; name: string } | { ok: false }> {
  return db.transaction().execute(async (trx) => {
    const variant = await trx
      .selectFrom('product_variants')
      .select(VARIANT_COLUMNS)
      .where('id', '=', variantId)
      .where('product_id', '=', productId)
      .executeTakeFirst()
    if (!variant) return { ok: false } as const
    await trx.deleteFrom('product_variants').where('id', '=', variantId).execute()
    await trx
      .updateTable('products')
      .set((eb) => ({ stock_quantity: sumOfOptions(eb, productId), updated_at: new Date() }))
      .where('id', '=', productId)
      .execute()
    await recordAdminChange(trx, {
      actorId,
      action: 'product_variant.delete',
      entityType: 'product',
      entityId: productId,
      before: variantSnapshot([variant])[0],
      after: null,
    })
    return { ok: true, name: variant.name } as const
  })
}

/**
 * Archive (true) takes the product out of the shop, keeping it on old orders; unarchive puts
 * it back, and tells its waiting list if it is in stock. False when it was already so.
 */
export async function setProductArchived(
  db: DB,
  actorId: string,
  productId: string,
  archive: boolean,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const now = new Date()
    // Unarchiving offers the options' units to their waiting lists after the product row: all
    // of its stock rows are locked first, in the one lock order.
    await lockStock(trx, [productId])
    const changed = await trx
      .updateTable('products')
      .set({ archived_at: archive ? now : null, updated_at: now })
      .where('id', '=', productId)
      .where('archived_at', archive ? 'is' : 'is not', null)
      .executeTakeFirst()
    if (changed.numUpdatedRows === 0n) return false
    await recordAdminChange(trx, {
      actorId,
      action: archive ? 'product.archive' : 'product.unarchive',
      entityType: 'product',
      entityId: productId,
      before: { archived: !archive },
      after: { archived: archive },
    })
    if (!archive) await notifyRestocked(trx, [productId])
    return true
  })
}
