import { randomBytes } from 'node:crypto'
import type { ExpressionBuilder, Transaction } from 'kysely'
import { createCookie } from 'react-router'
import { getCurrentUser } from '~/auth/session.server'
import type { DB } from '~/platform/db/db.server'
import type { Database } from '~/platform/db/schema'
import { getEnv } from '~/platform/env.server'

// Whose cart a request is about (D4). A signed-in customer's cart is found by customer_id
// (unique); a guest's by an httpOnly cookie holding a random 128-bit cart id, signed with the
// auth secret. Every cart function takes the owner and filters by it, so one shopper can never
// read or change another's cart, whatever ids they post.

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

/** Set-Cookie that makes the browser forget its guest cart. */
export function clearCartCookie(): Promise<string> {
  return cartCookie().serialize('', { maxAge: 0 })
}

/** The guest cart id in the request's cookie, when it is there and signed by us. */
export async function readGuestCartId(request: Request): Promise<string | null> {
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
export function ownedBy(owner: CartOwner) {
  return (eb: ExpressionBuilder<Database, 'carts'>) =>
    owner.kind === 'customer'
      ? eb('carts.customer_id', '=', owner.customerId)
      : eb.and([eb('carts.id', '=', owner.cartId ?? ''), eb('carts.customer_id', 'is', null)])
}

export function ownedCartIds(db: DB | Transaction<Database>, owner: CartOwner) {
  return db.selectFrom('carts').select('carts.id').where(ownedBy(owner))
}

/**
 * Marks the owner's cart as touched and returns its id, creating it when `create` is set.
 * Being the first write of each change's transaction, this also takes the cart row's lock
 * (PostgreSQL) or the write lock (SQLite), so two changes to one cart never interleave.
 */
export async function touchCart(
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
