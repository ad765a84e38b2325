import { data } from 'react-router'
import type { z } from 'zod'

export type FieldErrors = Record<string, string>

export type FormResult<T> = { ok: true; data: T } | { ok: false; fieldErrors: FieldErrors }

/** Parses a form with its zod schema; on failure, the first message for each field. */
export function parseForm<S extends z.ZodType>(
  schema: S,
  form: FormData | Record<string, unknown>,
): FormResult<z.output<S>> {
  const values = form instanceof FormData ? Object.fromEntries(form) : form
  const result = schema.safeParse(values)
  if (result.success) return { ok: true, data: result.data }
  const fieldErrors: FieldErrors = {}
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form')
    fieldErrors[field] ??= issue.message
  }
  return { ok: false, fieldErrors }
}

/** For results that carry no field errors (typed, so pages can index it). */
export const NO_FIELD_ERRORS: Readonly<FieldErrors> = Object.freeze({})

const FORM_CONTENT_TYPE = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i

/**
 * The posted form, for every action that takes one. A body that is not a form (JSON, plain
 * text, none at all, or a multipart body that does not parse) is the client's mistake: it
 * answers 415 or 400 instead of failing the action with a 500 (found by the fuzz tests).
 */
export async function readForm(request: Request): Promise<FormData> {
  if (!FORM_CONTENT_TYPE.test(request.headers.get('content-type') ?? '')) {
    throw data('Send the form as application/x-www-form-urlencoded or multipart/form-data.', {
      status: 415,
    })
  }
  try {
    return await request.formData()
  } catch {
    throw data('The form could not be read.', { status: 400 })
  }
}
