import { getZodConstraint } from '@conform-to/zod/v4'
import { expect, test } from 'vitest'
import { parseSubmission } from '~/platform/forms/conform'
import { SettingsSchema } from './settings-form'

// The settings form's schema as the page (Conform) and the action both use it; the db tests
// (promotions/admin/promo-settings.db.test.ts) go through the values.

test('the browser gets its constraints from the schema', () => {
  expect(getZodConstraint(SettingsSchema)).toMatchObject({ tax_rate: { required: true } })
})

test('one ticked state arrives as one value, several as a list; both are taken', () => {
  const posted = (states: string[]) => {
    const form = new FormData()
    for (const [name, value] of Object.entries({
      tax_rate: '6',
      standard_shipping: '5.99',
      express_shipping: '12.99',
      pickup_shipping: '0',
      free_shipping_threshold: '50',
      weight_tolerance: '15',
    })) {
      form.append(name, value)
    }
    for (const state of states) form.append('states', state)
    const submission = parseSubmission(form, SettingsSchema)
    return submission.status === 'success' ? submission.value.states : submission.error
  }
  expect(posted(['ID'])).toEqual(['ID'])
  expect(posted(['OR', 'ID'])).toEqual(['ID', 'OR'])
  expect(posted([])).toEqual({ states: ['Choose at least one state the farm delivers to.'] })
})

test('the weight tolerance is a whole percentage from 0 to 50', () => {
  const tolerance = (value: string) => {
    const form = new FormData()
    for (const [name, v] of Object.entries({
      tax_rate: '6',
      standard_shipping: '5.99',
      express_shipping: '12.99',
      pickup_shipping: '0',
      free_shipping_threshold: '50',
      states: 'ID',
      weight_tolerance: value,
    })) {
      form.append(name, v)
    }
    const submission = parseSubmission(form, SettingsSchema)
    return submission.status === 'success'
      ? submission.value.weight_tolerance
      : submission.error?.weight_tolerance
  }
  expect(tolerance('15')).toBe(15)
  expect(tolerance('0')).toBe(0)
  expect(tolerance('50 %')).toBe(50)
  for (const bad of ['51', '-1', '12.5', '', 'lots']) {
    expect(tolerance(bad), bad).toEqual([
      'Enter the weight tolerance as a whole percentage from 0 to 50.',
    ])
  }
})
