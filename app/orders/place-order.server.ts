import type { Transaction } from 'kysely'
import { priceCart } from '~/cart/pricing'
import { freeStock } from '~/catalog/free-stock.server'
import { asFlag, onSaleExpression } from '~/catalog/on-sale.server'
import { sellingUnit } from '~/catalog/variants'
import { pieceCents } from '~/catalog/weight'
import { lineAverageWeightExpression } from '~/catalog/weight.server'
import { sendEmail } from '~/email/outbox.server'
import { getFarmBasics } from '~/farm/farm.server'
import { takeSlot } from '~/fulfilment/booking.server'
import { describeFulfilment, slotFullMessage } from '~/fulfilment/methods'
import { resolveFulfilment } from '~/fulfilment/offer.server'
import { orderConfirmationEmail } from '~/orders/emails/order-confirmation'
import { paymentMethodLabel, shippingMethodLabel } from '~/orders/labels'
import type { DB } from '~/platform/db/db.server'
import type { Database } from '~/platform/db/schema'
import { getEnv } from '~/platform/env.server'
import type { PricingPromo } from '~/promotions/promo'
import { currentPromoTerms, PROMO_TERMS_COLUMNS } from '~/promotions/promo'
import { getPricingSettings, listStatesOffered } from '~/settings/settings.server'
import { recordShareOrders, takeShareUnits } from '~/shares/pool.server'
import { claimHoldForOrder, recordHoldOrder } from '~/waiting-list/holds.server'
import { notifyWaitingGroup } from '~/waiting-list/restock.server'
import {
  EMPTY_CART,
  formatOrderNumber,
  IDEMPOTENCY_CONFLICT,
  itemName,
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
// the last unit. Rows are locked in one global order (the cart, then stock rows by product id,
// each product's options before the product, a line's hold just before its stock row, then
// the promo code, then the counter), so two orders can wait for each other but never
// deadlock. The hold sweep and a decline also lock a hold before its stock row, and touch
// only that one product or option's rows, so they fit the same order. On SQLite Kysely runs one transaction
// at a time on its single connection, so orders are simply serialised.
//
// Beef shares (ADR 31): an option with share_units takes quarters from its animal's pool, not
// its own stock (shares/pool.server.ts). That locks the animal row, then the product's options
// and the product (their stock mirrors the pool): the same order as any product's lines.

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
class Refusal extends Error {
  constructor(readonly result: Exclude<PlaceOrderResult, { ok: true }>) {
    super(result.message)
  }
}

type OrderLine = {
  productId: string
  variantId: string | null
  name: string
  variantName: string | null
  imageUrl: string | null
  unit: string
  unitPriceCents: number
  quantity: number
  onSale: boolean
  /** The waiting-list hold the line was claimed with, if any (live or not: checked here) */
  holdId: string | null
  /** sold by weight (ADR 30): a piece's average; unitPriceCents is then per lb */
  averageWeightCentiLb: number | null
  /** quarters of an animal one of this option takes (beef shares, ADR 31); null for stock */
  shareUnits: number | null
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

      const lines = await loadOrderLines(trx, cart.id)
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

      // Where and when (ADR 18): checked again here, against the shop as it is now.
      const subtotalCents = lines.reduce(
        (sum, l) => sum + pieceCents(l.unitPriceCents, l.averageWeightCentiLb) * l.quantity,
        0,
      )
      const address = data.shippingAddress
      const fulfilment = await resolveFulfilment(
        trx,
        {
          method: data.shippingMethod,
          slot: data.slot ?? '',
          zipCode: 'zipCode' in address ? address.zipCode : '',
          subtotalCents,
          productIds: lines.map((line) => line.productId),
        },
        hooks.now,
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
      const promo = cart.promo_code ? await loadPromo(trx, cart.promo_code) : null
      const totals = priceCart({
        lines,
        promo: promo?.terms ?? null,
        shippingMethod: data.shippingMethod,
        settings,
        delivery: fulfilment.delivery,
      })

      // The cart is spent: its lines and its promo code go (as Clear Cart does). Done before
      // the stock, whose rows other orders wait for, and undone with everything else if the
      // order is refused.
      await trx.deleteFrom('cart_lines').where('cart_id', '=', cart.id).execute()
      await trx.updateTable('carts').set({ promo_code: null }).where('id', '=', cart.id).execute()

      const claimedHolds = await takeStock(trx, lines, now)
      await hooks.afterStock?.()
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
      // Pickup asks for no address: the order keeps the names and empty address fields.
      const shipTo = {
        street: 'street' in address ? address.street : '',
        apartment: 'apartment' in address ? (address.apartment ?? null) : null,
        city: 'city' in address ? address.city : '',
        state: 'state' in address ? address.state : '',
        zipCode: 'zipCode' in address ? address.zipCode : '',
      }
      await trx
        .insertInto('orders')
        .values({
          id: orderId,
          order_number: orderNumber,
          customer_id: customerId,
          idempotency_key: data.idempotencyKey,
          status: 'pending_payment',
          email: data.contact.email,
          phone: data.contact.phone,
          subtotal_cents: totals.subtotalCents,
          discount_cents: totals.discountCents,
          shipping_cents: totals.shippingCents,
          tax_cents: totals.taxCents,
          total_cents: totals.totalCents,
          tax_rate_basis_points: totals.taxRateBasisPoints,
          promo_code: promoUsed?.code ?? null,
          shipping_method: data.shippingMethod,
          ship_first_name: address.firstName,
          ship_last_name: address.lastName,
          ship_street: shipTo.street,
          ship_apartment: shipTo.apartment,
          ship_city: shipTo.city,
          ship_state: shipTo.state,
          ship_zip_code: shipTo.zipCode,
          payment_method: data.paymentMethod,
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
      await recordShareOrders(trx, { orderId, customerId })

      const content = orderConfirmationEmail({
        farmName: farm.name,
        baseUrl: getEnv().baseUrl,
        orderId,
        orderNumber: formatOrderNumber(orderNumber),
        firstName: address.firstName,
        items: lines.map((line) => ({
          name: itemName(line.name, line.variantName),
          quantity: line.quantity,
          unitPriceCents: pieceCents(line.unitPriceCents, line.averageWeightCentiLb),
          unit: sellingUnit(line.unit, line.variantName),
          averageWeightCentiLb: line.averageWeightCentiLb,
        })),
        maximumCents: totals.estimated ? totals.maximumTotalCents : null,
        subtotalCents: totals.subtotalCents,
        discountCents: totals.discountCents,
        promoCode: promoUsed?.code ?? null,
        shippingCents: totals.shippingCents,
        taxCents: totals.taxCents,
        totalCents: totals.totalCents,
        shippingAddress: { firstName: address.firstName, lastName: address.lastName, ...shipTo },
        phone: data.contact.phone,
        shippingMethod: shippingMethodLabel(data.shippingMethod),
        paymentMethod: paymentMethodLabel(data.paymentMethod),
        fulfilment: describeFulfilment({
          shipping_method: data.shippingMethod,
          ...fulfilment.snapshot,
        }),
      })
      await sendEmail(trx, { to: data.contact.email, ...content, template: 'order-confirmation' })

      const order = {
        id: orderId,
        orderNumber,
        email: data.contact.email,
        totalCents: totals.totalCents,
      }
      return { ok: true, order } as const
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
 * The cart's lines with the catalog's current names, prices and availability, in the order
 * stock is taken (product id, then option id). One query.
 */
async function loadOrderLines(trx: Trx, cartId: string): Promise<OrderLine[]> {
  const rows = await trx
    .selectFrom('cart_lines')
    .innerJoin('products', 'products.id', 'cart_lines.product_id')
    .leftJoin('product_variants', 'product_variants.id', 'cart_lines.product_variant_id')
    .select((eb) => [
      'cart_lines.product_id',
      'cart_lines.product_variant_id',
      'cart_lines.quantity',
      'cart_lines.stock_hold_id',
      'products.name',
      'products.image_url',
      'products.unit',
      'product_variants.name as variant_name',
      'product_variants.share_units',
      eb.fn.coalesce('product_variants.price_cents', 'products.price_cents').as('unit_price_cents'),
      asFlag(onSaleExpression(eb.ref('cart_lines.product_variant_id'))).as('on_sale'),
      lineAverageWeightExpression(eb.ref('cart_lines.product_variant_id')).as('average_weight'),
    ])
    .where('cart_lines.cart_id', '=', cartId)
    .orderBy('cart_lines.product_id')
    .orderBy('cart_lines.product_variant_id')
    .execute()
  return rows.map((row) => ({
    productId: row.product_id,
    variantId: row.product_variant_id,
    name: row.name,
    variantName: row.variant_name,
    imageUrl: row.image_url,
    unit: row.unit,
    unitPriceCents: Number(row.unit_price_cents),
    quantity: row.quantity,
    onSale: Number(row.on_sale) === 1,
    holdId: row.stock_hold_id,
    averageWeightCentiLb: row.average_weight === null ? null : Number(row.average_weight),
    shareUnits: row.share_units,
  }))
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
 * product row, which keeps one lock order across all orders. Every line is tried, so the
 * refusal can name every item that is short, then the whole transaction rolls back.
 */
async function takeStock(trx: Trx, lines: readonly OrderLine[], now: Date): Promise<string[]> {
  const short: SoldOutLine[] = []
  const claimedHolds: string[] = []
  const released: OrderLine[] = []
  const byProduct = new Map<string, OrderLine[]>()
  for (const line of lines)
    byProduct.set(line.productId, [...(byProduct.get(line.productId) ?? []), line])

  for (const [productId, productLines] of byProduct) {
    let fromOptions = 0
    for (const line of productLines) {
      // A beef share takes its quarters from its animal's pool (ADR 31), not the option's stock.
      if (line.shareUnits !== null) {
        if (!(await takeShareUnits(trx, productId, line.shareUnits * line.quantity))) {
          short.push({
            name: line.name,
            variantName: line.variantName,
            available: await stockLeft(trx, line),
          })
        }
        continue
      }
      const held = line.holdId ? await claimHoldForOrder(trx, line.holdId, now) : 0
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
            .where(freeStock('product_variants'), '>=', fromFree)
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
            .where(freeStock('products'), '>=', fromFree)
            .executeTakeFirst()
      if (taken.numUpdatedRows === 0n) {
        short.push({
          name: line.name,
          variantName: line.variantName,
          available: await stockLeft(trx, line),
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
async function stockLeft(trx: Trx, line: OrderLine): Promise<number> {
  const row = line.variantId
    ? await trx
        .selectFrom('product_variants')
        .select(['is_available', freeStock('product_variants').as('free')])
        .where('id', '=', line.variantId)
        .executeTakeFirst()
    : await trx
        .selectFrom('products')
        .select(['is_available', freeStock('products').as('free')])
        .where('id', '=', line.productId)
        .executeTakeFirst()
  return row?.is_available ? Math.max(Number(row.free), 0) : 0
}
