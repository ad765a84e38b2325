import type { Transaction } from 'kysely'
import { priceCart } from '~/cart/pricing'
import { freeStock, stockForSubscribers } from '~/catalog/free-stock.server'
import { pricedLineTerms } from '~/catalog/line-wording'
import { sellingUnit } from '~/catalog/variants'
import { pieceCents } from '~/catalog/weight'
import { sendEmail } from '~/email/outbox.server'
import { getFarmBasics } from '~/farm/farm.server'
import { takeSlot } from '~/fulfilment/booking.server'
import { describeFulfilment, type FulfilmentMethod, slotFullMessage } from '~/fulfilment/methods'
import { resolveFulfilment } from '~/fulfilment/offer.server'
import { parseSlotKey } from '~/fulfilment/windows'
import { orderConfirmationEmail } from '~/orders/emails/order-confirmation'
import { paymentMethodLabel, shippingMethodLabel } from '~/orders/labels'
import type { DB } from '~/platform/db/db.server'
import type { Database } from '~/platform/db/schema'
import { getEnv } from '~/platform/env.server'
import type { PricingPromo } from '~/promotions/promo'
import { currentPromoTerms, PROMO_TERMS_COLUMNS } from '~/promotions/promo'
import { getPricingSettings, listStatesOffered } from '~/settings/settings.server'
import { recordShareOrders, takeShareUnits } from '~/shares/pool.server'
import { lockStock } from '~/shares/stock-lock.server'
import {
  SUBSCRIPTION_NEEDS_LOCAL,
  SUBSCRIPTION_NEEDS_WEEKLY_DAY,
  SUBSCRIPTION_PAYMENT,
} from '~/subscriptions/checkout-rules'
import { createSubscriptionsFromOrder } from '~/subscriptions/from-order.server'
import { claimHoldForOrder, recordHoldOrder } from '~/waiting-list/holds.server'
import { notifyWaitingGroup } from '~/waiting-list/restock.server'
import { loadCartLines, type OrderLine } from './order-lines.server'
import {
  EMPTY_CART,
  formatOrderNumber,
  IDEMPOTENCY_CONFLICT,
  itemName,
  notSubscribableMessage,
  type PaymentMethod,
  type PlacedOrder,
  type PlaceOrderData,
  type PlaceOrderFields,
  type PlaceOrderResult,
  PROMO_NO_LONGER_VALID,
  placeOrderSchema,
  type SoldOutLine,
  soldOutMessage,
  unavailableMessage,
} from './place-order'

// Placing an order (D6, ADR 11): one transaction that prices the cart from the catalog, takes
// the stock, writes the order with its items, counts the promo code, empties the cart and
// queues the confirmation email. Either all of it happens or none of it does.
//
// Correctness under concurrency rests on the database, not on reads made earlier:
// - stock is taken with one conditional UPDATE per row (`... WHERE stock_quantity -
//   held_quantity >= :n`: units held for the waiting list are not for sale, ADR 29); zero rows
//   updated means sold out, and a CHECK keeps 0 <= held <= stock in any case;
// - a line claimed from a waiting-list hold first marks its hold claimed (a conditional UPDATE
//   on the hold's status, `'held'` and not expired), then takes its units from the held ones
//   (`held -= h, stock -= n`); a hold that ended meanwhile leaves an ordinary line;
// - the promo code's use is counted with the same pattern against its usage_limit;
// - order numbers come from a counter row updated with `value = value + 1 RETURNING value`;
// - the idempotency key is unique: a second order with the same key cannot be written.
// On PostgreSQL (READ COMMITTED) a conditional UPDATE that waits for another transaction's
// row lock re-checks its WHERE against the committed row, so two orders can never both take
// the last unit. Rows are locked in one global order (the cart, then the lines' holds, then the
// stock rows: animals, options, products, each by product id; then the window's booking, the
// promo code, the counter), so two orders can wait for each other but never deadlock. The hold
// sweep and a decline also lock a hold before its stock row, and touch only that one product or
// option's rows, so they fit the same order. On SQLite Kysely runs one transaction at a time on
// its single connection, so orders are simply serialised.
//
// The stock rows are all locked at once (shares/stock-lock.server.ts), after the lines' holds
// are claimed and before anything else: every option of every product in the order, not only
// the ones bought, so what the transaction does with them later (a subscription's reservations
// recounted after the counter, units offered on to the waiting list) takes no new stock lock.
//
// Beef shares (ADR 31): an option with share_units takes quarters from its animal's pool, not
// its own stock (shares/pool.server.ts). That locks the animal row, then the product's options
// and the product (their stock mirrors the pool): the same order as any product's lines.
//
// Subscriptions (ADR 32): the order-writing part is writeOrder, shared with a subscription's
// later boxes (subscription-order.server.ts), which take stock as a subscriber: units reserved
// for boxes are theirs to take, units held for the waiting list are not. A cart line with a
// frequency is a subscription's first box: priced at the subscriber price, and once the order is
// written, createSubscriptionsFromOrder makes the subscriptions and recounts the reservations of
// their products, rows this order already locked.

export type PlaceOrderInput = PlaceOrderFields & { customerId: string }

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

/** A refusal found inside the transaction: thrown to roll it back, answered to the caller. */
export class Refusal extends Error {
  constructor(readonly result: Exclude<PlaceOrderResult, { ok: true }>) {
    super(result.message)
  }
}

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
    return await db.transaction().execute(async (trx) => {
      // The first write locks this customer's cart row (PostgreSQL) or the database (SQLite):
      // a second submission for the same cart (a double click) waits here until the first has
      // committed...
      const cart = await trx
        .updateTable('carts')
        .set({ updated_at: new Date() })
        .where('customer_id', '=', customerId)
        .returning(['id', 'promo_code'])
        .executeTakeFirst()
      // ...and then finds the first one's order, instead of an empty cart.
      const replay = await findByIdempotencyKey(trx, data.idempotencyKey, customerId)
      if (replay) {
        if (replay.ok) return replay
        throw new Refusal(replay)
      }
      if (!cart) throw new Refusal({ ok: false, reason: 'empty-cart', message: EMPTY_CART })

      const lines = await loadCartLines(trx, cart.id)
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
      const subscribing = lines.some((line) => line.subscriptionFrequency !== null)
      if (subscribing) await checkSubscriptionChoice(trx, lines, data)

      // The cart is spent: its lines and its promo code go (as Clear Cart does). Undone with
      // everything else if the order is refused.
      await trx.deleteFrom('cart_lines').where('cart_id', '=', cart.id).execute()
      await trx.updateTable('carts').set({ promo_code: null }).where('id', '=', cart.id).execute()

      const address = data.shippingAddress
      const written = await writeOrder(
        trx,
        {
          customerId,
          idempotencyKey: data.idempotencyKey,
          lines,
          contact: data.contact,
          shippingMethod: data.shippingMethod,
          slot: data.slot ?? '',
          shipTo: {
            firstName: address.firstName,
            lastName: address.lastName,
            street: 'street' in address ? address.street : '',
            apartment: 'apartment' in address ? (address.apartment ?? null) : null,
            city: 'city' in address ? address.city : '',
            state: 'state' in address ? address.state : '',
            zipCode: 'zipCode' in address ? address.zipCode : '',
          },
          paymentMethod: data.paymentMethod,
          promoCode: cart.promo_code,
        },
        { stock: 'shopper', now, farmName: farm.name, afterStock: hooks.afterStock },
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
      return { ok: true, order: written.order } as const
    })
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
  const window = slot
    ? await trx
        .selectFrom('fulfilment_windows')
        .select(['weekday', 'on_date'])
        .where('id', '=', slot.windowId)
        .executeTakeFirst()
    : undefined
  // An unknown window is left to resolveFulfilment, which says the time is gone.
  if (!slot || (window && (window.on_date !== null || window.weekday === null))) {
    refuse('slot', SUBSCRIPTION_NEEDS_WEEKLY_DAY, 'fulfilment')
  }
  if (data.paymentMethod !== 'stripe' && data.paymentMethod !== 'offline') {
    refuse('paymentMethod', SUBSCRIPTION_PAYMENT, 'invalid')
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

export type StockMode = 'shopper' | 'subscriber'

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
  /** TEST ONLY: see PlaceOrderHooks.afterStock */
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
 * confirmation email. A refusal is thrown (Refusal) so the caller's transaction rolls back.
 */
export async function writeOrder(
  trx: Trx,
  draft: OrderDraft,
  options: WriteOrderOptions,
): Promise<WrittenOrder> {
  const { lines, shipTo } = draft
  // Where and when (ADR 18): checked again here, against the shop as it is now.
  const subtotalCents = lines.reduce(
    (sum, l) => sum + pieceCents(l.unitPriceCents, l.averageWeightCentiLb) * l.quantity,
    0,
  )
  const fulfilment = await resolveFulfilment(
    trx,
    {
      method: draft.shippingMethod,
      slot: draft.slot,
      zipCode: shipTo.zipCode,
      subtotalCents,
      productIds: lines.map((line) => line.productId),
    },
    options.now,
  )
  if (!fulfilment.ok) {
    throw new Refusal({
      ok: false,
      reason: fulfilment.reason,
      message: fulfilment.message,
      fieldErrors: { [fulfilment.field]: [fulfilment.message] },
    })
  }

  const settings = await getPricingSettings(trx)
  const promo = draft.promoCode ? await loadPromo(trx, draft.promoCode) : null
  const totals = priceCart({
    lines,
    promo: promo?.terms ?? null,
    shippingMethod: draft.shippingMethod,
    settings,
    delivery: fulfilment.delivery,
  })

  const claimedHolds = await takeStock(trx, lines, options)
  await options.afterStock?.()
  // The window's capacity, taken like stock: after it, in every order's same lock order.
  if (fulfilment.booking) {
    const { windowId, date, label } = fulfilment.booking
    if (!(await takeSlot(trx, windowId, date))) {
      const message = slotFullMessage(label)
      throw new Refusal({
        ok: false,
        reason: 'slot-full',
        message,
        fieldErrors: { slot: [message] },
      })
    }
  }

  // Counted only when the code gave something; the limit is checked again by the update
  // itself, so two last uses of a limited code cannot both succeed. The order that loses
  // the last use is refused (PROMO_NO_LONGER_VALID) rather than placed without the
  // discount: its shopper confirmed a total with the discount, and is told to look again
  // (tested in cart/admin-promo-settings.db.test.ts).
  const promoUsed = promo && totals.promoApplies && totals.discountCents > 0 ? promo : null
  if (promoUsed) {
    const counted = await trx
      .updateTable('promo_codes')
      .set((eb) => ({ times_used: eb('times_used', '+', 1) }))
      .where('code', '=', promoUsed.code)
      .where('is_active', '=', true)
      .where((eb) =>
        eb.or([eb('usage_limit', 'is', null), eb('times_used', '<', eb.ref('usage_limit'))]),
      )
      .executeTakeFirst()
    if (counted.numUpdatedRows === 0n) {
      throw new Refusal({ ok: false, reason: 'promo-invalid', message: PROMO_NO_LONGER_VALID })
    }
  }

  // Late in the transaction on purpose: every order waits for this one row, so it is
  // held for as short a time as possible.
  const { value: orderNumber } = await trx
    .updateTable('counters')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('name', '=', 'order_number')
    .returning('value')
    .executeTakeFirstOrThrow()

  const orderId = crypto.randomUUID()
  await trx
    .insertInto('orders')
    .values({
      id: orderId,
      order_number: orderNumber,
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
      promo_code: promoUsed?.code ?? null,
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
      ...fulfilment.snapshot,
      // By weight (ADR 30): the most the weighed order may cost, and what a card authorises.
      authorised_cents: totals.estimated ? totals.maximumTotalCents : null,
    })
    .execute()
  await trx
    .insertInto('order_items')
    .values(
      lines.map((line, index) => ({
        id: crypto.randomUUID(),
        order_id: orderId,
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
  await recordHoldOrder(trx, claimedHolds, orderId)
  await recordShareOrders(trx, { orderId, customerId: draft.customerId })

  const { firstName, lastName, ...street } = shipTo
  const content = orderConfirmationEmail({
    farmName: options.farmName,
    baseUrl: getEnv().baseUrl,
    orderId,
    orderNumber: formatOrderNumber(orderNumber),
    firstName,
    items: lines.map((line, index) => ({
      name: itemName(line.name, line.variantName),
      terms: pricedLineTerms(line, totals.lineTotalsCents[index] ?? 0),
    })),
    maximumCents: totals.estimated ? totals.maximumTotalCents : null,
    subtotalCents: totals.subtotalCents,
    discountCents: totals.discountCents,
    promoCode: promoUsed?.code ?? null,
    shippingCents: totals.shippingCents,
    taxCents: totals.taxCents,
    totalCents: totals.totalCents,
    shippingAddress: { firstName, lastName, ...street },
    phone: draft.contact.phone,
    shippingMethod: shippingMethodLabel(draft.shippingMethod),
    paymentMethod: paymentMethodLabel(draft.paymentMethod),
    fulfilment: describeFulfilment({
      shipping_method: draft.shippingMethod,
      ...fulfilment.snapshot,
    }),
  })
  await sendEmail(trx, { to: draft.contact.email, ...content, template: 'order-confirmation' })

  const order = {
    id: orderId,
    orderNumber,
    email: draft.contact.email,
    totalCents: totals.totalCents,
  }
  const booking = fulfilment.booking
    ? { windowId: fulfilment.booking.windowId, date: fulfilment.booking.date }
    : null
  return { order, booking, shipTo }
}

/**
 * The order already placed with this key: replayed for its own customer; for anyone else a
 * conflict that says nothing about the other customer's order.
 */
async function findByIdempotencyKey(
  db: DB | Trx,
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

function isIdempotencyKeyViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const { code, constraint } = error as Error & { code?: unknown; constraint?: unknown }
  // pg: unique_violation, with the constraint's name; better-sqlite3: the column in the text.
  if (code === '23505') return String(constraint ?? error.message).includes('idempotency_key')
  return code === 'SQLITE_CONSTRAINT_UNIQUE' && error.message.includes('orders.idempotency_key')
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

/** The cart's promo code with its terms now; a code that cannot be used refuses the order. */
async function loadPromo(
  trx: Trx,
  code: string,
): Promise<{ code: string; terms: PricingPromo } | null> {
  const row = await trx
    .selectFrom('promo_codes')
    .select(PROMO_TERMS_COLUMNS)
    .where('code', '=', code)
    .executeTakeFirst()
  const terms = row ? currentPromoTerms(row, new Date()) : null
  // The shopper saw this discount at checkout; charging more without a word would be worse
  // than asking them to look again.
  if (!row || !terms) {
    throw new Refusal({ ok: false, reason: 'promo-invalid', message: PROMO_NO_LONGER_VALID })
  }
  return { code: row.code, terms }
}

/**
 * Takes every line's stock, each with one conditional UPDATE, and answers the ids of the
 * waiting-list holds its lines claimed. A line with a live hold takes the held units first
 * (held and stock both go down) and anything beyond them from the free stock; held units the
 * line no longer wants (its quantity was lowered) go back and on to the next in line. An option's stock is the one
 * that limits the sale; the product's own stock_quantity of a product with options is its
 * aggregate (the seed keeps it at the options' sum) and goes down by the same amount, clamped
 * at 0 so an aggregate an admin let drift can never refuse a sale the options allow. Lines
 * arrive sorted by product, then option; each product's options are locked before the
 * product row, in the one lock order: the lines' holds are claimed first, then every stock row of
 * their products is locked at once (lockStock), then taken. Every line is tried, so the
 * refusal can name every item that is short, then the whole transaction rolls back.
 */
async function takeStock(
  trx: Trx,
  lines: readonly OrderLine[],
  { now, stock: mode, lockAlso = [] }: WriteOrderOptions,
): Promise<string[]> {
  const forSale = mode === 'subscriber' ? stockForSubscribers : freeStock
  const short: SoldOutLine[] = []
  const claimedHolds: string[] = []
  const released: OrderLine[] = []
  const byProduct = new Map<string, OrderLine[]>()
  for (const line of lines)
    byProduct.set(line.productId, [...(byProduct.get(line.productId) ?? []), line])
  // A hold row comes before its stock row (ADR 29): the holds first, then all the stock.
  const heldFor = new Map<OrderLine, number>()
  for (const line of lines) {
    if (line.shareUnits !== null || !line.holdId) continue
    heldFor.set(line, await claimHoldForOrder(trx, line.holdId, now))
  }
  await lockStock(trx, [...byProduct.keys(), ...lockAlso])

  for (const [productId, productLines] of byProduct) {
    let fromOptions = 0
    for (const line of productLines) {
      // A beef share takes its quarters from its animal's pool (ADR 31), not the option's stock.
      if (line.shareUnits !== null) {
        if (!(await takeShareUnits(trx, productId, line.shareUnits * line.quantity))) {
          short.push({
            name: line.name,
            variantName: line.variantName,
            available: await stockLeft(trx, line, forSale),
          })
        }
        continue
      }
      const held = heldFor.get(line) ?? 0
      if (held > 0 && line.holdId) claimedHolds.push(line.holdId)
      if (held > line.quantity) released.push(line)
      const fromFree = Math.max(line.quantity - held, 0)
      const taken = line.variantId
        ? await trx
            .updateTable('product_variants')
            .set((eb) => ({
              stock_quantity: eb('stock_quantity', '-', line.quantity),
              held_quantity: eb('held_quantity', '-', held),
            }))
            .where('id', '=', line.variantId)
            .where('product_id', '=', productId)
            .where('is_available', '=', true)
            .where('held_quantity', '>=', held)
            .where(forSale('product_variants'), '>=', fromFree)
            .executeTakeFirst()
        : await trx
            .updateTable('products')
            .set((eb) => ({
              stock_quantity: eb('stock_quantity', '-', line.quantity),
              held_quantity: eb('held_quantity', '-', held),
            }))
            .where('id', '=', productId)
            .where('is_available', '=', true)
            .where('archived_at', 'is', null)
            .where('held_quantity', '>=', held)
            .where(forSale('products'), '>=', fromFree)
            .executeTakeFirst()
      if (taken.numUpdatedRows === 0n) {
        short.push({
          name: line.name,
          variantName: line.variantName,
          available: await stockLeft(trx, line, forSale),
        })
      } else if (line.variantId) {
        fromOptions += line.quantity
      }
    }
    if (fromOptions > 0) {
      await trx
        .updateTable('products')
        .set((eb) => ({
          stock_quantity: eb
            .case()
            .when('stock_quantity', '>=', fromOptions)
            .then(eb('stock_quantity', '-', fromOptions))
            .else(0)
            .end(),
        }))
        .where('id', '=', productId)
        .execute()
    }
  }
  if (short.length > 0) {
    throw new Refusal({
      ok: false,
      reason: 'sold-out',
      lines: short,
      message: short.map(soldOutMessage).join(' '),
    })
  }
  // Their rows are already locked by this order: offering the units on keeps the lock order.
  for (const line of released) {
    await notifyWaitingGroup(trx, { productId: line.productId, variantId: line.variantId }, now)
  }
  return claimedHolds
}

/** What a short line can still have right now (0 when its option was switched off). */
async function stockLeft(trx: Trx, line: OrderLine, forSale: typeof freeStock): Promise<number> {
  const row = line.variantId
    ? await trx
        .selectFrom('product_variants')
        .select(['is_available', forSale('product_variants').as('free')])
        .where('id', '=', line.variantId)
        .executeTakeFirst()
    : await trx
        .selectFrom('products')
        .select(['is_available', forSale('products').as('free')])
        .where('id', '=', line.productId)
        .executeTakeFirst()
  return row?.is_available ? Math.max(Number(row.free), 0) : 0
}
