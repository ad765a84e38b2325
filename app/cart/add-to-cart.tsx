import { useEffect } from 'react'
import { useFetcher, useLocation } from 'react-router'
import { productCardId } from '~/catalog/product-card'
import type { FormReply } from '~/platform/forms/conform'
import { useHydrated } from '~/platform/ui/disclosure'
import { StatusButton } from '~/platform/ui/status-button'
import { useToast } from '~/platform/ui/toasts'
import { useIsPending } from '~/platform/ui/use-is-pending'
import { cartChangeDone, cartReplyMessage } from './replies'

export type AddToCartFormProps = {
  productId: string
  /** the chosen option; without one the server takes the product's first option on sale */
  variantId?: string
  /** sent as a hidden field (default 1); leave it out when `children` has a quantity field */
  quantity?: number
  disabled?: boolean
  /** the button's text, e.g. 'Out of Stock' together with `disabled` */
  label?: string
  /** extra classes for the button, e.g. 'w-full' */
  buttonClassName?: string
  /** extra fields posted with the form, e.g. a visible <input name="quantity"> */
  children?: React.ReactNode
  /**
   * On a list of cards: the product (and option) this button adds. Assistive technology hears
   * it in the button's name, a toast names it after adding, and without JavaScript the page
   * comes back to the card (`#product-<id>`) instead of its top.
   */
  card?: { productName: string; optionName?: string }
  /** the form's id, for a button elsewhere that submits it (the product page's phone bar) */
  formId?: string
}

/**
 * Add to Cart for the shop, product and landing pages: a form posting intent=add to /cart
 * (the contract is in app/routes/shop/cart.tsx). With JavaScript it posts with a fetcher, so
 * the page stays where it is: the button reads "Adding..." while the server works, then the
 * answer ("Added to cart", or why not) is announced beside it and the header count updates.
 * Without JavaScript it posts plainly and the server sends the shopper back to this page.
 */
export function AddToCartForm({
  productId,
  variantId,
  quantity,
  disabled = false,
  label = 'Add to Cart',
  buttonClassName,
  children,
  card,
  formId,
}: AddToCartFormProps) {
  const fetcher = useFetcher<FormReply>()
  const hydrated = useHydrated()
  const location = useLocation()
  const adding = useIsPending({ fetcher })
  const result = adding ? undefined : fetcher.data
  const what = card ? `${card.productName}${card.optionName ? `, ${card.optionName}` : ''}` : ''
  useAddedToast(fetcher.data, what)
  const backTo = `${location.pathname}${location.search}${card ? `#${productCardId(productId)}` : ''}`
  return (
    <fetcher.Form method="post" action="/cart" id={formId}>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      {variantId ? <input type="hidden" name="variantId" value={variantId} /> : null}
      {quantity !== undefined || !children ? (
        <input type="hidden" name="quantity" value={quantity ?? 1} />
      ) : null}
      {children}
      {/* Only a plain post needs to be sent back; a fetcher stays on the page anyway. */}
      {hydrated ? null : <input type="hidden" name="redirect" value={backTo} />}
      <StatusButton
        type="submit"
        status={adding ? 'pending' : 'idle'}
        pendingText="Adding..."
        disabled={disabled}
        // The visible words first, then the product: "Add to Cart: Huckleberry Jam".
        aria-label={card ? `${adding ? 'Adding...' : label}: ${what}` : undefined}
        className={buttonClassName}
      >
        {label}
      </StatusButton>
      {/* On a card the empty answer takes no room (a grid of cards would carry a blank line
          each); it stays in place, empty, so what it says later is announced. */}
      <p
        role="status"
        className={`text-sm font-medium ${card ? 'mt-1 empty:mt-0' : 'mt-2 min-h-5'} ${result && !cartChangeDone(result) ? 'text-red-800' : 'text-pasture-800'}`}
      >
        {result ? cartReplyMessage(result) : ''}
      </p>
    </fetcher.Form>
  )
}

/** After a card's Add to Cart: a toast naming what was added, with the way to the cart. */
function useAddedToast(result: FormReply | undefined, what: string) {
  const { show } = useToast()
  useEffect(() => {
    if (!result || !cartChangeDone(result) || !what) return
    show({
      type: 'success',
      title: cartReplyMessage(result),
      message: what,
      link: { to: '/cart', label: 'View Cart' },
    })
  }, [result, what, show])
}
