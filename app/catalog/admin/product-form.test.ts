import { describe, expect, test } from 'vitest'
import { parseProductForm, variantRowsFrom } from './product-form'

// The product form's schema, as the browser and the action both run it.

const valid = {
  name: 'Duck Eggs',
  category: 'Eggs',
  price: '9.50',
  unit: 'dozen',
  stock: '3',
}

describe('parseProductForm', () => {
  test('bad input: messages per field, option rows numbered as sent', () => {
    const parsed = parseProductForm({
      name: '',
      price: 'abc',
      unit: 'each',
      stock: '-1',
      category: '',
      'variants.0.name': 'A',
      'variants.0.price': '1',
      'variants.0.stock': '1',
      'variants.1.name': '',
      'variants.1.price': 'x',
      'variants.1.stock': '1',
      'variants.2.name': 'a',
      'variants.2.price': '1',
      'variants.2.stock': '1',
    })
    expect(parsed.ok).toBe(false)
    if (parsed.ok) return
    expect(parsed.fieldErrors).toMatchObject({
      name: 'Enter the product name.',
      price: 'Enter the price in dollars, like 12.50.',
      stock: 'The stock must be between 0 and 100,000.',
      category: 'Choose a category or type a new one.',
      'variants.1.name': 'Enter the option name.',
      'variants.1.price': 'Enter the option price in dollars, like 12.50.',
      'variants.2.name': 'Two options have this name; give each its own.',
    })
  })
  test('a new category typed in wins over the list; blank option rows are skipped', () => {
    const parsed = parseProductForm({
      ...valid,
      newCategory: ' Poultry ',
      isAvailable: 'on',
      expectedQuantity: '',
      'variants.0.name': '',
      'variants.0.price': '',
      'variants.0.stock': '',
      'variants.0.available': 'on',
    })
    expect(parsed).toEqual({
      ok: true,
      data: {
        name: 'Duck Eggs',
        description: '',
        category: 'Poultry',
        price: 950,
        unit: 'dozen',
        isAvailable: true,
        localOnly: false,
        nextAvailableDate: null,
        expectedQuantity: null,
        stock: 3,
        stockWas: null,
        uploadedImage: null,
        variants: [],
      },
    })
  })

  test('only our own image URLs are taken from the hidden field', () => {
    const take = (uploadedImage: string) => {
      const parsed = parseProductForm({ ...valid, uploadedImage })
      return parsed.ok ? parsed.data.uploadedImage : 'error'
    }
    expect(take('/images/abc.12345678.1280.webp')).toBe('/images/abc.12345678.1280.webp')
    expect(take('javascript:alert(1)')).toBeNull()
    expect(take('/images/../secret')).toBeNull()
  })
})

test('variantRowsFrom: rows in order, unticked boxes false, unknown keys ignored', () => {
  expect(
    variantRowsFrom({
      'variants.1.name': 'B',
      'variants.0.name': 'A',
      'variants.0.available': 'on',
      'variants.0.price': '1',
      'variants.99.name': 'too many',
      'variants.x.name': 'bad',
      name: 'product',
    }),
  ).toEqual([
    { id: '', name: 'A', price: '1', stock: '', stockWas: '', available: true },
    { id: '', name: 'B', price: '', stock: '', stockWas: '', available: false },
  ])
})
