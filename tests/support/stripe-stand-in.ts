import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'

// A local stand-in for the two parts of Stripe the shop uses, so tests need no account and no
// network: the API's "create a Checkout Session" (the stripe package is pointed here with
// STRIPE_API_BASE) and the hosted payment page, whose Pay button sends the app a
// checkout.session.completed event signed with the stripe package's own test-header helper.
// No card fields here either: the real page is Stripe's, this only says "paid".
//
// Each session has a PaymentIntent, kept with what was authorised and captured: a session
// with payment_intent_data[capture_method]=manual (priced by weight, ADR 30) leaves its intent
// 'requires_capture' when paid, and POST /v1/payment_intents/:id/capture takes at most the
// authorised amount, once, as Stripe does.

export type StandInSession = {
  id: string
  params: URLSearchParams
  orderId: string
  /** every metadata[key] the session was made with (orderId, or a share's shareOrderId) */
  metadata: Record<string, string>
  successUrl: string
  cancelUrl: string
  amountTotal: number
  paymentIntentId: string
}

export type StandInPaymentIntent = {
  id: string
  captureMethod: 'automatic' | 'manual'
  /** what the card was asked for: the authorised amount for a manual capture */
  amount: number
  status: 'requires_payment_method' | 'requires_capture' | 'succeeded' | 'canceled'
  /** what was captured (0 until then) */
  amountReceived: number
  captures: number
}

export type StripeStandIn = {
  apiBase: string
  sessions: Map<string, StandInSession>
  paymentIntents: Map<string, StandInPaymentIntent>
  /** Where events go; set once the app's port is known. */
  webhookUrl: string
  /** The signed event for this session, as Stripe would send it. */
  signedEvent(
    type: 'checkout.session.completed' | 'checkout.session.expired',
    sessionId: string,
  ): { payload: string; signature: string }
  sendEvent(
    type: 'checkout.session.completed' | 'checkout.session.expired',
    sessionId: string,
  ): Promise<Response>
  close(): Promise<void>
}

async function readBody(request: IncomingMessage): Promise<string> {
  let body = ''
  for await (const chunk of request) body += chunk
  return body
}

export async function startStripeStandIn(options: {
  webhookSecret: string
  webhookUrl?: string
}): Promise<StripeStandIn> {
  const sessions = new Map<string, StandInSession>()
  const paymentIntents = new Map<string, StandInPaymentIntent>()
  let eventCount = 0

  function intentJson(intent: StandInPaymentIntent) {
    return {
      id: intent.id,
      object: 'payment_intent',
      amount: intent.amount,
      amount_capturable: intent.status === 'requires_capture' ? intent.amount : 0,
      amount_received: intent.amountReceived,
      capture_method: intent.captureMethod,
      currency: 'usd',
      status: intent.status,
    }
  }

  const standIn: StripeStandIn = {
    apiBase: '',
    sessions,
    paymentIntents,
    webhookUrl: options.webhookUrl ?? '',
    signedEvent(type, sessionId) {
      const session = sessions.get(sessionId)
      if (!session) throw new Error(`No session ${sessionId}`)
      const intent = paymentIntents.get(session.paymentIntentId)
      // Stripe reports a held (uncaptured) card payment as 'unpaid' until it is captured.
      const paid = type === 'checkout.session.completed' && intent?.captureMethod !== 'manual'
      eventCount += 1
      const payload = JSON.stringify({
        id: `evt_test_${eventCount}_${sessionId}`,
        object: 'event',
        type,
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id: session.id,
            object: 'checkout.session',
            client_reference_id: session.orderId,
            metadata: session.metadata,
            amount_total: session.amountTotal,
            payment_intent: session.paymentIntentId,
            payment_status: paid ? 'paid' : 'unpaid',
            status: type === 'checkout.session.completed' ? 'complete' : 'expired',
          },
        },
      })
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: options.webhookSecret,
      })
      return { payload, signature }
    },
    async sendEvent(type, sessionId) {
      const { payload, signature } = standIn.signedEvent(type, sessionId)
      return fetch(standIn.webhookUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
        body: payload,
      })
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', standIn.apiBase)
    if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const params = new URLSearchParams(await readBody(request))
      const id = `cs_test_${crypto.randomUUID().replaceAll('-', '')}`
      const intent: StandInPaymentIntent = {
        id: `pi_test_${crypto.randomUUID().replaceAll('-', '')}`,
        captureMethod:
          params.get('payment_intent_data[capture_method]') === 'manual' ? 'manual' : 'automatic',
        amount: Number(params.get('line_items[0][price_data][unit_amount]') ?? 0),
        status: 'requires_payment_method',
        amountReceived: 0,
        captures: 0,
      }
      paymentIntents.set(intent.id, intent)
      const session: StandInSession = {
        id,
        params,
        orderId: params.get('metadata[orderId]') ?? '',
        metadata: Object.fromEntries(
          [...params]
            .map(([key, value]) => [key.match(/^metadata\[(\w+)\]$/)?.[1], value])
            .filter((entry): entry is [string, string] => entry[0] !== undefined),
        ),
        successUrl: params.get('success_url') ?? '',
        cancelUrl: params.get('cancel_url') ?? '',
        amountTotal: Number(params.get('line_items[0][price_data][unit_amount]') ?? 0),
        paymentIntentId: intent.id,
      }
      sessions.set(id, session)
      response.setHeader('Content-Type', 'application/json')
      response.end(
        JSON.stringify({
          id,
          object: 'checkout.session',
          url: `${standIn.apiBase}/pay/${id}`,
          client_reference_id: params.get('client_reference_id'),
          metadata: session.metadata,
          amount_total: session.amountTotal,
          payment_status: 'unpaid',
          status: 'open',
          mode: 'payment',
        }),
      )
      return
    }
    const intentPath = url.pathname.match(/^\/v1\/payment_intents\/(pi_test_\w+)(\/capture)?$/)
    const intent = intentPath?.[1] ? paymentIntents.get(intentPath[1]) : undefined
    if (intentPath && intent && request.method === 'GET' && !intentPath[2]) {
      response.setHeader('Content-Type', 'application/json')
      response.end(JSON.stringify(intentJson(intent)))
      return
    }
    if (intentPath && intent && request.method === 'POST' && intentPath[2]) {
      const params = new URLSearchParams(await readBody(request))
      const amount = Number(params.get('amount_to_capture') ?? intent.amount)
      response.setHeader('Content-Type', 'application/json')
      if (intent.status !== 'requires_capture' || !(amount > 0) || amount > intent.amount) {
        response.statusCode = 400
        response.end(
          JSON.stringify({
            error: {
              type: 'invalid_request_error',
              message: `This PaymentIntent could not be captured (status ${intent.status}, amount ${amount} of ${intent.amount}).`,
            },
          }),
        )
        return
      }
      intent.status = 'succeeded'
      intent.amountReceived = amount
      intent.captures += 1
      response.end(JSON.stringify(intentJson(intent)))
      return
    }
    const pay = url.pathname.match(/^\/pay\/(cs_test_\w+)$/)
    const session = pay?.[1] ? sessions.get(pay[1]) : undefined
    if (pay && session && request.method === 'GET') {
      response.setHeader('Content-Type', 'text/html; charset=utf-8')
      response.end(
        `<!doctype html><html lang="en"><head><title>Stripe stand-in</title></head><body>` +
          `<h1>Pay ${(session.amountTotal / 100).toFixed(2)} USD</h1>` +
          `<form method="post"><button type="submit">Pay</button></form>` +
          `<a href="${session.cancelUrl}">Back</a></body></html>`,
      )
      return
    }
    if (pay && session && request.method === 'POST') {
      const paid = paymentIntents.get(session.paymentIntentId)
      if (paid) {
        paid.status = paid.captureMethod === 'manual' ? 'requires_capture' : 'succeeded'
        if (paid.captureMethod === 'automatic') paid.amountReceived = paid.amount
      }
      const answer = await standIn.sendEvent('checkout.session.completed', session.id)
      if (!answer.ok) {
        response.statusCode = 502
        response.end(`webhook answered ${answer.status}`)
        return
      }
      response.statusCode = 303
      response.setHeader('Location', session.successUrl)
      response.end()
      return
    }
    response.statusCode = 404
    response.setHeader('Content-Type', 'application/json')
    response.end(
      JSON.stringify({ error: { message: `No route ${request.method} ${url.pathname}` } }),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  standIn.apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return standIn
}
