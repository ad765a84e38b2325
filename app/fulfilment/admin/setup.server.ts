import type { z } from 'zod'
import { changedFields, recordAdminChange } from '~/platform/audit.server'
import type { DB } from '~/platform/db/db.server'
import { farmDayOf } from '~/platform/farm-clock'
import type { ClosedDateSchema, PlaceSchema, WindowInput, ZoneSchema } from './setup-forms'

// The Fulfilment set-up (issue 16 item 1): pickup places with their windows, delivery zones
// with their days, closed dates. Every change is audited in its own transaction. Orders keep
// their own copy of where and when (ADR 18), so editing or deleting here never rewrites an order.

type PlaceInput = z.output<typeof PlaceSchema>
type ZoneInput = z.output<typeof ZoneSchema>
type ClosedDateInput = z.output<typeof ClosedDateSchema>

const WINDOW_COLUMNS = [
  'id',
  'place_id',
  'zone_id',
  'weekday',
  'on_date',
  'start_time',
  'end_time',
  'capacity',
  'cutoff_hours',
  'cutoff_days_before',
  'cutoff_time',
  'is_active',
] as const

/** Everything the set-up page lists, in three queries. */
export async function loadSetup(db: DB) {
  const [places, zones, windows, closed] = await Promise.all([
    db
      .selectFrom('pickup_places')
      .select(['id', 'name', 'address', 'is_active'])
      .orderBy('display_order')
      .orderBy('name')
      .execute(),
    db
      .selectFrom('delivery_zones')
      .select(['id', 'name', 'zip_codes', 'fee_cents', 'is_active'])
      .orderBy('display_order')
      .orderBy('name')
      .execute(),
    db
      .selectFrom('fulfilment_windows')
      .select(WINDOW_COLUMNS)
      // An animal's window is set on the animal's page (share-pickup.server.ts).
      .where('animal_id', 'is', null)
      .orderBy('weekday')
      .orderBy('on_date')
      .orderBy('start_time')
      .execute(),
    db
      .selectFrom('closed_dates')
      .select(['id', 'on_date', 'note', 'place_id', 'zone_id'])
      .where('on_date', '>=', farmDayOf(new Date()))
      .orderBy('on_date')
      .execute(),
  ])
  return {
    places: places.map((place) => ({
      ...place,
      windows: windows.filter((window) => window.place_id === place.id),
    })),
    zones: zones.map((zone) => ({
      ...zone,
      windows: windows.filter((window) => window.zone_id === zone.id),
    })),
    closed,
    thisYear: Number(farmDayOf(new Date()).slice(0, 4)),
  }
}

export type Owner = { kind: 'place' | 'zone'; id: string }

export async function getPlace(db: DB, id: string) {
  const place = await db
    .selectFrom('pickup_places')
    .select(['id', 'name', 'address', 'instructions', 'map_url', 'is_active'])
    .where('id', '=', id)
    .executeTakeFirst()
  if (!place) return null
  const windows = await windowsOf(db, { kind: 'place', id })
  return { ...place, windows }
}

export async function getZone(db: DB, id: string) {
  const zone = await db
    .selectFrom('delivery_zones')
    .select([
      'id',
      'name',
      'zip_codes',
      'fee_cents',
      'free_over_cents',
      'minimum_cents',
      'is_active',
    ])
    .where('id', '=', id)
    .executeTakeFirst()
  if (!zone) return null
  const windows = await windowsOf(db, { kind: 'zone', id })
  return { ...zone, windows }
}

function windowsOf(db: DB, owner: Owner) {
  return db
    .selectFrom('fulfilment_windows')
    .select(WINDOW_COLUMNS)
    .where(owner.kind === 'place' ? 'place_id' : 'zone_id', '=', owner.id)
    .where('animal_id', 'is', null)
    .orderBy('weekday')
    .orderBy('on_date')
    .orderBy('start_time')
    .execute()
}

/** Creates (no id) or updates a pickup place; returns its id, or null when not found. */
export async function savePlace(
  db: DB,
  actorId: string,
  id: string | null,
  input: PlaceInput,
): Promise<string | null> {
  const values = {
    name: input.name,
    address: input.address,
    instructions: input.instructions,
    map_url: input.map_url,
    is_active: input.is_active,
  }
  return db.transaction().execute(async (trx) => {
    if (!id) {
      const newId = crypto.randomUUID()
      await trx
        .insertInto('pickup_places')
        .values({ id: newId, ...values })
        .execute()
      await recordAdminChange(trx, {
        actorId,
        action: 'pickup-place.create',
        entityType: 'pickup_place',
        entityId: newId,
        after: values,
      })
      return newId
    }
    const before = await trx
      .selectFrom('pickup_places')
      .select(['name', 'address', 'instructions', 'map_url', 'is_active'])
      .where('id', '=', id)
      .executeTakeFirst()
    if (!before) return null
    await trx.updateTable('pickup_places').set(values).where('id', '=', id).execute()
    await recordAdminChange(trx, {
      actorId,
      action: 'pickup-place.update',
      entityType: 'pickup_place',
      entityId: id,
      ...changedFields(before, values),
    })
    return id
  })
}

/** Creates (no id) or updates a delivery zone; returns its id, or null when not found. */
export async function saveZone(
  db: DB,
  actorId: string,
  id: string | null,
  input: ZoneInput,
): Promise<string | null> {
  const values = {
    name: input.name,
    zip_codes: input.zip_codes,
    fee_cents: input.fee,
    free_over_cents: input.free_over,
    minimum_cents: input.minimum,
    is_active: input.is_active,
  }
  return db.transaction().execute(async (trx) => {
    if (!id) {
      const newId = crypto.randomUUID()
      await trx
        .insertInto('delivery_zones')
        .values({ id: newId, ...values })
        .execute()
      await recordAdminChange(trx, {
        actorId,
        action: 'delivery-zone.create',
        entityType: 'delivery_zone',
        entityId: newId,
        after: values,
      })
      return newId
    }
    const before = await trx
      .selectFrom('delivery_zones')
      .select(['name', 'zip_codes', 'fee_cents', 'free_over_cents', 'minimum_cents', 'is_active'])
      .where('id', '=', id)
      .executeTakeFirst()
    if (!before) return null
    await trx.updateTable('delivery_zones').set(values).where('id', '=', id).execute()
    await recordAdminChange(trx, {
      actorId,
      action: 'delivery-zone.update',
      entityType: 'delivery_zone',
      entityId: id,
      ...changedFields(before, values),
    })
    return id
  })
}

export async function addWindow(db: DB, actorId: string, owner: Owner, input: WindowInput) {
  const id = crypto.randomUUID()
  const row = {
    id,
    place_id: owner.kind === 'place' ? owner.id : null,
    zone_id: owner.kind === 'zone' ? owner.id : null,
    ...input,
  }
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('fulfilment_windows').values(row).execute()
    await recordAdminChange(trx, {
      actorId,
      action: 'fulfilment-window.create',
      entityType: 'fulfilment_window',
      entityId: id,
      after: row,
    })
  })
  return id
}

/**
 * Switches a window of this owner on or off, or deletes it: 'missing' when it is not theirs,
 * 'subscribed' when subscriptions name it (ADR 32: their boxes and history keep the window,
 * so it can only be switched off).
 */
export async function changeWindow(
  db: DB,
  actorId: string,
  owner: Owner,
  windowId: string,
  change: 'delete-window' | 'toggle-window',
): Promise<'done' | 'missing' | 'subscribed'> {
  return db.transaction().execute(async (trx) => {
    const window = await trx
      .selectFrom('fulfilment_windows')
      .select(WINDOW_COLUMNS)
      .where('id', '=', windowId)
      .where(owner.kind === 'place' ? 'place_id' : 'zone_id', '=', owner.id)
      .where('animal_id', 'is', null)
      .executeTakeFirst()
    if (!window) return 'missing'
    if (change === 'delete-window') {
      const subscribed = await trx
        .selectFrom('subscriptions')
        .select('id')
        .where('window_id', '=', windowId)
        .executeTakeFirst()
      if (subscribed) return 'subscribed'
      await trx.deleteFrom('fulfilment_windows').where('id', '=', windowId).execute()
    } else {
      await trx
        .updateTable('fulfilment_windows')
        .set({ is_active: !window.is_active })
        .where('id', '=', windowId)
        .execute()
    }
    await recordAdminChange(trx, {
      actorId,
      action: change === 'delete-window' ? 'fulfilment-window.delete' : 'fulfilment-window.update',
      entityType: 'fulfilment_window',
      entityId: windowId,
      before: { is_active: window.is_active },
      after: change === 'delete-window' ? null : { is_active: !window.is_active },
    })
    return 'done'
  })
}

export async function addClosedDate(db: DB, actorId: string, input: ClosedDateInput) {
  const [kind, ownerId] = input.scope.split(':')
  const row = {
    id: crypto.randomUUID(),
    on_date: input.on_date,
    note: input.note,
    place_id: kind === 'place' ? (ownerId ?? null) : null,
    zone_id: kind === 'zone' ? (ownerId ?? null) : null,
  }
  // A place or zone that is not there (a stale form) is refused rather than closing the farm.
  if (row.place_id || row.zone_id) {
    const table = row.place_id ? 'pickup_places' : 'delivery_zones'
    const exists = await db
      .selectFrom(table)
      .select('id')
      .where('id', '=', row.place_id ?? row.zone_id ?? '')
      .executeTakeFirst()
    if (!exists) return false
  }
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('closed_dates').values(row).execute()
    await recordAdminChange(trx, {
      actorId,
      action: 'closed-date.create',
      entityType: 'closed_date',
      entityId: row.id,
      after: row,
    })
  })
  return true
}

export async function deleteClosedDate(db: DB, actorId: string, id: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('closed_dates')
      .select(['on_date', 'note', 'place_id', 'zone_id'])
      .where('id', '=', id)
      .executeTakeFirst()
    if (!row) return false
    await trx.deleteFrom('closed_dates').where('id', '=', id).execute()
    await recordAdminChange(trx, {
      actorId,
      action: 'closed-date.delete',
      entityType: 'closed_date',
      entityId: id,
      before: row,
    })
    return true
  })
}
