import type { ReactNode } from 'react'
import { Form, useLocation } from 'react-router'
import { primaryButtonClass } from '~/components/ui/field'

// Stand-in for the cart's AddToCartForm (app/cart/add-to-cart.tsx, built in parallel), posting
// exactly the cart's contract: POST /cart with intent=add, productId, variantId (optional),
// quantity and redirect (the page to come back to). Swap it for the cart's component at merge.
//
// One addition over the contract: `children` are rendered inside the form, before the button.
// The product page puts its quantity field there, so the typed quantity posts even without
// JavaScript; a hidden quantity is only sent when no children are given.

export type AddToCartButtonProps = {
  productId: string
  variantId?: string | null
  quantity?: number
  disabled?: boolean
  label?: string
  children?: ReactNode
}

export function AddToCartButton({
  productId,
  variantId,
  quantity = 1,
  disabled = false,
  label = 'Add to Cart',
  children,
}: AddToCartButtonProps) {
  const location = useLocation()
  return (
    <Form method="post" action="/cart" className="mt-3 flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      {variantId ? <input type="hidden" name="variantId" value={variantId} /> : null}
      <input type="hidden" name="redirect" value={`${location.pathname}${location.search}`} />
      {children ?? <input type="hidden" name="quantity" value={quantity} />}
      <button type="submit" disabled={disabled} className={`${primaryButtonClass} flex-1`}>
        {label}
      </button>
    </Form>
  )
}
