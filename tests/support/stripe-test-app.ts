import { afterAll, beforeAll } from 'vitest'
import type { StripeConfig } from '../../app/payments/stripe.server'
import { createTestApp } from '../setup/app'
import type { TestDatabase } from '../setup/database'
import { type StripeStandIn, startStripeStandIn } from './stripe-stand-in'

// For data-layer tests of the Stripe paths: a fresh test app and a Stripe stand-in, made
// before the file's tests and closed after them, and the configuration that points at it.

export const TEST_WEBHOOK_SECRET = 'whsec_test_secret'

export type StripeTestApp = {
  readonly t: TestDatabase
  readonly standIn: StripeStandIn
  config(): StripeConfig
}

/** Call once at the top of a test file. */
export function setUpStripeTestApp(): StripeTestApp {
  let t: TestDatabase | undefined
  let standIn: StripeStandIn | undefined
  beforeAll(async () => {
    t = await createTestApp()
    standIn = await startStripeStandIn({ webhookSecret: TEST_WEBHOOK_SECRET })
  })
  afterAll(async () => {
    await standIn?.close()
    await t?.cleanup()
  })
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the Stripe test app is used before beforeAll')
    return value
  }
  return {
    get t() {
      return started(t)
    },
    get standIn() {
      return started(standIn)
    },
    config: () => ({
      secretKey: 'sk_test_x',
      webhookSecret: TEST_WEBHOOK_SECRET,
      apiBase: started(standIn).apiBase,
    }),
  }
}
