import pino from 'pino'
import { signUp } from '~/auth/accounts.server'
import type { DB } from '~/platform/db/db.server'
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

/** A shopper signed up (as Ann Lee) for the checkout's tests: their session cookie and id. */
export async function signUpShopper(
  db: DB,
  email: string,
): Promise<{ cookie: string; customerId: string }> {
  const outcome = await signUp(
    { firstName: 'Ann', lastName: 'Lee', email, password: 'pasture-fresh-42', newsletter: false },
    { request: new Request(`${TEST_BASE_URL}/signup`), clientIp: '127.0.0.1' },
  )
  if (!outcome.ok) throw new Error('sign-up failed')
  const cookie = outcome.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ')
  const customer = await db
    .selectFrom('customers')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow()
  return { cookie, customerId: customer.id }
}
