import { describe, expect, test } from 'vitest'
import {
  formatOrderNumber,
  placeOrderSchema,
  soldOutMessage,
  unavailableMessage,
} from './place-order'

const valid = {
  idempotencyKey: 'b4f1c1d2-5a0e-4c6f-9a51-3f1f2b0c9d7e',
  contact: { email: ' Ann@Example.COM ', phone: '(208) 555-0100' },
  shippingAddress: {
    firstName: 'Ann',
    lastName: 'Lee',
    street: '12 Orchard Lane',
    apartment: '',
    city: 'Boise',
    state: 'id',
    zipCode: '83702-1234',
  },
  shippingMethod: 'standard',
  paymentMethod: 'offline',
}

function errors(input: unknown, states: string[] = ['ID']) {
  const result = placeOrderSchema(states).safeParse(input)
  if (result.success) return {}
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
  )
}

describe('the Place Order schema', () => {
  test('a valid checkout is normalised: email lower case, blank apartment null, state upper case', () => {
    const data = placeOrderSchema(['ID']).parse(valid)
    expect(data.contact.email).toBe('ann@example.com')
    expect(data.shippingAddress).toMatchObject({ apartment: null, state: 'ID' })
  })

  test('pickup asks for a name and no address', () => {
    const data = placeOrderSchema(['ID']).parse({
      ...valid,
      shippingMethod: 'pickup',
      slot: 'w1:2026-11-26',
      shippingAddress: { firstName: 'Ann', lastName: 'Lee', street: '', city: '' },
    })
    expect(data.shippingAddress).toEqual({ firstName: 'Ann', lastName: 'Lee' })
    expect(errors({ ...valid, shippingMethod: 'pickup', shippingAddress: {} })).toEqual({
      'shippingAddress.firstName': 'Full name is required',
      'shippingAddress.lastName': 'Full name is required',
    })
    expect(
      errors({
        ...valid,
        shippingMethod: 'delivery',
        shippingAddress: { firstName: 'A', lastName: 'B' },
      }),
    ).toMatchObject({
      'shippingAddress.street': 'Address is required',
    })
  })

  test("the specification's three messages, and ours for the rest", () => {
    expect(
      errors({
        ...valid,
        contact: { email: '', phone: '12' },
        shippingAddress: {
          ...valid.shippingAddress,
          firstName: 'Ann',
          lastName: ' ',
          street: '',
          city: '',
          zipCode: 'abc',
        },
        paymentMethod: 'creditCard',
        idempotencyKey: 'x',
      }),
    ).toEqual({
      idempotencyKey: 'This checkout page has expired. Please review your order again.',
      'contact.email': 'Email is required',
      'contact.phone': 'Please enter a valid phone number',
      'shippingAddress.lastName': 'Full name is required',
      'shippingAddress.street': 'Address is required',
      'shippingAddress.city': 'City is required',
      'shippingAddress.zipCode': 'Please enter a valid ZIP code',
      paymentMethod: 'Please choose a payment method',
    })
    // The method decides which fields are asked for, so an unknown one is all that is said.
    expect(errors({ ...valid, shippingMethod: 'drone' })).toEqual({
      shippingMethod: 'Please choose a shipping method',
    })
    expect(errors({ ...valid, contact: { email: 'not-an-email', phone: '208 555 0100' } })).toEqual(
      {
        'contact.email': 'Please enter a valid email address',
      },
    )
  })

  test('only the states the shop delivers to', () => {
    const oregon = { ...valid, shippingAddress: { ...valid.shippingAddress, state: 'OR' } }
    expect(errors(oregon)).toEqual({
      'shippingAddress.state': 'We currently deliver only to Idaho.',
    })
    expect(errors(oregon, ['ID', 'OR', 'WA'])).toEqual({})
    expect(
      errors({ ...oregon, shippingAddress: { ...oregon.shippingAddress, state: 'CA' } }, [
        'ID',
        'OR',
        'WA',
      ]),
    ).toEqual({
      'shippingAddress.state': 'We currently deliver only to Idaho, Oregon or Washington.',
    })
  })
})

describe('words', () => {
  test('order numbers and stock refusals', () => {
    expect(formatOrderNumber(10001)).toBe('FS-10001')
    expect(
      soldOutMessage({ name: 'Pasture-Raised Eggs', variantName: 'Dozen', available: 2 }),
    ).toBe('Only 2 of Pasture-Raised Eggs (Dozen) left in stock.')
    expect(soldOutMessage({ name: 'Raw Honey', variantName: null, available: 0 })).toBe(
      'Raw Honey is sold out.',
    )
    expect(unavailableMessage(['Old Jerky'])).toBe(
      'Sorry, Old Jerky is no longer available. Please remove it from your cart.',
    )
  })
})
