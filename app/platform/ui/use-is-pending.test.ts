import { describe, expect, test } from 'vitest'
import { isPendingSubmission, type Submission } from './use-is-pending'

function posting(fields: Record<string, string>, over: Partial<Submission> = {}): Submission {
  const formData = new FormData()
  for (const [name, value] of Object.entries(fields)) formData.append(name, value)
  return {
    state: 'submitting',
    formMethod: 'POST',
    formAction: '/account/addresses',
    formData,
    ...over,
  }
}

const idle: Submission = {
  state: 'idle',
  formMethod: undefined,
  formAction: undefined,
  formData: undefined,
}

describe('isPendingSubmission', () => {
  test('nothing is pending when the router is idle', () => {
    expect(isPendingSubmission(idle)).toBe(false)
  })

  test('a followed link is not a pending form', () => {
    expect(isPendingSubmission({ ...idle, state: 'loading' }, {})).toBe(false)
  })

  test('a submission is pending while it is sent and while the page reloads its data', () => {
    expect(isPendingSubmission(posting({}))).toBe(true)
    expect(isPendingSubmission(posting({}, { state: 'loading' }))).toBe(true)
  })

  test('an intent and fields pick out one form among several', () => {
    const deleting = posting({ intent: 'delete', id: 'a1' })
    expect(isPendingSubmission(deleting, { intent: 'delete' })).toBe(true)
    expect(isPendingSubmission(deleting, { intent: 'delete', fields: { id: 'a1' } })).toBe(true)
    expect(isPendingSubmission(deleting, { intent: 'delete', fields: { id: 'a2' } })).toBe(false)
    expect(isPendingSubmission(deleting, { intent: 'make-default' })).toBe(false)
  })

  test('the intent wins over a field of the same name', () => {
    const saving = posting({ intent: 'save' })
    expect(isPendingSubmission(saving, { intent: 'save', fields: { intent: 'other' } })).toBe(true)
  })

  test('a form action picks out the route the form posts to', () => {
    const adding = posting({ intent: 'add' }, { formAction: '/cart' })
    expect(isPendingSubmission(adding, { formAction: '/cart', intent: 'add' })).toBe(true)
    expect(isPendingSubmission(adding, { formAction: '/contact' })).toBe(false)
  })

  test('a Conform list button (add a row) saves nothing, so nothing says it is saving', () => {
    expect(isPendingSubmission(posting({ __intent__: '{"type":"insert"}' }))).toBe(false)
  })
})
