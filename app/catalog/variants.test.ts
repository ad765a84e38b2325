import { describe, expect, test } from 'vitest'
import {
  cardOffer,
  pickInitialVariant,
  resolveSelectedVariant,
  type VariantOption,
} from './variants'

const option = (id: string, price_cents: number, stock_quantity: number): VariantOption => ({
  id,
  name: id,
  price_cents,
  stock_quantity,
})

describe('pickInitialVariant', () => {
  test('the first option with stock', () => {
    const options = [option('quarter', 100, 0), option('half', 200, 3), option('whole', 400, 9)]
    expect(pickInitialVariant(options)?.id).toBe('half')
  })
  test('the first option when none has stock; null without options', () => {
    expect(pickInitialVariant([option('a', 1, 0), option('b', 2, 0)])?.id).toBe('a')
    expect(pickInitialVariant([])).toBeNull()
  })
})

test('the URL may select any of the product’s options, else the initial one', () => {
  const options = [option('dozen', 700, 48), option('flat', 1500, 0)]
  expect(resolveSelectedVariant(options, 'flat')?.id).toBe('flat')
  expect(resolveSelectedVariant(options, 'another-products-option')?.id).toBe('dozen')
  expect(resolveSelectedVariant(options, null)?.id).toBe('dozen')
  expect(resolveSelectedVariant([], 'dozen')).toBeNull()
})

describe('cardOffer', () => {
  test('a product without options shows its own price and stock', () => {
    expect(cardOffer({ price_cents: 899, stock_quantity: 80 }, [])).toEqual({
      price_cents: 899,
      price_is_from: false,
      stock_quantity: 80,
      default_variant: null,
      option_count: 0,
      average_weight_centi_lb: null,
    })
  })
  test('options: the cheapest in-stock price, "from" when prices differ, summed stock', () => {
    const options = [
      option('quarter', 119500, 0),
      option('half', 229500, 12),
      option('whole', 439500, 10),
    ]
    expect(cardOffer({ price_cents: 119500, stock_quantity: 42 }, options)).toEqual({
      price_cents: 229500,
      price_is_from: true,
      stock_quantity: 22,
      default_variant: { id: 'half', name: 'half' },
      option_count: 3,
      average_weight_centi_lb: null,
    })
  })
  test('options at one price are not "from"; all sold out shows the cheapest, out of stock', () => {
    expect(
      cardOffer({ price_cents: 1, stock_quantity: 0 }, [option('a', 500, 2)]).price_is_from,
    ).toBe(false)
    expect(
      cardOffer({ price_cents: 1, stock_quantity: 9 }, [option('a', 500, 0), option('b', 900, 0)]),
    ).toEqual({
      price_cents: 500,
      price_is_from: true,
      stock_quantity: 0,
      default_variant: { id: 'a', name: 'a' },
      option_count: 2,
      average_weight_centi_lb: null,
    })
  })
})
