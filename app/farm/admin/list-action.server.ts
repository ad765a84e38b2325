import { data } from 'react-router'
import type { z } from 'zod'
import type { CurrentUser } from '~/auth/session.server'
import { textFields } from '~/platform/admin/image-field.server'
import { type DB, getDb } from '~/platform/db/db.server'
import { type FieldErrors, parseForm, readForm } from '~/platform/forms/form-data'
import type { AdminChangeResult } from './team.server'

// The team and gallery pages' one action: several small forms (add, edit, move, hide,
// remove), each with an intent, parsed by one discriminated-union schema and handed to the
// list's change function. The form itself goes along for the upload it may carry.

export type ListActionResult =
  | { ok: true; message: string; id?: string }
  | { ok: false; message: string; fieldErrors: FieldErrors; values: Record<string, string> }

/** For an action that has already called requireAdmin (every action calls it itself). */
export async function runListAction<S extends z.ZodType>(
  request: Request,
  admin: CurrentUser,
  schema: S,
  change: (
    db: DB,
    actorId: string,
    action: z.output<S>,
    form: FormData,
  ) => Promise<AdminChangeResult>,
) {
  const form = await readForm(request)
  const values = textFields(form)
  const parsed = parseForm(schema, values)
  if (!parsed.ok) {
    const message = 'Please fix the fields marked below.'
    return data<ListActionResult>(
      { ok: false, message, fieldErrors: parsed.fieldErrors, values },
      400,
    )
  }
  const result = await change(getDb(), admin.id, parsed.data, form)
  if (!result.ok) {
    const { message, status, fieldErrors = {} } = result
    return data<ListActionResult>({ ok: false, message, fieldErrors, values }, status)
  }
  return data<ListActionResult>(result)
}
