import { useEffect, useMemo, useRef, useState } from 'react'
import { Form, Link, useNavigation } from 'react-router'
import type { CartSummary } from '~/cart/cart'
import { OrderSummary } from '~/cart/order-summary'
import type { ShippingMethod } from '~/cart/pricing'
import { Price } from '~/components/price'
import { ResponsiveImage } from '~/components/responsive-image'
import {
  CheckboxField,
  FieldError,
  FormMessage,
  primaryButtonClass,
  secondaryButtonClass,
  TextField,
} from '~/components/ui/field'
import { SelectField } from '~/components/ui/select-field'
import { useClientValidation } from '~/components/ui/use-client-validation'
import { stateName } from '~/customers/address'
import {
  CHECKOUT_STEPS,
  type CheckoutDraft,
  type CheckoutState,
  type CheckoutStep,
  checkoutTotals,
  DRAFT_TEXT_FIELDS,
  isShippingMethod,
  SHIPPING_METHOD_NAMES,
  shippingStepSchema,
  TERMS_LABEL,
} from './checkout'

// The three checkout steps, each a plain form posting to /checkout with an intent. Fields of
// the other steps ride along as hidden inputs, so nothing is lost without JavaScript.

export type PaymentOption = { id: string; label: string; description: string }

type Props = {
  cart: CartSummary
  state: CheckoutState
  statesOffered: string[]
  paymentMethods: PaymentOption[]
}

export function CheckoutPage({ cart, state, statesOffered, paymentMethods }: Props) {
  const lines = cart.lines.filter((line) => line.available)
  // Step 1 shows the chosen method's price in the summary as soon as it is picked.
  const [pickedMethod, setPickedMethod] = useState<string | null>(null)
  const method = state.step === 1 && pickedMethod ? pickedMethod : state.draft.shippingMethod
  const totals = checkoutTotals(cart, method)

  if (lines.length === 0) {
    return (
      <div className="mt-8 rounded-lg border border-earth-100 bg-white p-10 text-center">
        <h2 className="font-display text-2xl font-bold text-ink">Your cart is empty</h2>
        <Link to="/shop" className={`${secondaryButtonClass} mt-6`}>
          Browse Products
        </Link>
      </div>
    )
  }

  return (
    <>
      <Progress step={state.step} />
      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_22rem]">
        <div className="min-w-0">
          {state.step === 1 ? (
            <ShippingForm
              state={state}
              statesOffered={statesOffered}
              settings={cart.settings}
              onMethodChange={setPickedMethod}
            />
          ) : state.step === 2 ? (
            <PaymentForm state={state} paymentMethods={paymentMethods} />
          ) : (
            <ReviewForm
              state={state}
              lines={lines}
              lineTotals={totals.lineTotalsCents}
              paymentMethods={paymentMethods}
            />
          )}
        </div>
        <aside>
          <OrderSummary totals={totals} promoCode={cart.promo?.code ?? null} estimate={false} />
        </aside>
      </div>
    </>
  )
}

function Progress({ step }: { step: CheckoutStep }) {
  return (
    <nav aria-label="Checkout progress" className="mt-6">
      <ol className="flex flex-wrap gap-x-8 gap-y-2">
        {CHECKOUT_STEPS.map((label, index) => {
          const number = index + 1
          const current = number === step
          const done = number < step
          return (
            <li
              key={label}
              aria-current={current ? 'step' : undefined}
              className={`flex items-center gap-2 font-semibold ${current || done ? 'text-pasture-800' : 'text-muted'}`}
            >
              <span
                aria-hidden="true"
                className={`flex h-8 w-8 items-center justify-center rounded-full border-2 ${current || done ? 'border-pasture-700 bg-pasture-700 text-white' : 'border-stone-400'}`}
              >
                {number}
              </span>
              <span>
                <span className="sr-only">Step {number}: </span>
                {label}
                {done ? <span className="sr-only"> (completed)</span> : null}
              </span>
            </li>
          )
        })}
      </ol>
    </nav>
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

function shippingOptions(settings: CartSummary['settings']) {
  const { standardShippingCents, expressShippingCents, pickupShippingCents } = settings
  const price = (cents: number) => (cents === 0 ? 'Free' : <Price cents={cents} />)
  return [
    {
      id: 'standard',
      name: SHIPPING_METHOD_NAMES.standard,
      price: price(standardShippingCents),
      detail: (
        <>
          Free on orders of <Price cents={settings.freeShippingThresholdCents} /> or more. 5-7
          business days
        </>
      ),
    },
    {
      id: 'express',
      name: SHIPPING_METHOD_NAMES.express,
      price: price(expressShippingCents),
      detail: '2-3 business days',
    },
    {
      id: 'pickup',
      name: SHIPPING_METHOD_NAMES.pickup,
      price: price(pickupShippingCents),
      detail: 'Pick up your order at the farm',
    },
  ] satisfies Array<{
    id: ShippingMethod
    name: string
    price: React.ReactNode
    detail: React.ReactNode
  }>
}

function ShippingForm({
  state,
  statesOffered,
  settings,
  onMethodChange,
}: {
  state: CheckoutState
  statesOffered: string[]
  settings: CartSummary['settings']
  onMethodChange: (method: string) => void
}) {
  const schema = useMemo(() => shippingStepSchema(statesOffered), [statesOffered])
  const { errors: clientErrors, onSubmit } = useClientValidation(schema)
  const errors = clientErrors ?? state.fieldErrors
  const { draft } = state
  const field = (name: keyof CheckoutDraft & keyof typeof errors) => ({
    name,
    defaultValue: String(draft[name]),
    error: errors[name],
  })
  return (
    <Form method="post" noValidate onSubmit={onSubmit} className="space-y-6">
      <DraftFields
        draft={draft}
        except={[...DRAFT_TEXT_FIELDS.filter((n) => n !== 'paymentMethod'), 'saveAddress']}
      />
      <fieldset className={cardClass}>
        <legend className={`${legendClass} float-left mb-4 w-full`}>Contact Information</legend>
        <div className="clear-both grid gap-4 sm:grid-cols-2">
          <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
          <TextField label="Phone" type="tel" autoComplete="tel" required {...field('phone')} />
        </div>
      </fieldset>
      <fieldset className={cardClass}>
        <legend className={`${legendClass} float-left mb-4 w-full`}>Shipping Address</legend>
        <div className="clear-both grid gap-4 sm:grid-cols-2">
          <TextField
            label="First name"
            autoComplete="shipping given-name"
            required
            {...field('firstName')}
          />
          <TextField
            label="Last name"
            autoComplete="shipping family-name"
            required
            {...field('lastName')}
          />
          <TextField
            label="Street address"
            autoComplete="shipping address-line1"
            required
            className="sm:col-span-2"
            {...field('street')}
          />
          <TextField
            label="Apartment/suite (optional)"
            autoComplete="shipping address-line2"
            className="sm:col-span-2"
            {...field('apartment')}
          />
          <TextField
            label="City"
            autoComplete="shipping address-level2"
            required
            {...field('city')}
          />
          <SelectField
            label="State"
            autoComplete="shipping address-level1"
            required
            options={statesOffered.map((code) => ({ value: code, label: stateName(code) }))}
            placeholder={statesOffered.length > 1 ? 'Select a state' : undefined}
            {...field('state')}
          />
          <TextField
            label="ZIP code"
            autoComplete="shipping postal-code"
            inputMode="numeric"
            required
            {...field('zipCode')}
          />
        </div>
      </fieldset>
      <fieldset
        className={cardClass}
        aria-describedby={errors.shippingMethod ? 'shipping-method-error' : undefined}
      >
        <legend className={`${legendClass} float-left mb-4 w-full`}>Shipping Method</legend>
        <div className="clear-both space-y-3">
          {shippingOptions(settings).map((option) => (
            <label
              key={option.id}
              className="flex cursor-pointer items-start gap-3 rounded-md border border-earth-100 p-4 has-[:checked]:border-pasture-700 has-[:checked]:bg-pasture-50"
            >
              <input
                type="radio"
                name="shippingMethod"
                value={option.id}
                defaultChecked={draft.shippingMethod === option.id}
                onChange={() => onMethodChange(option.id)}
                className="mt-1 h-4 w-4 accent-pasture-700"
              />
              <span className="flex-1">
                <span className="flex justify-between gap-4 font-semibold text-ink">
                  <span>{option.name}</span>
                  <span>{option.price}</span>
                </span>
                <span className="block text-sm text-muted">{option.detail}</span>
              </span>
            </label>
          ))}
        </div>
        <FieldError id="shipping-method-error" message={errors.shippingMethod} />
      </fieldset>
      <CheckboxField
        name="saveAddress"
        label="Save this address to my account"
        defaultChecked={draft.saveAddress}
      />
      <div className="flex flex-wrap justify-between gap-3">
        <Link to="/cart" className={secondaryButtonClass}>
          Back to Cart
        </Link>
        <button type="submit" name="intent" value="to-payment" className={primaryButtonClass}>
          Continue to Payment
        </button>
      </div>
    </Form>
  )
}

function PaymentForm({
  state,
  paymentMethods,
}: {
  state: CheckoutState
  paymentMethods: PaymentOption[]
}) {
  const { draft, fieldErrors } = state
  const selected = paymentMethods.some((option) => option.id === draft.paymentMethod)
    ? draft.paymentMethod
    : paymentMethods[0]?.id
  return (
    <Form method="post" noValidate className="space-y-6">
      <DraftFields draft={draft} except={['paymentMethod']} />
      <fieldset
        className={cardClass}
        aria-describedby={fieldErrors.paymentMethod ? 'payment-method-error' : undefined}
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
        <FieldError id="payment-method-error" message={fieldErrors.paymentMethod} />
      </fieldset>
      <div className="flex flex-wrap justify-between gap-3">
        <button
          type="submit"
          name="intent"
          value="back-to-shipping"
          formNoValidate
          className={secondaryButtonClass}
        >
          Back to Shipping
        </button>
        <button type="submit" name="intent" value="to-review" className={primaryButtonClass}>
          Review Order
        </button>
      </div>
    </Form>
  )
}

function ReviewForm({
  state,
  lines,
  lineTotals,
  paymentMethods,
}: {
  state: CheckoutState
  lines: CartSummary['lines']
  lineTotals: number[]
  paymentMethods: PaymentOption[]
}) {
  const { draft, fieldErrors } = state
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
  const shippingName = isShippingMethod(draft.shippingMethod)
    ? SHIPPING_METHOD_NAMES[draft.shippingMethod]
    : null
  return (
    <Form method="post" noValidate className="space-y-6">
      <DraftFields draft={draft} />
      <input type="hidden" name="idempotencyKey" value={state.idempotencyKey ?? ''} />
      {state.message ? <FormMessage tone="error">{state.message}</FormMessage> : null}
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
                <p className="text-sm text-muted">
                  {line.quantity} x <Price cents={line.unitPriceCents} />
                </p>
              </div>
              <Price cents={lineTotals[index] ?? 0} className="font-semibold text-ink" />
            </li>
          ))}
        </ul>
      </section>
      <div className="grid gap-6 sm:grid-cols-2">
        <section aria-labelledby="review-address-heading" className={cardClass}>
          <h2 id="review-address-heading" className={legendClass}>
            Shipping Address
          </h2>
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
        <section aria-labelledby="review-methods-heading" className={cardClass}>
          <h2 id="review-methods-heading" className={legendClass}>
            Shipping and Payment
          </h2>
          <dl className="mt-3 space-y-2 text-sm">
            <div>
              <dt className="font-semibold text-ink">Shipping method</dt>
              <dd className="text-ink">{shippingName}</dd>
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
        label={TERMS_LABEL}
        required
        error={fieldErrors.acceptTerms}
        ref={termsBox}
        onChange={(event) => setAccepted(event.currentTarget.checked)}
      />
      <div className="flex flex-wrap justify-between gap-3">
        <button
          type="submit"
          name="intent"
          value="back-to-payment"
          formNoValidate
          className={secondaryButtonClass}
        >
          Back to Payment
        </button>
        <button
          type="submit"
          name="intent"
          value="place-order"
          // Without JavaScript the server refuses an unticked box instead.
          disabled={placing || (hydrated && !accepted)}
          className={primaryButtonClass}
        >
          {placing ? 'Processing...' : 'Place Order'}
        </button>
      </div>
    </Form>
  )
}
