import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { rmSync } from 'node:fs'
import net from 'node:net'
import { test as base, type Page } from '@playwright/test'
import SQLite from 'better-sqlite3'
import { listMail, type Mail, waitForMail } from './mailbox'
import { adminCliOn, PASSWORD, signIn, uniqueEmail } from './users'

// Some admin tests change what the whole shop shows: the tax rate, the farm's name, the About
// sections, the team. Every other spec file runs at the same time against the shared
// end-to-end server and asserts exactly those things ("Tax (6%)", "Meet the Halvorsens"), so
// for the tests that change them a worker starts its own copy of the production server with
// its own fresh demo database and mailbox. `baseURL` points there, so page.goto('/about')
// and page.request go to the private server; the shared one never sees these changes.
// The server is the worker's: the spec files a worker runs one after another share it. A spec
// that needs it untouched by any other gets a worker of its own with a `privateServerEnv` no
// other spec uses (visual.spec.ts and checkout-sold-out.spec.ts do).

export type PrivateServer = {
  url: string
  databaseFile: string
  /** The admin CLI against this server's database. */
  adminCli: (...args: string[]) => string
  /** A fresh admin made with the CLI, signed in on `page`; returns the email. */
  signInAsNewAdmin: (page: Page) => Promise<string>
  /** Adds a demo product (by name) to the page's cart with the cart's own form post. */
  addToCart: (page: Page, product: string, quantity?: number) => Promise<void>
  /** What this server's own mailbox received, and waiting for one message there. */
  listMail: () => Promise<Mail[]>
  waitForMail: (to: string, subject: RegExp) => Promise<Mail>
  /** One row from this server's database (read-only), for checks the pages do not show. */
  queryOne: <T>(sql: string, ...params: unknown[]) => T | undefined
}

async function freePort(): Promise<number> {
  const server = net.createServer()
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const address = server.address()
  server.close()
  if (!address || typeof address === 'string') throw new Error('no free port')
  return address.port
}

async function waitUntilUp(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`private server exited with ${child.exitCode}`)
    try {
      const response = await fetch(`${url}/healthz`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`private server at ${url} did not start within ${timeoutMs} ms`)
}

export const test = base.extend<
  object,
  {
    privateServer: PrivateServer
    /** More environment for the private server (a spec sets it, e.g. Stripe's stand-in). */
    privateServerEnv: Record<string, string>
  }
>({
  privateServerEnv: [{}, { scope: 'worker', option: true }],
  privateServer: [
    async ({ privateServerEnv }, use) => {
      const port = await freePort()
      const mailboxPort = await freePort()
      const url = `http://localhost:${port}`
      const dir = `.cache/e2e-private-${port}`
      const databaseFile = `${dir}/shop.db`
      const databaseUrl = `file:${databaseFile}`
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'tests/e2e/support/app-server.ts'],
        {
          env: {
            ...process.env,
            PORT: String(port),
            BASE_URL: url,
            DATABASE_URL: databaseUrl,
            E2E_MAILBOX_PORT: String(mailboxPort),
            NODE_ENV: 'production',
            LOG_LEVEL: 'warn',
            ...privateServerEnv,
          },
          stdio: ['ignore', 'inherit', 'inherit'],
        },
      )
      try {
        await waitUntilUp(url, child, 60_000)
        const queryOne = <T>(sql: string, ...params: unknown[]) => {
          const db = new SQLite(databaseFile, { readonly: true, fileMustExist: true })
          try {
            return db.prepare(sql).get(...params) as T | undefined
          } finally {
            db.close()
          }
        }
        const adminCli = (...args: string[]) => adminCliOn(databaseUrl, ...args)
        await use({
          url,
          databaseFile,
          adminCli,
          signInAsNewAdmin: async (page) => {
            const email = uniqueEmail('admin')
            adminCli('create', '--email', email, '--password', PASSWORD, '--first', 'Ruth')
            await signIn(page, email)
            await page.waitForURL((where) => !where.pathname.startsWith('/signin'))
            return email
          },
          queryOne,
          listMail: () => listMail(mailboxPort),
          waitForMail: (to, subject) => waitForMail(to, subject, 15_000, mailboxPort),
          addToCart: async (page, product, quantity = 1) => {
            const row = queryOne<{ id: string }>('select id from products where name = ?', product)
            const response = await page.request.post('/cart', {
              form: { intent: 'add', productId: row?.id ?? '', quantity: String(quantity) },
              headers: { Origin: url },
            })
            if (!response.ok()) throw new Error(`Adding ${product} failed: ${response.status()}`)
          },
        })
      } finally {
        child.kill('SIGTERM')
        if (child.exitCode === null) await once(child, 'exit')
        rmSync(dir, { recursive: true, force: true })
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ privateServer }, use) => use(privateServer.url),
})

export { expect } from '@playwright/test'
