import { sql, type Transaction } from 'kysely'
import { freeStock } from '~/catalog/free-stock.server'
import { asFlag, onSaleExpression } from '~/catalog/on-sale.server'
import { lineAverageWeightExpression } from '~/catalog/weight.server'
import type { DB } from '~/platform/db/db.server'
import type { Database } from '~/platform/db/schema'
import { currentPromoTerms } from '~/promotions/promo'
import { shareProductExpression } from '~/shares/share-product.server'
import { isFrequency, parseFrequencies, subscriberPriceCents } from '~/subscriptions/terms'
import type { AppliedPromo, CartLine } from './cart'
import { type CartOwner, ownedCartIds } from './cart-owner.server'

// Reading a cart's lines. Prices and stock always come from the catalog at the moment of
// reading; cart lines hold only product, option and quantity, and the waiting-list hold a line
// was claimed with (ADR 29). The stock a line may have is the free stock (stock less every
// hold) plus what its own live hold keeps for this shopper. A line with subscription_frequency
// set is the first box of a subscription (ADR 32), priced at subscriberPriceCents (placeOrder
// prices it the same way).

/** Whether an option may be subscribed: 1, or 0 for an option marked not subscribable. */
export const VARIANT_SUBSCRIBABLE = sql<number>`(case when ${sql.ref('product_variants.subscribable')} = ${false} then 0 else 1 end)`

/** A line's stock for its shopper: free units plus its own live hold's (joined as `hold`). */
export const LINE_STOCK = sql<number>`coalesce(${freeStock('product_variants')}, ${freeStock('products')}) + coalesce(${sql.ref('hold.quantity')}, 0)`

/** The cart's lines with names, prices and stock, and its promo code: one query. */
export async function loadCart(db: DB | Transaction<Database>, owner: CartOwner, now: Date) {
  if (owner.kind === 'guest' && !owner.cartId) return { lines: [], promo: null }
  const rows = await db
    .selectFrom('cart_lines')
    .innerJoin('carts', 'carts.id', 'cart_lines.cart_id')
    .innerJoin('products', 'products.id', 'cart_lines.product_id')
    .leftJoin('product_variants', 'product_variants.id', 'cart_lines.product_variant_id')
    .leftJoin('stock_holds as hold', (join) =>
      join
        .onRef('hold.id', '=', 'cart_lines.stock_hold_id')
        .on('hold.status', '=', 'held')
        .on('hold.expires_at', '>', now),
    )
    .leftJoin('promo_codes', 'promo_codes.code', 'carts.promo_code')
    .select((eb) => [
      'cart_lines.id',
      'cart_lines.product_id',
      'cart_lines.product_variant_id',
      'cart_lines.quantity',
      'products.name',
      'products.image_url',
      'products.unit',
      'product_variants.name as variant_name',
      eb.fn.coalesce('product_variants.price_cents', 'products.price_cents').as('unit_price_cents'),
      'cart_lines.subscription_frequency',
      'products.subscription_frequencies',
      'products.subscriber_discount_percent',
      'products.local_only',
      VARIANT_SUBSCRIBABLE.as('variant_subscribable'),
      LINE_STOCK.as('stock'),
      // Unaliased: SQLite's values are turned into Dates by column name (ADR 2).
      'hold.expires_at',
      asFlag(onSaleExpression(eb.ref('cart_lines.product_variant_id'))).as('on_sale'),
      asFlag(shareProductExpression()).as('share'),
      lineAverageWeightExpression(eb.ref('cart_lines.product_variant_id')).as('average_weight'),
      'carts.promo_code',
      'promo_codes.discount_type',
      'promo_codes.discount_value',
      'promo_codes.min_subtotal_cents',
      'promo_codes.starts_at',
      'promo_codes.ends_at',
      'promo_codes.usage_limit',
      'promo_codes.times_used',
      'promo_codes.is_active',
    ])
    .where((eb) => eb('cart_lines.cart_id', 'in', ownedCartIds(db, owner)))
    .orderBy('cart_lines.created_at')
    .orderBy('cart_lines.id')
    .execute()

  const lines: CartLine[] = rows.map((row) => {
    const regularPriceCents = Number(row.unit_price_cents)
    const frequency = isFrequency(row.subscription_frequency) ? row.subscription_frequency : null
    return {
      id: row.id,
      productId: row.product_id,
      variantId: row.product_variant_id,
      name: row.name,
      variantName: row.variant_name,
      imageUrl: row.image_url,
      unit: row.unit,
      unitPriceCents:
        frequency === null
          ? regularPriceCents
          : subscriberPriceCents(regularPriceCents, row.subscriber_discount_percent),
      regularPriceCents,
      quantity: row.quantity,
      stock: Number(row.stock),
      available: Number(row.on_sale) === 1 && Number(row.stock) > 0,
      reservedUntil: row.expires_at,
      averageWeightCentiLb: row.average_weight === null ? null : Number(row.average_weight),
      subscriptionFrequency: frequency,
      offeredFrequencies: parseFrequencies(row.subscription_frequencies),
      subscribable: Number(row.variant_subscribable) === 1,
      localOnly: Boolean(row.local_only),
      share: Number(row.share) === 1,
    }
  })
  const first = rows[0]
  let promo: AppliedPromo | null = null
  if (first?.promo_code) {
    const terms =
      first.discount_type !== null &&
      first.discount_value !== null &&
      first.min_subtotal_cents !== null &&
      first.times_used !== null &&
      first.is_active !== null
        ? currentPromoTerms(
            {
              code: first.promo_code,
              discount_type: first.discount_type,
              discount_value: first.discount_value,
              min_subtotal_cents: first.min_subtotal_cents,
              starts_at: first.starts_at,
              ends_at: first.ends_at,
              usage_limit: first.usage_limit,
              times_used: first.times_used,
              is_active: first.is_active,
            },
            now,
          )
        : null
    promo = { code: first.promo_code, terms }
  }
  return { lines, promo }
}
