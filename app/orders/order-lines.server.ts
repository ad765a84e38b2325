import type { Expression, Transaction } from 'kysely'
import { expressionBuilder } from 'kysely'
import { asFlag, onSaleExpression } from '~/catalog/on-sale.server'
import { lineAverageWeightExpression } from '~/catalog/weight.server'
import type { Database } from '~/platform/db/schema'
import {
  type Frequency,
  isFrequency,
  parseFrequencies,
  subscriberPriceCents,
} from '~/subscriptions/terms'

// An order's lines as the catalog has them now (names, prices, availability), read the same
// way for a shopper's cart and for a subscription's box (ADR 32), so a box is priced exactly as
// the same line in a cart would be. Both come back in the order stock is taken: by product id,
// then option id.

type Trx = Transaction<Database>

export type OrderLine = {
  productId: string
  variantId: string | null
  name: string
  variantName: string | null
  imageUrl: string | null
  unit: string
  /** the catalog's price now; a subscribed line's is the subscriber's price */
  unitPriceCents: number
  quantity: number
  onSale: boolean
  /** The waiting-list hold the line was claimed with, if any (live or not: checked here) */
  holdId: string | null
  /** sold by weight (ADR 30): a piece's average; unitPriceCents is then per lb */
  averageWeightCentiLb: number | null
  /** quarters of an animal one of this option takes (beef shares, ADR 31); null for stock */
  shareUnits: number | null
  /** a subscription's box (ADR 32): how often it comes; null for a one-time line */
  subscriptionFrequency: Frequency | null
  /** the product offers subscriptions and this option (if any) may be subscribed to */
  subscribable: boolean
}

const eb = expressionBuilder<Database, 'products' | 'product_variants'>()

/** Everything but the line's own table: the product, its option, the price and the terms. */
function catalogColumns(lineVariantId: Expression<string | null>) {
  return [
    'products.name',
    'products.image_url',
    'products.unit',
    'products.subscription_frequencies',
    'products.subscriber_discount_percent',
    'product_variants.name as variant_name',
    'product_variants.share_units',
    'product_variants.subscribable',
    eb.fn.coalesce('product_variants.price_cents', 'products.price_cents').as('unit_price_cents'),
    asFlag(onSaleExpression(lineVariantId)).as('on_sale'),
    lineAverageWeightExpression(lineVariantId).as('average_weight'),
  ] as const
}

type CatalogRow = {
  product_id: string
  product_variant_id: string | null
  quantity: number
  name: string
  image_url: string | null
  unit: string
  subscription_frequencies: string
  subscriber_discount_percent: number
  variant_name: string | null
  share_units: number | null
  subscribable: boolean | null
  unit_price_cents: number | string
  on_sale: number | string
  average_weight: number | string | null
}

function toOrderLine(
  row: CatalogRow,
  holdId: string | null,
  frequency: string | null,
  anyFrequency = false,
): OrderLine {
  const subscriptionFrequency = isFrequency(frequency) ? frequency : null
  const price = Number(row.unit_price_cents)
  const offered = parseFrequencies(row.subscription_frequencies)
  return {
    productId: row.product_id,
    variantId: row.product_variant_id,
    name: row.name,
    variantName: row.variant_name,
    imageUrl: row.image_url,
    unit: row.unit,
    unitPriceCents: subscriptionFrequency
      ? subscriberPriceCents(price, row.subscriber_discount_percent)
      : price,
    quantity: row.quantity,
    onSale: Number(row.on_sale) === 1,
    holdId,
    averageWeightCentiLb: row.average_weight === null ? null : Number(row.average_weight),
    shareUnits: row.share_units,
    subscriptionFrequency,
    // A cart's line must be offered at its frequency; a box goes on while the product offers
    // any (the farm narrowing the choice does not end the subscriptions it has).
    subscribable:
      (anyFrequency || subscriptionFrequency === null
        ? offered.length > 0
        : offered.includes(subscriptionFrequency)) && row.subscribable !== false,
  }
}

/** The cart's lines. One query. */
export async function loadCartLines(trx: Trx, cartId: string): Promise<OrderLine[]> {
  const rows = await trx
    .selectFrom('cart_lines')
    .innerJoin('products', 'products.id', 'cart_lines.product_id')
    .leftJoin('product_variants', 'product_variants.id', 'cart_lines.product_variant_id')
    .select((qb) => [
      'cart_lines.product_id',
      'cart_lines.product_variant_id',
      'cart_lines.quantity',
      'cart_lines.stock_hold_id',
      'cart_lines.subscription_frequency',
      ...catalogColumns(qb.ref('cart_lines.product_variant_id')),
    ])
    .where('cart_lines.cart_id', '=', cartId)
    .orderBy('cart_lines.product_id')
    .orderBy('cart_lines.product_variant_id')
    .execute()
  return rows.map((row) => toOrderLine(row, row.stock_hold_id, row.subscription_frequency))
}

/** A subscription's items as its next box: every line at the subscription's frequency. */
export async function loadBoxLines(
  trx: Trx,
  subscriptionId: string,
  frequency: Frequency,
): Promise<OrderLine[]> {
  const rows = await trx
    .selectFrom('subscription_items')
    .innerJoin('products', 'products.id', 'subscription_items.product_id')
    .leftJoin('product_variants', 'product_variants.id', 'subscription_items.product_variant_id')
    .select((qb) => [
      'subscription_items.product_id',
      'subscription_items.product_variant_id',
      'subscription_items.quantity',
      ...catalogColumns(qb.ref('subscription_items.product_variant_id')),
    ])
    .where('subscription_items.subscription_id', '=', subscriptionId)
    .orderBy('subscription_items.product_id')
    .orderBy('subscription_items.product_variant_id')
    .execute()
  return rows.map((row) => toOrderLine(row, null, frequency, true))
}
