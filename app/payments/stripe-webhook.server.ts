import { z } from 'zod'
import {
  authorisedCentsOf,
  expireOrder,
  markDuePaid,
  markOrderAuthorised,
  markOrderPaid,
  type PaymentEventResult,
} from '~/orders/payment-events.server'
import type { DB } from '~/platform/db/db.server'
import { getLogger } from '~/platform/log.server'
import { markBalancePaid } from '~/shares/share-orders.server'
import {
  isSubscriptionBox,
  type SavedCard,
  settleSubscriptionPayment,
  startsPendingSubscriptions,
  storeSubscriptionCard,
} from '~/subscriptions/saved-card.server'
import { releasePayLink } from './renewal-payment.server'
import { createStripeClient, type StripeConfig } from './stripe.server'

// Stripe's webhook (D7): the only way an order paid by card becomes 'paid'. The signature is
// checked over the raw body before anything is read from it; then the event is handed to the
// order's payment events, which are safe to run twice or out of order. Every verified event
// is answered 200, handled or not, so Stripe does not retry what we chose to ignore.
//
// Subscriptions (ADR 32): a paid first order stores the customer and card its session saved
// on the subscriptions it starts; a paid box order marks its cycle paid; a setup-mode session
// (the customer's "Update Card") stores its new card on its subscription. An abandoned
// payment page of a box does not cancel the box: the farm made it, and it may be paid later.

/** What this code reads from an event: Stripe always sends it; anything else is refused. */
const EventSchema = z.object({
  id: z.string(),
  type: z.string(),
  data: z.object({ object: z.looseObject({}) }),
})
const SESSION_EVENTS = new Set(['checkout.session.completed', 'checkout.session.expired'])
const CheckoutSessionSchema = z.object({
  id: z.string(),
  client_reference_id: z.string().nullish(),
  mode: z.string().nullish(),
  customer: z.string().nullish(),
  metadata: z
    .object({
      orderId: z.string().optional(),
      shareOrderId: z.string().optional(),
      subscriptionId: z.string().optional(),
    })
    .nullish(),
  payment_status: z.string().nullish(),
  payment_intent: z.string().nullish(),
  setup_intent: z.string().nullish(),
})

/** A field Stripe sends as an id, or as the object when expanded. */
const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null)

export type WebhookAnswer = { status: number; body: { received: true } | { error: string } }

export async function handleStripeWebhook(
  db: DB,
  config: StripeConfig,
  rawBody: string,
  signature: string | null,
): Promise<WebhookAnswer> {
  if (!signature) return { status: 400, body: { error: 'Missing Stripe-Signature header' } }
  const stripe = createStripeClient(config)
  let event: Awaited<ReturnType<typeof stripe.webhooks.constructEventAsync>>
  try {
    event = await stripe.webhooks.constructEventAsync(rawBody, signature, config.webhookSecret)
  } catch (error) {
    getLogger().warn({ err: error }, 'Stripe webhook with a bad signature or body')
    return { status: 400, body: { error: 'Invalid signature' } }
  }
  // Correctly signed but not an event with a checkout session where one belongs: Stripe never
  // sends that, so it is refused rather than failing half-way with a 500 (found by the fuzz
  // tests).
  const parsed = EventSchema.safeParse(event)
  const session =
    parsed.success && SESSION_EVENTS.has(parsed.data.type)
      ? CheckoutSessionSchema.safeParse(parsed.data.data.object)
      : undefined
  if (!parsed.success || session?.success === false) {
    getLogger().warn('Stripe webhook: a signed body that is not an event this shop reads')
    return { status: 400, body: { error: 'Not a Stripe event' } }
  }
  const log = getLogger().child({ eventId: parsed.data.id, eventType: parsed.data.type })
  // A beef share's balance (ADR 31) has its own page and no order to settle or expire.
  const shareOrderId = session?.data?.metadata?.shareOrderId
  if (session?.data && shareOrderId) {
    if (
      parsed.data.type === 'checkout.session.completed' &&
      session.data.payment_status === 'paid'
    ) {
      const result = await markBalancePaid(db, { shareOrderId, sessionId: session.data.id })
      // Paid on a page opened before the weight was corrected: the farm settles it by hand.
      if (result === 'unknown') log.warn({ shareOrderId }, 'Share balance paid on a stale page')
      else log.info({ shareOrderId, result }, 'Share balance paid')
    }
    return { status: 200, body: { received: true } }
  }
  // A new card for a subscription (setup mode): no order, no money.
  const subscriptionId = session?.data?.metadata?.subscriptionId
  if (session?.data && subscriptionId) {
    const { customer, setup_intent: setupIntent } = session.data
    if (parsed.data.type === 'checkout.session.completed' && setupIntent && customer) {
      const setup = await stripe.setupIntents.retrieve(setupIntent)
      const paymentMethodId = idOf(setup.payment_method)
      const stored =
        setup.status === 'succeeded' && paymentMethodId
          ? await storeSubscriptionCard(db, {
              subscriptionId,
              customerId: customer,
              paymentMethodId,
            })
          : false
      log.info({ subscriptionId, stored }, 'Subscription card update')
    }
    return { status: 200, body: { received: true } }
  }
  if (session?.data && parsed.data.type === 'checkout.session.completed') {
    const orderId = session.data.metadata?.orderId ?? session.data.client_reference_id
    const held = orderId ? await authorisedCentsOf(db, orderId) : null
    const savesCard = orderId ? await startsPendingSubscriptions(db, orderId) : false
    const intent =
      orderId && session.data.payment_intent && (held !== null || savesCard)
        ? await stripe.paymentIntents.retrieve(session.data.payment_intent)
        : undefined
    const card: SavedCard | undefined =
      intent && savesCard
        ? {
            customerId: idOf(intent.customer) ?? session.data.customer ?? null,
            paymentMethodId: idOf(intent.payment_method),
          }
        : undefined
    // By weight (ADR 30): the session only authorised the card. Stripe's own PaymentIntent
    // says whether the hold is there, for how much; the event's payment_status does not.
    if (orderId && held !== null && intent) {
      let result: PaymentEventResult = 'unchanged'
      if (intent.status === 'requires_capture') {
        result = await markOrderAuthorised(
          db,
          {
            orderId,
            sessionId: session.data.id,
            authorizationReference: intent.id,
            amountCents: intent.amount,
          },
          settleSubscriptionPayment(orderId, card),
        )
      } else if (intent.status === 'succeeded') {
        // A weighed order whose hold lapsed, paid in full from its link (issue 31 item 6).
        const paid = { orderId, sessionId: session.data.id, amountCents: intent.amount_received }
        result = await markDuePaid(db, paid)
      }
      log.info({ orderId, result, intentStatus: intent.status }, 'Stripe card authorised or paid')
    } else if (orderId && session.data.payment_status === 'paid') {
      // 'unpaid' is a delayed method (bank debit) still under way: wait for a later event.
      const result = await markOrderPaid(
        db,
        { orderId, sessionId: session.data.id },
        settleSubscriptionPayment(orderId, card),
      )
      log.info({ orderId, result, cardSaved: card !== undefined }, 'Stripe checkout completed')
    } else {
      log.info({ orderId, paymentStatus: session.data.payment_status }, 'Stripe event ignored')
    }
  } else if (session?.data) {
    const orderId = session.data.metadata?.orderId ?? session.data.client_reference_id
    if (orderId && (await isSubscriptionBox(db, orderId))) {
      // The box stays, and may be charged again now that this page can no longer be paid.
      const released = await releasePayLink(db, { orderId, sessionId: session.data.id })
      log.info({ orderId, released }, 'Payment page of a subscription box expired: the box stays')
    } else if (orderId) {
      const result = await expireOrder(db, { orderId, sessionId: session.data.id })
      log.info({ orderId, result }, 'Stripe checkout expired')
    }
  } else {
    log.debug('Stripe event not used by this shop')
  }
  return { status: 200, body: { received: true } }
}
