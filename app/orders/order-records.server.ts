import type { CartTotals } from '~/cart/pricing'
import { pricedLineTerms } from '~/catalog/line-wording'
import { sellingUnit } from '~/catalog/variants'
import { pieceCents } from '~/catalog/weight'
import { sendEmail } from '~/email/outbox.server'
import { describeFulfilment } from '~/fulfilment/methods'
import type { FulfilmentSnapshot } from '~/fulfilment/offer'
import type { DB } from '~/platform/db/db.server'
import { getEnv } from '~/platform/env.server'
import { orderConfirmationEmail } from './emails/order-confirmation'
import type { OrderLine } from './order-lines.server'
import { formatOrderNumber, itemName } from './place-order'
import type { OrderDraft } from './place-order.server'
import { paymentMethodLabel, shippingMethodLabel } from './words'

// The orders domain's own rows for a new order (orders, order_items, the order-number counter)
// and its confirmation email, written by writeOrder inside the order's transaction.

/**
 * The next order number. Late in the transaction on purpose: every order waits for this one
 * row, so it is held for as short a time as possible.
 */
export async function nextOrderNumber(trx: DB): Promise<number> {
  const { value } = await trx
    .updateTable('counters')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('name', '=', 'order_number')
    .returning('value')
    .executeTakeFirstOrThrow()
  return value
}

export type NewOrder = {
  id: string
  orderNumber: number
  draft: OrderDraft
  totals: CartTotals
  /** the code whose use this order counted, if any */
  promoCode: string | null
  snapshot: FulfilmentSnapshot
}

/** Writes the order, 'pending_payment', with its items. */
export async function insertOrder(trx: DB, order: NewOrder): Promise<void> {
  const { draft, totals, snapshot } = order
  const { shipTo } = draft
  await trx
    .insertInto('orders')
    .values({
      id: order.id,
      order_number: order.orderNumber,
      customer_id: draft.customerId,
      idempotency_key: draft.idempotencyKey,
      status: 'pending_payment',
      email: draft.contact.email,
      phone: draft.contact.phone,
      subtotal_cents: totals.subtotalCents,
      discount_cents: totals.discountCents,
      shipping_cents: totals.shippingCents,
      tax_cents: totals.taxCents,
      total_cents: totals.totalCents,
      tax_rate_basis_points: totals.taxRateBasisPoints,
      promo_code: order.promoCode,
      shipping_method: draft.shippingMethod,
      ship_first_name: shipTo.firstName,
      ship_last_name: shipTo.lastName,
      ship_street: shipTo.street,
      ship_apartment: shipTo.apartment,
      ship_city: shipTo.city,
      ship_state: shipTo.state,
      ship_zip_code: shipTo.zipCode,
      payment_method: draft.paymentMethod,
      payment_status: 'pending',
      ...snapshot,
      // By weight (ADR 30): the most the weighed order may cost, and what a card authorises.
      authorised_cents: totals.estimated ? totals.maximumTotalCents : null,
    })
    .execute()
  await trx
    .insertInto('order_items')
    .values(
      draft.lines.map((line, index) => ({
        id: crypto.randomUUID(),
        order_id: order.id,
        product_id: line.productId,
        product_variant_id: line.variantId,
        product_name: line.name,
        variant_name: line.variantName,
        image_url: line.imageUrl,
        unit: sellingUnit(line.unit, line.variantName),
        unit_price_cents: pieceCents(line.unitPriceCents, line.averageWeightCentiLb),
        quantity: line.quantity,
        line_total_cents: totals.lineTotalsCents[index] ?? 0,
        ...orderItemWeightTerms(line),
      })),
    )
    .execute()
}

/**
 * A by-weight item keeps what the shopper was shown (ADR 30): its unit price and line total
 * are the estimate until the pieces are weighed; the price per lb and the average stay beside.
 */
function orderItemWeightTerms(line: OrderLine) {
  if (!line.averageWeightCentiLb) return { sold_by_weight: false }
  return {
    sold_by_weight: true,
    price_per_lb_cents: line.unitPriceCents,
    estimated_cents: pieceCents(line.unitPriceCents, line.averageWeightCentiLb),
    average_weight_centi_lb: line.averageWeightCentiLb,
  }
}

/** Queues the order's confirmation email, in the order's transaction. */
export async function queueOrderConfirmation(
  trx: DB,
  order: NewOrder,
  farmName: string,
): Promise<void> {
  const { draft, totals, snapshot } = order
  const { firstName, lastName, ...street } = draft.shipTo
  const content = orderConfirmationEmail({
    farmName,
    baseUrl: getEnv().baseUrl,
    orderId: order.id,
    orderNumber: formatOrderNumber(order.orderNumber),
    firstName,
    items: draft.lines.map((line, index) => ({
      name: itemName(line.name, line.variantName),
      terms: pricedLineTerms(line, totals.lineTotalsCents[index] ?? 0),
    })),
    maximumCents: totals.estimated ? totals.maximumTotalCents : null,
    subtotalCents: totals.subtotalCents,
    discountCents: totals.discountCents,
    promoCode: order.promoCode,
    shippingCents: totals.shippingCents,
    taxCents: totals.taxCents,
    totalCents: totals.totalCents,
    shippingAddress: { firstName, lastName, ...street },
    phone: draft.contact.phone,
    shippingMethod: shippingMethodLabel(draft.shippingMethod),
    paymentMethod: paymentMethodLabel(draft.paymentMethod),
    fulfilment: describeFulfilment({ shipping_method: draft.shippingMethod, ...snapshot }),
  })
  await sendEmail(trx, { to: draft.contact.email, ...content, template: 'order-confirmation' })
}
