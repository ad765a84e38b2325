import { data } from 'react-router'
import type { DB } from '~/platform/db/db.server'
import { parseForm } from '~/platform/forms/form-data'
import { addWindow, changeWindow, type Owner } from './setup.server'
import { WindowActionSchema, WindowSchema } from './setup-forms'
import type { SetupResult } from './setup-ui'

// The window forms shared by a place's page and a zone's page: add, switch on or off, delete.

/** The typed values echoed back with a refused form, so nothing typed is lost. */
export function typedValues(form: FormData, names: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {}
  for (const name of names) {
    const value = form.get(name)
    if (typeof value === 'string') values[name] = value.slice(0, 1000)
  }
  return values
}

const WINDOW_FIELDS = [
  'repeat',
  'weekday',
  'on_date',
  'start_time',
  'end_time',
  'capacity',
  'cutoff_kind',
  'cutoff_hours',
  'cutoff_days',
  'cutoff_time',
]

export function refused(
  form: string,
  fieldErrors: Record<string, string>,
  values?: Record<string, string>,
) {
  return data<SetupResult>(
    { ok: false, form, fieldErrors, values, message: 'Please check the highlighted fields.' },
    400,
  )
}

export async function windowAction(
  db: DB,
  actorId: string,
  owner: Owner,
  form: FormData,
  noun: string,
) {
  if (form.get('intent') === 'add-window') {
    const parsed = parseForm(WindowSchema, form)
    if (!parsed.ok) return refused('window', parsed.fieldErrors, typedValues(form, WINDOW_FIELDS))
    await addWindow(db, actorId, owner, parsed.data)
    return { ok: true, message: `The ${noun} was added.` } satisfies SetupResult
  }
  const parsed = parseForm(WindowActionSchema, form)
  if (!parsed.ok)
    return data<SetupResult>({ ok: false, message: 'Choose a window from the list.' }, 400)
  const done = await changeWindow(db, actorId, owner, parsed.data.windowId, parsed.data.intent)
  if (!done) return data<SetupResult>({ ok: false, message: 'That window is no longer here.' }, 404)
  return {
    ok: true,
    message:
      parsed.data.intent === 'delete-window'
        ? `The ${noun} was deleted. Orders already placed keep their time.`
        : `The ${noun} was changed.`,
  } satisfies SetupResult
}
