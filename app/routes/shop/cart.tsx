import { data, redirect } from 'react-router'
import { safeRedirect } from '~/auth/redirect'
import { changeCart, getCartOwner, getCartSummary, serializeCartCookie } from '~/cart/cart.server'
import { CartPage } from '~/cart/cart-page'
import { type CartActionResult, CartActionSchema } from '~/cart/forms'
import { CART_CHANGE_FAILED } from '~/cart/messages'
import { pageMeta } from '~/farm/meta'
import { getDb } from '~/platform/db/db.server'
import { parseForm, readForm } from '~/platform/forms/form-data'
import type { Route } from './+types/cart'

// The cart page, and the one action every cart change posts to (house style 9).
//
// The /cart action contract, for forms anywhere in the shop (AddToCartForm in
// app/cart/add-to-cart.tsx is the ready-made one):
//
//   <Form method="post" action="/cart">
//     intent=add           productId, variantId (optional; else the first option on sale),
//                          quantity (optional, default 1)
//     intent=set-quantity  lineId, quantity
//     intent=increment     lineId            intent=decrement  lineId
//     intent=remove        lineId            intent=clear
//     intent=apply-promo   code              intent=remove-promo
//     redirect             optional, a path on this site
//
// Answers: with a `redirect` field and success, a redirect there (plain forms without
// JavaScript: post, redirect, get). Otherwise CartActionResult { ok, intent, message,
// quantity? } as data, with 400/404/409 on refusal, which fetchers show in place and plain
// forms show on the cart page. Quantities are capped by stock and prices always come from
// the catalog; the shopper's cart is found by their account or by the cart cookie, so no
// posted id can reach another shopper's cart.

export async function loader({ request }: Route.LoaderArgs) {
  const owner = await getCartOwner(request)
  return { cart: await getCartSummary(getDb(), owner) }
}

export async function action({ request }: Route.ActionArgs) {
  const owner = await getCartOwner(request)
  const form = await readForm(request)
  const parsed = parseForm(CartActionSchema, form)
  if (!parsed.ok) {
    const intent = CartActionSchema.options
      .map((option) => option.shape.intent.value)
      .find((known) => known === form.get('intent'))
    return data<CartActionResult>(
      {
        ok: false,
        intent: intent ?? 'unknown',
        message: parsed.fieldErrors.code ?? parsed.fieldErrors.quantity ?? CART_CHANGE_FAILED,
        fieldErrors: parsed.fieldErrors,
      },
      400,
    )
  }
  const change = await changeCart(getDb(), owner, parsed.data)
  const headers = new Headers()
  // A guest's cookie goes out with every change: it is set by the first add and stays fresh.
  if (change.ok && owner.kind === 'guest' && change.cartId) {
    headers.append('Set-Cookie', await serializeCartCookie(change.cartId))
  }
  if (change.ok && parsed.data.redirect !== undefined) {
    throw redirect(safeRedirect(parsed.data.redirect, '/cart'), { headers })
  }
  return data<CartActionResult>(
    {
      ok: change.ok,
      intent: parsed.data.intent,
      message: change.message,
      ...(change.ok && change.quantity !== undefined && { quantity: change.quantity }),
    },
    { status: change.ok ? 200 : change.status, headers },
  )
}

export default function Cart({ loaderData, actionData }: Route.ComponentProps) {
  return <CartPage cart={loaderData.cart} actionResult={actionData} />
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Shopping Cart',
    description: 'Your cart at the farm shop: items, promo code and order summary.',
  })
