import { useState } from 'react'
import type { CartSummary } from '~/cart/cart'
import { offeredZones, zoneForZip } from '~/fulfilment/fulfilment-choice'
import type { FulfilmentOffer } from '~/fulfilment/offer'
import type { FormReply } from '~/platform/forms/conform'
import { ButtonLink } from '~/platform/ui/button'
import { FormMessage } from '~/platform/ui/field'
import { Heading } from '~/platform/ui/heading'
import { firstBoxNote } from '~/subscriptions/storefront'
import type { Frequency } from '~/subscriptions/terms'
import { checkoutPricing } from './checkout'
import { CheckoutProgress } from './checkout-progress'
import type { CheckoutView, PaymentOption } from './checkout-step'
import { CheckoutSummary } from './checkout-summary'
import { PaymentForm } from './payment-step'
import { ReviewForm } from './review-step'
import { ShippingForm } from './shipping-step'

// The three checkout steps, each a plain form posting to /checkout with an intent. Fields of
// the other steps ride along as hidden inputs, so nothing is lost without JavaScript.

type Props = {
  cart: CartSummary
  /** the step to show and what the shopper entered so far */
  view: CheckoutView
  /** the action's reply to the last post, for the step `view` shows */
  reply?: FormReply
  /** what the payment provider's return says (?payment=...), on the first step */
  notice?: string
  statesOffered: string[]
  paymentMethods: PaymentOption[]
  offer: FulfilmentOffer
  thisYear: number
  /** the cart's subscribed lines' frequencies (ADR 32); empty for a one-time cart */
  subscriptionFrequencies: readonly Frequency[]
}

export function CheckoutPage({
  cart,
  view,
  reply,
  notice,
  statesOffered,
  paymentMethods,
  offer,
  thisYear,
  subscriptionFrequencies,
}: Props) {
  const lines = cart.lines.filter((line) => line.available)
  // Step 1 shows the chosen method's price in the summary as soon as it is picked.
  const [pickedMethod, setPickedMethod] = useState<string | null>(null)
  const [typedZip, setTypedZip] = useState<string | null>(null)
  const method = view.step === 1 && pickedMethod ? pickedMethod : view.draft.shippingMethod
  const zip = view.step === 1 && typedZip !== null ? typedZip : view.draft.zipCode
  // Local delivery costs what the ZIP's zone charges ("from" the cheapest until one is known).
  const { totals, feeFrom, fees } = checkoutPricing(
    cart,
    method,
    offeredZones(offer),
    zoneForZip(offer, zip)?.terms ?? null,
  )

  if (lines.length === 0) {
    // Place Order can empty the cart of what it could still buy ("… is sold out."): the shopper
    // is told why, not only that nothing is left.
    const problem = reply?.error?.['']?.[0]
    return (
      <div className="mt-8 rounded-lg border border-earth-100 bg-white p-10 text-center">
        {problem ? (
          <div className="mb-6 text-left">
            <FormMessage tone="error">{problem}</FormMessage>
          </div>
        ) : null}
        <Heading level={2} size="small" tone="ink">
          Your cart is empty
        </Heading>
        <ButtonLink to="/shop" variant="secondary" className="mt-6">
          Browse Products
        </ButtonLink>
      </div>
    )
  }

  return (
    <>
      <CheckoutProgress step={view.step} />
      {subscriptionFrequencies.length > 0 ? (
        <p className="mt-6 rounded-md border border-pasture-100 bg-pasture-50 px-4 py-3 text-ink">
          {firstBoxNote(subscriptionFrequencies)}
        </p>
      ) : null}
      {/* The summary comes first: above the form on a phone (folded), beside it on a wide
          screen. It holds nothing to focus there, so the tab order still follows the form. */}
      <div className="mt-8 grid gap-6 lg:grid-cols-[1fr_24rem] lg:gap-10">
        <aside className="min-w-0 lg:col-start-2 lg:row-start-1">
          <div className="lg:sticky lg:top-6">
            <CheckoutSummary
              lines={lines}
              totals={totals}
              feeFrom={feeFrom}
              promoCode={cart.promo?.code ?? null}
            />
          </div>
        </aside>
        <div className="min-w-0 lg:col-start-1 lg:row-start-1">
          {view.step === 1 ? (
            <ShippingForm
              draft={view.draft}
              reply={reply}
              notice={notice}
              statesOffered={statesOffered}
              settings={cart.settings}
              fees={fees}
              offer={offer}
              thisYear={thisYear}
              localOnly={subscriptionFrequencies.length > 0}
              shares={cart.shareCart === 'shares'}
              onMethodChange={setPickedMethod}
              onZipChange={setTypedZip}
            />
          ) : view.step === 2 ? (
            <PaymentForm draft={view.draft} reply={reply} paymentMethods={paymentMethods} />
          ) : (
            <ReviewForm
              view={view}
              reply={reply}
              lines={lines}
              lineTotals={totals.lineTotalsCents}
              paymentMethods={paymentMethods}
              offer={offer}
              thisYear={thisYear}
            />
          )}
        </div>
      </div>
    </>
  )
}
