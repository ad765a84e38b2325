import { expect, test } from 'vitest'
import { cardPriceText } from './card-price'

test('a unit price names its unit', () => {
  expect(cardPriceText({ price_cents: 1200, unit: 'lb' })).toEqual({
    price: '$12.00 / lb',
    note: null,
  })
  expect(cardPriceText({ price_cents: 900, unit: 'dozen', price_is_from: false })).toEqual({
    price: '$9.00 / dozen',
    note: null,
  })
})

test('options with different prices: "From" the cheapest, without a unit', () => {
  expect(cardPriceText({ price_cents: 119500, unit: 'share', price_is_from: true })).toEqual({
    price: 'From $1,195.00',
    note: null,
  })
})

test('by weight: the price per lb, then about what one piece comes to', () => {
  // 0.85 lb at $24.99/lb is $21.2415: $21.24.
  expect(cardPriceText({ price_cents: 2499, unit: 'steak', average_weight_centi_lb: 85 })).toEqual({
    price: '$24.99 / lb',
    note: 'about $21.24 each',
  })
})
