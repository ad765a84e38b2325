import { randomBytes } from 'node:crypto'
import { type ExpressionBuilder, sql, type Transaction } from 'kysely'
import { createCookie } from 'react-router'
import { cartItemsReadWithSession, getCurrentUser } from '~/auth/session.server'
import { onSignIn } from '~/auth/sign-in-hooks.server'
import { freeStock } from '~/catalog/free-stock.server'
import { asFlag, onSaleExpression, productOnSaleExpression } from '~/catalog/on-sale.server'
import { lineAverageWeightExpression } from '~/catalog/weight.server'
import { listDeliveryZoneTerms } from '~/fulfilment/delivery-zones.server'
import { type DB, getDb } from '~/platform/db/db.server'
import type { Database } from '~/platform/db/schema'
import { getEnv } from '~/platform/env.server'
import { currentPromoTerms, normalizePromoCode, PROMO_TERMS_COLUMNS } from '~/promotions/promo'
import type { PricingSettings } from '~/settings/settings'
import { getPricingSettings } from '~/settings/settings.server'
import { shareProductExpression } from '~/shares/share-product.server'
import {
  FREQUENCY_LABELS,
  type Frequency,
  isFrequency,
  parseFrequencies,
  subscriberPriceCents,
} from '~/subscriptions/terms'
import {
  HOLD_NOT_FOUND,
  HOLD_OTHER_ACCOUNT,
  holdEndedMessage,
  holdItemName,
} from '~/waiting-list/holds'
import { findHold, type HoldReference } from '~/waiting-list/holds.server'
import type { AppliedPromo, CartLine, CartSummary } from './cart'
import { type CartAction, LINE_ONE_TIME } from './forms'
import { cartFigures } from './fulfilment-pricing'
import {
  ADDED_TO_CART,
  addedAsSubscriptionMessage,
  allInCartMessage,
  CART_CLEARED,
  FREQUENCY_REQUIRED,
  frequencyNotOfferedMessage,
  ITEM_REMOVED,
  LINE_NOT_FOUND,
  NOW_ONE_TIME,
  notSubscribableMessage,
  nowSubscriptionMessage,
  OPTION_UNAVAILABLE,
  onlyLeftMessage,
  optionNotSubscribableMessage,
  outOfStockMessage,
  PRODUCT_UNAVAILABLE,
  PROMO_EMPTY_CART,
  PROMO_INVALID,
  PROMO_REMOVED,
  promoAppliedMessage,
  promoMinimumMessage,
  QUANTITY_UPDATED,
} from './messages'
import { priceCart } from './pricing'

// The cart lives in the database (D4). A signed-in customer's cart is found by customer_id
// (unique); a guest's by an httpOnly cookie holding a random 128-bit cart id, signed with the
// auth secret. Every function takes the owner and filters by it, so one shopper can never
// read or change another's cart, whatever ids they post. Prices and stock always come from
// the catalog at the moment of reading; cart lines hold only product, option and quantity,
// and the waiting-list hold a line was claimed with (ADR 29). The stock a line may have is
// the free stock (stock less every hold) plus what its own live hold keeps for this shopper.
//
// Subscribing (ADR 32): a line with subscription_frequency set is the first box of a
// subscription, priced at subscriberPriceCents (placeOrder prices it the same way). It is
// bought from the free stock like any line: the reservations are for boxes already promised.
// A cart keeps one line per product and option (cart_lines has no unique key for it, but every
// change here keeps it so, and placeOrder and the merge at sign-in rely on it); adding with the
// other purchase mode switches that line's mode, so the latest choice wins.

/** Whether an option may be subscribed: 1, or 0 for an option marked not subscribable. */
const VARIANT_SUBSCRIBABLE = sql<number>`(case when ${sql.ref('product_variants.subscribable')} = ${false} then 0 else 1 end)`

/** A line's stock for its shopper: free units plus its own live hold's (joined as `hold`). */
const LINE_STOCK = sql<number>`coalesce(${freeStock('product_variants')}, ${freeStock('products')}) + coalesce(${sql.ref('hold.quantity')}, 0)`

const CART_COOKIE_DAYS = 90
const CART_ID = /^[A-Za-z0-9_-]{22}$/

function cartCookie() {
  const env = getEnv()
  const secure = env.baseUrl.startsWith('https:')
  // __Host- under https: the browser then refuses it from a subdomain or over plain http.
  return createCookie(secure ? '__Host-farm.cart' : 'farm.cart', {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: CART_COOKIE_DAYS * 24 * 60 * 60,
    secrets: [env.authSecret],
  })
}

/** Set-Cookie for a guest's cart; sent again on every change so an active cart never expires. */
export function serializeCartCookie(cartId: string): Promise<string> {
  return cartCookie().serialize(cartId)
}

function clearCartCookie(): Promise<string> {
  return cartCookie().serialize('', { maxAge: 0 })
}

async function readGuestCartId(request: Request): Promise<string | null> {
  const header = request.headers.get('cookie')
  if (!header?.includes('farm.cart=')) return null
  const value: unknown = await cartCookie().parse(header)
  return typeof value === 'string' && CART_ID.test(value) ? value : null
}

export type CartOwner =
  | { kind: 'customer'; customerId: string }
  /** cartId null: this browser has no cart yet (or its cookie was not ours) */
  | { kind: 'guest'; cartId: string | null }

/** Whose cart this request is about: the signed-in customer's, else the cookie's. */
export async function getCartOwner(request: Request): Promise<CartOwner> {
  const user = await getCurrentUser(request)
  if (user) return { kind: 'customer', customerId: user.id }
  return { kind: 'guest', cartId: await readGuestCartId(request) }
}

/** Only this owner's cart row: a guest's cookie never reaches a customer's cart. */
function ownedBy(owner: CartOwner) {
  return (eb: ExpressionBuilder<Database, 'carts'>) =>
    owner.kind === 'customer'
      ? eb('carts.customer_id', '=', owner.customerId)
      : eb.and([eb('carts.id', '=', owner.cartId ?? ''), eb('carts.customer_id', 'is', null)])
}

function ownedCartIds(db: DB | Transaction<Database>, owner: CartOwner) {
  return db.selectFrom('carts').select('carts.id').where(ownedBy(owner))
}

// --- reading --------------------------------------------------------------------------------

/** The cart's lines with names, prices and stock, and its promo code: one query. */
async function loadCart(db: DB | Transaction<Database>, owner: CartOwner, now: Date) {
  if (owner.kind === 'guest' && !owner.cartId) return { lines: [], promo: null }
  const rows = await db
    .selectFrom('cart_lines')
    .innerJoin('carts', 'carts.id', 'cart_lines.cart_id')
    .innerJoin('products', 'products.id', 'cart_lines.product_id')
    .leftJoin('product_variants', 'product_variants.id', 'cart_lines.product_variant_id')
    .leftJoin('stock_holds as hold', (join) =>
      join
        .onRef('hold.id', '=', 'cart_lines.stock_hold_id')
        .on('hold.status', '=', 'held')
        .on('hold.expires_at', '>', now),
    )
    .leftJoin('promo_codes', 'promo_codes.code', 'carts.promo_code')
    .select((eb) => [
      'cart_lines.id',
      'cart_lines.product_id',
      'cart_lines.product_variant_id',
      'cart_lines.quantity',
      'products.name',
      'products.image_url',
      'products.unit',
      'product_variants.name as variant_name',
      eb.fn.coalesce('product_variants.price_cents', 'products.price_cents').as('unit_price_cents'),
      'cart_lines.subscription_frequency',
      'products.subscription_frequencies',
      'products.subscriber_discount_percent',
      'products.local_only',
      VARIANT_SUBSCRIBABLE.as('variant_subscribable'),
      LINE_STOCK.as('stock'),
      // Unaliased: SQLite's values are turned into Dates by column name (ADR 2).
      'hold.expires_at',
      asFlag(onSaleExpression(eb.ref('cart_lines.product_variant_id'))).as('on_sale'),
      asFlag(shareProductExpression()).as('share'),
      lineAverageWeightExpression(eb.ref('cart_lines.product_variant_id')).as('average_weight'),
      'carts.promo_code',
      'promo_codes.discount_type',
      'promo_codes.discount_value',
      'promo_codes.min_subtotal_cents',
      'promo_codes.starts_at',
      'promo_codes.ends_at',
      'promo_codes.usage_limit',
      'promo_codes.times_used',
      'promo_codes.is_active',
    ])
    .where((eb) => eb('cart_lines.cart_id', 'in', ownedCartIds(db, owner)))
    .orderBy('cart_lines.created_at')
    .orderBy('cart_lines.id')
    .execute()

  const lines: CartLine[] = rows.map((row) => {
    const regularPriceCents = Number(row.unit_price_cents)
    const frequency = isFrequency(row.subscription_frequency) ? row.subscription_frequency : null
    return {
      id: row.id,
      productId: row.product_id,
      variantId: row.product_variant_id,
      name: row.name,
      variantName: row.variant_name,
      imageUrl: row.image_url,
      unit: row.unit,
      unitPriceCents:
        frequency === null
          ? regularPriceCents
          : subscriberPriceCents(regularPriceCents, row.subscriber_discount_percent),
      regularPriceCents,
      quantity: row.quantity,
      stock: Number(row.stock),
      available: Number(row.on_sale) === 1 && Number(row.stock) > 0,
      reservedUntil: row.expires_at,
      averageWeightCentiLb: row.average_weight === null ? null : Number(row.average_weight),
      subscriptionFrequency: frequency,
      offeredFrequencies: parseFrequencies(row.subscription_frequencies),
      subscribable: Number(row.variant_subscribable) === 1,
      localOnly: Boolean(row.local_only),
      share: Number(row.share) === 1,
    }
  })
  const first = rows[0]
  let promo: AppliedPromo | null = null
  if (first?.promo_code) {
    const terms =
      first.discount_type !== null &&
      first.discount_value !== null &&
      first.min_subtotal_cents !== null &&
      first.times_used !== null &&
      first.is_active !== null
        ? currentPromoTerms(
            {
              code: first.promo_code,
              discount_type: first.discount_type,
              discount_value: first.discount_value,
              min_subtotal_cents: first.min_subtotal_cents,
              starts_at: first.starts_at,
              ends_at: first.ends_at,
              usage_limit: first.usage_limit,
              times_used: first.times_used,
              is_active: first.is_active,
            },
            now,
          )
        : null
    promo = { code: first.promo_code, terms }
  }
  return { lines, promo }
}

/** The discount a promo gives these lines: it does not depend on how the order is had. */
function discountFor(lines: CartLine[], promo: AppliedPromo, settings: PricingSettings) {
  return priceCart({
    lines: lines.filter((line) => line.available),
    promo: promo.terms,
    shippingMethod: 'pickup',
    settings,
  })
}

/**
 * Everything the cart page and the checkout show: lines, promo, settings, the delivery zones
 * and the totals, priced the way the cart can be had (D21, cartFigures).
 */
export async function getCartSummary(
  db: DB,
  owner: CartOwner,
  now = new Date(),
): Promise<CartSummary> {
  const [{ lines, promo }, settings, zones] = await Promise.all([
    loadCart(db, owner, now),
    getPricingSettings(db),
    listDeliveryZoneTerms(db),
  ])
  return { lines, promo, settings, zones, ...cartFigures({ lines, promo, settings, zones }) }
}

/**
 * The count in the site header. A signed-in customer's usually came with the session lookup;
 * a visitor without a cart cookie costs no query at all.
 */
export async function headerCartCount(db: DB, request: Request): Promise<number> {
  const readWithSession = await cartItemsReadWithSession(request)
  return readWithSession ?? countCartItems(db, await getCartOwner(request))
}

/** Items in the cart (sum of quantities); no query for a new visitor. */
export async function countCartItems(db: DB, owner: CartOwner): Promise<number> {
  if (owner.kind === 'guest' && !owner.cartId) return 0
  const row = await db
    .selectFrom('cart_lines')
    .select((eb) => eb.fn.sum<number | string | null>('cart_lines.quantity').as('items'))
    .where((eb) => eb('cart_lines.cart_id', 'in', ownedCartIds(db, owner)))
    .executeTakeFirst()
  return Number(row?.items ?? 0)
}

// --- changing -------------------------------------------------------------------------------

export type CartChange =
  | {
      ok: true
      /** the cart changed: a guest's cookie is (re)issued with it */
      cartId: string | null
      message: string
      /** the line's quantity after the change, when one line changed */
      quantity?: number
    }
  | { ok: false; status: 400 | 404 | 409; message: string }

const notFound = (message: string) => ({ ok: false, status: 404, message }) as const

/**
 * Marks the owner's cart as touched and returns its id, creating it when `create` is set.
 * Being the first write of each change's transaction, this also takes the cart row's lock
 * (PostgreSQL) or the write lock (SQLite), so two changes to one cart never interleave.
 */
async function touchCart(
  trx: Transaction<Database>,
  owner: CartOwner,
  create: boolean,
): Promise<string | null> {
  const now = new Date()
  const touched = await trx
    .updateTable('carts')
    .set({ updated_at: now })
    .where(ownedBy(owner))
    .returning('carts.id')
    .executeTakeFirst()
  if (touched) return touched.id
  if (!create) return null
  if (owner.kind === 'guest') {
    // A stale or missing cookie gets a new cart; the old id is never reused.
    const id = randomBytes(16).toString('base64url')
    await trx.insertInto('carts').values({ id }).execute()
    return id
  }
  await trx
    .insertInto('carts')
    .values({ id: randomBytes(16).toString('base64url'), customer_id: owner.customerId })
    .onConflict((conflict) => conflict.column('customer_id').doNothing())
    .execute()
  return touchCart(trx, owner, false)
}

type Sellable = {
  stock: number
  name: string
  variantId: string | null
  /** what the product offers by subscription, and whether this option may be subscribed */
  offeredFrequencies: Frequency[]
  subscribable: boolean
}

/** The product (and option) to add, if it is on sale; with no option given, the first on sale. */
async function findSellable(
  trx: Transaction<Database>,
  productId: string,
  variantId: string | undefined,
): Promise<{ ok: true; item: Sellable } | { ok: false; status: 404 | 409; message: string }> {
  // One query: the product on every row, with one of its options each (or none).
  const rows = await trx
    .selectFrom('products')
    .leftJoin('product_variants', 'product_variants.product_id', 'products.id')
    .select((eb) => [
      'products.name',
      'products.subscription_frequencies',
      freeStock('products').as('stock_quantity'),
      asFlag(productOnSaleExpression()).as('product_on_sale'),
      'product_variants.id as variant_id',
      'product_variants.name as variant_name',
      VARIANT_SUBSCRIBABLE.as('variant_subscribable'),
      freeStock('product_variants').as('variant_stock'),
      // Each row is the line this option would make; the product's own row has none.
      asFlag(onSaleExpression(eb.ref('product_variants.id'))).as('variant_on_sale'),
    ])
    .where('products.id', '=', productId)
    // Ordered by name, as the shop lists them (spec section 7).
    .orderBy('product_variants.name')
    .orderBy('product_variants.id')
    .execute()
  const product = rows[0]
  if (!product || Number(product.product_on_sale) !== 1) {
    return notFound(PRODUCT_UNAVAILABLE)
  }
  const variants = rows.flatMap((row) =>
    row.variant_id === null
      ? []
      : [
          {
            id: row.variant_id,
            name: row.variant_name ?? '',
            stock_quantity: Number(row.variant_stock ?? 0),
            is_available: Number(row.variant_on_sale) === 1,
            subscribable: Number(row.variant_subscribable) === 1,
          },
        ],
  )
  const offeredFrequencies = parseFrequencies(product.subscription_frequencies)
  let item: Sellable = {
    stock: Number(product.stock_quantity),
    name: product.name,
    variantId: null,
    offeredFrequencies,
    subscribable: true,
  }
  if (variantId !== undefined || variants.length > 0) {
    const variant =
      variantId === undefined
        ? (variants.find((v) => v.is_available && v.stock_quantity > 0) ?? variants[0])
        : variants.find((v) => v.id === variantId)
    if (!variant?.is_available) return notFound(OPTION_UNAVAILABLE)
    item = {
      stock: variant.stock_quantity,
      name: `${product.name} (${variant.name})`,
      variantId: variant.id,
      offeredFrequencies,
      subscribable: variant.subscribable,
    }
  }
  if (item.stock <= 0) return { ok: false, status: 409, message: outOfStockMessage(item.name) }
  return { ok: true, item }
}

const refused = (message: string) => ({ ok: false, status: 400, message }) as const

/**
 * Whether the item may be had at this frequency (null: one time): the product offers it and
 * the option is not left out of subscriptions. Null when it may, else the refusal.
 */
function subscriptionRefusal(
  item: Pick<Sellable, 'name' | 'offeredFrequencies' | 'subscribable'>,
  frequency: Frequency | null,
) {
  if (frequency === null) return null
  if (item.offeredFrequencies.length === 0) return refused(notSubscribableMessage(item.name))
  if (!item.subscribable) return refused(optionNotSubscribableMessage(item.name))
  if (!item.offeredFrequencies.includes(frequency)) {
    return refused(
      frequencyNotOfferedMessage(
        item.name,
        FREQUENCY_LABELS[frequency],
        item.offeredFrequencies.map((offered) => FREQUENCY_LABELS[offered]),
      ),
    )
  }
  return null
}

export type AddToCartInput = {
  productId: string
  variantId?: string
  quantity: number
  /** one time (the default), or the first box of a subscription at `frequency` */
  purchase?: 'one-time' | 'subscribe'
  frequency?: Frequency
}

/**
 * Adds a product (and option) to the owner's cart, creating the cart if needed. The same
 * product and option raise the existing line's quantity; the line never goes above stock.
 * A subscription needs a frequency the product offers, for an option that may be subscribed;
 * the line takes the purchase mode of this add.
 */
export async function addToCart(
  db: DB,
  owner: CartOwner,
  input: AddToCartInput,
): Promise<CartChange> {
  const subscribe = input.purchase === 'subscribe'
  if (subscribe && input.frequency === undefined) return refused(FREQUENCY_REQUIRED)
  const frequency = subscribe ? (input.frequency ?? null) : null
  return db.transaction().execute(async (trx) => {
    const found = await findSellable(trx, input.productId, input.variantId)
    if (!found.ok) return found
    const { item } = found
    const refusal = subscriptionRefusal(item, frequency)
    if (refusal) return refusal
    const cartId = (await touchCart(trx, owner, true)) as string
    const existing = await trx
      .selectFrom('cart_lines')
      .leftJoin('stock_holds as hold', (join) =>
        join
          .onRef('hold.id', '=', 'cart_lines.stock_hold_id')
          .on('hold.status', '=', 'held')
          .on('hold.expires_at', '>', new Date()),
      )
      .select(['cart_lines.id', 'cart_lines.quantity', 'hold.quantity as held'])
      .where('cart_lines.cart_id', '=', cartId)
      .where('cart_lines.product_id', '=', input.productId)
      .where((eb) =>
        item.variantId === null
          ? eb('cart_lines.product_variant_id', 'is', null)
          : eb('cart_lines.product_variant_id', '=', item.variantId),
      )
      .executeTakeFirst()
    const had = existing?.quantity ?? 0
    // The shopper's own hold counts for them on top of the free stock.
    const stock = item.stock + (existing?.held ?? 0)
    if (had >= stock) {
      return { ok: false, status: 409, message: allInCartMessage(stock) } as const
    }
    const quantity = Math.min(had + input.quantity, stock)
    if (existing) {
      await trx
        .updateTable('cart_lines')
        .set({ quantity, subscription_frequency: frequency })
        .where('id', '=', existing.id)
        .execute()
    } else {
      await trx
        .insertInto('cart_lines')
        .values({
          id: crypto.randomUUID(),
          cart_id: cartId,
          product_id: input.productId,
          product_variant_id: item.variantId,
          quantity,
          subscription_frequency: frequency,
        })
        .execute()
    }
    const capped = quantity < had + input.quantity
    let message = ADDED_TO_CART
    if (capped) message = onlyLeftMessage(stock)
    else if (frequency) message = addedAsSubscriptionMessage(FREQUENCY_LABELS[frequency])
    return { ok: true, cartId, quantity, message } as const
  })
}

export type QuantityChange = { set: number } | { by: 1 | -1 }

/** Sets (or steps) a line's quantity: at least 1, at most the stock. */
export async function changeLineQuantity(
  db: DB,
  owner: CartOwner,
  lineId: string,
  change: QuantityChange,
): Promise<CartChange> {
  return db.transaction().execute(async (trx) => {
    const cartId = await touchCart(trx, owner, false)
    if (!cartId) return notFound(LINE_NOT_FOUND)
    const line = await trx
      .selectFrom('cart_lines')
      .innerJoin('products', 'products.id', 'cart_lines.product_id')
      .leftJoin('product_variants', 'product_variants.id', 'cart_lines.product_variant_id')
      .leftJoin('stock_holds as hold', (join) =>
        join
          .onRef('hold.id', '=', 'cart_lines.stock_hold_id')
          .on('hold.status', '=', 'held')
          .on('hold.expires_at', '>', new Date()),
      )
      .select(['cart_lines.quantity', 'products.name', LINE_STOCK.as('stock')])
      .where('cart_lines.id', '=', lineId)
      .where('cart_lines.cart_id', '=', cartId)
      .executeTakeFirst()
    if (!line) return notFound(LINE_NOT_FOUND)
    const stock = Number(line.stock)
    if (stock <= 0) {
      return { ok: false, status: 409, message: outOfStockMessage(line.name) } as const
    }
    const wanted = Math.max('set' in change ? change.set : line.quantity + change.by, 1)
    const quantity = Math.min(wanted, stock)
    if (quantity !== line.quantity) {
      await trx.updateTable('cart_lines').set({ quantity }).where('id', '=', lineId).execute()
    }
    return {
      ok: true,
      cartId,
      quantity,
      message: quantity < wanted ? onlyLeftMessage(stock) : QUANTITY_UPDATED,
    } as const
  })
}

/**
 * Makes a line the first box of a subscription at this frequency, or (null) a one-time line
 * again; refused when the product or option does not offer it.
 */
export async function changeLineFrequency(
  db: DB,
  owner: CartOwner,
  lineId: string,
  frequency: Frequency | null,
): Promise<CartChange> {
  return db.transaction().execute(async (trx) => {
    const cartId = await touchCart(trx, owner, false)
    if (!cartId) return notFound(LINE_NOT_FOUND)
    const line = await trx
      .selectFrom('cart_lines')
      .innerJoin('products', 'products.id', 'cart_lines.product_id')
      .leftJoin('product_variants', 'product_variants.id', 'cart_lines.product_variant_id')
      .select([
        'cart_lines.quantity',
        'products.name',
        'product_variants.name as variant_name',
        'products.subscription_frequencies',
        VARIANT_SUBSCRIBABLE.as('variant_subscribable'),
      ])
      .where('cart_lines.id', '=', lineId)
      .where('cart_lines.cart_id', '=', cartId)
      .executeTakeFirst()
    if (!line) return notFound(LINE_NOT_FOUND)
    const refusal = subscriptionRefusal(
      {
        name: line.variant_name ? `${line.name} (${line.variant_name})` : line.name,
        offeredFrequencies: parseFrequencies(line.subscription_frequencies),
        subscribable: Number(line.variant_subscribable) === 1,
      },
      frequency,
    )
    if (refusal) return refusal
    await trx
      .updateTable('cart_lines')
      .set({ subscription_frequency: frequency })
      .where('id', '=', lineId)
      .execute()
    return {
      ok: true,
      cartId,
      quantity: line.quantity,
      message: frequency ? nowSubscriptionMessage(FREQUENCY_LABELS[frequency]) : NOW_ONE_TIME,
    } as const
  })
}

export async function removeLine(db: DB, owner: CartOwner, lineId: string): Promise<CartChange> {
  const result = await db
    .deleteFrom('cart_lines')
    .where('id', '=', lineId)
    .where((eb) => eb('cart_id', 'in', ownedCartIds(db, owner)))
    .executeTakeFirst()
  if (result.numDeletedRows === 0n) return notFound(LINE_NOT_FOUND)
  return { ok: true, cartId: owner.kind === 'guest' ? owner.cartId : null, message: ITEM_REMOVED }
}

/** Empties the cart and drops its promo code (spec section 4). */
export async function clearCart(db: DB, owner: CartOwner): Promise<CartChange> {
  return db.transaction().execute(async (trx) => {
    const cartId = await touchCart(trx, owner, false)
    if (cartId) {
      await trx.deleteFrom('cart_lines').where('cart_id', '=', cartId).execute()
      await trx.updateTable('carts').set({ promo_code: null }).where('id', '=', cartId).execute()
    }
    return { ok: true, cartId, message: CART_CLEARED } as const
  })
}

/**
 * Checks a code (any case) against promo_codes and, when it can be used on this cart, keeps
 * it with the cart; the message says how much it saves right now.
 */
export async function applyPromo(
  db: DB,
  owner: CartOwner,
  input: string,
  now = new Date(),
): Promise<CartChange> {
  const code = normalizePromoCode(input)
  return db.transaction().execute(async (trx) => {
    const cartId = await touchCart(trx, owner, false)
    const row = await trx
      .selectFrom('promo_codes')
      .select(PROMO_TERMS_COLUMNS)
      // upper() on the column too, should a code ever be stored in another case.
      .where((eb) => eb(eb.fn('upper', ['code']), '=', code))
      .executeTakeFirst()
    const terms = row ? currentPromoTerms(row, now) : null
    if (!row || !terms) return { ok: false, status: 400, message: PROMO_INVALID } as const
    // One after the other: a transaction is one connection.
    const { lines } = await loadCart(trx, owner, now)
    const settings = await getPricingSettings(trx)
    const totals = discountFor(lines, { code: row.code, terms }, settings)
    if (!cartId || totals.subtotalCents === 0) {
      return { ok: false, status: 400, message: PROMO_EMPTY_CART } as const
    }
    if (!totals.promoApplies) {
      return {
        ok: false,
        status: 400,
        message: promoMinimumMessage(row.code, terms.minSubtotalCents),
      } as const
    }
    await trx.updateTable('carts').set({ promo_code: row.code }).where('id', '=', cartId).execute()
    return { ok: true, cartId, message: promoAppliedMessage(totals.discountCents) } as const
  })
}

export async function removePromo(db: DB, owner: CartOwner): Promise<CartChange> {
  const result = await db
    .updateTable('carts')
    .set({ promo_code: null, updated_at: new Date() })
    .where(ownedBy(owner))
    .returning('carts.id')
    .executeTakeFirst()
  return { ok: true, cartId: result?.id ?? null, message: PROMO_REMOVED }
}

/** The /cart action's one call: the parsed form's intent picks the change. */
export function changeCart(db: DB, owner: CartOwner, action: CartAction): Promise<CartChange> {
  switch (action.intent) {
    case 'add':
      return addToCart(db, owner, action)
    case 'set-quantity':
      return changeLineQuantity(db, owner, action.lineId, { set: action.quantity })
    case 'increment':
      return changeLineQuantity(db, owner, action.lineId, { by: 1 })
    case 'decrement':
      return changeLineQuantity(db, owner, action.lineId, { by: -1 })
    case 'set-frequency':
      return changeLineFrequency(
        db,
        owner,
        action.lineId,
        action.frequency === LINE_ONE_TIME ? null : action.frequency,
      )
    case 'remove':
      return removeLine(db, owner, action.lineId)
    case 'clear':
      return clearCart(db, owner)
    case 'apply-promo':
      return applyPromo(db, owner, action.code)
    case 'remove-promo':
      return removePromo(db, owner)
  }
}

// --- a waiting-list hold -------------------------------------------------------------------

export type ClaimHoldResult =
  | { ok: true; item: string; quantity: number; reservedUntil: Date }
  | { ok: false; status: 403 | 404 | 410; message: string }

/**
 * The hold email's link (or Account > Waiting List's button), for its signed-in holder: puts the held units in their cart as a
 * line that carries the hold, so their order takes the held units (ADR 29). A line of the same
 * product and option already there takes the hold and at least the held quantity. Following
 * the link again changes nothing. Refused for another account's hold and for one that ended.
 */
export async function claimHoldIntoCart(
  db: DB,
  customerId: string,
  reference: HoldReference,
  now = new Date(),
): Promise<ClaimHoldResult> {
  const hold = await findHold(db, reference, now)
  if (!hold) return { ok: false, status: 404, message: HOLD_NOT_FOUND }
  if (hold.customerId !== customerId) {
    return { ok: false, status: 403, message: HOLD_OTHER_ACCOUNT }
  }
  if (hold.status !== 'held') {
    return { ok: false, status: 410, message: holdEndedMessage(hold.status) }
  }
  return db.transaction().execute(async (trx) => {
    const cartId = (await touchCart(trx, { kind: 'customer', customerId }, true)) as string
    const existing = await trx
      .selectFrom('cart_lines')
      .select(['id', 'quantity'])
      .where('cart_id', '=', cartId)
      .where('product_id', '=', hold.productId)
      .where('product_variant_id', hold.variantId === null ? 'is' : '=', hold.variantId)
      .executeTakeFirst()
    if (existing) {
      await trx
        .updateTable('cart_lines')
        .set({ stock_hold_id: hold.id, quantity: Math.max(existing.quantity, hold.quantity) })
        .where('id', '=', existing.id)
        .execute()
    } else {
      await trx
        .insertInto('cart_lines')
        .values({
          id: crypto.randomUUID(),
          cart_id: cartId,
          product_id: hold.productId,
          product_variant_id: hold.variantId,
          quantity: hold.quantity,
          stock_hold_id: hold.id,
        })
        .execute()
    }
    return {
      ok: true,
      item: holdItemName(hold.productName, hold.variantName),
      quantity: hold.quantity,
      reservedUntil: hold.expiresAt,
    } as const
  })
}

// --- signing in -----------------------------------------------------------------------------

/**
 * At sign-in (or sign-up): the guest cart's lines join the customer's cart. The same product
 * and option add up, never beyond stock and never lowering what the customer already had;
 * lines no longer on sale are dropped. The guest's promo code comes along when the customer's
 * cart has none. The guest cart is then deleted.
 */
export async function mergeGuestCart(db: DB, guestCartId: string, customerId: string) {
  await db.transaction().execute(async (trx) => {
    const guest: CartOwner = { kind: 'guest', cartId: guestCartId }
    const guestCart = await trx
      .selectFrom('carts')
      .select(['id', 'promo_code'])
      .where(ownedBy(guest))
      .executeTakeFirst()
    if (!guestCart) return
    const customer: CartOwner = { kind: 'customer', customerId }
    const cartId = (await touchCart(trx, customer, true)) as string
    const guestLines = (await loadCart(trx, guest, new Date())).lines
    const customerCart = await trx
      .selectFrom('carts')
      .leftJoin('cart_lines', 'cart_lines.cart_id', 'carts.id')
      .select([
        'carts.promo_code',
        'cart_lines.id',
        'cart_lines.product_id',
        'cart_lines.product_variant_id',
        'cart_lines.quantity',
        'cart_lines.subscription_frequency',
      ])
      .where('carts.id', '=', cartId)
      .execute()
    // PostgreSQL's now() is the same for a whole transaction; explicit, increasing times keep
    // the guest's lines in the order they were added.
    const addedAt = Date.now()
    for (const [index, line] of guestLines.entries()) {
      if (!line.available) continue
      const existing = customerCart.find(
        (row) =>
          row.id !== null &&
          row.product_id === line.productId &&
          row.product_variant_id === line.variantId,
      )
      if (existing?.id && existing.quantity !== null) {
        const quantity = Math.max(
          existing.quantity,
          Math.min(existing.quantity + line.quantity, line.stock),
        )
        // The guest's purchase mode is the latest choice, as a second add's would be.
        if (
          quantity !== existing.quantity ||
          line.subscriptionFrequency !== (existing.subscription_frequency ?? null)
        ) {
          await trx
            .updateTable('cart_lines')
            .set({ quantity, subscription_frequency: line.subscriptionFrequency })
            .where('id', '=', existing.id)
            .execute()
        }
      } else {
        await trx
          .insertInto('cart_lines')
          .values({
            id: crypto.randomUUID(),
            cart_id: cartId,
            product_id: line.productId,
            product_variant_id: line.variantId,
            quantity: Math.min(line.quantity, line.stock),
            subscription_frequency: line.subscriptionFrequency,
            created_at: new Date(addedAt + index),
          })
          .execute()
      }
    }
    if (guestCart.promo_code && !customerCart[0]?.promo_code) {
      await trx
        .updateTable('carts')
        .set({ promo_code: guestCart.promo_code })
        .where('id', '=', cartId)
        .execute()
    }
    await trx.deleteFrom('carts').where('id', '=', guestCart.id).execute()
  })
}

/**
 * For the sign-in, sign-up and social callback flows: merges this browser's guest cart into
 * the customer's and answers the Set-Cookie that forgets the guest cart (nothing when there
 * was none). After this the customer's cart is found by their account, on any device.
 */
export async function mergeGuestCartAtSignIn(
  db: DB,
  request: Request,
  customerId: string,
): Promise<string | null> {
  const guestCartId = await readGuestCartId(request)
  if (!guestCartId) return null
  await mergeGuestCart(db, guestCartId, customerId)
  return clearCartCookie()
}

// D4: the guest's cart joins the customer's, and the same response forgets the guest cookie.
onSignIn('cart', async (request, customerId, headers) => {
  const cookie = await mergeGuestCartAtSignIn(getDb(), request, customerId)
  if (cookie) headers.append('Set-Cookie', cookie)
})
