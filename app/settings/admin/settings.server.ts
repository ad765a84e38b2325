import { changedFields, recordAdminChange } from '~/platform/audit.server'
import type { DB } from '~/platform/db/db.server'
import { referenceChanged } from '~/platform/db/reference-rows.server'
import type { SettingsInput } from './settings-form'

// The shop's settings row as the admin edits it (issue 6 item 10). priceCart reads the tax
// and shipping values through getPricingSettings, the checkout its states through
// listStatesOffered, both per request: a save applies to the next cart view or order.

const COLUMNS = [
  'tax_rate_basis_points',
  'standard_shipping_cents',
  'express_shipping_cents',
  'pickup_shipping_cents',
  'free_shipping_threshold_cents',
  'states_offered',
  'hold_hours',
  'weight_tolerance_percent',
] as const

export async function getSettingsForAdmin(db: DB) {
  const row = await db
    .selectFrom('settings')
    .select([...COLUMNS, 'updated_at'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow()
  return { ...row, states: parseStates(row.states_offered) }
}

/** "ID,OR" -> ['ID', 'OR'] (as listStatesOffered reads it). */
function parseStates(value: string): string[] {
  return value
    .split(',')
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean)
}

export async function updateSettings(db: DB, actorId: string, input: SettingsInput): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('settings')
      .select(COLUMNS)
      .where('id', '=', 1)
      .executeTakeFirstOrThrow()
    const after = {
      tax_rate_basis_points: input.tax_rate,
      standard_shipping_cents: input.standard_shipping,
      express_shipping_cents: input.express_shipping,
      pickup_shipping_cents: input.pickup_shipping,
      free_shipping_threshold_cents: input.free_shipping_threshold,
      states_offered: input.states.join(','),
      hold_hours: input.hold_hours,
      weight_tolerance_percent: input.weight_tolerance,
    }
    await trx
      .updateTable('settings')
      .set({ ...after, updated_at: new Date() })
      .where('id', '=', 1)
      .execute()
    await recordAdminChange(trx, {
      actorId,
      action: 'settings.update',
      entityType: 'settings',
      entityId: '1',
      ...changedFields(before, after),
    })
  })
  referenceChanged(db, 'settings')
}
