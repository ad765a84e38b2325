import { expect, test } from 'vitest'
import { parseSubmission } from '~/platform/forms/conform'
import { MAX_VARIANT_ROWS, ProductSchema } from './product-form'
import { replyProductForm } from './product-reply.server'

// A forged post can shape the option rows so the page could not show them (found by the
// fuzz tests: a 500 while rendering the reply). The reply keeps only what the page can show.

function reply(values: Record<string, string>) {
  const form = new FormData()
  for (const [name, value] of Object.entries(values)) form.append(name, value)
  return replyProductForm(parseSubmission(form, ProductSchema))
}

test('rows named so they make no list are left out of what comes back', () => {
  const answer = reply({ name: 'Jam', 'variants.0.name': 'Pint' })
  expect(answer.init?.status).toBe(400)
  expect(answer.data.initialValue).toEqual({ name: 'Jam' })
})

test('a list longer than a product can have comes back as the rows it can have', () => {
  // (A list of a million rows never gets here: parseSubmission refuses it, conform.test.tsx.)
  const answer = reply({ name: 'Jam', 'variants[150].name': 'Pint' })
  expect(answer.init?.status).toBe(400)
  const rows = (answer.data.initialValue as { variants: unknown[] }).variants
  expect(rows).toHaveLength(MAX_VARIANT_ROWS)
})
