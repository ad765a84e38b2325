import type { Transaction } from 'kysely'
import { priceCart } from '~/cart/pricing'
import { pieceCents } from '~/catalog/weight'
import { takeSlot } from '~/fulfilment/booking.server'
import { type FulfilmentMethod, slotFullMessage } from '~/fulfilment/methods'
import { resolveFulfilment } from '~/fulfilment/offer.server'
import type { DB } from '~/platform/db/db.server'
import type { Database } from '~/platform/db/schema'
import { countPromoUse, findPromoTerms } from '~/promotions/promo-uses.server'
import { getPricingSettings } from '~/settings/settings.server'
import { recordShareOrders } from '~/shares/pool.server'
import { recordHoldOrder } from '~/waiting-list/holds.server'
import type { OrderLine } from './order-lines.server'
import { insertOrder, nextOrderNumber, queueOrderConfirmation } from './order-records.server'
import {
  IDEMPOTENCY_CONFLICT,
  type PaymentMethod,
  type PlacedOrder,
  type PlaceOrderResult,
  PROMO_NO_LONGER_VALID,
  soldOutMessage,
} from './place-order'
import { type StockMode, takeOrderStock } from './take-order-stock.server'

// Writing an order (D6, ADR 11), whoever asks for it: a shopper's checkout (the place-order
// flow, flows/place-order.server.ts) or a subscription's box (subscription-order.server.ts).
// Inside the caller's transaction, over each domain's own functions: the stock (catalog, the
// waiting list's holds, the shares' pools), the window's capacity (fulfilment), the promo
// code's use (promotions), then the order's own rows and its confirmation email. A refusal is
// thrown (Refusal) so the caller's transaction rolls back: either all of it happens or none.
//
// Correctness under concurrency rests on the database, not on reads made earlier: stock,
// capacity and the promo code's use are each one conditional UPDATE (zero rows: refused);
// order numbers come from a counter row updated with `value = value + 1 RETURNING value`;
// the idempotency key is unique. Rows are locked in the one lock order
// (shares/stock-lock.server.ts): the stock rows, then the window's booking, the promo code,
// the counter.

export type { StockMode } from './take-order-stock.server'

type Trx = Transaction<Database>

/** A refusal found inside the transaction: thrown to roll it back, answered to the caller. */
export class Refusal extends Error {
  constructor(readonly result: Exclude<PlaceOrderResult, { ok: true }>) {
    super(result.message)
  }
}

/** Where the order goes, as it keeps it: pickup has names and empty address fields. */
export type ShipTo = {
  firstName: string
  lastName: string
  street: string
  apartment: string | null
  city: string
  state: string
  zipCode: string
}

/** An order to write, whoever asks for it: a shopper's cart, or a subscription's box. */
export type OrderDraft = {
  customerId: string
  idempotencyKey: string
  /** priced from the catalog, sorted by product then option (the lock order), all on sale */
  lines: readonly OrderLine[]
  contact: { email: string; phone: string }
  shippingMethod: FulfilmentMethod
  /** "windowId:YYYY-MM-DD" for pickup and local delivery; '' for shipping */
  slot: string
  shipTo: ShipTo
  paymentMethod: PaymentMethod
  /** the cart's code (a box has none) */
  promoCode: string | null
}

export type WriteOrderOptions = {
  /**
   * 'shopper': a line may take only the free stock (not held, not reserved); 'subscriber': a
   * subscription's box may take units reserved for boxes, never ones held for the waiting list.
   */
  stock: StockMode
  /** the moment the order counts as placed, for the window's cut-off and the holds */
  now: Date
  farmName: string
  /**
   * Products whose stock the caller's transaction touches after the order although no line
   * takes it (a box recounts the reservations of every product its subscription has, even the
   * ones left out): their rows are locked with the lines', in the one lock order.
   */
  lockAlso?: readonly string[]
  /** TEST ONLY: see PlaceOrderHooks.afterStock (flows/place-order.server.ts) */
  afterStock?: () => void | Promise<void>
}

export type WrittenOrder = {
  order: PlacedOrder
  /** the window and date the order took a place in; null for shipping and farm hours */
  booking: { windowId: string; date: string } | null
  shipTo: ShipTo
}

/**
 * The order-writing part of placing an order, inside the caller's transaction: checks where
 * and when against the shop as it is at `now`, prices, takes stock and the window's place,
 * counts the promo code, numbers and writes the order with its items, and queues the
 * confirmation email.
 */
export async function writeOrder(
  trx: Trx,
  draft: OrderDraft,
  options: WriteOrderOptions,
): Promise<WrittenOrder> {
  const fulfilment = await checkFulfilment(trx, draft, options.now)
  const settings = await getPricingSettings(trx)
  const promo = draft.promoCode ? await loadPromo(trx, draft.promoCode) : null
  const totals = priceCart({
    lines: draft.lines,
    promo: promo?.terms ?? null,
    shippingMethod: draft.shippingMethod,
    settings,
    delivery: fulfilment.delivery,
  })

  const stock = await takeOrderStock(trx, draft.lines, options)
  if (!stock.ok) {
    const message = stock.short.map(soldOutMessage).join(' ')
    throw new Refusal({ ok: false, reason: 'sold-out', lines: stock.short, message })
  }
  await options.afterStock?.()
  // The window's capacity, taken like stock: after it, in every order's same lock order.
  const { booking } = fulfilment
  if (booking && !(await takeSlot(trx, booking.windowId, booking.date))) {
    const message = slotFullMessage(booking.label)
    throw new Refusal({ ok: false, reason: 'slot-full', message, fieldErrors: { slot: [message] } })
  }
  // Counted only when the code gave something. The order that loses the last use of a limited
  // code is refused rather than placed without the discount: its shopper confirmed a total
  // with the discount, and is told to look again (promotions/admin/promo-settings.db.test.ts).
  const promoUsed = promo && totals.promoApplies && totals.discountCents > 0 ? promo.code : null
  if (promoUsed && !(await countPromoUse(trx, promoUsed))) {
    throw new Refusal({ ok: false, reason: 'promo-invalid', message: PROMO_NO_LONGER_VALID })
  }

  const written = {
    id: crypto.randomUUID(),
    orderNumber: await nextOrderNumber(trx),
    draft,
    totals,
    promoCode: promoUsed,
    snapshot: fulfilment.snapshot,
  }
  await insertOrder(trx, written)
  await recordHoldOrder(trx, stock.claimedHolds, written.id)
  await recordShareOrders(trx, { orderId: written.id, customerId: draft.customerId })
  await queueOrderConfirmation(trx, written, options.farmName)

  const { id, orderNumber } = written
  const order = { id, orderNumber, email: draft.contact.email, totalCents: totals.totalCents }
  return {
    order,
    booking: booking ? { windowId: booking.windowId, date: booking.date } : null,
    shipTo: draft.shipTo,
  }
}

/** Where and when (ADR 18): checked again here, against the shop as it is at `now`. */
async function checkFulfilment(trx: Trx, draft: OrderDraft, now: Date) {
  const subtotalCents = draft.lines.reduce(
    (sum, l) => sum + pieceCents(l.unitPriceCents, l.averageWeightCentiLb) * l.quantity,
    0,
  )
  const fulfilment = await resolveFulfilment(
    trx,
    {
      method: draft.shippingMethod,
      slot: draft.slot,
      zipCode: draft.shipTo.zipCode,
      subtotalCents,
      productIds: draft.lines.map((line) => line.productId),
    },
    now,
  )
  if (!fulfilment.ok) {
    const { reason, message, field } = fulfilment
    throw new Refusal({ ok: false, reason, message, fieldErrors: { [field]: [message] } })
  }
  return fulfilment
}

/**
 * The cart's promo code with its terms now. The shopper saw this discount at checkout:
 * charging more without a word would be worse than asking them to look again.
 */
async function loadPromo(trx: Trx, code: string) {
  const promo = await findPromoTerms(trx, code, new Date())
  if (!promo) {
    throw new Refusal({ ok: false, reason: 'promo-invalid', message: PROMO_NO_LONGER_VALID })
  }
  return promo
}

/**
 * The order already placed with this key: replayed for its own customer; for anyone else a
 * conflict that says nothing about the other customer's order.
 */
export async function findByIdempotencyKey(
  db: DB,
  idempotencyKey: string,
  customerId: string,
): Promise<PlaceOrderResult | null> {
  const order = await db
    .selectFrom('orders')
    .select(['id', 'order_number', 'customer_id', 'email', 'total_cents'])
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst()
  if (!order) return null
  if (order.customer_id !== customerId) {
    return { ok: false, reason: 'conflict', message: IDEMPOTENCY_CONFLICT }
  }
  const placed = {
    id: order.id,
    orderNumber: order.order_number,
    email: order.email,
    totalCents: order.total_cents,
  }
  return { ok: true, order: placed, replayed: true }
}

/** A unique violation of orders.idempotency_key: another submission with the key won. */
export function isIdempotencyKeyViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const { code, constraint } = error as Error & { code?: unknown; constraint?: unknown }
  // pg: unique_violation, with the constraint's name; better-sqlite3: the column in the text.
  if (code === '23505') return String(constraint ?? error.message).includes('idempotency_key')
  return code === 'SQLITE_CONSTRAINT_UNIQUE' && error.message.includes('orders.idempotency_key')
}
