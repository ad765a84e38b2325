// The one thing a product card offers (issue 22 item 3). Browser-safe, no database.

/**
 * - `add`: Add to Cart right on the card: one thing to buy, in stock.
 * - `choose`: a "Choose options" link to the product page: several options, and which one is
 *   the shopper's choice, not the grid's (a beef share's size, a box's size).
 * - `waiting-list`: nothing to buy; the product page takes a place on the waiting list.
 */
export type CardAction = 'add' | 'choose' | 'waiting-list'

export function cardAction(card: {
  /** the product's stock, or the sum of its options' (0 when none can be bought) */
  stock_quantity: number
  /** how many options the product has; 0 or 1 leaves nothing to choose */
  option_count: number
}): CardAction {
  if (card.stock_quantity <= 0) return 'waiting-list'
  return card.option_count > 1 ? 'choose' : 'add'
}
