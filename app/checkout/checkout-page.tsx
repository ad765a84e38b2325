import { getFormProps } from '@conform-to/react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { Form, useNavigation } from 'react-router'
import type { CartSummary } from '~/cart/cart'
import { LineText, pricedLineTerms } from '~/catalog/line-wording'
import type { Frequency } from '~/catalog/subscription-terms'
import {
  DeliveryDays,
  findSlot,
  MethodChoice,
  offeredZones,
  PickupTimes,
  zoneForZip,
} from '~/fulfilment/fulfilment-choice'
import { isFulfilmentMethod, METHOD_NAMES } from '~/fulfilment/methods'
import type { FulfilmentOffer } from '~/fulfilment/offer'
import { slotLabel } from '~/fulfilment/windows'
import { type FormReply, useSchemaForm } from '~/platform/forms/conform'
import { Button, ButtonLink } from '~/platform/ui/button'
import { CheckboxField, FieldError, FormMessage, TextField } from '~/platform/ui/field'
import { Heading } from '~/platform/ui/heading'
import { Price } from '~/platform/ui/price'
import { ResponsiveImage } from '~/platform/ui/responsive-image'
import { SelectField } from '~/platform/ui/select-field'
import { stateName } from '~/platform/us-address'
import { TermsLabel } from '~/policies/terms-label'
import { SHARE_NOT_SHIPPED } from '~/shares/shares'
import { firstBoxNote, subscriptionLineText } from '~/subscriptions/storefront'
import {
  type CheckoutDraft,
  type CheckoutPricing,
  checkoutPricing,
  type checkoutView,
  DRAFT_TEXT_FIELDS,
  shippingStepSchema,
} from './checkout'
import { CheckoutProgress } from './checkout-progress'
import { CheckoutSummary } from './checkout-summary'

// The three checkout steps, each a plain form posting to /checkout with an intent. Fields of
// the other steps ride along as hidden inputs, so nothing is lost without JavaScript. The
// shipping step is a Conform form: its schema (the action's) checks it in the browser first,
// and the action's reply brings back the complaints and what was typed.

export type PaymentOption = { id: string; label: string; description: string }

type CheckoutView = ReturnType<typeof checkoutView>

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

/** Hidden copies of the draft's fields, except those the step shows itself. */
function DraftFields({
  draft,
  except = [],
}: {
  draft: CheckoutDraft
  except?: ReadonlyArray<keyof CheckoutDraft>
}) {
  return (
    <>
      {DRAFT_TEXT_FIELDS.filter((name) => !except.includes(name)).map((name) => (
        <input key={name} type="hidden" name={name} value={draft[name]} />
      ))}
      {!except.includes('saveAddress') && draft.saveAddress ? (
        <input type="hidden" name="saveAddress" value="on" />
      ) : null}
    </>
  )
}

const cardClass = 'rounded-lg border border-earth-100 bg-white p-6 shadow-sm'
const legendClass = 'font-display text-xl font-bold text-ink'

function ShippingForm({
  draft,
  reply,
  notice,
  statesOffered,
  settings,
  fees,
  offer,
  thisYear,
  localOnly,
  shares,
  onMethodChange,
  onZipChange,
}: {
  draft: CheckoutDraft
  reply?: FormReply
  notice?: string
  statesOffered: string[]
  settings: CartSummary['settings']
  fees: CheckoutPricing['fees']
  offer: FulfilmentOffer
  thisYear: number
  localOnly: boolean
  /** beef shares alone: picked up on their animal's date, never shipped nor delivered */
  shares: boolean
  onMethodChange: (method: string) => void
  onZipChange: (zip: string) => void
}) {
  const schema = useMemo(() => shippingStepSchema(statesOffered), [statesOffered])
  const [form, fields] = useSchemaForm(schema, {
    id: 'checkout-shipping',
    lastResult: reply,
    defaultValue: { ...draft, saveAddress: draft.saveAddress ? 'on' : undefined },
  })
  const [zipCode, setZipCode] = useState(draft.zipCode)
  const slotError = fields.slot.errors?.[0]
  return (
    <Form method="post" {...getFormProps(form)} className="checkout-step space-y-6">
      <DraftFields
        draft={draft}
        except={[...DRAFT_TEXT_FIELDS.filter((n) => n !== 'paymentMethod'), 'saveAddress']}
      />
      <FormMessage tone="error">{form.errors?.[0] ?? notice}</FormMessage>
      <MethodChoice
        offer={offer}
        settings={settings}
        fees={fees}
        selected={draft.shippingMethod}
        error={fields.shippingMethod.errors?.[0]}
        onChange={onMethodChange}
        localOnly={localOnly}
        whyNoShipping={shares ? SHARE_NOT_SHIPPED : undefined}
      />
      <fieldset className={cardClass}>
        <legend className={`${legendClass} float-left mb-4 w-full`}>Contact Information</legend>
        <div className="clear-both grid gap-4 sm:grid-cols-2">
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            required
            field={fields.email}
          />
          <TextField label="Phone" type="tel" autoComplete="tel" required field={fields.phone} />
          <TextField
            label="First name"
            autoComplete="given-name"
            required
            field={fields.firstName}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            required
            field={fields.lastName}
          />
        </div>
      </fieldset>
      <PickupTimes
        pickup={offer.pickup}
        selected={draft.slot}
        thisYear={thisYear}
        error={draft.shippingMethod === 'pickup' ? slotError : undefined}
      />
      <fieldset data-for-method="delivery standard express" className={cardClass}>
        <legend className={`${legendClass} float-left mb-4 w-full`}>
          {offer.delivery ? 'Delivery or Shipping Address' : 'Shipping Address'}
        </legend>
        <p className="clear-both text-sm text-muted">Not needed for pickup.</p>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <TextField
            label="Street address"
            autoComplete="shipping address-line1"
            required
            className="sm:col-span-2"
            field={fields.street}
          />
          <TextField
            label="Apartment/suite (optional)"
            autoComplete="shipping address-line2"
            className="sm:col-span-2"
            field={fields.apartment}
          />
          <TextField
            label="City"
            autoComplete="shipping address-level2"
            required
            field={fields.city}
          />
          <SelectField
            label="State"
            autoComplete="shipping address-level1"
            required
            options={statesOffered.map((code) => ({ value: code, label: stateName(code) }))}
            placeholder={statesOffered.length > 1 ? 'Select a state' : undefined}
            field={fields.state}
          />
          <TextField
            label="ZIP code"
            autoComplete="shipping postal-code"
            inputMode="numeric"
            required
            onChange={(event) => {
              setZipCode(event.currentTarget.value)
              onZipChange(event.currentTarget.value)
            }}
            field={fields.zipCode}
          />
        </div>
        <CheckboxField
          field={fields.saveAddress}
          label="Save this address to my account"
          className="mt-4"
        />
      </fieldset>
      {offer.delivery ? (
        <DeliveryDays
          zones={offer.delivery}
          selected={draft.slot}
          zipCode={zipCode}
          thisYear={thisYear}
          error={draft.shippingMethod === 'delivery' ? slotError : undefined}
        />
      ) : null}
      <div className="flex flex-wrap justify-between gap-3">
        <ButtonLink to="/cart" variant="secondary">
          Back to Cart
        </ButtonLink>
        <Button type="submit" name="intent" value="to-payment">
          Continue to Payment
        </Button>
      </div>
    </Form>
  )
}

function PaymentForm({
  draft,
  reply,
  paymentMethods,
}: {
  draft: CheckoutDraft
  reply?: FormReply
  paymentMethods: PaymentOption[]
}) {
  const methodError = reply?.error?.paymentMethod?.[0]
  const selected = paymentMethods.some((option) => option.id === draft.paymentMethod)
    ? draft.paymentMethod
    : paymentMethods[0]?.id
  return (
    <Form method="post" noValidate className="space-y-6">
      <DraftFields draft={draft} except={['paymentMethod']} />
      <fieldset
        className={cardClass}
        aria-describedby={methodError ? 'payment-method-error' : undefined}
      >
        <legend className={`${legendClass} float-left mb-4 w-full`}>Payment Method</legend>
        <div className="clear-both space-y-3">
          {paymentMethods.map((option) => (
            <label
              key={option.id}
              className="flex cursor-pointer items-start gap-3 rounded-md border border-earth-100 p-4 has-[:checked]:border-pasture-700 has-[:checked]:bg-pasture-50"
            >
              <input
                type="radio"
                name="paymentMethod"
                value={option.id}
                defaultChecked={selected === option.id}
                className="mt-1 h-4 w-4 accent-pasture-700"
              />
              <span className="font-semibold text-ink">{option.label}</span>
            </label>
          ))}
        </div>
        {paymentMethods.map((option) => (
          <p key={option.id} className="mt-4 text-sm text-muted">
            {option.description}
          </p>
        ))}
        <FieldError id="payment-method-error" message={methodError} />
      </fieldset>
      <div className="flex flex-wrap justify-between gap-3">
        <Button
          type="submit"
          name="intent"
          value="back-to-shipping"
          formNoValidate
          variant="secondary"
        >
          Back to Shipping
        </Button>
        <Button type="submit" name="intent" value="to-review">
          Review Order
        </Button>
      </div>
    </Form>
  )
}

function ReviewForm({
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
  const navigation = useNavigation()
  const placing =
    navigation.state !== 'idle' && navigation.formData?.get('intent') === 'place-order'
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
        <Button
          type="submit"
          name="intent"
          value="place-order"
          // Without JavaScript the server refuses an unticked box instead.
          disabled={placing || (hydrated && !accepted)}
        >
          {placing ? 'Processing...' : 'Place Order'}
        </Button>
      </div>
    </Form>
  )
}

/** Where the order goes: the pickup place and time, or the address it is delivered to. */
function ReviewWhereAndWhen({
  draft,
  offer,
  thisYear,
}: {
  draft: CheckoutDraft
  offer: FulfilmentOffer
  thisYear: number
}) {
  const chosen = findSlot(offer, draft.slot)
  if (draft.shippingMethod === 'pickup') {
    const place =
      chosen?.kind === 'pickup'
        ? chosen.place
        : offer.pickup.kind === 'farm-hours'
          ? offer.pickup.place
          : null
    return (
      <section aria-labelledby="review-address-heading" className={cardClass}>
        <h2 id="review-address-heading" className={legendClass}>
          Pickup
        </h2>
        <div className="mt-3 text-sm text-ink">
          {place ? (
            <p className="font-semibold">
              Pickup at {place.name}
              {chosen?.kind === 'pickup' ? `, ${slotLabel(chosen.slot, thisYear)}` : null}
            </p>
          ) : null}
          {place ? <p>{place.address}</p> : null}
          {place?.instructions ? <p className="mt-1 text-muted">{place.instructions}</p> : null}
          {offer.pickup.kind === 'farm-hours' ? (
            <p className="mt-1 text-muted">Opening hours: {offer.pickup.hours}</p>
          ) : null}
          <p className="mt-2">
            {draft.firstName} {draft.lastName}
            <br />
            {draft.phone}
            <br />
            {draft.email}
          </p>
        </div>
      </section>
    )
  }
  const delivery = draft.shippingMethod === 'delivery'
  return (
    <section aria-labelledby="review-address-heading" className={cardClass}>
      <h2 id="review-address-heading" className={legendClass}>
        {delivery ? 'Delivery Address' : 'Shipping Address'}
      </h2>
      {delivery && chosen?.kind === 'delivery' ? (
        <p className="mt-3 text-sm font-semibold text-ink">
          Delivery on {slotLabel(chosen.slot, thisYear)}
        </p>
      ) : null}
      <address className="mt-3 text-sm not-italic text-ink">
        {draft.firstName} {draft.lastName}
        <br />
        {draft.street}
        {draft.apartment ? (
          <>
            <br />
            {draft.apartment}
          </>
        ) : null}
        <br />
        {draft.city}, {stateName(draft.state.toUpperCase())} {draft.zipCode}
        <br />
        {draft.phone}
        <br />
        {draft.email}
      </address>
    </section>
  )
}
