import { useEffect, useRef, useState } from 'react'
import { Form } from 'react-router'
import type { CartSummary } from '~/cart/cart'
import { LineText, pricedLineTerms } from '~/catalog/line-wording'
import { findSlot } from '~/fulfilment/fulfilment-choice'
import { isFulfilmentMethod, METHOD_NAMES } from '~/fulfilment/methods'
import type { FulfilmentOffer } from '~/fulfilment/offer'
import { slotLabel } from '~/fulfilment/windows'
import type { FormReply } from '~/platform/forms/conform'
import { Button } from '~/platform/ui/button'
import { CheckboxField, FormMessage } from '~/platform/ui/field'
import { Price } from '~/platform/ui/price'
import { ResponsiveImage } from '~/platform/ui/responsive-image'
import { StatusButton } from '~/platform/ui/status-button'
import { useIsPending } from '~/platform/ui/use-is-pending'
import { TermsLabel } from '~/policies/terms-label'
import { subscriptionLineText } from '~/subscriptions/storefront'
import {
  type CheckoutView,
  cardClass,
  DraftFields,
  legendClass,
  type PaymentOption,
} from './checkout-step'
import { ReviewWhereAndWhen } from './review-where-and-when'

// Step 3: the order as it will be placed, the terms, and Place Order.

export function ReviewForm({
  view,
  reply,
  lines,
  lineTotals,
  paymentMethods,
  offer,
  thisYear,
}: {
  view: CheckoutView
  reply?: FormReply
  lines: CartSummary['lines']
  lineTotals: number[]
  paymentMethods: PaymentOption[]
  offer: FulfilmentOffer
  thisYear: number
}) {
  const { draft } = view
  const placing = useIsPending({ intent: 'place-order' })
  const [hydrated, setHydrated] = useState(false)
  const [accepted, setAccepted] = useState(false)
  const termsBox = useRef<HTMLInputElement>(null)
  // The box may have been ticked before the page's JavaScript loaded: start from what it shows.
  useEffect(() => {
    setAccepted(termsBox.current?.checked ?? false)
    setHydrated(true)
  }, [])
  const payment = paymentMethods.find((option) => option.id === draft.paymentMethod)
  const methodName = isFulfilmentMethod(draft.shippingMethod)
    ? METHOD_NAMES[draft.shippingMethod]
    : null
  const chosen = findSlot(offer, draft.slot)
  return (
    <Form method="post" noValidate className="space-y-6">
      <DraftFields draft={draft} />
      <input type="hidden" name="idempotencyKey" value={view.idempotencyKey} />
      <FormMessage tone="error">{reply?.error?.['']?.[0]}</FormMessage>
      <section aria-labelledby="review-items-heading" className={cardClass}>
        <h2 id="review-items-heading" className={legendClass}>
          Order Items
        </h2>
        <ul className="mt-4 divide-y divide-earth-100">
          {lines.map((line, index) => (
            <li key={line.id} className="flex items-center gap-4 py-4">
              <ResponsiveImage
                src={line.imageUrl}
                alt=""
                width={64}
                height={64}
                sizes="64px"
                className="h-16 w-16 flex-none rounded-md bg-earth-100 object-cover"
              />
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-ink">{line.name}</p>
                {line.variantName ? <p className="text-sm text-muted">{line.variantName}</p> : null}
                {line.subscriptionFrequency ? (
                  <p className="text-sm font-semibold text-pasture-800">
                    {subscriptionLineText(line.subscriptionFrequency)}
                  </p>
                ) : null}
                <p className="text-sm text-muted">
                  <LineText terms={pricedLineTerms(line, lineTotals[index] ?? 0)} />
                </p>
              </div>
              <Price cents={lineTotals[index] ?? 0} className="font-semibold text-ink" />
            </li>
          ))}
        </ul>
      </section>
      <div className="grid gap-6 sm:grid-cols-2">
        <ReviewWhereAndWhen draft={draft} offer={offer} thisYear={thisYear} />
        <section aria-labelledby="review-methods-heading" className={cardClass}>
          <h2 id="review-methods-heading" className={legendClass}>
            {draft.shippingMethod === 'pickup' ? 'Pickup and Payment' : 'Delivery and Payment'}
          </h2>
          <dl className="mt-3 space-y-2 text-sm">
            <div>
              <dt className="font-semibold text-ink">How you get it</dt>
              <dd className="text-ink">
                {methodName}
                {chosen ? `: ${slotLabel(chosen.slot, thisYear)}` : null}
              </dd>
            </div>
            <div>
              <dt className="font-semibold text-ink">Payment method</dt>
              <dd className="text-ink">{payment?.label}</dd>
            </div>
          </dl>
        </section>
      </div>
      <CheckboxField
        name="acceptTerms"
        label={<TermsLabel />}
        required
        error={reply?.error?.acceptTerms?.[0]}
        ref={termsBox}
        onChange={(event) => setAccepted(event.currentTarget.checked)}
      />
      <div className="flex flex-wrap justify-between gap-3">
        <Button
          type="submit"
          name="intent"
          value="back-to-payment"
          formNoValidate
          variant="secondary"
        >
          Back to Payment
        </Button>
        <StatusButton
          type="submit"
          name="intent"
          value="place-order"
          status={placing ? 'pending' : 'idle'}
          pendingText="Processing..."
          // Without JavaScript the server refuses an unticked box instead.
          disabled={hydrated && !accepted}
        >
          Place Order
        </StatusButton>
      </div>
    </Form>
  )
}
