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
//
// Saved cards (ADR 32): a session made with customer_creation=always (or a customer) and
// setup_future_usage=off_session leaves its intent with a customer and a payment method when
// paid; a setup-mode session (mode=setup) has a SetupIntent instead, which gets a new payment
// method when the page's button is pressed. POST /v1/customers makes a customer, and POST
// /v1/payment_intents with off_session=true charges a saved card at once: it succeeds, or,
// after declineCard(), answers 402 card_declined as Stripe does. Requests with the same
// Idempotency-Key get the first answer again, so a retried charge is one charge.
//
// Races (issue 31): slowDown(ms) makes every API answer wait, so two payments started at
// once overlap at the "provider" as they would at Stripe, and requested(path) says when one
// of them is there, so a test can start the other while the first is in flight. A session is 'open' until its page
// is paid ('complete') or expireSession() ends it ('expired'); GET /v1/checkout/sessions/:id
// reads it, as the shop does to learn what became of a pay link's page.
//
// Holds (issue 31 item 6): POST /v1/payment_intents with capture_method=manual and a saved card
// authorises it off-session ('requires_capture', nothing received), and POST
// /v1/payment_intents/:id/cancel releases an uncaptured intent ('canceled'), refusing one
// already captured or canceled with Stripe's payment_intent_unexpected_state.

export type StandInSession = {
  id: string
  params: URLSearchParams
  orderId: string
  /** every metadata[key] the session was made with (orderId, or a share's shareOrderId) */
  metadata: Record<string, string>
  successUrl: string
  cancelUrl: string
  amountTotal: number
  mode: 'payment' | 'setup'
  /** the customer the session was made for, or the one made when it was paid */
  customer: string | null
  /** payment mode only: the PaymentIntent its page pays */
  paymentIntentId: string
  /** setup mode only: the SetupIntent its page confirms */
  setupIntentId: string | null
  status: 'open' | 'complete' | 'expired'
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
  customer: string | null
  /** the card it was paid with (pm_test_...), once paid */
  paymentMethod: string | null
  /** true for a saved card charged by the shop without the customer (off_session) */
  offSession: boolean
  metadata: Record<string, string>
}

export type StandInSetupIntent = {
  id: string
  customer: string | null
  paymentMethod: string | null
  status: 'requires_payment_method' | 'succeeded'
}

export type StripeStandIn = {
  apiBase: string
  sessions: Map<string, StandInSession>
  paymentIntents: Map<string, StandInPaymentIntent>
  setupIntents: Map<string, StandInSetupIntent>
  /** customer id -> email */
  customers: Map<string, string>
  /** Off-session charges asked for from now on are declined (402 card_declined)... */
  declineCard(): void
  /** ...or succeed again (the default). */
  acceptCard(): void
  /** What the hosted page's button does to the session's intent, without sending the event. */
  completeSession(sessionId: string): void
  /** The session's page closes unpaid, as at its expires_at (no event sent). */
  expireSession(sessionId: string): void
  /** Every API answer waits this long from now on (0: at once, the default). */
  slowDown(ms: number): void
  /** Resolves when the next request for this path arrives (before it is answered). */
  requested(pathname: string): Promise<void>
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
  const setupIntents = new Map<string, StandInSetupIntent>()
  const customers = new Map<string, string>()
  /** Idempotency-Key -> the first answer's status and body */
  const answered = new Map<string, { status: number; body: string }>()
  let declining = false
  let latencyMs = 0
  const waiting: { pathname: string; arrived: () => void }[] = []
  let eventCount = 0
  const newId = (prefix: string) => `${prefix}_test_${crypto.randomUUID().replaceAll('-', '')}`

  function intentJson(intent: StandInPaymentIntent) {
    return {
      id: intent.id,
      object: 'payment_intent',
      amount: intent.amount,
      amount_capturable: intent.status === 'requires_capture' ? intent.amount : 0,
      amount_received: intent.amountReceived,
      capture_method: intent.captureMethod,
      currency: 'usd',
      customer: intent.customer,
      payment_method: intent.paymentMethod,
      metadata: intent.metadata,
      status: intent.status,
    }
  }

  function setupIntentJson(intent: StandInSetupIntent) {
    return {
      id: intent.id,
      object: 'setup_intent',
      customer: intent.customer,
      payment_method: intent.paymentMethod,
      status: intent.status,
      usage: 'off_session',
    }
  }

  /** metadata[key]=value pairs of a form body, under `prefix` (e.g. payment_intent_data) */
  function metadataOf(params: URLSearchParams, prefix = ''): Record<string, string> {
    const pattern = new RegExp(
      `^${prefix.replaceAll('[', '\\[').replaceAll(']', '\\]')}metadata\\[(\\w+)\\]$`,
    )
    return Object.fromEntries(
      [...params]
        .map(([key, value]) => [key.match(pattern)?.[1], value])
        .filter((entry): entry is [string, string] => entry[0] !== undefined),
    )
  }

  function makeCustomer(email: string): string {
    const id = newId('cus')
    customers.set(id, email)
    return id
  }

  function completeSession(session: StandInSession) {
    // An expired page cannot be paid: that is what lets the shop hand a box back to the card.
    if (session.status === 'expired') throw new Error(`Session ${session.id} has expired`)
    session.status = 'complete'
    const card = newId('pm')
    if (session.mode === 'setup') {
      const setup = session.setupIntentId ? setupIntents.get(session.setupIntentId) : undefined
      if (setup) Object.assign(setup, { status: 'succeeded', paymentMethod: card })
      return
    }
    const paid = paymentIntents.get(session.paymentIntentId)
    if (!paid) return
    paid.status = paid.captureMethod === 'manual' ? 'requires_capture' : 'succeeded'
    if (paid.captureMethod === 'automatic') paid.amountReceived = paid.amount
    paid.paymentMethod = card
    const saving =
      session.params.get('customer_creation') === 'always' ||
      session.params.get('payment_intent_data[setup_future_usage]') !== null
    if (saving && !session.customer) {
      session.customer = makeCustomer(session.params.get('customer_email') ?? '')
    }
    paid.customer = session.customer
  }

  const standIn: StripeStandIn = {
    apiBase: '',
    sessions,
    paymentIntents,
    setupIntents,
    customers,
    declineCard: () => {
      declining = true
    },
    acceptCard: () => {
      declining = false
    },
    completeSession(sessionId) {
      const session = sessions.get(sessionId)
      if (!session) throw new Error(`No session ${sessionId}`)
      completeSession(session)
    },
    expireSession(sessionId) {
      const session = sessions.get(sessionId)
      if (!session) throw new Error(`No session ${sessionId}`)
      if (session.status === 'open') session.status = 'expired'
    },
    slowDown(ms) {
      latencyMs = ms
    },
    requested(pathname) {
      return new Promise((arrived) => waiting.push({ pathname, arrived }))
    },
    webhookUrl: options.webhookUrl ?? '',
    signedEvent(type, sessionId) {
      const session = sessions.get(sessionId)
      if (!session) throw new Error(`No session ${sessionId}`)
      const intent = paymentIntents.get(session.paymentIntentId)
      const completed = type === 'checkout.session.completed'
      // Stripe reports a held (uncaptured) card payment as 'unpaid' until it is captured, and a
      // setup session, which takes no money, as 'no_payment_required'.
      const paymentStatus =
        session.mode === 'setup'
          ? 'no_payment_required'
          : completed && intent?.captureMethod !== 'manual'
            ? 'paid'
            : 'unpaid'
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
            mode: session.mode,
            client_reference_id: session.orderId || null,
            customer: session.customer,
            metadata: session.metadata,
            amount_total: session.amountTotal,
            payment_intent: session.mode === 'payment' ? session.paymentIntentId : null,
            setup_intent: session.setupIntentId,
            payment_status: paymentStatus,
            status: completed ? 'complete' : 'expired',
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

  function createSession(params: URLSearchParams) {
    const id = newId('cs')
    const mode = params.get('mode') === 'setup' ? 'setup' : 'payment'
    const customer = params.get('customer')
    const intent: StandInPaymentIntent = {
      id: newId('pi'),
      captureMethod:
        params.get('payment_intent_data[capture_method]') === 'manual' ? 'manual' : 'automatic',
      amount: Number(params.get('line_items[0][price_data][unit_amount]') ?? 0),
      status: 'requires_payment_method',
      amountReceived: 0,
      captures: 0,
      customer,
      paymentMethod: null,
      offSession: false,
      metadata: metadataOf(params, 'payment_intent_data['),
    }
    if (mode === 'payment') paymentIntents.set(intent.id, intent)
    const setup: StandInSetupIntent | null =
      mode === 'setup'
        ? { id: newId('seti'), customer, paymentMethod: null, status: 'requires_payment_method' }
        : null
    if (setup) setupIntents.set(setup.id, setup)
    const session: StandInSession = {
      id,
      params,
      orderId: params.get('metadata[orderId]') ?? '',
      metadata: metadataOf(params),
      successUrl: params.get('success_url') ?? '',
      cancelUrl: params.get('cancel_url') ?? '',
      amountTotal: mode === 'setup' ? 0 : intent.amount,
      mode,
      customer,
      paymentIntentId: intent.id,
      setupIntentId: setup?.id ?? null,
      status: 'open',
    }
    sessions.set(id, session)
    return sessionJson(session)
  }

  function sessionJson(session: StandInSession) {
    const intent = paymentIntents.get(session.paymentIntentId)
    const paid = session.mode === 'payment' && intent?.status === 'succeeded'
    return {
      id: session.id,
      object: 'checkout.session',
      // Stripe gives the page's address only while it can still be paid.
      url: session.status === 'open' ? `${standIn.apiBase}/pay/${session.id}` : null,
      client_reference_id: session.params.get('client_reference_id'),
      customer: session.customer,
      metadata: session.metadata,
      amount_total: session.amountTotal,
      payment_intent: session.mode === 'payment' ? session.paymentIntentId : null,
      payment_status: session.mode === 'setup' ? 'no_payment_required' : paid ? 'paid' : 'unpaid',
      status: session.status,
      mode: session.mode,
    }
  }

  /** An off-session charge of a saved card: succeeds at once, or is declined (402). */
  function chargeSavedCard(params: URLSearchParams): { status: number; body: unknown } {
    const customer = params.get('customer')
    const card = params.get('payment_method')
    const intent: StandInPaymentIntent = {
      id: newId('pi'),
      captureMethod: params.get('capture_method') === 'manual' ? 'manual' : 'automatic',
      amount: Number(params.get('amount') ?? 0),
      status: 'requires_payment_method',
      amountReceived: 0,
      captures: 0,
      customer,
      paymentMethod: card,
      offSession: params.get('off_session') === 'true',
      metadata: metadataOf(params),
    }
    paymentIntents.set(intent.id, intent)
    if (!customer || !card || !customers.has(customer) || declining) {
      return {
        status: 402,
        body: {
          error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
            payment_intent: intentJson(intent),
          },
        },
      }
    }
    if (intent.captureMethod === 'manual') {
      intent.status = 'requires_capture'
      return { status: 200, body: intentJson(intent) }
    }
    intent.status = 'succeeded'
    intent.amountReceived = intent.amount
    return { status: 200, body: intentJson(intent) }
  }

  /** Releases an uncaptured intent; Stripe refuses to cancel one captured or canceled. */
  function cancelIntent(intent: StandInPaymentIntent): { status: number; body: unknown } {
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      return {
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
          },
        },
      }
    }
    intent.status = 'canceled'
    return { status: 200, body: intentJson(intent) }
  }

  /** Answers a POST once per Idempotency-Key, as Stripe does, then repeats that answer. */
  function once(
    request: IncomingMessage,
    answer: () => { status: number; body: unknown },
  ): { status: number; body: string } {
    const key = request.headers['idempotency-key']
    const cached = typeof key === 'string' ? answered.get(key) : undefined
    if (cached) return cached
    const { status, body } = answer()
    const reply = { status, body: JSON.stringify(body) }
    if (typeof key === 'string') answered.set(key, reply)
    return reply
  }

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', standIn.apiBase)
    for (const waiter of waiting.filter((w) => w.pathname === url.pathname)) {
      waiting.splice(waiting.indexOf(waiter), 1)
      waiter.arrived()
    }
    if (latencyMs > 0 && url.pathname.startsWith('/v1/')) {
      await new Promise((resolve) => setTimeout(resolve, latencyMs))
    }
    const json = (reply: { status: number; body: string }) => {
      response.statusCode = reply.status
      response.setHeader('Content-Type', 'application/json')
      response.end(reply.body)
    }
    if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const params = new URLSearchParams(await readBody(request))
      json(once(request, () => ({ status: 200, body: createSession(params) })))
      return
    }
    if (request.method === 'POST' && url.pathname === '/v1/customers') {
      const params = new URLSearchParams(await readBody(request))
      json(
        once(request, () => ({
          status: 200,
          body: { id: makeCustomer(params.get('email') ?? ''), object: 'customer' },
        })),
      )
      return
    }
    if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
      const params = new URLSearchParams(await readBody(request))
      json(once(request, () => chargeSavedCard(params)))
      return
    }
    const sessionPath = url.pathname.match(/^\/v1\/checkout\/sessions\/(cs_test_\w+)$/)
    const known = sessionPath?.[1] ? sessions.get(sessionPath[1]) : undefined
    if (known && request.method === 'GET') {
      json({ status: 200, body: JSON.stringify(sessionJson(known)) })
      return
    }
    const setupPath = url.pathname.match(/^\/v1\/setup_intents\/(seti_test_\w+)$/)
    const setup = setupPath?.[1] ? setupIntents.get(setupPath[1]) : undefined
    if (setup && request.method === 'GET') {
      json({ status: 200, body: JSON.stringify(setupIntentJson(setup)) })
      return
    }
    const cancelPath = url.pathname.match(/^\/v1\/payment_intents\/(pi_test_\w+)\/cancel$/)
    const toCancel = cancelPath?.[1] ? paymentIntents.get(cancelPath[1]) : undefined
    if (toCancel && request.method === 'POST') {
      await readBody(request)
      json(once(request, () => cancelIntent(toCancel)))
      return
    }
    const intentPath = url.pathname.match(/^\/v1\/payment_intents\/(pi_test_\w+)(\/capture)?$/)
    const intent = intentPath?.[1] ? paymentIntents.get(intentPath[1]) : undefined
    if (intentPath && intent && request.method === 'GET' && !intentPath[2]) {
      json({ status: 200, body: JSON.stringify(intentJson(intent)) })
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
              ...(intent.status !== 'requires_capture' && {
                code: 'payment_intent_unexpected_state',
              }),
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
      const heading =
        session.mode === 'setup'
          ? 'Save a card'
          : `Pay ${(session.amountTotal / 100).toFixed(2)} USD`
      const button = session.mode === 'setup' ? 'Save card' : 'Pay'
      response.setHeader('Content-Type', 'text/html; charset=utf-8')
      response.end(
        `<!doctype html><html lang="en"><head><title>Stripe stand-in</title></head><body>` +
          `<h1>${heading}</h1>` +
          `<form method="post"><button type="submit">${button}</button></form>` +
          `<a href="${session.cancelUrl}">Back</a></body></html>`,
      )
      return
    }
    if (pay && session && request.method === 'POST') {
      if (session.status === 'expired') {
        response.statusCode = 410
        response.end('This page has expired.')
        return
      }
      completeSession(session)
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
