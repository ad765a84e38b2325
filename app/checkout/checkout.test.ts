import { expect, test } from 'vitest'
import { parseForm } from '~/platform/forms/form-data'
import { CheckoutActionSchema, shippingStepSchema } from './checkout'

const filled = {
  email: 'ann@example.com',
  phone: '208-555-0142',
  firstName: 'Ann',
  lastName: 'Lee',
  street: '12 Meadow Lane',
  city: 'Boise',
  state: 'ID',
  zipCode: '83702',
  shippingMethod: 'express',
}

test('step 1 answers with the specification messages, each next to its field', () => {
  const result = parseForm(shippingStepSchema(['ID']), {
    ...filled,
    email: '',
    lastName: ' ',
    street: '',
  })
  expect(result).toEqual({
    ok: false,
    fieldErrors: {
      email: 'Email is required',
      lastName: 'Full name is required',
      street: 'Address is required',
    },
  })
})

test('step 1 accepts a full address in a state on offer, and no other state', () => {
  const ok = parseForm(shippingStepSchema(['ID']), { ...filled, saveAddress: 'on' })
  expect(ok.ok && ok.data).toMatchObject({ state: 'ID', saveAddress: true, apartment: null })
  const elsewhere = parseForm(shippingStepSchema(['ID']), { ...filled, state: 'WA' })
  expect(elsewhere).toEqual({
    ok: false,
    fieldErrors: { state: 'We currently deliver only to Idaho.' },
  })
})

test('the action knows its five intents and nothing else', () => {
  for (const intent of [
    'to-payment',
    'back-to-shipping',
    'to-review',
    'back-to-payment',
    'place-order',
  ]) {
    expect(parseForm(CheckoutActionSchema, { intent }).ok).toBe(true)
  }
  expect(parseForm(CheckoutActionSchema, { intent: 'pay-later' }).ok).toBe(false)
})
