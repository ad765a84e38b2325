import type { z } from 'zod'
import { parseSubmission } from '~/platform/forms/conform'

/**
 * A form posted to `schema` through Conform, exactly as the actions parse it (ADR 27): the
 * value, or each field's first complaint (`form` for one about the whole form).
 */
export function checkForm<S extends z.ZodType>(
  schema: S,
  values: Record<string, string | string[] | undefined>,
) {
  const form = new FormData()
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue
    for (const one of Array.isArray(value) ? value : [value]) form.append(name, one)
  }
  const submission = parseSubmission(form, schema)
  if (submission.status === 'success') return { ok: true as const, data: submission.value }
  const fieldErrors = Object.fromEntries(
    Object.entries(submission.error ?? {}).map(([name, messages]) => [
      name || 'form',
      messages?.[0],
    ]),
  )
  return { ok: false as const, fieldErrors }
}
