import { data, redirect } from 'react-router'
import { safeRedirect } from '~/auth/redirect'
import { changeCart } from '~/cart/cart-changes.server'
import { getCartOwner, serializeCartCookie } from '~/cart/cart-owner.server'
import { CartPage } from '~/cart/cart-page'
import { getCartSummary } from '~/cart/cart-summary.server'
import { CartActionSchema, CartIntentSchema } from '~/cart/forms'
import { pageMeta } from '~/farm/meta'
import { getDb } from '~/platform/db/db.server'
import {
  type FormReply,
  parseSubmission,
  replyDone,
  replyInvalid,
  replyRefused,
} from '~/platform/forms/conform'
import { readForm } from '~/platform/forms/form-data.server'
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
// JavaScript: post, redirect, get). Otherwise the one reply shape (FormReply, `form` naming
// the intent): replyDone with the change's words, replyRefused with 404/409 and the reason,
// replyInvalid (400) with what the schema said; fetchers show it in place and plain forms on
// the cart page (cartReplyMessage in app/cart/forms.ts words it). Quantities are capped by
// stock and prices always come from the catalog; the shopper's cart is found by their account
// or by the cart cookie, so no posted id can reach another shopper's cart.

export async function loader({ request }: Route.LoaderArgs) {
  const owner = await getCartOwner(request)
  return { cart: await getCartSummary(getDb(), owner) }
}

export async function action({ request }: Route.ActionArgs) {
  const owner = await getCartOwner(request)
  const form = await readForm(request)
  // Which form answers, even when the rest of it is refused.
  const answering = CartIntentSchema.safeParse(form.get('intent'))
  const options = { form: answering.success ? answering.data : undefined }
  const submission = parseSubmission(form, CartActionSchema)
  if (submission.status !== 'success') return replyInvalid(submission, options)
  const change = await changeCart(getDb(), owner, submission.value)
  if (!change.ok) return replyRefused(submission, change.message, change.status, options)
  const headers = new Headers()
  // A guest's cookie goes out with every change: it is set by the first add and stays fresh.
  if (owner.kind === 'guest' && change.cartId) {
    headers.append('Set-Cookie', await serializeCartCookie(change.cartId))
  }
  if (submission.value.redirect !== undefined) {
    throw redirect(safeRedirect(submission.value.redirect, '/cart'), { headers })
  }
  return data<FormReply>(replyDone(submission, change.message, options), { headers })
}

export default function Cart({ loaderData, actionData }: Route.ComponentProps) {
  return <CartPage cart={loaderData.cart} actionResult={actionData} />
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Shopping Cart',
    description: 'Your cart at the farm shop: items, promo code and order summary.',
  })
