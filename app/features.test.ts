import { readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'

// One home per feature (issue 33): a file whose name says it belongs to a feature lives in
// that feature's domain folder, with its tests beside it. Only a few places may name a feature
// from outside: a flow (flows/, a process over several domains), a route (routes/), the demo
// seed (seed/) and the migrations (platform/db/migrations/, one history for every table).
// app/layout.test.ts says who may import whom; this test says where a feature's files are.

type Feature = {
  /** the feature's domain folder under app/ */
  home: string
  /** a file whose name matches belongs to the feature */
  names: RegExp
  /** files whose name matches but which are not the feature's, or cannot move yet: why */
  exceptions?: Record<string, string>
}

const FEATURES: Feature[] = [
  {
    home: 'subscriptions',
    names: /subscription|renewal/i,
    exceptions: {
      'payments/hold-renewal.server.ts':
        "renews a weighed order's lapsing card hold (issue 31), not a subscription",
      'payments/renewal-payment.server.ts':
        "the Stripe webhook and the pay page (payments/) settle a box's payment through it, and flows/ sits above payments",
    },
  },
  {
    home: 'shares',
    names: /share/i,
    exceptions: {
      ...because(
        "an animal's pickup day is a fulfilment window: fulfilment owns the windows' tables and ranks above shares",
        'fulfilment/share-pickup.server.ts',
        'fulfilment/share-pickup.db.test.ts',
      ),
      ...because(
        "This week's section for the day's shares, part of fulfilment's This week page (an admin/ screen may use other domains' modules, not their admin/ screens)",
        'fulfilment/admin/beef-shares.ts',
        'fulfilment/admin/beef-shares.server.ts',
        'fulfilment/admin/beef-shares-section.tsx',
      ),
    },
  },
  {
    home: 'fulfilment',
    names: /fulfilment/i,
    exceptions: {
      ...because(
        "the cart prices itself for each way it can be had (ADR 41): the pricing is the cart's, the ways are fulfilment's",
        'cart/fulfilment-pricing.ts',
        'cart/fulfilment-pricing.test.ts',
      ),
      ...because(
        "an order's own email and panel about its handover, made from the order's stored rows",
        'orders/fulfilment-reminders.server.ts',
        'orders/fulfilment-reminders.db.test.ts',
        'orders/emails/fulfilment-reminder.tsx',
        'orders/order-fulfilment.tsx',
      ),
    },
  },
]

/** The same reason for several files. */
function because(why: string, ...files: string[]): Record<string, string> {
  return Object.fromEntries(files.map((file) => [file, why]))
}

/** Where any feature may be named: processes, adapters, demo data and the schema's history. */
const SHARED_HOMES = ['flows', 'routes', 'seed', 'platform/db/migrations']

const APP = path.resolve(import.meta.dirname)

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const file = path.join(directory, name)
    if (statSync(file).isDirectory()) return sourceFiles(file)
    return /\.tsx?$/.test(name) ? [file] : []
  })
}

const within = (file: string, folder: string) => file.startsWith(`${folder}/`)

/** Why the app-relative `file` is out of its feature's home, or null when it is at home. */
function misplaced(file: string, features: readonly Feature[] = FEATURES): string | null {
  for (const feature of features) {
    if (!feature.names.test(path.basename(file))) continue
    if (within(file, feature.home) || SHARED_HOMES.some((home) => within(file, home))) continue
    if (feature.exceptions?.[file]) continue
    return `${file} belongs in ${feature.home}/`
  }
  return null
}

describe('one home per feature', () => {
  const files = sourceFiles(APP).map((file) => path.relative(APP, file))

  test("every feature's files live in its home", () => {
    expect(files.flatMap((file) => misplaced(file) ?? [])).toEqual([])
  })

  test('every exception names a file that is there', () => {
    const named = FEATURES.flatMap((feature) => Object.keys(feature.exceptions ?? {}))
    expect(named.filter((file) => !files.includes(file))).toEqual([])
  })

  test('the rule refuses what it should', () => {
    expect(misplaced('orders/subscription-order.server.ts')).toBe(
      'orders/subscription-order.server.ts belongs in subscriptions/',
    )
    expect(misplaced('renewals/cycles.db.test.ts')).toBeNull()
    expect(misplaced('renewals/renewal-cycles.db.test.ts')).toMatch(/belongs in subscriptions/)
    expect(misplaced('catalog/Subscription-Terms.ts')).toMatch(/belongs in subscriptions/)
    expect(misplaced('subscriptions/admin/subscriptions.server.ts')).toBeNull()
    expect(misplaced('flows/renew-subscription.server.ts')).toBeNull()
    expect(misplaced('routes/account/subscription.tsx')).toBeNull()
    expect(misplaced('platform/db/migrations/0017-subscriptions.ts')).toBeNull()
    expect(misplaced('payments/hold-renewal.server.ts')).toBeNull()
    expect(misplaced('cart/subscribe.db.test.ts')).toBeNull()
    const shares: Feature = { home: 'shares', names: /share/i }
    expect(misplaced('payments/share-balance.server.ts', [shares])).toMatch(/belongs in shares/)
  })
})
