import { getZodConstraint } from '@conform-to/zod/v4'
import { describe, expect, test } from 'vitest'
import { parseSubmission } from '~/platform/forms/conform'
import { POLICY_MAX_LENGTH } from '../policies'
import { PolicyFormSchema } from './policy-form'

function form(entries: Record<string, string>) {
  const data = new FormData()
  for (const [name, value] of Object.entries(entries)) data.append(name, value)
  return data
}

describe('the policy form', () => {
  test('blank or too long text is refused with a message', () => {
    const blank = parseSubmission(form({ intent: 'save', body: '  ' }), PolicyFormSchema)
    expect(blank.reply().error).toEqual({ body: ['Enter the policy text.'] })
    const long = parseSubmission(
      form({ intent: 'save', body: 'x'.repeat(POLICY_MAX_LENGTH + 1) }),
      PolicyFormSchema,
    )
    expect(long.reply().error).toEqual({
      body: [`The policy text must be at most ${POLICY_MAX_LENGTH} characters.`],
    })
  })

  test('the page takes its constraints from the same schema', () => {
    expect(getZodConstraint(PolicyFormSchema)).toMatchObject({ body: { required: false } })
  })

  test('Restore Default Text needs no text', () => {
    const reset = parseSubmission(form({ intent: 'reset', body: '' }), PolicyFormSchema)
    expect(reset.status).toBe('success')
  })
})
