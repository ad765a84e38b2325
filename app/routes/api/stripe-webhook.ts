import { handleStripeWebhook } from '~/payments/stripe-webhook.server'
import { getDb } from '~/platform/db/db.server'
import { getEnv } from '~/platform/env.server'
import type { Route } from './+types/stripe-webhook'

// POST /api/stripe/webhook: Stripe's signed events. It carries no Origin header, so the
// server's origin check lets it through; the signature is what authenticates it. 404 when
// Stripe is not configured, so the URL does not exist for a shop that does not use it.

export function loader() {
  return Response.json({ error: 'Stripe sends its events with POST.' }, { status: 405 })
}

export async function action({ request }: Route.ActionArgs) {
  const { stripe } = getEnv()
  if (!stripe) return Response.json({ error: 'Not found' }, { status: 404 })
  if (request.method !== 'POST') {
    return Response.json({ error: 'Stripe sends its events with POST.' }, { status: 405 })
  }
  // The raw text, exactly as sent: the signature covers these bytes.
  const answer = await handleStripeWebhook(
    getDb(),
    stripe,
    await request.text(),
    request.headers.get('stripe-signature'),
  )
  return Response.json(answer.body, { status: answer.status })
}
