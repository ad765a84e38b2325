import { sendEmail } from '~/email/outbox.server'
import { getAnimalWindow } from '~/fulfilment/share-pickup.server'
import { recordAdminChange } from '~/platform/audit.server'
import type { DB } from '~/platform/db/db.server'
import { formatTimeRange } from '~/platform/farm-clock'
import { getPricingSettings } from '~/settings/settings.server'
import { shareBill, shareWeightLb } from '../balance'
import { shareBalanceEmail } from '../emails/share-balance'
import { mirrorPool } from '../pool.server'
import { shareSizeLabel } from '../shares'

// The butcher's hanging weight (ADR 31): it closes the animal's sales and turns every share's
// deposit into a balance, emailed to its holder.

export const WEIGHT_LOCKED =
  'A share of this animal has already been paid, so its hanging weight can no longer change.'

export type WeighResult =
  | { ok: true; emailed: number }
  | { ok: false; status: 400 | 404; message: string }

/**
 * The butcher's hanging weight: every live share gets its balance (shares/balance.ts) and an
 * email with it, the pickup date and the link to pay; the animal's sales close. It can be
 * corrected (and everyone emailed again) until a balance has been paid (card or in person).
 */
export async function enterHangingWeight(
  db: DB,
  actorId: string | null,
  animalId: string,
  centiLb: number,
  shop: { farmName: string; baseUrl: string },
): Promise<WeighResult> {
  return db.transaction().execute(async (trx) => {
    const animal = await trx
      .updateTable('animals')
      .set({ hanging_weight_centi_lb: centiLb, weighed_at: new Date() })
      .where('id', '=', animalId)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('share_orders')
              .select('share_orders.id')
              .whereRef('share_orders.animal_id', '=', 'animals.id')
              .where('share_orders.balance_status', '=', 'paid')
              .where('share_orders.balance_cents', '>', 0),
          ),
        ),
      )
      .returning([
        'name',
        'product_id',
        'units_total',
        'price_per_lb_hanging_cents',
        'processing_fee_cents',
        'pickup_date',
      ])
      .executeTakeFirst()
    if (!animal) {
      const exists = await trx
        .selectFrom('animals')
        .select('id')
        .where('id', '=', animalId)
        .executeTakeFirst()
      return exists
        ? ({ ok: false, status: 400, message: WEIGHT_LOCKED } as const)
        : ({ ok: false, status: 404, message: 'No such animal.' } as const)
    }
    // Weighed means at the butcher: the quarters left are no longer offered.
    await mirrorPool(trx, animal.product_id, 0)
    // The balance is taxed when billed, at the rate of the day, like the deposit was (balance.ts).
    const { taxRateBasisPoints } = await getPricingSettings(trx)
    const window = await getAnimalWindow(trx, animalId)
    const pickupWhere = window
      ? `at ${window.placeName}, ${formatTimeRange(window.startTime, window.endTime)}`
      : undefined

    const shares = await trx
      .selectFrom('share_orders')
      .innerJoin('orders', 'orders.id', 'share_orders.order_id')
      .select([
        'share_orders.id',
        'share_orders.token',
        'share_orders.share_units',
        'share_orders.deposit_cents',
        'share_orders.balance_status',
        'orders.email',
        'orders.ship_first_name',
      ])
      .where('share_orders.animal_id', '=', animalId)
      .where('share_orders.cancelled_at', 'is', null)
      .orderBy('share_orders.id')
      .execute()
    for (const share of shares) {
      const terms = {
        hangingWeightCentiLb: centiLb,
        shareUnits: share.share_units,
        unitsTotal: animal.units_total,
        pricePerLbHangingCents: animal.price_per_lb_hanging_cents,
        processingFeeCents: animal.processing_fee_cents,
        depositCents: share.deposit_cents,
      }
      const bill = shareBill(terms, taxRateBasisPoints)
      const balanceCents = bill.balanceCents
      // Nothing owed is settled; a choice to pay at pickup stands through a correction.
      const status =
        balanceCents === 0
          ? 'paid'
          : share.balance_status === 'pay_at_pickup'
            ? 'pay_at_pickup'
            : 'unpaid'
      await trx
        .updateTable('share_orders')
        .set({
          balance_cents: balanceCents,
          balance_tax_cents: bill.taxCents,
          balance_status: status,
          // A card page opened for an older amount must not settle this one.
          balance_reference: null,
        })
        .where('id', '=', share.id)
        .execute()
      const content = shareBalanceEmail({
        ...shop,
        firstName: share.ship_first_name,
        animalName: animal.name,
        size: shareSizeLabel(share.share_units),
        hangingWeightCentiLb: centiLb,
        shareWeightLb: shareWeightLb(terms),
        pricePerLbHangingCents: animal.price_per_lb_hanging_cents,
        bill,
        pickupDate: animal.pickup_date,
        pickupWhere,
        token: share.token,
      })
      await sendEmail(trx, { to: share.email, ...content, template: 'share-balance' })
    }
    await recordAdminChange(trx, {
      actorId,
      action: 'animal.weigh',
      entityType: 'animal',
      entityId: animalId,
      after: { hanging_weight_centi_lb: centiLb, shares: shares.length },
    })
    return { ok: true, emailed: shares.length } as const
  })
}
