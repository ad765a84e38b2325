import type { Transaction } from 'kysely'
import type { DB } from '~/platform/db/db.server'
import { readReference } from '~/platform/db/reference-rows.server'
import type { Database } from '~/platform/db/schema'
import { DEFAULT_HOLD_HOURS, type PricingSettings } from './settings'

// The one place the shop reads its settings row; the admin writes it in admin/settings.server.
// Each read goes through the reference-row cache, dropped on every save (D11).

/** Tax rate and shipping prices from the settings row (an admin setting, D11). */
export async function getPricingSettings(db: DB | Transaction<Database>): Promise<PricingSettings> {
  const row = await readReference(db, 'settings', 'pricing', () =>
    db
      .selectFrom('settings')
      .select([
        'tax_rate_basis_points',
        'standard_shipping_cents',
        'express_shipping_cents',
        'pickup_shipping_cents',
        'free_shipping_threshold_cents',
        'weight_tolerance_percent',
      ])
      .where('id', '=', 1)
      .executeTakeFirstOrThrow(),
  )
  return {
    taxRateBasisPoints: row.tax_rate_basis_points,
    standardShippingCents: row.standard_shipping_cents,
    expressShippingCents: row.express_shipping_cents,
    pickupShippingCents: row.pickup_shipping_cents,
    freeShippingThresholdCents: row.free_shipping_threshold_cents,
    weightTolerancePercent: row.weight_tolerance_percent,
  }
}

export const DEFAULT_STATES_OFFERED = ['ID'] as const

/** settings.states_offered ("ID" or "ID,OR,WA") as a list of codes; Idaho when unset. */
export async function listStatesOffered(db: DB): Promise<string[]> {
  const row = await readReference(db, 'settings', 'states', () =>
    db.selectFrom('settings').select('states_offered').where('id', '=', 1).executeTakeFirst(),
  )
  const states = (row?.states_offered ?? '')
    .split(',')
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean)
  return states.length > 0 ? states : [...DEFAULT_STATES_OFFERED]
}

/** How long a waiting-list hold lasts, in hours (ADR 29; 24 unless the admin changed it). */
export async function getHoldHours(db: DB | Transaction<Database>): Promise<number> {
  const row = await readReference(db, 'settings', 'holds', () =>
    db.selectFrom('settings').select('hold_hours').where('id', '=', 1).executeTakeFirst(),
  )
  return row?.hold_hours ?? DEFAULT_HOLD_HOURS
}
