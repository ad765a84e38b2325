import { getZodConstraint } from '@conform-to/zod/v4'
import { expect, test } from 'vitest'
import { parseSubmission } from '~/platform/forms/conform'
import { PromoCodeSchema, promoCodeInput } from './promo-code-form'

// The promo code form's schema as the page (Conform) and the action both use it. The db tests
// (promo-codes.db.test.ts) go through the rules; this checks the page's side.

test('the browser gets its constraints from the schema', () => {
  expect(getZodConstraint(PromoCodeSchema)).toMatchObject({
    code: { required: true },
    discount_type: { required: true },
    usage_limit: { required: false },
  })
})

test('a checked form becomes what the shop saves', () => {
  const form = new FormData()
  for (const [name, value] of Object.entries({
    code: 'fall3',
    discount_type: 'fixed',
    discount_value: '$3',
    min_subtotal: '',
    is_active: 'on',
  })) {
    form.append(name, value)
  }
  const submission = parseSubmission(form, PromoCodeSchema)
  expect(submission.status === 'success' && promoCodeInput(submission.value)).toEqual({
    code: 'FALL3',
    discount_type: 'fixed',
    discount_value: 300,
    min_subtotal_cents: 0,
    starts_on: null,
    ends_on: null,
    usage_limit: null,
    is_active: true,
  })
})
