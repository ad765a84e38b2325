import { formatCents, formatUnitPrice } from '~/platform/ui/price'
import { estimatePieceCents } from './weight'

/**
 * A card's price in the same two parts for every kind of product, so every card shows it in
 * the same place and size: the price ("$12.00 / lb", "From $4.00") and, for a piece sold by
 * weight, what one piece comes to ("about $21.24 each").
 */
export type CardPriceText = { price: string; note: string | null }

export function cardPriceText(card: {
  price_cents: number
  unit: string
  /** the cheapest of options with different prices */
  price_is_from?: boolean
  /** sold by weight (ADR 30): a piece's average; price_cents is then per lb */
  average_weight_centi_lb?: number | null
}): CardPriceText {
  // The cheapest option's own amount is not the product's unit ("From $4.00", not "/ dozen").
  if (card.price_is_from) return { price: `From ${formatCents(card.price_cents)}`, note: null }
  if (card.average_weight_centi_lb) {
    const each = estimatePieceCents(card.price_cents, card.average_weight_centi_lb)
    return {
      price: formatUnitPrice(card.price_cents, 'lb'),
      note: `about ${formatCents(each)} each`,
    }
  }
  return { price: formatUnitPrice(card.price_cents, card.unit), note: null }
}
