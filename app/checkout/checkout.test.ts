import { expect, test } from 'vitest'
import { type FormReply, parseSubmission } from '~/platform/forms/conform'
import {
  CheckoutActionSchema,
  type CheckoutDraft,
  checkoutView,
  shippingStepSchema,
} from './checkout'
import { FILLED_SHIPPING } from './test-shipping'

const filled = FILLED_SHIPPING

const formOf = (fields: Record<string, string>) => {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  return form
}

test('step 1 answers with the specification messages, each next to its field', () => {
  const result = parseSubmission(
    formOf({ ...filled, email: '', lastName: ' ', street: '' }),
    shippingStepSchema(['ID']),
  )
  expect(result.status).toBe('error')
  expect(result.reply().error).toEqual({
    email: ['Email is required'],
    lastName: ['Full name is required'],
    street: ['Address is required'],
  })
})

test('step 1 accepts a full address in a state on offer, and no other state', () => {
  const ok = parseSubmission(formOf({ ...filled, saveAddress: 'on' }), shippingStepSchema(['ID']))
  expect(ok.status === 'success' && ok.value).toMatchObject({
    state: 'ID',
    saveAddress: true,
    apartment: null,
  })
  const elsewhere = parseSubmission(formOf({ ...filled, state: 'WA' }), shippingStepSchema(['ID']))
  expect(elsewhere.reply().error).toEqual({ state: ['We currently deliver only to Idaho.'] })
})

test('the action knows its five intents and nothing else', () => {
  for (const intent of [
    'to-payment',
    'back-to-shipping',
    'to-review',
    'back-to-payment',
    'place-order',
  ]) {
    expect(parseSubmission(formOf({ intent }), CheckoutActionSchema).status).toBe('success')
  }
  expect(parseSubmission(formOf({ intent: 'pay-later' }), CheckoutActionSchema).status).toBe(
    'error',
  )
})

const prefill: CheckoutDraft = {
  ...filled,
  apartment: '',
  slot: '',
  saveAddress: true,
  paymentMethod: 'offline',
}

test("the page shows the step the reply's form names, with what the reply carries back", () => {
  expect(checkoutView(undefined, prefill)).toEqual({ step: 1, draft: prefill, idempotencyKey: '' })
  const posted = parseSubmission(
    formOf({ ...filled, intent: 'to-review', paymentMethod: 'offline', firstName: 'Marta' }),
    CheckoutActionSchema,
  ).reply()
  const review: FormReply = {
    ...posted,
    initialValue: { ...posted.initialValue, idempotencyKey: 'k'.repeat(36) },
    form: 'review',
  }
  expect(checkoutView(review, prefill)).toEqual({
    step: 3,
    // Empty fields are not sent back; the draft has them empty, and the box unticked.
    draft: { ...prefill, firstName: 'Marta', saveAddress: false },
    idempotencyKey: 'k'.repeat(36),
  })
  expect(checkoutView({ ...posted, form: 'payment' }, prefill).step).toBe(2)
  expect(checkoutView({ ...posted, form: 'shipping' }, prefill).step).toBe(1)
})
