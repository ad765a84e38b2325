import { expect, test } from 'vitest'
import { parseForm } from '~/platform/forms/form-data'
import { ProductActionSchema, WAITING_LIST_MESSAGES } from './waiting-list-form'

const form = (entries: Record<string, string>) => {
  const data = new FormData()
  for (const [key, value] of Object.entries(entries)) data.append(key, value)
  return data
}

test('a join with an option, a quantity and the notify box ticked', () => {
  expect(
    parseForm(
      ProductActionSchema,
      form({ intent: 'join-waiting-list', variantId: 'v1', quantity: '3', notifyByEmail: 'on' }),
    ),
  ).toEqual({
    ok: true,
    data: { intent: 'join-waiting-list', variantId: 'v1', quantity: 3, notifyByEmail: true },
  })
})

test('no option and an unticked box', () => {
  expect(
    parseForm(
      ProductActionSchema,
      form({ intent: 'join-waiting-list', variantId: '', quantity: '1' }),
    ),
  ).toEqual({
    ok: true,
    data: { intent: 'join-waiting-list', variantId: null, quantity: 1, notifyByEmail: false },
  })
})

test('quantities below 1, fractions and junk are refused with one message', () => {
  for (const quantity of ['0', '-2', '1.5', 'lots', '']) {
    expect(
      parseForm(ProductActionSchema, form({ intent: 'join-waiting-list', quantity })),
      quantity,
    ).toEqual({ ok: false, fieldErrors: { quantity: WAITING_LIST_MESSAGES.quantity } })
  }
  expect(
    parseForm(ProductActionSchema, form({ intent: 'join-waiting-list', quantity: '10000' })).ok,
  ).toBe(false)
})

test('an unknown intent is refused', () => {
  expect(parseForm(ProductActionSchema, form({ intent: 'add', quantity: '1' })).ok).toBe(false)
})
