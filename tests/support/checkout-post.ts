import pino from 'pino'
import type { FormReply } from '~/platform/forms/conform'
import { action } from '~/routes/checkout/checkout'
import { TEST_BASE_URL } from '../setup/app'

// The /checkout action called directly, as a signed-in shopper's browser would post to it, for
// the checkout's tests: a reply with its status, or the redirect it threw.

const context = {
  cspNonce: '',
  requestId: 'checkout-route-test',
  clientIp: '127.0.0.1',
  log: pino({ level: 'silent' }),
}

export async function postCheckout(cookie: string, fields: Record<string, string>) {
  const request = new Request(`${TEST_BASE_URL}/checkout`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { cookie },
  })
  try {
    const result = await action({
      request,
      params: {},
      context,
      url: new URL(request.url),
      pattern: '/checkout',
    })
    return { status: result.init?.status ?? 200, reply: result.data as FormReply }
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, response: thrown }
    throw thrown
  }
}
