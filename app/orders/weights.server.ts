import type { Transaction } from 'kysely'
import { priceCart } from '~/cart/pricing'
import { centsForWeight } from '~/catalog/weight'
import { sendEmail } from '~/email/outbox.server'
import { getFarmBasics } from '~/farm/farm.server'
import { type FinalTotalEmailInput, finalTotalEmail } from '~/orders/emails/final-total'
import { recordAdminChange } from '~/platform/audit.server'
import type { DB } from '~/platform/db/db.server'
import type { Database } from '~/platform/db/schema'
import { getEnv } from '~/platform/env.server'
import { findPromoCode } from '~/promotions/promo-uses.server'
import { formatOrderNumber, itemName } from './place-order'
import {
  overMaximumMessage,
  WEIGHTS_INCOMPLETE,
  WEIGHTS_LOCKED,
  WEIGHTS_NOT_PAID,
  WEIGHTS_UNKNOWN_PIECE,
  type WeighInput,
  type WeighingView,
  type WeighResult,
} from './weights'

// Weighing an order at packing (ADR 30). The farm enters each by-weight piece's weight; once
// every piece has one, the order is priced again by priceCart on the exact weights, with what
// the order was sold on kept: its shipping, its tax rate, its promo's terms (the minimum it
// met at ordering still counts). The new total must not exceed the order's maximum (what the
// customer agreed to, and what a card authorised): such weights are refused, nothing stored.
// Totals, weights and the final-total email are written in one transaction, on the order row
// locked first, so two people weighing the same order are served one after the other.
//
// Weights can be changed until the order is closed; a card order's weights are final once
// complete, because its payment is captured for that total right after (payments/capture).

type Trx = Transaction<Database>

const CLOSED = ['completed', 'cancelled']

class Refused extends Error {
  constructor(readonly result: Extract<WeighResult, { ok: false }>) {
    super(result.message)
  }
}

const refuse = (status: 400 | 404 | 409, message: string) =>
  new Refused({ ok: false, status, message })

/** What the final-total email says about paying: which hold is captured, or what to bring. */
function heldPayment(method: string, status: string): FinalTotalEmailInput['payment'] {
  if (method === 'paypal') return 'paypal'
  if (method !== 'offline') return 'card'
  return status === 'paid' ? 'paid' : 'at-handover'
}

export async function recordWeights(
  db: DB,
  actorId: string,
  input: WeighInput,
): Promise<WeighResult> {
  const farm = await getFarmBasics(db)
  try {
    return await db
      .transaction()
      .execute((trx) => weighInTransaction(trx, actorId, input, farm.name))
  } catch (error) {
    if (error instanceof Refused) return error.result
    throw error
  }
}

async function weighInTransaction(
  trx: Trx,
  actorId: string,
  input: WeighInput,
  farmName: string,
): Promise<WeighResult> {
  // The first statement locks the order row (PostgreSQL) or the database (SQLite).
  const order = await trx
    .updateTable('orders')
    .set({ updated_at: new Date() })
    .where('id', '=', input.orderId)
    .returning([
      'id',
      'order_number',
      'status',
      'email',
      'ship_first_name',
      'payment_method',
      'payment_status',
      'authorised_cents',
      'weighed_at',
      'captured_cents',
      'shipping_cents',
      'shipping_method',
      'tax_rate_basis_points',
      'discount_cents',
      'promo_code',
      'total_cents',
    ])
    .executeTakeFirst()
  if (!order) throw refuse(404, 'That order does not exist.')
  const card = order.payment_method !== 'offline'
  if (CLOSED.includes(order.status) || order.captured_cents !== null) {
    throw refuse(409, WEIGHTS_LOCKED)
  }
  if (card && order.payment_status !== 'authorized') {
    throw refuse(409, order.weighed_at ? WEIGHTS_LOCKED : WEIGHTS_NOT_PAID)
  }

  const items = await trx
    .selectFrom('order_items')
    .select([
      'id',
      'product_name',
      'variant_name',
      'quantity',
      'unit_price_cents',
      'sold_by_weight',
      'price_per_lb_cents',
      'line_total_cents',
    ])
    .where('order_id', '=', order.id)
    .orderBy('product_name')
    .orderBy('id')
    .execute()
  const byWeight = new Map(items.filter((item) => item.sold_by_weight).map((i) => [i.id, i]))
  for (const { itemId, piece } of input.weights) {
    const item = byWeight.get(itemId)
    if (!item || piece < 1 || piece > item.quantity) throw refuse(400, WEIGHTS_UNKNOWN_PIECE)
  }

  const itemIds = [...byWeight.keys()]
  if (itemIds.length === 0) throw refuse(400, WEIGHTS_UNKNOWN_PIECE)
  const stored = await trx
    .selectFrom('order_item_weights')
    .select(['order_item_id', 'piece', 'weight_centi_lb'])
    .where('order_item_id', 'in', itemIds)
    .execute()
  const weights = new Map(
    stored.map((row) => [`${row.order_item_id}:${row.piece}`, row.weight_centi_lb]),
  )
  for (const { itemId, piece, centiLb } of input.weights) {
    if (centiLb === null) weights.delete(`${itemId}:${piece}`)
    else weights.set(`${itemId}:${piece}`, centiLb)
  }
  const piecesOf = (item: { id: string; quantity: number }) =>
    Array.from(
      { length: item.quantity },
      (_, index) => weights.get(`${item.id}:${index + 1}`) ?? null,
    )
  const complete = [...byWeight.values()].every((item) => piecesOf(item).every((w) => w !== null))
  if (order.weighed_at && !complete) throw refuse(400, WEIGHTS_INCOMPLETE)

  await trx.deleteFrom('order_item_weights').where('order_item_id', 'in', itemIds).execute()
  const rows = [...weights.entries()].map(([key, weight]) => {
    const [itemId = '', piece = '0'] = key.split(':')
    return { order_item_id: itemId, piece: Number(piece), weight_centi_lb: weight }
  })
  if (rows.length > 0) await trx.insertInto('order_item_weights').values(rows).execute()
  if (!complete) return { ok: true, weighed: false, totalCents: order.total_cents }

  const promo =
    order.promo_code && order.discount_cents > 0
      ? await findPromoCode(trx, order.promo_code)
      : undefined
  const totals = priceCart({
    lines: items.map((item) =>
      item.sold_by_weight && item.price_per_lb_cents !== null
        ? {
            unitPriceCents: item.price_per_lb_cents,
            quantity: item.quantity,
            weightsCentiLb: piecesOf(item).map((w) => w ?? 0),
          }
        : { unitPriceCents: item.unit_price_cents, quantity: item.quantity },
    ),
    promo: promo
      ? {
          discountType: promo.discount_type === 'fixed' ? 'fixed' : 'percent',
          discountValue: promo.discount_value,
          minSubtotalCents: 0,
        }
      : null,
    shippingMethod: 'pickup',
    settings: {
      taxRateBasisPoints: order.tax_rate_basis_points,
      standardShippingCents: 0,
      expressShippingCents: 0,
      pickupShippingCents: 0,
      freeShippingThresholdCents: 0,
      weightTolerancePercent: 0,
    },
    settledShippingCents: order.shipping_cents,
  })
  if (order.authorised_cents !== null && totals.totalCents > order.authorised_cents) {
    throw refuse(400, overMaximumMessage(totals.totalCents, order.authorised_cents))
  }

  for (const [index, item] of items.entries()) {
    const lineTotal = totals.lineTotalsCents[index] ?? 0
    if (lineTotal !== item.line_total_cents) {
      await trx
        .updateTable('order_items')
        .set({ line_total_cents: lineTotal })
        .where('id', '=', item.id)
        .execute()
    }
  }
  await trx
    .updateTable('orders')
    .set({
      subtotal_cents: totals.subtotalCents,
      discount_cents: totals.discountCents,
      tax_cents: totals.taxCents,
      total_cents: totals.totalCents,
      weighed_at: new Date(),
    })
    .where('id', '=', order.id)
    .execute()
  await recordAdminChange(trx, {
    actorId,
    action: 'order.weigh',
    entityType: 'order',
    entityId: order.id,
    before: { total_cents: order.total_cents },
    after: { total_cents: totals.totalCents, weights: Object.fromEntries(weights) },
  })

  // Once per final total: weighing again to the same total says nothing new.
  if (!order.weighed_at || order.total_cents !== totals.totalCents) {
    const content = finalTotalEmail({
      farmName,
      baseUrl: getEnv().baseUrl,
      orderId: order.id,
      orderNumber: formatOrderNumber(order.order_number),
      firstName: order.ship_first_name,
      pieces: [...byWeight.values()].flatMap((item) =>
        piecesOf(item).map((weight, index) => ({
          name: itemName(item.product_name, item.variant_name),
          piece: index + 1,
          weightCentiLb: weight ?? 0,
          cents: centsForWeight(item.price_per_lb_cents ?? 0, weight ?? 0),
        })),
      ),
      // The first weighing replaces the estimate; a correction replaces the last total.
      previousCents: order.total_cents,
      corrected: order.weighed_at !== null,
      totalCents: totals.totalCents,
      payment: heldPayment(order.payment_method, order.payment_status),
    })
    await sendEmail(trx, { to: order.email, ...content, template: 'final-total' })
  }
  return { ok: true, weighed: true, totalCents: totals.totalCents }
}

/** The weighing forms of these orders (those with by-weight items only): two queries. */
export async function loadWeighings(
  db: DB,
  orders: ReadonlyArray<{
    id: string
    status: string
    payment_method: string
    payment_status: string
    authorised_cents: number | null
    weighed_at: Date | null
    captured_cents: number | null
  }>,
): Promise<Map<string, WeighingView>> {
  const views = new Map<string, WeighingView>()
  const withWeight = orders.filter((order) => order.authorised_cents !== null)
  if (withWeight.length === 0) return views
  const items = await db
    .selectFrom('order_items')
    .select([
      'id',
      'order_id',
      'product_name',
      'variant_name',
      'quantity',
      'price_per_lb_cents',
      'average_weight_centi_lb',
    ])
    .where(
      'order_id',
      'in',
      withWeight.map((order) => order.id),
    )
    .where('sold_by_weight', '=', true)
    .orderBy('product_name')
    .orderBy('id')
    .execute()
  const stored =
    items.length === 0
      ? []
      : await db
          .selectFrom('order_item_weights')
          .select(['order_item_id', 'piece', 'weight_centi_lb'])
          .where(
            'order_item_id',
            'in',
            items.map((item) => item.id),
          )
          .execute()
  const weights = new Map(
    stored.map((row) => [`${row.order_item_id}:${row.piece}`, row.weight_centi_lb]),
  )
  for (const order of withWeight) {
    const card = order.payment_method !== 'offline'
    const editable =
      !CLOSED.includes(order.status) &&
      order.captured_cents === null &&
      (card ? order.payment_status === 'authorized' : true)
    views.set(order.id, {
      orderId: order.id,
      weighed: order.weighed_at !== null,
      maximumCents: order.authorised_cents,
      editable,
      items: items
        .filter((item) => item.order_id === order.id)
        .map((item) => ({
          id: item.id,
          name: itemName(item.product_name, item.variant_name),
          pricePerLbCents: item.price_per_lb_cents ?? 0,
          averageWeightCentiLb: item.average_weight_centi_lb ?? 0,
          weights: Array.from(
            { length: item.quantity },
            (_, index) => weights.get(`${item.id}:${index + 1}`) ?? null,
          ),
        })),
    })
  }
  return views
}
