import type { Transaction } from 'kysely'
import { emptyCartAfterOrder, lockCartForOrder } from '~/cart/after-order.server'
import { getFarmBasics } from '~/farm/farm.server'
import { isWeeklyWindow } from '~/fulfilment/booking.server'
import { parseSlotKey } from '~/fulfilment/windows'
import { loadCartLines, type OrderLine } from '~/orders/order-lines.server'
import {
  EMPTY_CART,
  itemName,
  notSubscribableMessage,
  type PlaceOrderData,
  type PlaceOrderInput,
  type PlaceOrderResult,
  placeOrderSchema,
  unavailableMessage,
} from '~/orders/place-order'
import {
  findByIdempotencyKey,
  isIdempotencyKeyViolation,
  Refusal,
  type ShipTo,
  writeOrder,
} from '~/orders/place-order.server'
import type { DB } from '~/platform/db/db.server'
import type { Database } from '~/platform/db/schema'
import { listStatesOffered } from '~/settings/settings.server'
import {
  SUBSCRIPTION_NEEDS_LOCAL,
  SUBSCRIPTION_NEEDS_WEEKLY_DAY,
  SUBSCRIPTION_PAYMENT,
} from '~/subscriptions/checkout-rules'
import { createSubscriptionsFromOrder } from '~/subscriptions/from-order.server'

// Placing an order (D6, ADR 11): one transaction that locks the cart, empties it (cart), writes
// the order from its lines (orders' writeOrder: stock, the window's place, the promo code's
// use, the order, its confirmation email) and starts the subscriptions of a first box
// (ADR 32). Either all of it happens or none of it does.
//
// The lock order (shares/stock-lock.server.ts) starts here: the cart row first, then the lines'
// waiting-list holds, the stock rows, the window's booking, the promo code and the counter, so
// two orders can wait for each other but never deadlock. The subscriptions recount the
// reservations of products this order already locked. On SQLite Kysely runs one transaction
// at a time on its single connection, so orders are simply serialised.

export type PlaceOrderHooks = {
  /**
   * TEST ONLY: runs inside the transaction right after the stock is taken, before anything
   * else is written. Tests throw here to prove that a failure leaves no trace.
   */
  afterStock?: () => void | Promise<void>
  /** TEST ONLY: the moment the order is placed, for cut-offs */
  now?: Date
}

type Trx = Transaction<Database>

export async function placeOrder(
  db: DB,
  input: PlaceOrderInput,
  hooks: PlaceOrderHooks = {},
): Promise<PlaceOrderResult> {
  const parsed = placeOrderSchema(await listStatesOffered(db)).safeParse(input)
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {}
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.')
      fieldErrors[path] = [...(fieldErrors[path] ?? []), issue.message]
    }
    const message = parsed.error.issues[0]?.message ?? 'Please check your details.'
    return { ok: false, reason: 'invalid', message, fieldErrors }
  }
  const data = parsed.data
  const { customerId } = input
  const now = hooks.now ?? new Date()
  // The name that signs the email, read outside the transaction (and kept between requests on
  // PostgreSQL, ADR 16): inside, every statement adds to the time other orders wait.
  const farm = await getFarmBasics(db)
  try {
    return await db
      .transaction()
      .execute((trx) =>
        placeInTransaction(trx, customerId, data, { ...hooks, now, farmName: farm.name }),
      )
  } catch (error) {
    if (error instanceof Refusal) return error.result
    // Two submissions with one key raced past every check and the other one committed
    // first: ours is rolled back; answer with the order that won.
    if (isIdempotencyKeyViolation(error)) {
      const winner = await findByIdempotencyKey(db, data.idempotencyKey, customerId)
      if (winner) return winner
    }
    throw error
  }
}

async function placeInTransaction(
  trx: Trx,
  customerId: string,
  data: PlaceOrderData,
  {
    now,
    farmName,
    afterStock,
  }: { now: Date; farmName: string; afterStock?: () => void | Promise<void> },
): Promise<PlaceOrderResult> {
  // A second submission for the same cart (a double click) waits for this lock until the
  // first has committed, and then finds the first one's order instead of an empty cart.
  const cart = await lockCartForOrder(trx, customerId)
  const replay = await findByIdempotencyKey(trx, data.idempotencyKey, customerId)
  if (replay) {
    if (replay.ok) return replay
    throw new Refusal(replay)
  }
  if (!cart) throw new Refusal({ ok: false, reason: 'empty-cart', message: EMPTY_CART })
  const lines = await loadCartLines(trx, cart.id)
  checkLines(lines)
  const subscribing = lines.some((line) => line.subscriptionFrequency !== null)
  if (subscribing) await checkSubscriptionChoice(trx, lines, data)

  // Undone with everything else if the order is refused.
  await emptyCartAfterOrder(trx, cart.id)
  const written = await writeOrder(
    trx,
    {
      customerId,
      idempotencyKey: data.idempotencyKey,
      lines,
      contact: data.contact,
      shippingMethod: data.shippingMethod,
      slot: data.slot ?? '',
      shipTo: shipToOf(data.shippingAddress),
      paymentMethod: data.paymentMethod,
      promoCode: cart.promo_code,
    },
    { stock: 'shopper', now, farmName, afterStock },
  )
  // The first box is this order; the later ones are the subscriptions' (ADR 32).
  if (subscribing && written.booking) {
    await createSubscriptionsFromOrder(trx, {
      orderId: written.order.id,
      customerId,
      lines,
      booking: written.booking,
      shippingMethod: data.shippingMethod === 'delivery' ? 'delivery' : 'pickup',
      paymentMethod: data.paymentMethod === 'stripe' ? 'stripe' : 'offline',
      contact: data.contact,
      shipTo: written.shipTo,
      now,
    })
  }
  return { ok: true, order: written.order }
}

/** A cart with nothing in it, or with something no longer on sale, is refused. */
function checkLines(lines: readonly OrderLine[]): void {
  if (lines.length === 0) {
    throw new Refusal({ ok: false, reason: 'empty-cart', message: EMPTY_CART })
  }
  const unavailable = lines.filter((line) => !line.onSale)
  if (unavailable.length > 0) {
    throw new Refusal({
      ok: false,
      reason: 'unavailable',
      message: unavailableMessage(unavailable.map((l) => itemName(l.name, l.variantName))),
    })
  }
}

/** Where the order goes, as it keeps it: pickup has names and empty address fields. */
function shipToOf(address: PlaceOrderData['shippingAddress']): ShipTo {
  return {
    firstName: address.firstName,
    lastName: address.lastName,
    street: 'street' in address ? address.street : '',
    apartment: 'apartment' in address ? (address.apartment ?? null) : null,
    city: 'city' in address ? address.city : '',
    state: 'state' in address ? address.state : '',
    zipCode: 'zipCode' in address ? address.zipCode : '',
  }
}

/**
 * A cart holding a subscription's first box (ADR 32) must choose what a subscription can
 * have every week: pickup or local delivery, on a weekly window (never a one-off date), paid
 * by card or at pickup. Refused on the field to change, in checkout's words.
 */
async function checkSubscriptionChoice(
  trx: Trx,
  lines: readonly OrderLine[],
  data: PlaceOrderData,
): Promise<void> {
  const refuse = (field: string, message: string, reason: 'fulfilment' | 'invalid') => {
    throw new Refusal({ ok: false, reason, message, fieldErrors: { [field]: [message] } })
  }
  const stale = lines.filter((line) => line.subscriptionFrequency !== null && !line.subscribable)
  if (stale.length > 0) {
    throw new Refusal({
      ok: false,
      reason: 'unavailable',
      message: notSubscribableMessage(stale.map((l) => itemName(l.name, l.variantName))),
    })
  }
  if (data.shippingMethod !== 'pickup' && data.shippingMethod !== 'delivery') {
    refuse('shippingMethod', SUBSCRIPTION_NEEDS_LOCAL, 'fulfilment')
  }
  const slot = parseSlotKey(data.slot ?? '')
  // An unknown window is left to resolveFulfilment, which says the time is gone.
  if (!slot || (await isWeeklyWindow(trx, slot.windowId)) === false) {
    refuse('slot', SUBSCRIPTION_NEEDS_WEEKLY_DAY, 'fulfilment')
  }
  if (data.paymentMethod !== 'stripe' && data.paymentMethod !== 'offline') {
    refuse('paymentMethod', SUBSCRIPTION_PAYMENT, 'invalid')
  }
}
