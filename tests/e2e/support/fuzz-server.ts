import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { test as base } from '@playwright/test'
import SQLite from 'better-sqlite3'
import { type StripeStandIn, startStripeStandIn } from '../../support/stripe-stand-in'
import { CookieJar } from './fuzz-inputs'
import type { Pools } from './fuzz-targets'
import { freePort, type Running, startServer, stopServer } from './server-process'
import { createAdmin, PASSWORD, uniqueEmail } from './users'

// The fuzz tests' own production server, one per worker, with its own fresh demo database: what
// they throw at it never reaches the shared end-to-end server. Beside the usual setup it has
// Stripe configured (pointed at the local stand-in, so card checkouts and the webhook are live)
// and TRUST_PROXY on, so each probe can come from its own address (X-Forwarded-For) and the
// per-address rate limits do not turn every later probe into a 429.

export const WEBHOOK_SECRET = 'whsec_fuzz'

export type Account = { email: string; id: string; jar: CookieJar }

export type FuzzServer = {
  url: string
  stripeOrigin: string
  all: <T>(sql: string, ...params: unknown[]) => T[]
  get: <T>(sql: string, ...params: unknown[]) => T | undefined
  /** The server's output so far (warnings and errors: LOG_LEVEL=warn). */
  logs: () => string
  /** A customer signed up through the sign-up form. */
  newCustomer: (label: string) => Promise<Account>
  /** An admin made with the admin CLI, signed in through the sign-in form. */
  newAdmin: () => Promise<Account>
  /** The ids the probes pick from, as the database has them now. */
  pools: () => Pools
  /** A form post as a browser makes it (own Origin), for setting things up. */
  post: (jar: CookieJar, path: string, form: Record<string, string>) => Promise<Response>
}

let nextAddress = 1
/** A fresh client address for each setup request, so setup never meets a rate limit. */
const setupAddress = () => `10.${(nextAddress >> 8) & 255}.${nextAddress++ & 255}.9`

export const test = base.extend<object, { fuzzServer: FuzzServer }>({
  fuzzServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires an object pattern first, even with no fixtures used
    async ({}, use) => {
      const dir = mkdtempSync(path.join(tmpdir(), 'farm-fuzz-'))
      const databaseFile = path.join(dir, 'shop.db')
      let standIn: StripeStandIn | undefined
      let server: Running | undefined
      try {
        standIn = await startStripeStandIn({ webhookSecret: WEBHOOK_SECRET })
        const port = await freePort()
        server = await startServer(
          {
            BASE_URL: `http://127.0.0.1:${port}`,
            DATABASE_URL: `file:${databaseFile}`,
            LOG_LEVEL: 'warn',
            TRUST_PROXY: 'true',
            STRIPE_SECRET_KEY: 'sk_test_fuzz',
            STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
            STRIPE_API_BASE: standIn.apiBase,
          },
          { port },
        )
        const url = server.url
        standIn.webhookUrl = `${url}/api/stripe/webhook`
        const logs = server.logs

        const all = <T>(sql: string, ...params: unknown[]) => {
          const db = new SQLite(databaseFile, { readonly: true, fileMustExist: true })
          try {
            return db.prepare(sql).all(...params) as T[]
          } finally {
            db.close()
          }
        }
        const get = <T>(sql: string, ...params: unknown[]) => all<T>(sql, ...params)[0]
        const ids = (sql: string) => all<{ id: string }>(sql).map((row) => row.id)

        const post = (jar: CookieJar, where: string, form: Record<string, string>) =>
          fetch(new URL(where, url), {
            method: 'POST',
            body: new URLSearchParams(form),
            headers: { origin: url, cookie: jar.header(), 'x-forwarded-for': setupAddress() },
            redirect: 'manual',
          })

        /** Signs in with the form; the session cookies go into a new jar. */
        const signIn = async (email: string): Promise<CookieJar> => {
          // The admin CLI before it takes about as long as the server keeps an idle connection
          // open, so the one fetch kept may close under the sign-in: that gets one more try.
          const send = () => post(new CookieJar(), '/signin', { email, password: PASSWORD })
          const response = await send().catch(send)
          if (response.status !== 302) throw new Error(`sign-in answered ${response.status}`)
          return jarFrom(response)
        }

        await use({
          url,
          stripeOrigin: new URL(standIn.apiBase).origin,
          all,
          get,
          logs,
          post,
          newCustomer: async (label) => {
            const email = uniqueEmail(label)
            const response = await post(new CookieJar(), '/signup', {
              firstName: 'Ann',
              lastName: label,
              email,
              password: PASSWORD,
              confirmPassword: PASSWORD,
              terms: 'on',
            })
            if (response.status !== 302) throw new Error(`sign-up answered ${response.status}`)
            const row = get<{ id: string }>('select id from customers where email = ?', email)
            return { email, id: row?.id ?? '', jar: jarFrom(response) }
          },
          newAdmin: async () => {
            const email = uniqueEmail('fuzz-admin')
            createAdmin(`file:${databaseFile}`, email)
            const row = get<{ id: string }>('select id from customers where email = ?', email)
            return { email, id: row?.id ?? '', jar: await signIn(email) }
          },
          pools: () => ({
            products: ids('select id from products limit 200'),
            variants: ids('select id from product_variants limit 200'),
            soldOut: ids('select id from products where stock_quantity = 0 limit 50'),
            lines: ids('select id from cart_lines order by created_at desc limit 200'),
            addresses: ids('select id from addresses limit 200'),
            waiting: ids('select id from waiting_list limit 200'),
            orders: ids('select id from orders order by created_at desc limit 200'),
            customers: ids('select id from customers limit 200'),
            messages: ids('select id from contact_submissions order by created_at desc limit 200'),
            team: ids('select id from team_members limit 200'),
            gallery: ids('select id from farm_images limit 200'),
            promos: ids('select id from promo_codes limit 200'),
            emails: ids('select id from email_outbox order by created_at desc limit 100'),
            newsletterTokens: all<{ t: string }>(
              'select token as t from newsletter_subscribers limit 100',
            ).map((row) => row.t),
            categories: all<{ c: string }>('select distinct category as c from products').map(
              (row) => row.c,
            ),
            animals: ids('select id from animals limit 50'),
            shares: ids('select id from share_orders limit 100'),
            shareTokens: all<{ t: string }>('select token as t from share_orders limit 100').map(
              (row) => row.t,
            ),
          }),
        })
      } finally {
        if (server) await stopServer(server)
        await standIn?.close()
        rmSync(dir, { recursive: true, force: true })
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
})

function jarFrom(response: Response): CookieJar {
  const jar = new CookieJar()
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(';')[0] ?? ''
    const at = pair.indexOf('=')
    const value = pair.slice(at + 1)
    if (value) jar.set(pair.slice(0, at), value)
  }
  return jar
}

export { expect } from '@playwright/test'
