import { describe, expect, test } from 'vitest'
import { cardAction } from './card-action'

describe('cardAction', () => {
  test('a product without options, in stock: Add to Cart on the card', () => {
    expect(cardAction({ stock_quantity: 30, option_count: 0 })).toBe('add')
  })

  test('a single option leaves nothing to choose: Add to Cart', () => {
    expect(cardAction({ stock_quantity: 4, option_count: 1 })).toBe('add')
  })

  test('several options in stock: Choose options on the product page', () => {
    expect(cardAction({ stock_quantity: 42, option_count: 3 })).toBe('choose')
  })

  test('nothing in stock, with or without options: the waiting list', () => {
    expect(cardAction({ stock_quantity: 0, option_count: 0 })).toBe('waiting-list')
    expect(cardAction({ stock_quantity: 0, option_count: 2 })).toBe('waiting-list')
    expect(cardAction({ stock_quantity: -1, option_count: 0 })).toBe('waiting-list')
  })
})
