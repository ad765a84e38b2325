import { changeOrderStatus } from '~/orders/order-status.server'
import { handOverStepFor, isOrderStatus, packStepFor } from '~/orders/order-workflow'
import type { DB } from '~/platform/db/db.server'

// The pack list's buttons: "Mark packed" (ready for pickup, or out for delivery) and the
// handover ("Collected and paid", "Delivered and paid", or completed when paid). Each is the
// order workflow's own step through changeOrderStatus, so the rules, the emails and the audit
// are the order page's; the pack list only knows which step its button means. An order paid
// at the handover can be handed over before it is marked packed: the customer at the table
// is one click (issue 32).

/** `unweighed`: of the skipped, those with pieces priced by weight still to weigh (ADR 30);
 * `toWeigh`: for one order handed over, the lines still to weigh */
export type PackingResult = {
  done: number
  skipped: number
  unweighed: number
  toWeigh?: string[]
}

async function orderFlow(db: DB, orderIds: readonly string[]) {
  if (orderIds.length === 0) return []
  return db
    .selectFrom('orders')
    .select(['id', 'status', 'shipping_method', 'payment_method', 'payment_status'])
    .where('id', 'in', [...orderIds])
    .orderBy('order_number')
    .execute()
}

/** Packs each order that can be packed now; others (already packed, cancelled) are skipped. */
export async function markPacked(
  db: DB,
  actorId: string,
  orderIds: readonly string[],
): Promise<PackingResult> {
  let done = 0
  let unweighed = 0
  const orders = await orderFlow(db, orderIds)
  for (const order of orders) {
    const step = packStepFor(order.shipping_method)
    if (!step || !isOrderStatus(order.status)) continue
    const result = await changeOrderStatus(db, order.id, actorId, {
      intent: step,
      from: order.status,
    })
    if (result.ok) done += 1
    else if (result.reason === 'not-weighed') unweighed += 1
  }
  return { done, skipped: orderIds.length - done, unweighed }
}

/** Hands an order over at pickup or on delivery, recording the payment when it was owed. */
export async function markHandedOver(
  db: DB,
  actorId: string,
  orderId: string,
): Promise<PackingResult> {
  const [order] = await orderFlow(db, [orderId])
  const step = order
    ? handOverStepFor({
        status: order.status,
        shippingMethod: order.shipping_method,
        paymentMethod: order.payment_method,
        paymentStatus: order.payment_status,
      })
    : null
  if (!order || !step || !isOrderStatus(order.status)) {
    return { done: 0, skipped: 1, unweighed: 0 }
  }
  const result = await changeOrderStatus(db, order.id, actorId, {
    intent: step,
    from: order.status,
  })
  if (result.ok) return { done: 1, skipped: 0, unweighed: 0 }
  if (result.reason === 'not-weighed') {
    return { done: 0, skipped: 1, unweighed: 1, toWeigh: result.toWeigh }
  }
  return { done: 0, skipped: 1, unweighed: 0 }
}
