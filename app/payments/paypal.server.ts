import { z } from 'zod'
import { getOrderHold, setPaymentReference } from '~/orders/order-payment.server'
import type { DB } from '~/platform/db/db.server'
import type { PaymentProvider } from './provider'

// PayPal Checkout through PayPal's Orders v2 REST API (issue 17, ADR 19), with plain fetch:
// the shopper approves on PayPal's own page, comes back to /api/paypal/return, and only then
// do we capture, at our own total, checking what PayPal says it captured. An order priced by
// weight (ADR 30) is created with intent AUTHORIZE for its maximum and authorised on the
// return; the exact amount is captured from that authorisation once weighed (capture.server).
// No PayPal SDK: the calls we make (a token, create, capture or authorise, a look at an order,
// and capture or void of an authorisation) are smaller than one.

export type PayPalConfig = {
  clientId: string
  clientSecret: string
  /** https://api-m.paypal.com (live), https://api-m.sandbox.paypal.com, or a test stand-in */
  apiBase: string
}

/**
 * How long an order waits, stock held, for the shopper to approve on PayPal: as long as a
 * Stripe session lives. PayPal keeps an order approvable for 3 hours, longer than we hold
 * stock; that is safe because we capture only orders still pending, so an approval that comes
 * after the sweep cancelled ours is never captured and PayPal lets it lapse uncharged.
 */
export const PAYPAL_APPROVAL_LIFETIME_MS = 30 * 60 * 1000

/** "29.31" for 2931: PayPal's amounts are decimal strings; ours stay integer cents. */
export function centsToPayPalValue(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`
}

/** 2931 for "29.31" (or "29.3", "29"); null for anything else. No floating point on the way. */
export function payPalValueToCents(value: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(value)
  if (!match) return null
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}

const TokenSchema = z.object({ access_token: z.string(), expires_in: z.number() })
const LinkSchema = z.object({ rel: z.string(), href: z.string() })
const CaptureSchema = z.object({
  id: z.string(),
  status: z.string(),
  amount: z.object({ currency_code: z.string(), value: z.string() }),
})
export type PayPalCapture = z.output<typeof CaptureSchema>

/** Whether PayPal's capture or authorisation is for exactly these cents, in US dollars. */
export function isExactUsd(payment: PayPalCapture, cents: number): boolean {
  return (
    payment.amount.currency_code === 'USD' && payPalValueToCents(payment.amount.value) === cents
  )
}
const OrderSchema = z.object({
  id: z.string(),
  status: z.string(),
  links: z.array(LinkSchema).default([]),
  purchase_units: z
    .array(
      z.object({
        custom_id: z.string().optional(),
        payments: z
          .object({
            captures: z.array(CaptureSchema).default([]),
            // An authorisation has the same shape: id, status (CREATED when held), amount.
            authorizations: z.array(CaptureSchema).default([]),
          })
          .optional(),
      }),
    )
    .default([]),
})
export type PayPalOrder = z.output<typeof OrderSchema>

/** CAPTURE: charged on the shopper's return. AUTHORIZE: held, captured later (by weight). */
export type PayPalIntent = 'CAPTURE' | 'AUTHORIZE'

export class PayPalError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** PayPal's own reason, e.g. INSTRUMENT_DECLINED */
    readonly issue: string | undefined,
  ) {
    super(message)
  }
}

/** What we ask of PayPal. One per configuration, so the access token is shared. */
export type PayPalClient = {
  createOrder(input: {
    orderId: string
    orderNumber: string
    intent: PayPalIntent
    /** the total, or for AUTHORIZE the most the shopper agreed to pay */
    amountCents: number
    description: string
    returnUrl: string
    cancelUrl: string
  }): Promise<PayPalOrder>
  captureOrder(paypalOrderId: string): Promise<PayPalOrder>
  authorizeOrder(paypalOrderId: string): Promise<PayPalOrder>
  /** Captures part or all of an authorisation, once for this requestId; the last capture. */
  captureAuthorization(input: {
    authorizationId: string
    amountCents: number
    requestId: string
  }): Promise<PayPalCapture>
  getOrder(paypalOrderId: string): Promise<PayPalOrder>
  /** Releases an authorisation nothing was captured from (its order was cancelled). */
  voidAuthorization(input: { authorizationId: string; requestId: string }): Promise<void>
}

export function createPayPalClient(config: PayPalConfig): PayPalClient {
  let token: { value: string; until: number } | undefined

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value
    const answer = await fetch(`${config.apiBase}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(15_000),
    })
    if (!answer.ok)
      throw new PayPalError('PayPal refused our credentials', answer.status, undefined)
    const parsed = TokenSchema.parse(await answer.json())
    // A minute early, so a token never runs out between being read and being used.
    token = { value: parsed.access_token, until: Date.now() + (parsed.expires_in - 60) * 1000 }
    return token.value
  }

  async function call<T extends z.ZodType>(
    schema: T,
    path: string,
    init: { method: string; body?: unknown; requestId?: string },
  ): Promise<z.output<T>> {
    const answer = await fetch(`${config.apiBase}${path}`, {
      method: init.method,
      headers: {
        Authorization: `Bearer ${await accessToken()}`,
        'Content-Type': 'application/json',
        Prefer: 'return=representation',
        // PayPal's idempotency key: a retried create or capture is answered, not done twice.
        ...(init.requestId && { 'PayPal-Request-Id': init.requestId }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(20_000),
    })
    const body: unknown = await answer.json().catch(() => ({}))
    if (!answer.ok) {
      const issue = z
        .object({ details: z.array(z.object({ issue: z.string() })).min(1) })
        .safeParse(body)
      throw new PayPalError(
        `PayPal answered ${answer.status} to ${init.method} ${path}`,
        answer.status,
        issue.success ? issue.data.details[0]?.issue : undefined,
      )
    }
    return schema.parse(body)
  }

  return {
    createOrder(input) {
      return call(OrderSchema, '/v2/checkout/orders', {
        method: 'POST',
        requestId: `create-${input.orderId}`,
        body: {
          intent: input.intent,
          purchase_units: [
            {
              reference_id: input.orderId,
              custom_id: input.orderId,
              invoice_id: input.orderNumber,
              description: input.description.slice(0, 127),
              amount: { currency_code: 'USD', value: centsToPayPalValue(input.amountCents) },
            },
          ],
          payment_source: {
            paypal: {
              experience_context: {
                shipping_preference: 'NO_SHIPPING',
                user_action: 'PAY_NOW',
                return_url: input.returnUrl,
                cancel_url: input.cancelUrl,
              },
            },
          },
        },
      })
    },
    captureOrder(paypalOrderId) {
      return call(OrderSchema, `/v2/checkout/orders/${encodeURIComponent(paypalOrderId)}/capture`, {
        method: 'POST',
        requestId: `capture-${paypalOrderId}`,
        body: {},
      })
    },
    authorizeOrder(paypalOrderId) {
      const path = `/v2/checkout/orders/${encodeURIComponent(paypalOrderId)}/authorize`
      return call(OrderSchema, path, {
        method: 'POST',
        requestId: `authorize-${paypalOrderId}`,
        body: {},
      })
    },
    captureAuthorization({ authorizationId, amountCents, requestId }) {
      const path = `/v2/payments/authorizations/${encodeURIComponent(authorizationId)}/capture`
      return call(CaptureSchema, path, {
        method: 'POST',
        requestId,
        // The only capture: PayPal releases what is left of the hold.
        body: {
          amount: { currency_code: 'USD', value: centsToPayPalValue(amountCents) },
          final_capture: true,
        },
      })
    },
    getOrder(paypalOrderId) {
      return call(OrderSchema, `/v2/checkout/orders/${encodeURIComponent(paypalOrderId)}`, {
        method: 'GET',
      })
    },
    async voidAuthorization({ authorizationId, requestId }) {
      const path = `/v2/payments/authorizations/${encodeURIComponent(authorizationId)}/void`
      // 204 with no body, or the authorisation with return=representation: neither is read.
      await call(z.unknown(), path, { method: 'POST', requestId, body: {} })
    },
  }
}

export function createPayPalProvider(
  db: DB,
  client: PayPalClient,
  baseUrl: string,
): PaymentProvider {
  return {
    id: 'paypal',
    label: 'PayPal',
    description:
      'After reviewing your order you will be redirected to PayPal to approve the payment, then brought back here.',
    async startPayment(order) {
      const { authorised_cents: authorised } = await getOrderHold(db, order.id)
      const created = await client.createOrder({
        orderId: order.id,
        orderNumber: order.orderNumber,
        intent: authorised === null ? 'CAPTURE' : 'AUTHORIZE',
        amountCents: authorised ?? order.totalCents,
        description: `Order ${order.orderNumber}`,
        returnUrl: `${baseUrl}/api/paypal/return`,
        cancelUrl: `${baseUrl}/api/paypal/cancel`,
      })
      const approve = created.links.find(
        (link) => link.rel === 'payer-action' || link.rel === 'approve',
      )
      if (!approve) throw new Error(`PayPal order ${created.id} came back without an approval link`)
      await setPaymentReference(db, order.id, created.id)
      return { kind: 'redirect', url: approve.href }
    },
  }
}
