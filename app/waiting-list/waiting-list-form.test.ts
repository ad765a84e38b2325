import { expect, test } from 'vitest'
import { parseSubmission, replyInvalid } from '~/platform/forms/conform'
import { ProductActionSchema, WAITING_LIST_MESSAGES } from './waiting-list-form'

const form = (entries: Record<string, string>) => {
  const data = new FormData()
  for (const [key, value] of Object.entries(entries)) data.append(key, value)
  return data
}

test('a join with an option, a quantity and the notify box ticked', () => {
  const submission = parseSubmission(
    form({ intent: 'join-waiting-list', variantId: 'v1', quantity: '3', notifyByEmail: 'on' }),
    ProductActionSchema,
  )
  expect(submission.status === 'success' && submission.value).toEqual({
    intent: 'join-waiting-list',
    variantId: 'v1',
    quantity: 3,
    notifyByEmail: true,
  })
})

test('no option and an unticked box', () => {
  const submission = parseSubmission(
    form({ intent: 'join-waiting-list', variantId: '', quantity: '1' }),
    ProductActionSchema,
  )
  expect(submission.status === 'success' && submission.value).toEqual({
    intent: 'join-waiting-list',
    variantId: null,
    quantity: 1,
    notifyByEmail: false,
  })
})

test('quantities below 1, fractions and junk are refused with one message, kept as typed', () => {
  for (const quantity of ['0', '-2', '1.5', 'lots', '']) {
    const submission = parseSubmission(
      form({ intent: 'join-waiting-list', quantity }),
      ProductActionSchema,
    )
    expect(submission.reply().error, quantity).toEqual({
      quantity: [WAITING_LIST_MESSAGES.quantity],
    })
    expect(replyInvalid(submission).data.initialValue?.quantity).toBe(quantity || undefined)
  }
  expect(
    parseSubmission(form({ intent: 'join-waiting-list', quantity: '10000' }), ProductActionSchema)
      .status,
  ).toBe('error')
})

test('an unknown intent is refused', () => {
  expect(parseSubmission(form({ intent: 'add', quantity: '1' }), ProductActionSchema).status).toBe(
    'error',
  )
})
