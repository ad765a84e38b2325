import { parseFrequencies } from '~/catalog/subscription-terms'
import { centsToDollarsInput } from '~/platform/admin/fields'
import { parseSeasonMonths } from '../in-season'
import { poundsInput } from '../weight'
import { BLANK_VARIANT_ROW, MAX_VARIANT_ROWS } from './product-form'
import type { AdminProduct } from './product-record.server'

// The product form's starting values: a saved product as the form holds it.

/** The product as the edit page's loader sends it (when it was archived is not the form's). */
export type ProductFormProduct = Omit<AdminProduct, 'archived_at'>

/** 110 -> "1.10", null -> "": the average weight field's value (ADR 30). */
const poundsValue = (centiLb: number | null) => (centiLb === null ? '' : poundsInput(centiLb))

/** A check box's value as the form holds it. */
const ticked = (on: boolean) => (on ? 'on' : '')

/** The form's starting values: the product with a blank option row after its own, else blanks. */
export function startingValues(product: ProductFormProduct | null) {
  if (!product) {
    return { unit: 'each', stock: '0', isAvailable: 'on', variants: [BLANK_VARIANT_ROW] }
  }
  const variants = product.variants.map((variant) => ({
    id: variant.id,
    name: variant.name,
    price: centsToDollarsInput(variant.price_cents),
    stock: String(variant.stock_quantity),
    stockWas: String(variant.stock_quantity),
    available: ticked(variant.is_available),
    soldByWeight: ticked(variant.sold_by_weight),
    averageWeight: poundsValue(variant.average_weight_centi_lb),
    subscribable: ticked(variant.subscribable),
  }))
  const offered = new Set(parseFrequencies(product.subscription_frequencies))
  return {
    name: product.name,
    description: product.description,
    category: product.category,
    price: centsToDollarsInput(product.price_cents),
    unit: product.unit,
    stock: String(product.stock_quantity),
    stockWas: String(product.stock_quantity),
    isAvailable: ticked(product.is_available),
    localOnly: ticked(product.local_only),
    soldByWeight: ticked(product.sold_by_weight),
    averageWeight: poundsValue(product.average_weight_centi_lb),
    nextAvailableDate: product.next_available_date ?? '',
    expectedQuantity: product.expected_quantity === null ? '' : String(product.expected_quantity),
    subscribeWeekly: ticked(offered.has('weekly')),
    subscribeBiweekly: ticked(offered.has('biweekly')),
    subscribeMonthly: ticked(offered.has('monthly')),
    subscriberDiscount: String(product.subscriber_discount_percent),
    seasonMonths: parseSeasonMonths(product.season_months).map(String),
    variants: variants.length < MAX_VARIANT_ROWS ? [...variants, BLANK_VARIANT_ROW] : variants,
  }
}
