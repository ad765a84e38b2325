import { data } from 'react-router'
import type { FormReply } from '~/platform/forms/conform'
import { MAX_VARIANT_ROWS } from './product-form'
import type { readProductForm } from './product-save.server'

/**
 * What was typed, as the page can show it: the option rows as a list of at most
 * MAX_VARIANT_ROWS. A forged post can name rows that make no list (`variants.0.name`) or a
 * list of millions (`variants[9999999].name`); the schema refuses both, and the page shows
 * the rows it can.
 */
function asTyped(initialValue: FormReply['initialValue']): FormReply['initialValue'] {
  if (!initialValue || !('variants' in initialValue)) return initialValue
  const { variants, ...rest } = initialValue
  return Array.isArray(variants) ? { ...rest, variants: variants.slice(0, MAX_VARIANT_ROWS) } : rest
}

type ProductSubmission = Awaited<ReturnType<typeof readProductForm>>['submission']

/**
 * The product form's answer when nothing was saved: what was typed (the option rows included,
 * with a row added or removed when that is what the post asked for), each complaint beside its
 * field, the picture's among them, and `message` above the form. A list change without
 * JavaScript is no mistake (200); a form with mistakes is 400, or `status` when given.
 */
export function replyProductForm(
  submission: ProductSubmission,
  options: {
    imageError?: string | null
    fieldErrors?: Record<string, string[]>
    message?: string
    status?: number
  } = {},
) {
  const fieldErrors = {
    ...options.fieldErrors,
    ...(options.imageError ? { image: [options.imageError] } : {}),
  }
  const reply = submission.reply({
    fieldErrors,
    ...(options.message ? { formErrors: [options.message] } : {}),
  })
  const status = options.status ?? (submission.status === undefined ? 200 : 400)
  return data<FormReply>(
    { ...reply, initialValue: asTyped(reply.initialValue), form: 'product' },
    { status },
  )
}
