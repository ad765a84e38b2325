import { storeImageField } from '~/platform/admin/image-field.server'
import { changedFields, recordAdminChange } from '~/platform/audit.server'
import type { DB } from '~/platform/db/db.server'
import { moveInDisplayOrder, nextDisplayOrder } from '../display-order.server'
import type { TeamAction, TeamMemberInput } from './farm-form'

// The team on the About page, as the admin manages it: every member (hidden ones too) in the
// order the page shows them. Each change is one transaction with its audit entry.

export type AdminTeamMember = {
  id: string
  name: string
  title: string
  bio: string | null
  image_url: string | null
  is_active: boolean
}

const COLUMNS = ['id', 'name', 'title', 'bio', 'image_url', 'is_active'] as const

/** Every member, in the About page's order (display_order, then name). */
export function listTeamForAdmin(db: DB): Promise<AdminTeamMember[]> {
  return db
    .selectFrom('team_members')
    .select(COLUMNS)
    .orderBy('display_order')
    .orderBy('name')
    .orderBy('id')
    .execute()
}

export type AdminChangeResult =
  | { ok: true; message: string; id?: string }
  | { ok: false; status: 400 | 404; message: string; fieldErrors?: Record<string, string> }

const notFound = (what: string): AdminChangeResult => ({
  ok: false,
  status: 404,
  message: `That ${what} no longer exists.`,
})

/** The /admin/content/team action's one call. `form` carries the photo for create and update. */
export async function changeTeam(
  db: DB,
  actorId: string,
  action: TeamAction,
  form: FormData,
): Promise<AdminChangeResult> {
  switch (action.intent) {
    case 'create':
      return createTeamMember(db, actorId, action, form)
    case 'update':
      return updateTeamMember(db, actorId, action.id, action, form)
    case 'move':
      return db.transaction().execute(async (trx) => {
        const moved = await moveInDisplayOrder(trx, 'team_members', action.id, action.direction)
        if (moved.kind === 'not-found') return notFound('team member')
        if (moved.kind === 'moved') {
          await recordAdminChange(trx, {
            actorId,
            action: 'team_member.move',
            entityType: 'team_member',
            entityId: action.id,
            before: { position: moved.from + 1 },
            after: { position: moved.to + 1 },
          })
        }
        return { ok: true, message: 'Team order saved.' }
      })
    case 'show':
    case 'hide':
      return setActive(db, actorId, action.id, action.intent === 'show')
    case 'remove':
      return removeTeamMember(db, actorId, action.id)
  }
}

/** The uploaded photo's URL, null when none was chosen, or the field's error. */
async function photoFor(
  db: DB,
  form: FormData,
  name: string,
): Promise<{ ok: true; url: string | null } | { ok: false; result: AdminChangeResult }> {
  const photo = await storeImageField(db, form, 'photo', `Photo of ${name}`)
  if (photo.kind === 'error') {
    const { message } = photo
    return {
      ok: false,
      result: { ok: false, status: 400, message, fieldErrors: { photo: message } },
    }
  }
  return { ok: true, url: photo.kind === 'stored' ? photo.image.imageUrl : null }
}

export async function createTeamMember(
  db: DB,
  actorId: string,
  input: TeamMemberInput,
  form: FormData,
): Promise<AdminChangeResult> {
  const photo = await photoFor(db, form, input.name)
  if (!photo.ok) return photo.result
  const id = crypto.randomUUID()
  return db.transaction().execute(async (trx) => {
    const row = {
      name: input.name,
      title: input.title,
      bio: input.bio,
      image_url: photo.url,
      is_active: input.is_active,
    }
    await trx
      .insertInto('team_members')
      .values({ id, ...row, display_order: await nextDisplayOrder(trx, 'team_members') })
      .execute()
    await recordAdminChange(trx, {
      actorId,
      action: 'team_member.create',
      entityType: 'team_member',
      entityId: id,
      after: row,
    })
    return { ok: true, id, message: `${input.name} was added to the team.` }
  })
}

export async function updateTeamMember(
  db: DB,
  actorId: string,
  id: string,
  input: TeamMemberInput,
  form: FormData,
): Promise<AdminChangeResult> {
  const exists = await db
    .selectFrom('team_members')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst()
  if (!exists) return notFound('team member')
  const photo = await photoFor(db, form, input.name)
  if (!photo.ok) return photo.result
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('team_members')
      .select(COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst()
    if (!before) return notFound('team member')
    const after = {
      name: input.name,
      title: input.title,
      bio: input.bio,
      is_active: input.is_active,
      // An empty file input keeps the current photo.
      image_url: photo.url ?? before.image_url,
    }
    await trx.updateTable('team_members').set(after).where('id', '=', id).execute()
    await recordAdminChange(trx, {
      actorId,
      action: 'team_member.update',
      entityType: 'team_member',
      entityId: id,
      ...changedFields(before, after),
    })
    return { ok: true, id, message: `${input.name} was saved.` }
  })
}

async function setActive(
  db: DB,
  actorId: string,
  id: string,
  active: boolean,
): Promise<AdminChangeResult> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('team_members')
      .set({ is_active: active })
      .where('id', '=', id)
      .returning('name')
      .executeTakeFirst()
    if (!row) return notFound('team member')
    await recordAdminChange(trx, {
      actorId,
      action: active ? 'team_member.show' : 'team_member.hide',
      entityType: 'team_member',
      entityId: id,
      after: { is_active: active },
    })
    return {
      ok: true,
      message: active
        ? `${row.name} is shown on the About page.`
        : `${row.name} is hidden from the About page.`,
    }
  })
}

async function removeTeamMember(db: DB, actorId: string, id: string): Promise<AdminChangeResult> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .deleteFrom('team_members')
      .where('id', '=', id)
      .returning(COLUMNS)
      .executeTakeFirst()
    if (!before) return notFound('team member')
    await recordAdminChange(trx, {
      actorId,
      action: 'team_member.remove',
      entityType: 'team_member',
      entityId: id,
      before,
    })
    return { ok: true, message: `${before.name} was removed from the team.` }
  })
}
