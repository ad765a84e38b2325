import { getZodConstraint } from '@conform-to/zod/v4'
import { describe, expect, test } from 'vitest'
import { parseSubmission } from '~/platform/forms/conform'
import {
  AVERAGE_WEIGHT_INVALID,
  AVERAGE_WEIGHT_REQUIRED,
  BLANK_VARIANT_ROW,
  ProductSchema,
  productInput,
} from './product-form'

// The product form's schema, as the browser and the action both run it (through Conform).

const valid = {
  name: 'Duck Eggs',
  category: 'Eggs',
  price: '9.50',
  unit: 'dozen',
  stock: '3',
}

function posted(values: Record<string, string>, intent?: object) {
  const form = new FormData()
  for (const [name, value] of Object.entries(values)) form.append(name, value)
  if (intent) form.append('__intent__', JSON.stringify(intent))
  return parseSubmission(form, ProductSchema)
}

/** Each field's first complaint, by Conform's field name. */
function complaints(values: Record<string, string>) {
  const submission = posted(values)
  if (submission.status !== 'error')
    throw new Error(`expected complaints, got ${submission.status}`)
  return Object.fromEntries(
    Object.entries(submission.error ?? {}).map(([name, messages]) => [name, messages?.[0]]),
  )
}

describe('ProductSchema', () => {
  test('the browser gets its constraints (the page cannot render without them)', () => {
    const constraint = getZodConstraint(ProductSchema)
    expect(constraint.name).toMatchObject({ required: true })
    // A blank option row is allowed, so no option field is required by the browser.
    expect(constraint['variants[].name']).toMatchObject({ required: false })
  })

  test('bad input: messages per field, option rows numbered as sent', () => {
    expect(
      complaints({
        name: '',
        price: 'abc',
        unit: 'each',
        stock: '-1',
        category: '',
        'variants[0].name': 'A',
        'variants[0].price': '1',
        'variants[0].stock': '1',
        'variants[1].name': '',
        'variants[1].price': 'x',
        'variants[1].stock': '1',
        'variants[2].name': 'a',
        'variants[2].price': '1',
        'variants[2].stock': '1',
      }),
    ).toMatchObject({
      name: 'Enter the product name.',
      price: 'Enter the price in dollars, like 12.50.',
      stock: 'The stock must be between 0 and 100,000.',
      category: 'Choose a category or type a new one.',
      'variants[1].name': 'Enter the option name.',
      'variants[1].price': 'Enter the option price in dollars, like 12.50.',
      'variants[2].name': 'Two options have this name; give each its own.',
    })
  })

  test('two options with one name: the second is told', () => {
    expect(
      complaints({
        ...valid,
        'variants[0].name': 'Pint',
        'variants[0].price': '1',
        'variants[0].stock': '1',
        'variants[1].name': 'pint ',
        'variants[1].price': '2',
        'variants[1].stock': '1',
      }),
    ).toEqual({ 'variants[1].name': 'Two options have this name; give each its own.' })
  })

  test('a new category typed in wins over the list; blank option rows are skipped', () => {
    const submission = posted({
      ...valid,
      newCategory: ' Poultry ',
      isAvailable: 'on',
      expectedQuantity: '',
      'variants[0].name': '',
      'variants[0].price': '',
      'variants[0].stock': '',
      'variants[0].available': 'on',
      'variants[1].name': 'Half dozen',
      'variants[1].price': '5',
      'variants[1].stock': '2',
    })
    expect(submission.status).toBe('success')
    expect(submission.status === 'success' && productInput(submission.value)).toEqual({
      name: 'Duck Eggs',
      description: '',
      category: 'Poultry',
      price: 950,
      unit: 'dozen',
      isAvailable: true,
      localOnly: false,
      soldByWeight: false,
      averageWeight: null,
      nextAvailableDate: null,
      expectedQuantity: null,
      stock: 3,
      stockWas: null,
      uploadedImage: null,
      subscriptionFrequencies: '',
      subscriberDiscount: 0,
      seasonMonths: '',
      variants: [
        {
          id: null,
          name: 'Half dozen',
          price: 500,
          stock: 2,
          stockWas: null,
          available: false,
          soldByWeight: false,
          averageWeight: null,
          subscribable: false,
          row: 1,
        },
      ],
    })
  })

  test('only our own image URLs are taken from the hidden field', () => {
    const take = (uploadedImage: string) => {
      const submission = posted({ ...valid, uploadedImage })
      return submission.status === 'success' ? submission.value.uploadedImage : 'error'
    }
    expect(take('/images/abc.12345678.1280.webp')).toBe('/images/abc.12345678.1280.webp')
    expect(take('javascript:alert(1)')).toBeNull()
    expect(take('/images/../secret')).toBeNull()
  })

  test('option names the form does not use are refused, not a crash', () => {
    expect(posted({ ...valid, 'variants.0.name': 'Old style' }).status).toBe('error')
    expect(posted({ ...valid, 'variants[40].name': 'Too many' }).status).toBe('error')
  })
})

// Without JavaScript, Add Another Option and a new row's Remove post Conform's intent; the
// action answers with the list changed and no complaint about fields nobody has finished.
describe('option rows added and removed through the server', () => {
  const typed = {
    name: '',
    price: 'abc',
    'variants[0].name': 'Pint',
    'variants[0].price': '3',
    'variants[0].stock': '-2',
  }

  test('Add Another Option: one more row, blank and for sale, nothing else changed', () => {
    const submission = posted(typed, {
      type: 'insert',
      payload: { name: 'variants', defaultValue: BLANK_VARIANT_ROW },
    })
    expect(submission.status).toBeUndefined()
    const reply = submission.reply()
    expect(reply.initialValue).toMatchObject({
      price: 'abc',
      variants: [{ name: 'Pint', price: '3', stock: '-2' }, { available: 'on' }],
    })
  })

  test('Remove on a new row takes that row out', () => {
    const submission = posted(
      {
        ...typed,
        'variants[1].name': 'Quart',
        'variants[2].name': 'Gallon',
      },
      { type: 'remove', payload: { name: 'variants', index: 1 } },
    )
    expect(submission.status).toBeUndefined()
    expect(submission.reply().initialValue).toMatchObject({
      variants: [{ name: 'Pint' }, { name: 'Gallon' }],
    })
  })
})

describe('ProductSchema: sold by weight (ADR 30)', () => {
  const base = {
    name: 'Ribeye',
    category: 'Beef',
    price: '18.99',
    unit: 'lb',
    stock: '12',
  }
  const parse = (fields: Record<string, string>) => {
    const form = new FormData()
    for (const [name, value] of Object.entries({ ...base, ...fields })) form.append(name, value)
    return parseSubmission(form, ProductSchema)
  }
  const errorsOf = (fields: Record<string, string>) => {
    const submission = parse(fields)
    return submission.status === 'success' ? null : submission.error
  }

  test('the average weight in lb becomes hundredths of a lb', () => {
    const submission = parse({ soldByWeight: 'on', averageWeight: '1.1' })
    expect(submission.status === 'success' && submission.value).toMatchObject({
      soldByWeight: true,
      averageWeight: 110,
    })
  })

  test('sold by weight needs an average; a bad one is refused next to its field', () => {
    expect(errorsOf({ soldByWeight: 'on' })).toEqual({
      averageWeight: [AVERAGE_WEIGHT_REQUIRED],
    })
    for (const bad of ['0', '1.234', 'heavy', '-1', '101']) {
      expect(errorsOf({ soldByWeight: 'on', averageWeight: bad }), bad).toEqual({
        averageWeight: [AVERAGE_WEIGHT_INVALID],
      })
    }
  })

  test('an option sold by weight needs its own average', () => {
    const refused = errorsOf({
      'variants[0].name': '1.25 in thick',
      'variants[0].price': '19.99',
      'variants[0].stock': '4',
      'variants[0].soldByWeight': 'on',
    })
    expect(refused).toEqual({ 'variants[0].averageWeight': [AVERAGE_WEIGHT_REQUIRED] })
    const good = parse({
      'variants[0].name': '1.25 in thick',
      'variants[0].price': '19.99',
      'variants[0].stock': '4',
      'variants[0].soldByWeight': 'on',
      'variants[0].averageWeight': '1.40',
    })
    expect(good.status === 'success' && productInput(good.value).variants[0]).toMatchObject({
      soldByWeight: true,
      averageWeight: 140,
    })
  })
})

describe('ProductSchema: subscriptions (issue 21)', () => {
  const parse = (fields: Record<string, string>) => {
    const form = new FormData()
    for (const [name, value] of Object.entries({ ...valid, ...fields })) form.append(name, value)
    return parseSubmission(form, ProductSchema)
  }

  test('the ticked frequencies become the column, in the fixed order; the discount a number', () => {
    const submission = parse({
      subscribeMonthly: 'on',
      subscribeWeekly: 'on',
      subscriberDiscount: ' 10 ',
    })
    if (submission.status !== 'success') throw new Error(JSON.stringify(submission.error))
    expect(productInput(submission.value)).toMatchObject({
      subscriptionFrequencies: 'weekly,monthly',
      subscriberDiscount: 10,
    })
  })

  test('nothing ticked and no discount: one time only, 0 percent', () => {
    const submission = parse({})
    if (submission.status !== 'success') throw new Error(JSON.stringify(submission.error))
    expect(productInput(submission.value)).toMatchObject({
      subscriptionFrequencies: '',
      subscriberDiscount: 0,
    })
  })

  test('a discount that is not a whole number from 0 to 50 is refused next to its field', () => {
    const cases: [string, string][] = [
      ['51', 'The subscriber discount must be between 0 and 50.'],
      ['-5', 'The subscriber discount must be between 0 and 50.'],
      ['12.5', 'The subscriber discount must be a whole number.'],
      ['ten', 'The subscriber discount must be a whole number.'],
    ]
    for (const [typed, message] of cases) {
      const submission = parse({ subscribeWeekly: 'on', subscriberDiscount: typed })
      expect(submission.status === 'error' && submission.error, typed).toEqual({
        subscriberDiscount: [message],
      })
    }
  })

  test('an option is subscribable only while its box is ticked; a new row starts ticked', () => {
    expect(BLANK_VARIANT_ROW).toMatchObject({ subscribable: 'on' })
    const submission = parse({
      subscribeWeekly: 'on',
      'variants[0].name': 'Dozen',
      'variants[0].price': '7',
      'variants[0].stock': '4',
      'variants[0].subscribable': 'on',
      'variants[1].name': 'Half Dozen',
      'variants[1].price': '4',
      'variants[1].stock': '4',
    })
    if (submission.status !== 'success') throw new Error(JSON.stringify(submission.error))
    expect(productInput(submission.value).variants.map((v) => [v.name, v.subscribable])).toEqual([
      ['Dozen', true],
      ['Half Dozen', false],
    ])
  })
})
