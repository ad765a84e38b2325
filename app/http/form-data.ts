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
