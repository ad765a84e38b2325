import type { CurrentUser } from '~/auth/session.server'
import { getCartSummary } from '~/cart/cart.server'
import { createAddress, listAddresses, listStatesOffered } from '~/customers/addresses.server'
import type { DB } from '~/db/db.server'
import { parseForm } from '~/http/form-data'
import { getLogger } from '~/log.server'
import { expireOrder } from '~/orders/payment-events.server'
import { formatOrderNumber, PAYMENT_METHOD_INVALID } from '~/orders/place-order'
import { placeOrder } from '~/orders/place-order.server'
import { getProvider, listPaymentOptions } from '~/payments/providers.server'
import {
  type CheckoutAction,
  type CheckoutDraft,
  type CheckoutState,
  type ShippingStep,
  shippingStepSchema,
  TERMS_REQUIRED,
} from './checkout'

// The checkout's server side: what the page starts with, and what each step's post does.
// Placing the order itself is placeOrder's work (ADR 11); this only walks the steps.

/** The cart, the shopper's details for prefill, the states and payment methods on offer. */
export async function loadCheckout(db: DB, customer: CurrentUser) {
  const [cart, addresses, statesOffered] = await Promise.all([
    getCartSummary(db, { kind: 'customer', customerId: customer.id }),
    listAddresses(db, customer.id),
    listStatesOffered(db),
  ])
  const paymentMethods = listPaymentOptions()
  const address = addresses.find((row) => row.is_default) ?? null
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
    shippingMethod: 'standard',
    // A first address is worth keeping; someone with one already can tick the box.
    saveAddress: address === null,
    paymentMethod: paymentMethods[0]?.id ?? '',
  }
  return { cart, prefill, statesOffered, paymentMethods }
}

export const PAYMENT_START_FAILED =
  'We could not reach the card payment service. Your order was not placed; please try again or choose another payment method.'

export type CheckoutOutcome =
  | { kind: 'placed'; orderId: string }
  /** Pay on the provider's own page (Stripe Checkout), which comes back to the order. */
  | { kind: 'pay'; url: string }
  | { kind: 'show'; status: number; state: CheckoutState }

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
    saveAddress: rest.saveAddress,
    paymentMethod: rest.paymentMethod,
  }
}

function show(status: number, state: CheckoutState): CheckoutOutcome {
  return { kind: 'show', status, state }
}

/** Runs one step's post for this customer. */
export async function runCheckoutAction(
  db: DB,
  customerId: string,
  action: CheckoutAction,
): Promise<CheckoutOutcome> {
  const draft = draftOf(action)
  const noErrors = {}
  if (action.intent === 'back-to-shipping')
    return show(200, { step: 1, draft, fieldErrors: noErrors })

  // Every later step checks the shipping details again: hidden fields can be changed.
  const shipping = parseForm(shippingStepSchema(await listStatesOffered(db)), {
    ...draft,
    saveAddress: draft.saveAddress ? 'on' : '',
  })
  if (!shipping.ok) return show(400, { step: 1, draft, fieldErrors: shipping.fieldErrors })
  if (action.intent === 'to-payment') return show(200, { step: 2, draft, fieldErrors: noErrors })

  if (action.intent === 'back-to-payment')
    return show(200, { step: 2, draft, fieldErrors: noErrors })

  const payment = getProvider(draft.paymentMethod)
  if (!payment) {
    return show(400, { step: 2, draft, fieldErrors: { paymentMethod: PAYMENT_METHOD_INVALID } })
  }
  if (action.intent === 'to-review') {
    return show(200, { step: 3, draft, fieldErrors: noErrors, idempotencyKey: crypto.randomUUID() })
  }

  const review = { step: 3, draft, idempotencyKey: action.idempotencyKey } as const
  if (!action.acceptTerms) {
    return show(400, { ...review, fieldErrors: { acceptTerms: TERMS_REQUIRED } })
  }
  const result = await placeOrder(db, {
    customerId,
    idempotencyKey: action.idempotencyKey,
    contact: { email: shipping.data.email, phone: shipping.data.phone },
    shippingAddress: {
      firstName: shipping.data.firstName,
      lastName: shipping.data.lastName,
      street: shipping.data.street,
      apartment: shipping.data.apartment ?? undefined,
      city: shipping.data.city,
      state: shipping.data.state,
      zipCode: shipping.data.zipCode,
    },
    shippingMethod: shipping.data.shippingMethod,
    paymentMethod: payment.id,
  })
  if (!result.ok) {
    const status = result.reason === 'invalid' ? 400 : 409
    return show(status, { ...review, fieldErrors: noErrors, message: result.message })
  }
  if (shipping.data.saveAddress && !result.replayed)
    await saveAddress(db, customerId, shipping.data)
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
    return show(502, { ...review, fieldErrors: noErrors, message: PAYMENT_START_FAILED })
  }
}

/** After the order is placed, outside its transaction: a failure here must not undo it. */
async function saveAddress(db: DB, customerId: string, shipping: ShippingStep): Promise<void> {
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
