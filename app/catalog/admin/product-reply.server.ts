import { data } from 'react-router'
import type { FormReply } from '~/platform/forms/conform'
import type { readProductForm } from './products.server'

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
  return data<FormReply>({ ...reply, form: 'product' }, { status })
}
