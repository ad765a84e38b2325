import type { Transaction } from 'kysely'
import { freeStock } from '~/catalog/free-stock.server'
import { asFlag, onSaleExpression, productOnSaleExpression } from '~/catalog/on-sale.server'
import type { DB } from '~/platform/db/db.server'
import type { Database } from '~/platform/db/schema'
import { FREQUENCY_LABELS, type Frequency, parseFrequencies } from '~/subscriptions/terms'
import { LINE_STOCK, VARIANT_SUBSCRIBABLE } from './cart-lines.server'
import { type CartOwner, ownedCartIds, touchCart } from './cart-owner.server'
import { applyPromo, removePromo } from './cart-promo.server'
import { type CartAction, LINE_ONE_TIME } from './forms'
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
  QUANTITY_UPDATED,
} from './words'

// Changing a cart's lines: each change is one transaction whose first write touches the cart
// row (touchCart). Subscribing (ADR 32): a subscription's first box is bought from the free
// stock like any line: the reservations are for boxes already promised. A cart keeps one line
// per product and option (cart_lines has no unique key for it, but every change here keeps it
// so, and placeOrder and the merge at sign-in rely on it); adding with the other purchase mode
// switches that line's mode, so the latest choice wins.

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
