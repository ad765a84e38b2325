import { z } from 'zod'
import type { DB } from '~/platform/db/db.server'
import type { PaymentProvider } from './provider'

// PayPal Checkout through PayPal's Orders v2 REST API (issue 17, ADR 19), with plain fetch:
// the shopper approves on PayPal's own page, comes back to /api/paypal/return, and only then
// do we capture, at our own total, checking what PayPal says it captured. No PayPal SDK: the
// four calls we make (a token, create, capture, and a look at an order) are smaller than one.

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
const OrderSchema = z.object({
  id: z.string(),
  status: z.string(),
  links: z.array(LinkSchema).default([]),
  purchase_units: z
    .array(
      z.object({
        custom_id: z.string().optional(),
        payments: z.object({ captures: z.array(CaptureSchema).default([]) }).optional(),
      }),
    )
    .default([]),
})
export type PayPalOrder = z.output<typeof OrderSchema>

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
    totalCents: number
    description: string
    returnUrl: string
    cancelUrl: string
  }): Promise<PayPalOrder>
  captureOrder(paypalOrderId: string): Promise<PayPalOrder>
  getOrder(paypalOrderId: string): Promise<PayPalOrder>
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

  async function call(path: string, init: { method: string; body?: unknown; requestId?: string }) {
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
    return OrderSchema.parse(body)
  }

  return {
    createOrder(input) {
      return call('/v2/checkout/orders', {
        method: 'POST',
        requestId: `create-${input.orderId}`,
        body: {
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: input.orderId,
              custom_id: input.orderId,
              invoice_id: input.orderNumber,
              description: input.description.slice(0, 127),
              amount: { currency_code: 'USD', value: centsToPayPalValue(input.totalCents) },
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
      return call(`/v2/checkout/orders/${encodeURIComponent(paypalOrderId)}/capture`, {
        method: 'POST',
        requestId: `capture-${paypalOrderId}`,
        body: {},
      })
    },
    getOrder(paypalOrderId) {
      return call(`/v2/checkout/orders/${encodeURIComponent(paypalOrderId)}`, { method: 'GET' })
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
      const created = await client.createOrder({
        orderId: order.id,
        orderNumber: order.orderNumber,
        totalCents: order.totalCents,
        description: `Order ${order.orderNumber}`,
        returnUrl: `${baseUrl}/api/paypal/return`,
        cancelUrl: `${baseUrl}/api/paypal/cancel`,
      })
      const approve = created.links.find(
        (link) => link.rel === 'payer-action' || link.rel === 'approve',
      )
      if (!approve) throw new Error(`PayPal order ${created.id} came back without an approval link`)
      await db
        .updateTable('orders')
        .set({ payment_reference: created.id, updated_at: new Date() })
        .where('id', '=', order.id)
        .execute()
      return { kind: 'redirect', url: approve.href }
    },
  }
}
