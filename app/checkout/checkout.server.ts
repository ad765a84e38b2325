import { z } from 'zod'
import type { CurrentUser } from '~/auth/session.server'
import { getCartSummary } from '~/cart/cart-summary.server'
import { pieceCents } from '~/catalog/weight'
import { createAddress, listAddresses } from '~/customers/addresses.server'
import { loadFulfilmentOffer, resolveFulfilment } from '~/fulfilment/offer.server'
import { expireOrder } from '~/orders/payment-events.server'
import {
  formatOrderNumber,
  PAYMENT_METHOD_INVALID,
  type PlaceOrderInput,
  type PlaceOrderResult,
} from '~/orders/place-order'
import { getProvider, listPaymentOptions } from '~/payments/providers.server'
import type { DB } from '~/platform/db/db.server'
import { farmDayOf } from '~/platform/farm-clock'
import { getLogger } from '~/platform/log.server'
import { listStatesOffered } from '~/settings/settings.server'
import { paymentOptionsFor, subscribedFrequencies } from '~/subscriptions/checkout-rules'
import {
  subscriptionFulfilmentProblem,
  subscriptionPaymentProblem,
  weeklyOffer,
} from '~/subscriptions/checkout-rules.server'
import {
  type CheckoutAction,
  type CheckoutDraft,
  type CheckoutStep,
  type ShippingStep,
  shippingStepSchema,
  TERMS_REQUIRED,
} from './checkout'

// The checkout's server side: what the page starts with, and what each step's post does.
// Placing the order itself is the place-order flow's work (ADR 11, flows/place-order.server.ts),
// handed in by the route: a flow sits above every domain, so checkout cannot import it.

/** The place-order flow, as checkout calls it. */
export type PlaceOrder = (db: DB, input: PlaceOrderInput) => Promise<PlaceOrderResult>

/** The cart, the shopper's details for prefill, the states and payment methods on offer. */
export async function loadCheckout(db: DB, customer: CurrentUser) {
  const now = new Date()
  const [cart, addresses, statesOffered] = await Promise.all([
    getCartSummary(db, { kind: 'customer', customerId: customer.id }, now),
    listAddresses(db, customer.id),
    listStatesOffered(db),
  ])
  // A subscription's first box (ADR 32): weekly days only, picked up or delivered, no PayPal.
  const subscriptionFrequencies = subscribedFrequencies(cart.lines)
  const subscribing = subscriptionFrequencies.length > 0
  // The lines on sale, as the summary's rule and the order see them: a sold-out pickup-only
  // line does not keep the rest from shipping.
  const fullOffer = await loadFulfilmentOffer(
    db,
    cart.lines.filter((line) => line.available).map((line) => line.productId),
    now,
  )
  const offer = subscribing ? await weeklyOffer(db, fullOffer) : fullOffer
  const paymentMethods = paymentOptionsFor(listPaymentOptions(), subscribing)
  const address = addresses.find((row) => row.is_default) ?? null
  // The earliest pickup time with room is ready to take. The method is the one the cart's
  // summary was priced with (D21): standard shipping for a cart that can ship, as the
  // specification's checkout did, else the cart's cheapest way (pickup, unless it costs more
  // than local delivery), so checkout starts at the total the cart showed.
  const firstPickup =
    offer.pickup.kind === 'windows'
      ? offer.pickup.places.flatMap((place) => place.slots).find((slot) => !slot.full)
      : undefined
  const prefill: CheckoutDraft = {
    email: customer.email,
    phone: address?.phone ?? customer.phone ?? '',
    firstName: address?.first_name ?? customer.firstName,
    lastName: address?.last_name ?? customer.lastName,
    street: address?.street ?? '',
    apartment: address?.apartment ?? '',
    city: address?.city ?? '',
    state: address?.state ?? statesOffered[0] ?? '',
    zipCode: address?.zip_code ?? '',
    shippingMethod: cart.totals.shippingMethod,
    slot: firstPickup?.key ?? '',
    // A first address is worth keeping; someone with one already can tick the box.
    saveAddress: address === null,
    paymentMethod: paymentMethods[0]?.id ?? '',
  }
  const thisYear = Number(farmDayOf(now).slice(0, 4))
  return {
    cart,
    prefill,
    statesOffered,
    paymentMethods,
    offer,
    thisYear,
    subscriptionFrequencies,
  }
}

export const PAYMENT_START_FAILED =
  'We could not reach the card payment service. Your order was not placed; please try again or choose another payment method.'
export const PAYPAL_START_FAILED =
  'We could not reach PayPal. Your order was not placed; please try again or choose another payment method.'

export type CheckoutOutcome =
  | { kind: 'placed'; orderId: string }
  /** Pay on the provider's own page (Stripe Checkout), which comes back to the order. */
  | { kind: 'pay'; url: string }
  /**
   * A step to show (the route replies with what was posted, the review's new key, and the
   * complaints: by field, or `message` about the whole form).
   */
  | { kind: 'show'; status: number; step: CheckoutStep; problems?: Problems }

type Problems = {
  fieldErrors?: Record<string, string[]>
  message?: string
  /** made when the review step renders; travels as a hidden field to Place Order */
  idempotencyKey?: string
}

function draftOf(action: CheckoutAction): CheckoutDraft {
  const { intent: _intent, ...rest } = action
  return {
    email: rest.email,
    phone: rest.phone,
    firstName: rest.firstName,
    lastName: rest.lastName,
    street: rest.street,
    apartment: rest.apartment,
    city: rest.city,
    state: rest.state,
    zipCode: rest.zipCode,
    shippingMethod: rest.shippingMethod,
    slot: rest.slot,
    saveAddress: rest.saveAddress,
    paymentMethod: rest.paymentMethod,
  }
}

function show(status: number, step: CheckoutStep, problems?: Problems): CheckoutOutcome {
  return { kind: 'show', status, step, problems }
}

/** Runs one step's post for this customer. */
export async function runCheckoutAction(
  db: DB,
  customerId: string,
  action: CheckoutAction,
  placeOrder: PlaceOrder,
): Promise<CheckoutOutcome> {
  const draft = draftOf(action)
  if (action.intent === 'back-to-shipping') return show(200, 1)

  // Every later step checks the shipping details again: hidden fields can be changed.
  const shipping = shippingStepSchema(await listStatesOffered(db)).safeParse({
    ...draft,
    saveAddress: draft.saveAddress ? 'on' : '',
  })
  if (!shipping.success) {
    const { fieldErrors } = z.flattenError(shipping.error)
    return show(400, 1, { fieldErrors: fieldErrors as Record<string, string[]> })
  }
  const step = shipping.data
  // Where and when, checked against the shop as it is now (placeOrder checks it once more).
  const cart = await getCartSummary(db, { kind: 'customer', customerId })
  const onSale = cart.lines.filter((line) => line.available)
  // A subscription's first box (ADR 32): its own rule is the reason worth giving first.
  const subscribing = subscribedFrequencies(onSale).length > 0
  if (subscribing) {
    const problem = await subscriptionFulfilmentProblem(db, {
      method: step.shippingMethod,
      slot: step.slot,
    })
    if (problem) return show(400, 1, { fieldErrors: { [problem.field]: [problem.message] } })
  }
  const fulfilment = await resolveFulfilment(db, {
    method: step.shippingMethod,
    slot: step.slot,
    zipCode: step.shippingMethod === 'pickup' ? '' : step.zipCode,
    subtotalCents: onSale.reduce(
      (sum, line) =>
        sum + pieceCents(line.unitPriceCents, line.averageWeightCentiLb) * line.quantity,
      0,
    ),
    productIds: onSale.map((line) => line.productId),
  })
  if (!fulfilment.ok) {
    return show(400, 1, { fieldErrors: { [fulfilment.field]: [fulfilment.message] } })
  }
  if (action.intent === 'to-payment') return show(200, 2)

  if (action.intent === 'back-to-payment') return show(200, 2)

  const payment = getProvider(draft.paymentMethod)
  if (!payment) {
    return show(400, 2, { fieldErrors: { paymentMethod: [PAYMENT_METHOD_INVALID] } })
  }
  const paymentProblem = subscribing ? subscriptionPaymentProblem(payment.id) : null
  if (paymentProblem) {
    return show(400, 2, { fieldErrors: { paymentMethod: [paymentProblem.message] } })
  }
  if (action.intent === 'to-review') {
    return show(200, 3, { idempotencyKey: crypto.randomUUID() })
  }

  // The review's key came with the post, and goes back with the reply if it is refused.
  if (!action.acceptTerms) {
    return show(400, 3, { fieldErrors: { acceptTerms: [TERMS_REQUIRED] } })
  }
  const names = { firstName: step.firstName, lastName: step.lastName }
  const result = await placeOrder(db, {
    customerId,
    idempotencyKey: action.idempotencyKey,
    contact: { email: step.email, phone: step.phone },
    shippingAddress:
      step.shippingMethod === 'pickup'
        ? names
        : {
            ...names,
            street: step.street,
            apartment: step.apartment ?? undefined,
            city: step.city,
            state: step.state,
            zipCode: step.zipCode,
          },
    shippingMethod: step.shippingMethod,
    slot: step.slot,
    paymentMethod: payment.id,
  })
  if (!result.ok) {
    // A time that filled up or closed meanwhile is chosen again on the first step.
    if (result.reason === 'fulfilment' || result.reason === 'slot-full') {
      return show(409, 1, { fieldErrors: result.fieldErrors, message: result.message })
    }
    const status = result.reason === 'invalid' ? 400 : 409
    return show(status, 3, { message: result.message })
  }
  if (step.shippingMethod !== 'pickup' && step.saveAddress && !result.replayed)
    await saveAddress(db, customerId, step)
  // A replayed submit (double click) already started its payment: the confirmation page
  // shows where that order stands rather than opening a second payment session.
  if (result.replayed) return { kind: 'placed', orderId: result.order.id }
  const { order } = result
  try {
    const started = await payment.startPayment({
      id: order.id,
      orderNumber: formatOrderNumber(order.orderNumber),
      email: order.email,
      totalCents: order.totalCents,
    })
    if (started.kind === 'redirect') return { kind: 'pay', url: started.url }
    return { kind: 'placed', orderId: order.id }
  } catch (error) {
    // No session means no expiry webhook would ever come: give the stock back right away.
    getLogger().error({ err: error, orderId: order.id }, 'starting the payment failed')
    await expireOrder(db, { orderId: order.id, sessionId: null })
    const message = payment.id === 'paypal' ? PAYPAL_START_FAILED : PAYMENT_START_FAILED
    return show(502, 3, { message })
  }
}

/** After the order is placed, outside its transaction: a failure here must not undo it. */
async function saveAddress(
  db: DB,
  customerId: string,
  shipping: Exclude<ShippingStep, { shippingMethod: 'pickup' }>,
): Promise<void> {
  try {
    const existing = await listAddresses(db, customerId)
    const same = existing.some(
      (row) =>
        row.street === shipping.street &&
        (row.apartment ?? null) === shipping.apartment &&
        row.city === shipping.city &&
        row.state === shipping.state &&
        row.zip_code === shipping.zipCode &&
        row.first_name === shipping.firstName &&
        row.last_name === shipping.lastName,
    )
    if (same) return
    await createAddress(db, customerId, {
      firstName: shipping.firstName,
      lastName: shipping.lastName,
      street: shipping.street,
      apartment: shipping.apartment,
      city: shipping.city,
      state: shipping.state,
      zipCode: shipping.zipCode,
      phone: shipping.phone,
      isDefault: false,
    })
  } catch (error) {
    getLogger().error({ err: error, customerId }, 'saving the checkout address failed')
  }
}
