import { useFetchers } from 'react-router'
import { StatusButton } from '~/platform/ui/status-button'
import { isPendingSubmission } from '~/platform/ui/use-is-pending'

// A phone's Add to Cart (issue 22 item 4): below 640 px a bar with the price and the button
// sticks to the bottom of the screen. Its button submits the page's own Add to Cart form
// (`form` attribute), so quantity, option and subscription choice go with it, with or without
// JavaScript; that form's own button is hidden on phones, so one "Add to Cart" is ever shown.
// The bar sits last in the page and is sticky, not fixed: at the end of the page it takes its
// own place instead of covering what is there.

export function PhoneBuyBar({
  formId,
  productId,
  productName,
  price,
}: {
  formId: string
  productId: string
  productName: string
  price: React.ReactNode
}) {
  // The form's fetcher is the form's own; its state is read here from the router's list.
  const adding = useFetchers().some((fetcher) =>
    isPendingSubmission(fetcher, { formAction: '/cart', intent: 'add', fields: { productId } }),
  )
  return (
    <div
      data-testid="phone-buy-bar"
      className="sticky bottom-0 z-20 -mx-4 mt-10 border-t border-earth-100 bg-white px-4 py-3 shadow-[0_-4px_12px_rgb(0_0_0/0.08)] sm:hidden"
    >
      <div className="flex items-center justify-between gap-3">
        <p className="min-w-0 text-sm">
          <span className="block truncate text-muted">{productName}</span>
          <span className="block font-semibold text-pasture-700">{price}</span>
        </p>
        <StatusButton
          type="submit"
          form={formId}
          status={adding ? 'pending' : 'idle'}
          pendingText="Adding..."
          className="shrink-0"
        >
          Add to Cart
        </StatusButton>
      </div>
    </div>
  )
}
