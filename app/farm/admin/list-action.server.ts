import { data } from 'react-router'
import type { z } from 'zod'
import type { CurrentUser } from '~/auth/session.server'
import { replyFieldRefused } from '~/platform/admin/image-field.server'
import { type DB, getDb } from '~/platform/db/db.server'
import {
  type FormReply,
  parseSubmission,
  replyDone,
  replyInvalid,
  replyRefused,
} from '~/platform/forms/conform'
import { readForm } from '~/platform/forms/form-data.server'
import { listFormName } from './list-form'
import type { AdminChangeResult } from './team.server'

// The team and gallery pages' one action: several small forms (add, edit, move, hide,
// remove), each with an intent, parsed by one discriminated-union schema and handed to the
// list's change function. The form itself goes along for the upload it may carry. Every
// answer is the one Conform reply, `form` naming which form on the page it belongs to
// (listFormName), and `id` the item a new one got.

export type ListReply = FormReply & { id?: string }

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
): Promise<ReturnType<typeof data<ListReply>>> {
  const form = await readForm(request)
  const submission = parseSubmission(form, schema)
  const name = listFormName(submission.payload)
  if (submission.status !== 'success') return replyInvalid(submission, { form: name })
  const result = await change(getDb(), admin.id, submission.value, form)
  if (!result.ok) {
    const { message, status, fieldErrors } = result
    return fieldErrors
      ? replyFieldRefused(submission, fieldErrors, { form: name, message })
      : replyRefused(submission, message, status, { form: name })
  }
  // A new item's form starts empty again; an edited one keeps what was saved.
  const reply: ListReply = replyDone(submission, result.message, {
    form: name,
    keep: name !== 'create',
  })
  return data<ListReply>({ ...reply, id: result.id })
}
