import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

// A local stand-in for the parts of PayPal's Orders v2 API the shop uses, so tests need no
// account and no network: the OAuth token, create, look at and capture an order, and the
// approval page (PayPal's "checkoutnow") with Pay Now and Cancel and return. Orders created
// with intent AUTHORIZE are authorised instead of captured, and their authorisation captured
// later for an amount up to the one held (ADR 30). PayPal-Request-Id is honoured as PayPal
// does: the same id gets the same answer, nothing is done twice; a refused capture of an
// authorisation is not remembered, so it can be tried again with the same id.
// An authorisation not yet captured can be voided (POST .../authorizations/{id}/void, 204),
// once: a second void is refused (AUTHORIZATION_ALREADY_VOIDED), as is one of a captured one.

export type StandInAuthorization = {
  id: string
  status: 'CREATED' | 'CAPTURED' | 'VOIDED'
  /** what is held */
  value: string
  /** what was captured of it, once captured */
  capturedValue: string | null
  captures: number
}

export type StandInOrder = {
  id: string
  intent: 'CAPTURE' | 'AUTHORIZE'
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' | 'VOIDED'
  value: string
  currency: string
  customId: string
  invoiceId: string
  returnUrl: string
  cancelUrl: string
  captures: number
  authorization: StandInAuthorization | null
}

export type PayPalStandIn = {
  apiBase: string
  clientId: string
  clientSecret: string
  orders: Map<string, StandInOrder>
  /**
   * The next capture, authorisation, or capture of an authorisation is declined (422
   * INSTRUMENT_DECLINED), as a card refused at PayPal
   */
  declineNextCapture(): void
  /** The next capture (or authorisation) is for this amount instead of the order's */
  captureNextAs(value: string): void
  close(): Promise<void>
}

async function readBody(request: IncomingMessage): Promise<string> {
  let body = ''
  for await (const chunk of request) body += chunk
  return body
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.statusCode = status
  response.setHeader('Content-Type', 'application/json')
  response.end(JSON.stringify(body))
}

export async function startPayPalStandIn(): Promise<PayPalStandIn> {
  const orders = new Map<string, StandInOrder>()
  const answered = new Map<string, { status: number; body: unknown }>()
  let declineNext = false
  let captureValue: string | undefined
  let count = 0

  const standIn: PayPalStandIn = {
    apiBase: '',
    clientId: 'stand-in-client',
    clientSecret: 'stand-in-secret',
    orders,
    declineNextCapture: () => {
      declineNext = true
    },
    captureNextAs: (value) => {
      captureValue = value
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }

  const authorizationBody = (order: StandInOrder) =>
    order.authorization && {
      authorizations: [
        {
          id: order.authorization.id,
          status: order.authorization.status,
          amount: { currency_code: order.currency, value: order.authorization.value },
        },
      ],
    }

  const orderBody = (order: StandInOrder, captured?: string) => ({
    id: order.id,
    intent: order.intent,
    status: order.status,
    purchase_units: [
      {
        reference_id: order.customId,
        custom_id: order.customId,
        invoice_id: order.invoiceId,
        amount: { currency_code: order.currency, value: order.value },
        ...(order.authorization && { payments: authorizationBody(order) }),
        ...(order.status === 'COMPLETED' &&
          order.intent === 'CAPTURE' && {
            payments: {
              captures: [
                {
                  id: `CAP-${order.id}`,
                  status: 'COMPLETED',
                  amount: { currency_code: order.currency, value: captured ?? order.value },
                },
              ],
            },
          }),
      },
    ],
    links: [
      { rel: 'self', href: `${standIn.apiBase}/v2/checkout/orders/${order.id}`, method: 'GET' },
      ...(order.status === 'PAYER_ACTION_REQUIRED'
        ? [{ rel: 'payer-action', href: `${standIn.apiBase}/checkoutnow?token=${order.id}` }]
        : []),
    ],
  })

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', standIn.apiBase)
    const path = url.pathname
    const body = await readBody(request)

    if (request.method === 'POST' && path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${standIn.clientId}:${standIn.clientSecret}`).toString('base64')}`
      if (request.headers.authorization !== expected || body !== 'grant_type=client_credentials') {
        return json(response, 401, { error: 'invalid_client' })
      }
      return json(response, 200, { access_token: 'A21-stand-in', expires_in: 32400 })
    }

    // The hosted approval page and its two ways out.
    const token = url.searchParams.get('token') ?? ''
    const shown = orders.get(token)
    if (path === '/checkoutnow' && request.method === 'GET' && shown) {
      response.setHeader('Content-Type', 'text/html; charset=utf-8')
      const cancel = `${shown.cancelUrl}?token=${shown.id}`
      return response.end(
        `<!doctype html><html lang="en"><head><title>PayPal stand-in</title></head><body>` +
          `<main><h1>Pay ${shown.value} ${shown.currency} with PayPal</h1>` +
          `<form method="post" action="/checkoutnow/approve?token=${shown.id}">` +
          `<button type="submit">Pay Now</button></form>` +
          `<a href="${cancel}">Cancel and return</a></main></body></html>`,
      )
    }
    if (path === '/checkoutnow/approve' && request.method === 'POST' && shown) {
      shown.status = 'APPROVED'
      response.statusCode = 303
      response.setHeader('Location', `${shown.returnUrl}?token=${shown.id}&PayerID=STANDINPAYER`)
      return response.end()
    }

    if (request.headers.authorization !== 'Bearer A21-stand-in') {
      return json(response, 401, { name: 'AUTHENTICATION_FAILURE' })
    }
    const requestId = request.headers['paypal-request-id']
    const key = typeof requestId === 'string' ? `${request.method} ${path} ${requestId}` : undefined
    const previous = key ? answered.get(key) : undefined
    if (previous) return json(response, previous.status, previous.body)
    const answer = (status: number, answerBody: unknown) => {
      if (key) answered.set(key, { status, body: answerBody })
      json(response, status, answerBody)
    }
    const refuse = (issue: string) =>
      answer(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue }] })
    const declined = () => {
      if (!declineNext) return false
      declineNext = false
      return true
    }

    const voidPath = /^\/v2\/payments\/authorizations\/([A-Z0-9-]+)\/void$/.exec(path)
    if (request.method === 'POST' && voidPath) {
      const authorization = [...orders.values()].find(
        (candidate) => candidate.authorization?.id === voidPath[1],
      )?.authorization
      if (!authorization) return json(response, 404, { name: 'RESOURCE_NOT_FOUND' })
      if (authorization.status === 'VOIDED') return refuse('AUTHORIZATION_ALREADY_VOIDED')
      if (authorization.status !== 'CREATED') return refuse('AUTHORIZATION_ALREADY_CAPTURED')
      authorization.status = 'VOIDED'
      if (key) answered.set(key, { status: 204, body: null })
      response.statusCode = 204
      return response.end()
    }
    const authorizationPath = /^\/v2\/payments\/authorizations\/([A-Z0-9-]+)\/capture$/.exec(path)
    if (request.method === 'POST' && authorizationPath) {
      const held = [...orders.values()].find(
        (candidate) => candidate.authorization?.id === authorizationPath[1],
      )
      const authorization = held?.authorization
      if (!held || !authorization) return json(response, 404, { name: 'RESOURCE_NOT_FOUND' })
      const refused = (issue: string) =>
        json(response, 422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue }] })
      if (declined()) return refused('INSTRUMENT_DECLINED')
      if (authorization.status !== 'CREATED') return refused('AUTHORIZATION_ALREADY_CAPTURED')
      const value: unknown = JSON.parse(body || '{}')?.amount?.value
      const cents = (v: string) => Math.round(Number(v) * 100)
      if (typeof value !== 'string' || cents(value) > cents(authorization.value)) {
        return refused('AMOUNT_CANNOT_BE_GREATER_THAN_AUTHORIZED')
      }
      authorization.status = 'CAPTURED'
      authorization.capturedValue = value
      authorization.captures += 1
      return answer(201, {
        id: `CAP-${authorization.id}`,
        status: 'COMPLETED',
        amount: { currency_code: held.currency, value },
      })
    }

    if (request.method === 'POST' && path === '/v2/checkout/orders') {
      const input = JSON.parse(body)
      const unit = input.purchase_units?.[0]
      const context = input.payment_source?.paypal?.experience_context
      count += 1
      const order: StandInOrder = {
        id: `STANDIN${String(count).padStart(4, '0')}${crypto.randomUUID().slice(0, 8).toUpperCase()}`,
        intent: input.intent === 'AUTHORIZE' ? 'AUTHORIZE' : 'CAPTURE',
        status: 'PAYER_ACTION_REQUIRED',
        value: unit?.amount?.value,
        currency: unit?.amount?.currency_code,
        customId: unit?.custom_id,
        invoiceId: unit?.invoice_id,
        returnUrl: context?.return_url,
        cancelUrl: context?.cancel_url,
        captures: 0,
        authorization: null,
      }
      orders.set(order.id, order)
      return answer(200, orderBody(order))
    }
    const orderPath = /^\/v2\/checkout\/orders\/([A-Z0-9]+)(\/capture|\/authorize)?$/.exec(path)
    const order = orderPath?.[1] ? orders.get(orderPath[1]) : undefined
    if (!order) return json(response, 404, { name: 'RESOURCE_NOT_FOUND' })
    if (request.method === 'GET' && !orderPath?.[2]) return json(response, 200, orderBody(order))
    if (request.method === 'POST' && orderPath?.[2]) {
      if (declined()) return refuse('INSTRUMENT_DECLINED')
      const action = orderPath[2] === '/authorize' ? 'AUTHORIZE' : 'CAPTURE'
      if (action !== order.intent) return refuse('ACTION_DOES_NOT_MATCH_INTENT')
      if (order.status !== 'APPROVED') return refuse('ORDER_NOT_APPROVED')
      order.status = 'COMPLETED'
      if (action === 'AUTHORIZE') {
        order.authorization = {
          id: `AUTH-${order.id}`,
          status: 'CREATED',
          value: captureValue ?? order.value,
          capturedValue: null,
          captures: 0,
        }
        captureValue = undefined
        return answer(201, orderBody(order))
      }
      order.captures += 1
      const captured = captureValue
      captureValue = undefined
      return answer(201, orderBody(order, captured))
    }
    json(response, 404, { name: 'RESOURCE_NOT_FOUND' })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  standIn.apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return standIn
}
