import { getZodConstraint } from '@conform-to/zod/v4'
import { expect, test } from 'vitest'
import { parseSubmission } from '~/platform/forms/conform'
import { SettingsSchema } from './settings-form'

// The settings form's schema as the page (Conform) and the action both use it; the db tests
// (settings.db.test.ts) go through the values.

const VALID = {
  tax_rate: '6',
  standard_shipping: '5.99',
  express_shipping: '12.99',
  pickup_shipping: '0',
  free_shipping_threshold: '50',
  hold_hours: '24',
  weight_tolerance: '15',
}

/** The form posted with these values changed, and `states` ticked (ID unless told). */
function submit(changes: Record<string, string>, states: string[] = ['ID']) {
  const form = new FormData()
  for (const [name, value] of Object.entries({ ...VALID, ...changes })) form.append(name, value)
  for (const state of states) form.append('states', state)
  return parseSubmission(form, SettingsSchema)
}

test('the browser gets its constraints from the schema', () => {
  expect(getZodConstraint(SettingsSchema)).toMatchObject({ tax_rate: { required: true } })
})

test('one ticked state arrives as one value, several as a list; both are taken', () => {
  const posted = (states: string[]) => {
    const submission = submit({}, states)
    return submission.status === 'success' ? submission.value.states : submission.error
  }
  expect(posted(['ID'])).toEqual(['ID'])
  expect(posted(['OR', 'ID'])).toEqual(['ID', 'OR'])
  expect(posted([])).toEqual({ states: ['Choose at least one state the farm delivers to.'] })
})

test('the waiting-list hold time is whole hours from 1 to 168 (a week)', () => {
  const hours = (value: string) => {
    const submission = submit({ hold_hours: value })
    return submission.status === 'success' ? submission.value.hold_hours : submission.error
  }
  expect(hours(' 48 ')).toBe(48)
  expect(hours('1')).toBe(1)
  expect(hours('168')).toBe(168)
  const outside = { hold_hours: ['The hold time in hours must be between 1 and 168.'] }
  expect(hours('0')).toEqual(outside)
  expect(hours('169')).toEqual(outside)
  expect(hours('1.5')).toEqual({ hold_hours: ['The hold time in hours must be a whole number.'] })
  expect(hours('')).toEqual({
    hold_hours: ['Enter the hold time in hours.', 'The hold time in hours must be a whole number.'],
  })
})

test('the weight tolerance is a whole percentage from 0 to 50', () => {
  const tolerance = (value: string) => {
    const submission = submit({ weight_tolerance: value })
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
