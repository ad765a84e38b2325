import { useRef, useState } from 'react'
import { useFetcher, useFetchers } from 'react-router'
import { type FormReply, parseSubmission } from '~/platform/forms/conform'
import { ButtonLink } from '~/platform/ui/button'
import { ConfirmDialog } from '~/platform/ui/confirm-dialog'
import { useHydrated } from '~/platform/ui/disclosure'
import { FormMessage } from '~/platform/ui/field'
import { Heading } from '~/platform/ui/heading'
import { TextLink } from '~/platform/ui/link'
import { SHARE_NOT_SHIPPED, SHARE_ORDERED_ALONE } from '~/shares/shares'
import type { CartLine, CartSummary } from './cart'
import { CartLineItem } from './cart-line-item'
import { CartActionSchema } from './forms'
import { cartFigures } from './fulfilment-pricing'
import { OrderSummary } from './order-summary'
import { PromoForm } from './promo-form'
import { cartChangeDone, cartReplyMessage } from './replies'
import { CHOSEN_AT_CHECKOUT, CONFIRM_CLEAR } from './words'

const CLEAR_FETCHER_KEY = 'cart-clear'

/**
 * The cart as the shopper should see it right now: the loader's cart with every change still
 * on its way to the server applied (quantities, removals, clearing), priced by the same
 * function the server uses. When the server answers, the loaders revalidate and take over.
 */
export function useOptimisticCart(cart: CartSummary): CartSummary {
  const fetchers = useFetchers()
  const quantities = new Map<string, number>()
  const removed = new Set<string>()
  let cleared = false
  for (const fetcher of fetchers) {
    if (!fetcher.formData) continue
    // What is on its way, read with the action's own schema: a change it would refuse is
    // not guessed at.
    const pending = parseSubmission(fetcher.formData, CartActionSchema)
    if (pending.status !== 'success') continue
    const change = pending.value
    if (change.intent === 'clear') cleared = true
    else if (change.intent === 'remove') removed.add(change.lineId)
    else if (change.intent === 'set-quantity') quantities.set(change.lineId, change.quantity)
  }
  if (!cleared && removed.size === 0 && quantities.size === 0) return cart
  const lines: CartLine[] = cleared
    ? []
    : cart.lines
        .filter((line) => !removed.has(line.id))
        .map((line) => {
          const pending = quantities.get(line.id)
          // The server caps at stock; so does the guess.
          return pending === undefined
            ? line
            : { ...line, quantity: Math.min(pending, Math.max(line.stock, 1)) }
        })
  // Removing the one pickup-only item lets the cart ship again: the rule decides that too.
  return { ...cart, lines, ...cartFigures({ ...cart, lines }) }
}

/** What the summary says of how a cart that cannot ship as priced is had. */
function fulfilmentNote(cart: CartSummary): string | null {
  if (cart.shareCart !== 'none') return SHARE_NOT_SHIPPED
  return cart.canShip ? null : CHOSEN_AT_CHECKOUT
}

/** Line totals by line id, from priceCart's lineTotalsCents (lines on sale only). */
function lineTotals(cart: CartSummary): Map<string, number> {
  const available = cart.lines.filter((line) => line.available)
  return new Map(available.map((line, index) => [line.id, cart.totals.lineTotalsCents[index] ?? 0]))
}

export function CartPage({
  cart: loaded,
  actionResult,
}: {
  cart: CartSummary
  /** the /cart action's answer to a plain (no-JavaScript) post */
  actionResult?: FormReply
}) {
  const cart = useOptimisticCart(loaded)
  const hydrated = useHydrated()
  const heading = useRef<HTMLHeadingElement>(null)
  const [announcement, setAnnouncement] = useState('')
  const totalsById = lineTotals(cart)
  const isPromoResult =
    actionResult?.form === 'apply-promo' || actionResult?.form === 'remove-promo'

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <Heading level={1} ref={heading} tabIndex={-1} size="large" className="focus:outline-none">
        Shopping Cart
      </Heading>
      {/* Changes made without a page load are announced here. */}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {actionResult && !isPromoResult ? (
        <div className="mt-4">
          <FormMessage tone={cartChangeDone(actionResult) ? 'success' : 'error'}>
            {cartReplyMessage(actionResult)}
          </FormMessage>
        </div>
      ) : null}
      {cart.lines.length === 0 ? (
        <EmptyCart />
      ) : (
        <div className="mt-8 grid gap-8 lg:grid-cols-3">
          <section aria-labelledby="cart-items-heading" className="lg:col-span-2">
            <h2 id="cart-items-heading" className="sr-only">
              Items in your cart
            </h2>
            <ul className="divide-y divide-earth-100 rounded-lg border border-earth-100 bg-white px-6">
              {cart.lines.map((line) => (
                <CartLineItem
                  key={line.id}
                  line={line}
                  lineTotalCents={totalsById.get(line.id) ?? null}
                  hydrated={hydrated}
                  onRemove={(label) => {
                    setAnnouncement(`${label} removed from your cart.`)
                    // The line (and its Remove button) is about to go; keep focus in the page.
                    heading.current?.focus()
                  }}
                />
              ))}
            </ul>
            <div className="mt-4 flex flex-wrap items-center justify-between gap-4">
              <TextLink to="/shop">Continue Shopping</TextLink>
              <ClearCartForm
                hydrated={hydrated}
                onClear={() => {
                  setAnnouncement('Your cart has been cleared.')
                  heading.current?.focus()
                }}
              />
            </div>
          </section>
          <div>
            <OrderSummary
              totals={cart.totals}
              promoCode={cart.promo?.code ?? null}
              estimate
              feeFrom={cart.feeFrom}
              note={fulfilmentNote(cart)}
            >
              <PromoForm
                promo={cart.promo}
                applies={cart.totals.promoApplies}
                serverResult={isPromoResult ? actionResult : undefined}
              />
              {/* Told here, not first at checkout's step 1, which refuses it in these words. */}
              {cart.shareCart === 'mixed' ? (
                <p id="checkout-refusal" className="mt-6 text-sm text-red-900">
                  {SHARE_ORDERED_ALONE}
                </p>
              ) : null}
              <ButtonLink
                to="/checkout"
                className="mt-6 w-full"
                aria-describedby={cart.shareCart === 'mixed' ? 'checkout-refusal' : undefined}
              >
                Proceed to Checkout
              </ButtonLink>
            </OrderSummary>
          </div>
        </div>
      )}
    </div>
  )
}

function ClearCartForm({ hydrated, onClear }: { hydrated: boolean; onClear: () => void }) {
  const fetcher = useFetcher<FormReply>({ key: CLEAR_FETCHER_KEY })
  const [confirming, setConfirming] = useState(false)
  return (
    <>
      <fetcher.Form
        method="post"
        action="/cart"
        onSubmit={(event) => {
          event.preventDefault()
          setConfirming(true)
        }}
      >
        <input type="hidden" name="intent" value="clear" />
        {hydrated ? null : <input type="hidden" name="redirect" value="/cart" />}
        <button
          type="submit"
          className="rounded-md border border-red-800 px-4 py-2 font-semibold text-red-800 hover:bg-red-50"
        >
          Clear Cart
        </button>
      </fetcher.Form>
      <ConfirmDialog
        open={confirming}
        title="Clear cart"
        question={CONFIRM_CLEAR}
        confirmLabel="Clear Cart"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false)
          onClear()
          fetcher.submit({ intent: 'clear' }, { method: 'post', action: '/cart' })
        }}
      />
    </>
  )
}

function EmptyCart() {
  return (
    <div className="mt-8 rounded-lg border border-earth-100 bg-white p-10 text-center">
      <Heading level={2} size="small" tone="ink">
        Your cart is empty
      </Heading>
      <p className="mt-2 text-muted">Fresh beef, eggs and vegetables are waiting in the shop.</p>
      <ButtonLink to="/shop" variant="secondary" className="mt-6">
        Browse Products
      </ButtonLink>
    </div>
  )
}
