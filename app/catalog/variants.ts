// Product options (variants) as the storefront sees them. Browser-safe.

/** An option with its effective stock (0 when the option or its product is unavailable). */
export type VariantOption = {
  id: string
  name: string
  price_cents: number
  stock_quantity: number
  /** sold by weight (ADR 30): a piece's average; price_cents is then per lb */
  average_weight_centi_lb?: number | null
  /** the product page's (ADR 32): may be subscribed; some stock is kept for subscribers */
  subscribable?: boolean
  kept_for_subscribers?: boolean
}

/**
 * The option selected when the page opens: the first one with stock, else the first one
 * (spec section 4). Options come ordered by price, then name, so "first" is the cheapest.
 */
export function pickInitialVariant<V extends VariantOption>(variants: readonly V[]): V | null {
  return variants.find((variant) => variant.stock_quantity > 0) ?? variants[0] ?? null
}

/** The option named in the URL (?variant=) when it belongs to the product, else the initial one. */
export function resolveSelectedVariant<V extends VariantOption>(
  variants: readonly V[],
  requestedId: string | null | undefined,
): V | null {
  const requested = requestedId ? variants.find((variant) => variant.id === requestedId) : undefined
  return requested ?? pickInitialVariant(variants)
}

/** What a product card shows and adds for a product, with or without options. */
export type CardOffer = {
  /** The price shown: the product's, or for options the lowest in-stock option's price */
  price_cents: number
  /** True when options have different prices, so the price reads "From $X" */
  price_is_from: boolean
  /** Stock behind the badges: the product's, or the sum of its options' */
  stock_quantity: number
  /** The option Add to Cart puts in the cart, for products with options */
  default_variant: { id: string; name: string } | null
  /** How many options the product has (0 for one without) */
  option_count: number
  /** sold by weight (ADR 30): the shown piece's average weight; the price is then per lb */
  average_weight_centi_lb: number | null
}

export function cardOffer(
  product: { price_cents: number; stock_quantity: number; average_weight_centi_lb?: number | null },
  variants: readonly VariantOption[],
): CardOffer {
  const initial = pickInitialVariant(variants)
  if (!initial) {
    return {
      price_cents: product.price_cents,
      price_is_from: false,
      stock_quantity: product.stock_quantity,
      default_variant: null,
      option_count: 0,
      average_weight_centi_lb: product.average_weight_centi_lb ?? null,
    }
  }
  const prices = new Set(variants.map((variant) => variant.price_cents))
  return {
    price_cents: initial.price_cents,
    price_is_from: prices.size > 1,
    stock_quantity: variants.reduce((sum, variant) => sum + Math.max(0, variant.stock_quantity), 0),
    default_variant: { id: initial.id, name: initial.name },
    option_count: variants.length,
    average_weight_centi_lb: initial.average_weight_centi_lb ?? null,
  }
}

/**
 * What one of these is sold by: an option names its own amount ("Half Dozen", "Quarter Share"),
 * so its price is per that option; a product without options is per its unit ("lb", "jar").
 * "$4.00 / half dozen", never "$4.00 / dozen" for the half dozen (issue 16 item 6).
 */
export function sellingUnit(productUnit: string, variantName: string | null | undefined): string {
  return variantName ? variantName.toLowerCase() : productUnit
}
