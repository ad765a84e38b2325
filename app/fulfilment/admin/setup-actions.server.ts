import { data, redirect } from 'react-router'
import type { z } from 'zod'
import type { CurrentUser } from '~/auth/session.server'
import type { DB } from '~/platform/db/db.server'
import { getDb } from '~/platform/db/db.server'
import { parseSubmission, replyDone, replyInvalid, replyRefused } from '~/platform/forms/conform'
import { readForm } from '~/platform/forms/form-data.server'
import { addWindow, changeWindow, getPlace, getZone, savePlace, saveZone } from './setup.server'
import {
  OWNER_PAGES,
  OwnerIntentSchema,
  PlaceSchema,
  WindowActionSchema,
  WindowSchema,
  ZoneSchema,
} from './setup-forms'

// The one action of a pickup place's page and a delivery zone's page (the two differ only in
// their details form): save the details, add a window, switch one on or off, delete one. Each
// answer is Conform's reply, `form` naming the form it belongs to: 'details', 'window', or
// 'window-list' (the list's buttons).

const UUID = /^[0-9a-f-]{36}$/

type Owner<Schema extends z.ZodType> = {
  kind: 'place' | 'zone'
  path: string
  schema: Schema
  find: (db: DB, id: string) => Promise<unknown>
  save: (
    db: DB,
    actorId: string,
    id: string | null,
    input: z.output<Schema>,
  ) => Promise<string | null>
  saved: string
  saveFirst: string
}

const PLACE: Owner<typeof PlaceSchema> = {
  kind: 'place',
  path: '/admin/fulfilment/places',
  schema: PlaceSchema,
  find: getPlace,
  save: savePlace,
  saved: 'The pickup place was saved.',
  saveFirst: 'Save the place first.',
}

const ZONE: Owner<typeof ZoneSchema> = {
  kind: 'zone',
  path: '/admin/fulfilment/zones',
  schema: ZoneSchema,
  find: getZone,
  save: saveZone,
  saved: 'The delivery zone was saved.',
  saveFirst: 'Save the zone first.',
}

export const OWNERS = { place: PLACE, zone: ZONE }

/** The place's or zone's loader answer: null for "new", else the row (404 when not found). */
/** Subscriptions keep their window (ADR 32): switching it off stops new orders and boxes. */
export const WINDOW_HAS_SUBSCRIBERS =
  'Subscribers get their boxes in this window, so it cannot be deleted. Switch it off instead.'

export async function loadOwner<Row>(
  id: string,
  find: (db: DB, id: string) => Promise<Row | undefined | null>,
): Promise<Row | null> {
  if (id === 'new') return null
  const row = UUID.test(id) ? await find(getDb(), id) : null
  if (!row) throw data(null, { status: 404 })
  return row
}

export async function ownerAction<Schema extends z.ZodType>(
  request: Request,
  admin: CurrentUser,
  id: string,
  owner: Owner<Schema>,
) {
  const db = getDb()
  const form = await readForm(request)
  const isNew = id === 'new'
  if (!isNew && !(UUID.test(id) && (await owner.find(db, id)))) throw data(null, { status: 404 })
  const intent = OwnerIntentSchema.safeParse(form.get('intent')).data

  const { intent: saveIntent, noun } = OWNER_PAGES[owner.kind]
  if (intent === saveIntent) {
    const submission = parseSubmission(form, owner.schema)
    if (submission.status !== 'success') return replyInvalid(submission, { form: 'details' })
    const saved = await owner.save(db, admin.id, isNew ? null : id, submission.value)
    if (!saved) throw data(null, { status: 404 })
    if (isNew) throw redirect(`${owner.path}/${saved}?created=1`)
    return replyDone(submission, owner.saved, { form: 'details', keep: true })
  }

  if (intent === 'add-window') {
    const submission = parseSubmission(form, WindowSchema)
    if (isNew) return replyRefused(submission, owner.saveFirst, 400, { form: 'window' })
    if (submission.status !== 'success') return replyInvalid(submission, { form: 'window' })
    await addWindow(db, admin.id, { kind: owner.kind, id }, submission.value)
    return replyDone(submission, `The ${noun} was added.`, { form: 'window' })
  }

  const submission = parseSubmission(form, WindowActionSchema)
  const list = { form: 'window-list' }
  if (isNew) return replyRefused(submission, owner.saveFirst, 400, list)
  if (submission.status !== 'success') {
    return replyRefused(submission, 'Choose a window from the list.', 400, list)
  }
  const { windowId, intent: change } = submission.value
  const done = await changeWindow(db, admin.id, { kind: owner.kind, id }, windowId, change)
  if (done === 'missing') {
    return replyRefused(submission, 'That window is no longer here.', 404, list)
  }
  if (done === 'subscribed') {
    return replyRefused(submission, WINDOW_HAS_SUBSCRIBERS, 409, list)
  }
  return replyDone(
    submission,
    change === 'delete-window'
      ? `The ${noun} was deleted. Orders already placed keep their time.`
      : `The ${noun} was changed.`,
    list,
  )
}
